"""How a Heyawake looks: thick room borders, shaded cells black, room numbers."""

from __future__ import annotations

from cpsolve.grid.render import GridPicture
from cpsolve.models.heyawake.board import UNKNOWN, Board, Shading

SHADE = "#1a1a1a"
DOT = "#b0b0b0"


def picture(board: Board, shading: Shading | None = None) -> GridPicture:
    """The board, and the shading when given (unshaded cells then get a small dot)."""
    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"Heyawake {board.cols}x{board.rows}")
    pic.borders.update((rc(a), rc(b)) for a, b in board.borders)
    shaded = shading or frozenset()
    for cell in shaded:
        pic.fill[rc(cell)] = SHADE
    if shading is not None:
        for cell in range(board.cells):
            if cell not in shaded:
                pic.dots[rc(cell)] = DOT
    for number, cell in zip(board.numbers, board.clue_cell):
        if number is not None:
            text = "?" if number == UNKNOWN else str(number)
            where = rc(cell)
            pic.dots.pop(where, None)
            pic.label[where] = (text, "#ffffff" if cell in shaded else SHADE)
    return pic
