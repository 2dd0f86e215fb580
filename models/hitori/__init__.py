"""Hitori: shade cells so that no number appears twice unshaded in a row or column,
shaded cells never share an edge, and the unshaded cells are connected.

>>> from cpsolve.models.hitori import parse, show, solve
>>> board = parse("https://puzz.link/p?hitori/4/4/1114142333214213")
>>> print(show(board, solve(board).solution))
#.#.
....
#.#.
...#
"""

from cpsolve.family import lazy
from cpsolve.grid.editor import Editor
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.models.hitori.board import Board, Shading
from cpsolve.models.hitori.check import check
from cpsolve.models.hitori.encodings import ENCODINGS, prepare
from cpsolve.models.hitori.formats import parse, read_answer, show, to_rows, to_text, to_url
from cpsolve.models.hitori.hints import HINTS
from cpsolve.models.hitori.layout import LAYOUT
from cpsolve.models.hitori.picture import picture

HITORI: GridPuzzle[Board, Shading] = GridPuzzle(
    name="hitori",
    summary="Hitori: shade repeated numbers away; connectivity by SAT cuts or CP-SAT.",
    help="Solve the Hitori BOARD: grid text (ROWS COLS, then rows of numbers, - for an "
         "empty cell, ? for a number not given; or rows of digits) or a puzz.link URL. "
         "Shade cells so that no number appears twice unshaded in a row or column, no "
         "two shaded cells touch, and the unshaded cells are connected. Answers: rows "
         "of # (shaded) and .",
    example="https://puzz.link/p?hitori/4/4/1114142333214213",
    parse=parse, board_text=to_text, exports={"url": to_url, "grid": to_text},
    show=show, rows=to_rows, read_answer=read_answer, picture=picture,
    check=check, prepare=prepare, encodings=ENCODINGS,
    auto="sat", nothing="no shading satisfies the rules",
    hints=HINTS, layout=LAYOUT,
    rules=lazy("cpsolve.models.hitori.rules:rules"),
    editor=Editor(cycle=tuple(str(k) for k in range(1, 10)), numbers=(1, "side"), size=(5, 5)),
)
FAMILY = HITORI.family()
solve = HITORI.solve
encode = to_rows

__all__ = ["FAMILY", "HITORI", "Board", "Shading", "check", "encode", "parse",
           "read_answer", "show", "solve", "to_text", "to_url"]
