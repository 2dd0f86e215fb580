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

from functools import partial

from cpsolve.grid import boards, codecs
from cpsolve.grid.answers import SHADED
from cpsolve.grid.api import api
from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Hints
from cpsolve.grid.layouts import line_mates
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import shaded_numbers
from cpsolve.models.hitori.check import check
from cpsolve.models.hitori.layout import LAYOUT
from cpsolve.models.hitori.rules import STATEMENT

Shading = frozenset[int]  # an answer: the shaded cells
# puzz.link's body: a character a cell (pzprjs decodeHitori, base 36).
FORMATS = codecs.number_grid(Board, {"hitori": "Hitori"}, codecs.BASE36, looks=SHADED.looks)


def _shown_in_line(board: Board, cell: int) -> list[int]:
    """The numbers a fix may write at ``cell``: those its row or column shows (another
    would say nothing more)."""
    return sorted({n for o in line_mates(board.grid, cell)
                   if (n := board.shown(o)) is not None})


HITORI: GridPuzzle[Board, Shading] = GridPuzzle(
    name="hitori",
    summary="Hitori: shade repeated numbers away; connectivity by SAT cuts or CP-SAT.",
    help="Solve the Hitori BOARD: grid text (ROWS COLS, then rows of numbers, - for an "
         "empty cell, ? for a number not given; or rows of digits) or a puzz.link URL. "
         "Shade cells so that no number appears twice unshaded in a row or column, no "
         "two shaded cells touch, and the unshaded cells are connected. Answers: rows "
         "of # (shaded) and .",
    example="https://puzz.link/p?hitori/4/4/1114142333214213",
    formats=FORMATS, answer=SHADED, check=check, statement=STATEMENT,
    picture=partial(shaded_numbers, title="Hitori"),
    nothing="no shading satisfies the rules",
    # A number taken away leaves its cell empty (as puzz.link's editor allows).
    hints=Hints(clues=boards.number_clues(), without=boards.erased, noun="number",
                edits=boards.number_edits(_shown_in_line)),
    layout=LAYOUT,
    editor=Editor(cycle=tuple(str(k) for k in range(1, 10)), numbers=(1, "side"), size=(5, 5)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(HITORI)
