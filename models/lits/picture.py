"""How a LITS looks: thick region borders; an answer's shaded cells grey, each with
the letter of its tetromino's shape."""

from __future__ import annotations

from cpsolve.grid.render import GridPicture
from cpsolve.models.lits.board import Board, Shading
from cpsolve.models.lits.formats import shapes

SHADE = "#5a5a5a"
ON_SHADE = "#ffffff"


def picture(board: Board, shading: Shading | None = None) -> GridPicture:
    """The board, and the shading when given."""
    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"LITS {board.cols}x{board.rows}")
    pic.borders.update((rc(a), rc(b)) for a, b in board.borders)
    if shading is not None:
        for cell, mark in enumerate(shapes(board, shading)):
            if mark != ".":
                pic.fill[rc(cell)] = SHADE
                pic.label[rc(cell)] = (mark, ON_SHADE)
    return pic
