"""How a Star Battle looks: thick region borders, a star in each starred cell, a small
dot in the cells an answer leaves empty."""

from __future__ import annotations

from cpsolve.grid.render import GridPicture
from cpsolve.models.starbattle.board import Board, Stars

STAR = "#1a1a1a"
DOT = "#b0b0b0"


def picture(board: Board, stars: Stars | None = None) -> GridPicture:
    """The board, and the stars when given."""
    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols,
                      title=f"Star Battle {board.cols}x{board.rows}, {board.stars} "
                            f"star{'s' if board.stars != 1 else ''}")
    pic.borders.update((rc(a), rc(b)) for a, b in board.borders)
    if stars is not None:
        for cell in range(board.cells):
            if cell in stars:
                pic.label[rc(cell)] = ("\u2605", STAR)
            else:
                pic.dots[rc(cell)] = DOT
    return pic
