"""Country Road: draw one closed loop through cell centres that enters and leaves every
region exactly once; a number in a region is how many of its cells the loop passes;
two cells side by side across a region border are never both left out.

>>> from cpsolve.models.country import parse, solve
>>> result = solve(parse("https://puzz.link/p?country/6/6/2ad8k06f8qgo6i2"), unique=True)
>>> result.unique
True
"""

from cpsolve.family import lazy
from cpsolve.grid.editor import Editor
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.models.country.board import Board, Loop
from cpsolve.models.country.check import check
from cpsolve.models.country.encodings import ENCODINGS, prepare
from cpsolve.models.country.formats import parse, read_answer, show, to_rows, to_text, to_url
from cpsolve.models.country.hints import HINTS
from cpsolve.models.country.layout import LAYOUT
from cpsolve.models.country.picture import picture

COUNTRY: GridPuzzle[Board, Loop] = GridPuzzle(
    name="country",
    summary="Country Road: one loop through every region once; by SAT cuts, AddCircuit or a flow.",
    help="Solve the Country Road BOARD: grid text (ROWS COLS, ROWS rows of numbers - "
         "or 1-9, ROWS rows of region names) or a puzz.link URL. Draw one closed loop "
         "through cell centres that enters and leaves every region exactly once; a "
         "number is how many cells of its region the loop passes; two cells side by "
         "side across a region border are never both left out. Answers: a token per "
         "cell, the directions the loop leaves it by (ew, ns, ne, nw, se, sw), - where "
         "it does not pass.",
    example="https://puzz.link/p?country/6/6/2ad8k06f8qgo6i2",
    parse=parse, board_text=to_text, exports={"url": to_url, "grid": to_text},
    show=show, rows=to_rows, read_answer=read_answer, picture=picture,
    check=check, prepare=prepare, encodings=ENCODINGS,
    auto="sat", nothing="no loop satisfies the rules",
    hints=HINTS, layout=LAYOUT, rules=lazy("cpsolve.models.country.rules:rules"),
    editor=Editor(cycle=("-", "1", "2", "3", "4", "5"), numbers=(1, "cells"), regions=True,
                  size=(6, 6)),
)
FAMILY = COUNTRY.family()
solve = COUNTRY.solve

__all__ = ["COUNTRY", "FAMILY", "Board", "Loop", "check", "parse", "read_answer", "show",
           "solve", "to_text", "to_url"]
