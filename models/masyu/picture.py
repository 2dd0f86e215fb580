"""How a Masyu looks: white and black pearls, the loop as a line through cell centres."""

from __future__ import annotations

from cpsolve.grid.render import GridPicture
from cpsolve.models.masyu.board import BLACK, WHITE, Board, Loop

PEARLS = {WHITE: ("#ffffff", "#1a1a1a"), BLACK: ("#1a1a1a", "#1a1a1a")}


def picture(board: Board, loop: Loop | None = None) -> GridPicture:
    """The board, and the loop when given."""
    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"Masyu {board.cols}x{board.rows}")
    for a, b in sorted(loop or ()):
        pic.lines.append((rc(a), rc(b)))
    for cell, pearl in enumerate(board.pearls):
        if pearl in PEARLS:
            pic.disc[rc(cell)] = PEARLS[pearl]
    return pic
