"""How a Fillomino looks: the given numbers in black; an answer's numbers in blue,
with thick borders between its areas."""

from __future__ import annotations

from cpsolve.grid.render import GridPicture
from cpsolve.models.fillomino.board import UNKNOWN, Board, Filling

GIVEN = "#1a1a1a"
WRITTEN = "#2f5fb0"


def picture(board: Board, filling: Filling | None = None) -> GridPicture:
    """The board, and the filling when given."""
    grid = board.grid
    rc = grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"Fillomino {board.cols}x{board.rows}")
    for cell, number in enumerate(board.numbers):
        if number is not None:
            pic.label[rc(cell)] = ("?" if number == UNKNOWN else str(number), GIVEN)
    if filling is not None:
        for cell, number in enumerate(filling):
            if board.numbers[cell] is None or board.numbers[cell] == UNKNOWN:
                pic.label[rc(cell)] = (str(number), WRITTEN)
        pic.borders.update((rc(a), rc(b)) for a, b in grid.pairs if filling[a] != filling[b])
    return pic
