"""How a Country Road looks: thick region borders, the numbers, the loop as a line
through cell centres, a dot in each cell it leaves out."""

from __future__ import annotations

from cpsolve.grid.render import GridPicture
from cpsolve.models.country.board import Board, Loop

DOT = "#b0b0b0"


def picture(board: Board, loop: Loop | None = None) -> GridPicture:
    """The board, and the loop when given."""
    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"Country Road {board.cols}x{board.rows}")
    pic.borders.update((rc(a), rc(b)) for a, b in board.borders)
    if loop is not None:
        passed = {cell for edge in loop for cell in edge}
        for a, b in sorted(loop):
            pic.lines.append((rc(a), rc(b)))
        for cell in range(board.cells):
            if cell not in passed:
                pic.dots[rc(cell)] = DOT
    for room, cell in enumerate(board.clue_cell):
        text = board.label(room)
        if text is not None:
            pic.dots.pop(rc(cell), None)
            pic.label[rc(cell)] = (text, "#1a1a1a")
    return pic
