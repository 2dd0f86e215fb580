"""Kurodoko (Kuromasu): shade cells so that no two shaded cells share an edge, the
unshaded cells are connected, and every number stands on an unshaded cell and counts
the cells it sees along its row and column (up to a shaded cell or the edge), itself
included. A "?" stands on an unshaded cell and counts nothing.

>>> from cpsolve.models.kurodoko import parse, show, solve
>>> board = parse("https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i")
>>> print(show(board, solve(board).solution))
.#...
..#..
.#..#
..#..
#...#
"""

from functools import partial

from cpsolve.grid import boards, codecs
from cpsolve.grid.answers import SHADED
from cpsolve.grid.api import api
from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import shaded_numbers
from cpsolve.models.kurodoko.check import check
from cpsolve.models.kurodoko.layout import LAYOUT
from cpsolve.models.kurodoko.rules import STATEMENT

Shading = frozenset[int]  # an answer: the shaded cells (the checker names a shaded number)
LEAST, WHY = 1, "a number counts its own cell: a number from 1"
# puzz.link's body: pzprjs decodeNumber16 ("." a "?"); janko.at calls the genre Kuromasu.
FORMATS = codecs.number_grid(Board, {"kurodoko": "Kurodoko"}, codecs.NUMBER16, least=LEAST,
                             why=WHY, looks=SHADED.looks, janko={"kuromasu": "Kurodoko"})


def _sights(board: Board, cell: int) -> range:
    """The numbers a fix may write at ``cell``: 2 up to the cells of its row and
    column (1 would wall the number in)."""
    return range(2, board.rows + board.cols)


KURODOKO: GridPuzzle[Board, Shading] = GridPuzzle(
    name="kurodoko",
    summary="Kurodoko: numbers count the unshaded cells they see; by SAT or CP-SAT.",
    help="Solve the Kurodoko BOARD: grid text (ROWS COLS, then rows of numbers, - for "
         "none, ? for a number not given; or rows of digits and .), a janko.at file "
         "(Kuromasu) or a puzz.link URL. Shade cells so that no two shaded cells touch, "
         "the unshaded cells are connected, and each number stands unshaded and sees "
         "that many cells along its row and column, itself included. Answers: rows of "
         "# (shaded) and .",
    example="https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i",
    formats=FORMATS, answer=SHADED, check=check, statement=STATEMENT,
    picture=partial(shaded_numbers, title="Kurodoko", dots=True),
    nothing="no shading satisfies the rules",
    # A number taken away leaves its cell plain: a relaxation. A fix writes a number
    # (or changes one) on a board of its own: a number's rays are the board's variables.
    hints=Hints(clues=boards.number_clues(unknown=True), without=boards.erased,
                edits=boards.number_edits(_sights, assumed=False), symmetric=True,
                noun="number"),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "2", "3", "4", "5", "6", "7", "?"), numbers=(1, "cells"),
                  size=(5, 5)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(KURODOKO)
