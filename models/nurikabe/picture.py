"""How a Nurikabe looks: the numbers, the sea black, the islands' cells dotted."""

from __future__ import annotations

from cpsolve.grid.render import GridPicture
from cpsolve.models.nurikabe.board import UNKNOWN, Board, Shading

SHADE = "#1a1a1a"
DOT = "#b0b0b0"


def picture(board: Board, shading: Shading | None = None) -> GridPicture:
    """The board, and the shading when given."""
    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"Nurikabe {board.cols}x{board.rows}")
    for cell in range(board.cells):
        number = board.numbers[cell]
        if shading is not None and cell in shading:
            pic.fill[rc(cell)] = SHADE
        if number is not None:
            pic.label[rc(cell)] = ("?" if number == UNKNOWN else str(number), SHADE)
        elif shading is not None and cell not in shading:
            pic.dots[rc(cell)] = DOT
    return pic
