"""Masyu: draw one closed loop through cell centres that passes every pearl, turning
at black pearls (straight on through the next cell on both sides) and going straight
through white ones (turning beside them on at least one side).

>>> from cpsolve.models.masyu import parse, show, solve
>>> board = parse("https://puzz.link/p?mashu/6/6/1063000i3000")
>>> print(show(board, solve(board).solution))
se ew ew sw se sw
ns se ew nw ns ns
ns ns se ew nw ns
ns ne nw se ew nw
ne ew sw ns -  -
-  -  ne nw -  -
"""

from cpsolve.family import lazy
from cpsolve.grid.editor import Editor
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.models.masyu.board import Board, Loop
from cpsolve.models.masyu.check import check
from cpsolve.models.masyu.encodings import ENCODINGS, prepare
from cpsolve.models.masyu.formats import parse, read_answer, show, to_rows, to_text, to_url
from cpsolve.models.masyu.hints import HINTS
from cpsolve.models.masyu.layout import LAYOUT
from cpsolve.models.masyu.picture import picture

MASYU: GridPuzzle[Board, Loop] = GridPuzzle(
    name="masyu",
    summary="Masyu: one loop through the pearls; by SAT cuts, AddCircuit or a flow.",
    help="Solve the Masyu BOARD: grid text (ROWS COLS, then rows of - w b) or a "
         "puzz.link URL. Draw one closed loop through cell centres passing every "
         "pearl: it turns at a black pearl and goes straight through the next cell on "
         "both sides; it goes straight through a white pearl and turns beside it on "
         "at least one side. Answers: a token per cell, the directions the loop leaves "
         "it by (ew, ns, ne, nw, se, sw), - where it does not pass.",
    example="https://puzz.link/p?mashu/6/6/1063000i3000",
    parse=parse, board_text=to_text, exports={"url": to_url, "grid": to_text},
    show=show, rows=to_rows, read_answer=read_answer, picture=picture,
    check=check, prepare=prepare, encodings=ENCODINGS,
    # auto runs SAT with lazy loop cuts: the fastest in benchmarks/masyu.py on boards
    # of published sizes (see the README).
    auto="sat", nothing="no loop satisfies the rules",
    hints=HINTS, layout=LAYOUT, rules=lazy("cpsolve.models.masyu.rules:rules"),
    editor=Editor(cycle=("-", "w", "b"), size=(6, 6)),
)
FAMILY = MASYU.family()
solve = MASYU.solve
encode = to_rows

__all__ = ["FAMILY", "MASYU", "Board", "Loop", "check", "encode", "parse", "read_answer",
           "show", "solve", "to_text", "to_url"]
