"""How a Numberlink looks: the numbers in circles, the paths as lines through cell
centres; the title says when the fill rule is in force."""

from __future__ import annotations

from cpsolve.grid.render import GridPicture
from cpsolve.models.numberlink.board import Board, Paths

WHITE = "#ffffff"


def picture(board: Board, paths: Paths | None = None) -> GridPicture:
    """The board, and the paths when given."""
    rc = board.grid.rc
    rule = ", fill" if board.fill else ""
    pic = GridPicture(board.rows, board.cols,
                      title=f"Numberlink {board.cols}x{board.rows}{rule}")
    if paths is not None:
        for a, b in sorted(paths):
            pic.lines.append((rc(a), rc(b)))
    for cell in board.ends:
        pic.disc[rc(cell)] = (WHITE, "#1a1a1a")
        pic.label[rc(cell)] = (str(board.numbers[cell]), "#1a1a1a")
    return pic
