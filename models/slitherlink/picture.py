"""How a Slitherlink looks: dots at the corners, the numbers, the loop along the
cells' sides, and the cells inside it lightly shaded."""

from __future__ import annotations

from cpsolve.grid.render import GridPicture
from cpsolve.models.slitherlink.board import Board, Loop

INSIDE = "#e6eefa"


def picture(board: Board, loop: Loop | None = None) -> GridPicture:
    """The board, and the loop when given."""
    from cpsolve.models.slitherlink.formats import inside

    pic = GridPicture(board.rows, board.cols, title=f"Slitherlink {board.cols}x{board.rows}",
                      corners="#1a1a1a")
    if loop:
        for cell, within in enumerate(inside(board, loop)):
            if within:
                pic.fill[board.grid.rc(cell)] = INSIDE
        pic.edges.extend((board.points.rc(a), board.points.rc(b)) for a, b in sorted(loop))
    for cell in board.clue_cells:
        pic.label[board.grid.rc(cell)] = (str(board.numbers[cell]), "#1a1a1a")
    return pic
