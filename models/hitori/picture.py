"""How a Hitori looks: the numbers, shaded cells black with their numbers in grey."""

from __future__ import annotations

from cpsolve.grid.render import GridPicture
from cpsolve.models.hitori.board import UNKNOWN, Board, Shading

SHADE = "#1a1a1a"
INK = "#1a1a1a"
ON_SHADE = "#9a9a9a"


def picture(board: Board, shading: Shading | None = None) -> GridPicture:
    """The board, and the shading when given."""
    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"Hitori {board.cols}x{board.rows}")
    shaded = shading or frozenset()
    for cell in shaded:
        pic.fill[rc(cell)] = SHADE
    for cell, number in enumerate(board.numbers):
        if number is not None:
            text = "?" if number == UNKNOWN else str(number)
            pic.label[rc(cell)] = (text, ON_SHADE if cell in shaded else INK)
    return pic
