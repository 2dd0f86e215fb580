"""How an Akari looks: black cells with white numbers, bulbs, lit cells shaded."""

from __future__ import annotations

from cpsolve.grid.render import GridPicture
from cpsolve.models.akari.board import Board, Cell

BLACK = "#1a1a1a"
LIT = "#fff1a8"
BULB = ("#ffc400", "#5a4500")  # fill, outline


def picture(board: Board, lights: frozenset[Cell] | None = None) -> GridPicture:
    """The board, and the lights with the cells they light when ``lights`` is given
    (``None``: the puzzle alone, for printing)."""
    pic = GridPicture(board.height, board.width, title=f"Akari {board.width}x{board.height}")
    for r, row in enumerate(board.rows):
        for c, ch in enumerate(row):
            if ch != ".":
                pic.fill[(r, c)] = BLACK
                if ch != "#":
                    pic.label[(r, c)] = (ch, "#ffffff")
    for cell in lights or ():
        pic.disc[cell] = BULB
        for lit in [cell, *board.visible(cell)]:
            pic.fill[lit] = LIT
    return pic
