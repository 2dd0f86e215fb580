"""How a Sudoku looks: thick box borders, the givens in black, an answer's numbers in
blue."""

from __future__ import annotations

from cpsolve.grid.render import GridPicture
from cpsolve.models.sudoku.board import Board, Digits

GIVEN = "#1a1a1a"
FILLED = "#1f4fbf"


def picture(board: Board, digits: Digits | None = None) -> GridPicture:
    """The board, and the answer's numbers when given."""
    rc = board.grid.rc
    pic = GridPicture(board.size, board.size, title=f"Sudoku {board.size}x{board.size}")
    pic.borders.update((rc(a), rc(b)) for a, b in board.borders)
    for cell, given in enumerate(board.givens):
        if given is not None:
            pic.label[rc(cell)] = (str(given), GIVEN)
        elif digits is not None:
            pic.label[rc(cell)] = (str(digits[cell]), FILLED)
    return pic
