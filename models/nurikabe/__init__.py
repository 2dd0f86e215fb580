"""Nurikabe: shade cells so that the shaded cells (the sea) are connected with no 2x2
block all shaded, and every unshaded area (an island) holds exactly one number, equal
to its size.

>>> from cpsolve.models.nurikabe import parse, show, solve
>>> board = parse("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g")
>>> print(show(board, solve(board).solution))
..###
.#..#
.####
.#.#.
###..
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
from cpsolve.models.nurikabe.check import check
from cpsolve.models.nurikabe.layout import LAYOUT
from cpsolve.models.nurikabe.rules import STATEMENT

Shading = frozenset[int]  # an answer: the shaded cells (the sea)
MOST = 9  # the largest number a fix writes
SHADED = UNSHADED_NUMBERS  # shaded cells, a numbered one never
# puzz.link's body: pzprjs decodeNumber16 ("." a number not given; a body that ends
# early leaves the cells after it empty, as the site reads it).
FORMATS = codecs.number_grid(Board, {"nurikabe": "Nurikabe"}, codecs.NUMBER16, least=1,
                             why="an island has at least one cell: a number from 1",
                             looks=SHADED.looks)

NURIKABE: GridPuzzle[Board, Shading] = GridPuzzle(
    name="nurikabe",
    summary="Nurikabe: islands of given sizes in one connected sea, by SAT or CP-SAT.",
    help="Solve the Nurikabe BOARD: grid text (ROWS COLS, then rows of numbers, - for "
         "none, ? for a number not given; or rows of digits and .) or a puzz.link URL. "
         "Shade cells so that the shaded cells are connected with no 2x2 block all "
         "shaded, and every unshaded area holds exactly one number, equal to its size. "
         "Answers: rows of # (shaded) and .",
    example="https://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
    formats=FORMATS, answer=SHADED, check=check, statement=STATEMENT,
    picture=partial(shaded_numbers, title="Nurikabe", dots=True),
    nothing="no shading satisfies the rules",
    # Taking a number away is no relaxation: its island goes too. So the numbers are
    # not monotone (the numbers in conflict cannot hold together whatever the others)
    # and not removable (no redundant numbers, no minimal board). A fix writes a number
    # where solutions differ, or changes one: each is a board of its own (a new number
    # brings an island of its own, which the board's model has no variables for).
    hints=Hints(clues=boards.number_clues(unknown=True), without=boards.erased,
                edits=boards.number_edits(lambda board, cell: range(1, MOST + 1),
                                          assumed=False),
                symmetric=True, removable=False, monotone=False, noun="number",
                kept="a number taken away takes its island with it"),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "1", "2", "3", "4", "5", "?"), numbers=(1, "cells"), size=(5, 5)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(NURIKABE)
