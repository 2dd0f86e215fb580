"""Double Choco: divide the grid into areas, each a connected white half and a
connected grey half of one shape (turned or mirrored allowed); a number is the size of
its half.

>>> from cpsolve.models.dbchoco import parse, show, solve
>>> board = parse("https://puzz.link/p?dbchoco/4/2/ak2m")
>>> print(show(board, solve(board).solution))
1 1 2 2
1 1 2 2
"""

from __future__ import annotations

from typing import Any

from cpsolve.grid import boards
from cpsolve.grid.answers import Numbers
from cpsolve.grid.api import api
from cpsolve.grid.hints import Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import SHADE, GridPicture
from cpsolve.models.dbchoco.board import FORMATS, Board
from cpsolve.models.dbchoco.check import check
from cpsolve.models.dbchoco.layout import LAYOUT
from cpsolve.models.dbchoco.rules import STATEMENT, Division

GREY = "#cccccc"  # pzprjs's grey cells
# An answer: each cell's area as a number, the areas told apart by their numbers.
ANSWER = Numbers(given=lambda board: (None,) * board.cells)


def picture(board: Board, division: Division | None = None) -> GridPicture:
    """The grey cells and the numbers; an answer's areas by thick borders."""
    grid, rc = board.grid, board.grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"Double Choco {board.cols}x{board.rows}")
    for cell in range(board.cells):
        if board.grey[cell]:
            pic.fill[rc(cell)] = GREY
        number = board.numbers[cell]
        if number is not None:
            pic.label[rc(cell)] = ("?" if number < 0 else str(number), SHADE)
    if division is not None:
        pic.borders.update((rc(a), rc(b)) for a, b in grid.pairs if division[a] != division[b])
    return pic


def _fixes(board: Board, cell: int) -> range:
    """The numbers a fix writes in an empty cell: 1 up to the largest half."""
    return range(0) if board.numbers[cell] is not None else range(1, board.largest + 1)


DBCHOCO: GridPuzzle[Board, Any] = GridPuzzle(
    name="dbchoco",
    summary="Double Choco: areas of a white and a grey half of one shape.",
    help="Solve the Double Choco BOARD: grid text (ROWS COLS, the colours as rows of . "
         "white and # grey, then the numbers, - for none) or a puzz.link URL. Divide the "
         "grid into areas, each a connected white half and a connected grey half of one "
         "shape (turned or mirrored), a number the size of its half. Answers: each "
         "cell's area as a number.",
    example="https://puzz.link/p?dbchoco/4/2/ak2m",
    formats=FORMATS, answer=ANSWER, check=check, statement=STATEMENT,
    picture=picture,
    nothing="no division into areas of two halves of one shape meets the numbers",
    hints=Hints(clues=boards.number_clues(), without=boards.erased, noun="number",
                edits=boards.number_edits(_fixes)),
    layout=LAYOUT,
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(DBCHOCO)
