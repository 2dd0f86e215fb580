"""Mochikoro: shade cells so that every unshaded area is a rectangle, the rectangles
all connected through their corners, no 2x2 block is all shaded, and every number
stands in a rectangle of that many cells, which holds no other number (a rectangle
without a number is allowed; a "?" is a number whose area is not told).

>>> from cpsolve.models.mochikoro import parse, show, solve
>>> board = parse("https://puzz.link/p?mochikoro/8/9/h4l4j4w4k4p4s4g4l")
>>> print(show(board, solve(board).solution))
##....##
..####..
..#..#..
#####.##
....##..
####.#..
....#.##
####.#..
....##..
"""

from functools import partial

from cpsolve.grid import boards, codecs
from cpsolve.grid.answers import UNSHADED_NUMBERS
from cpsolve.grid.api import api
from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import shaded_numbers
from cpsolve.models.mochikoro.check import check
from cpsolve.models.mochikoro.layout import LAYOUT
from cpsolve.models.mochikoro.rules import STATEMENT

Shading = frozenset[int]  # an answer: the shaded cells
MOST = 9  # the largest number a fix writes
SHADED = UNSHADED_NUMBERS  # shaded cells, a numbered one never
# puzz.link's body: pzprjs decodeNumber16 ("." a "?"); pzprjs files too (the numbers,
# then the shading).
FORMATS = codecs.number_grid(Board, {"mochikoro": "Mochikoro"}, codecs.NUMBER16, least=1,
                             why="a rectangle has at least one cell: a number from 1",
                             looks=SHADED.looks)


def _areas(board: Board, cell: int) -> range:
    """The numbers a fix may write: 1 up to :data:`MOST` (or the largest given)."""
    return range(1, max([MOST, *(board.shown(c) or 0 for c in board.clue_cells)]) + 1)


MOCHIKORO: GridPuzzle[Board, Shading] = GridPuzzle(
    name="mochikoro",
    summary="Mochikoro: rectangles of given areas joined at their corners; SAT or CP-SAT.",
    help="Solve the Mochikoro BOARD: grid text (ROWS COLS, then rows of numbers, - for "
         "none, ? for a number not given; or rows of digits and .), a puzz.link URL or a "
         "pzprjs file. Shade cells so that every unshaded area is a rectangle, the "
         "unshaded cells are connected through sides and corners, no 2x2 block is all "
         "shaded, some cell is shaded, and every number stands in a rectangle of that "
         "many cells holding no other number. Answers: rows of # (shaded) and .",
    example="https://puzz.link/p?mochikoro/5/5/4p2n1i1",
    formats=FORMATS, answer=SHADED, check=check, statement=STATEMENT,
    picture=partial(shaded_numbers, title="Mochikoro", dots=True),
    nothing="no shading satisfies the rules",
    # A number taken away leaves its cell plain (a relaxation: the rectangles that held
    # it may hold another number now). A fix writes a number, or changes one, on a
    # board of its own: a number brings Booleans of its own, one a rectangle.
    hints=Hints(clues=boards.number_clues(unknown=True), without=boards.erased,
                edits=boards.number_edits(_areas, assumed=False), symmetric=True,
                noun="number"),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "1", "2", "3", "4", "5", "6", "?"), numbers=(1, "cells"),
                  size=(5, 5)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(MOCHIKORO)

__all__ = ["FAMILY", "MOCHIKORO", "Board", "check", "parse", "read_answer", "show", "solve",
           "to_rows", "to_text", "to_url"]
