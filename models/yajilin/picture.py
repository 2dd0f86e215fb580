"""How a Yajilin looks: clue cells grey with their numbers and arrows, shaded cells
black, the loop as a line through cell centres."""

from __future__ import annotations

from cpsolve.grid.render import GridPicture
from cpsolve.models.yajilin.board import Board, Loop

CLUE = "#d9d9d9"
SHADED = "#1a1a1a"
ARROWS = {"n": "\u2191", "s": "\u2193", "e": "\u2192", "w": "\u2190", None: ""}


def label(board: Board, cell: int) -> str:
    """A clue cell's text: its number (``?`` for none) and its arrow."""
    clue = board.clues[cell]
    assert clue is not None
    number = "?" if clue.number is None else str(clue.number)
    return number + ARROWS[clue.direction]


def picture(board: Board, loop: Loop | None = None) -> GridPicture:
    """The board, and the loop with the shaded cells when given."""
    from cpsolve.models.yajilin.formats import shaded

    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"Yajilin {board.cols}x{board.rows}")
    for cell in board.clue_cells:
        pic.fill[rc(cell)] = CLUE
        pic.label[rc(cell)] = (label(board, cell), "#1a1a1a")
    if loop is not None:
        for cell in shaded(board, loop):
            pic.fill[rc(cell)] = SHADED
        for a, b in sorted(loop):
            pic.lines.append((rc(a), rc(b)))
    return pic
