"""The Mochikoro rules, checked on a shading, independently of every encoding: it
floods each unshaded area through sides (a rectangle: as many cells as its bounding
box; one number at most, its size) and all the unshaded cells through sides and
corners (one piece), and looks at every 2x2 block. It shares nothing with the models
but the board.
"""

from __future__ import annotations

from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.checks import off_board
from cpsolve.grid.connectivity import components
from cpsolve.grid.geometry import Broken


def check(board: Board, shading: frozenset[int]) -> list[str]:
    """Every rule ``shading`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(2, 3, (2, None, None, None, None, 1))
    >>> check(b, frozenset({2, 3, 4}))
    []
    >>> check(b, frozenset({1, 3, 4}))[0]
    'the area of the 2 at row 1, column 1 has 1 cell'
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    errors: list[str] = off_board(board.cells, shading)
    if not any(cell in shading for cell in range(board.cells)):
        errors.append(Broken("no cell is shaded"))
    for a, b, c, d in grid.blocks:
        if {a, b, c, d} <= shading:
            errors.append(Broken(f"the 2x2 block at {where(a)} is all shaded",
                                 rc(a), rc(b), rc(c), rc(d)))
    for cell, number in enumerate(board.numbers):
        if number is not None and cell in shading:
            what = "?" if number < 0 else str(number)
            errors.append(Broken(f"the {what} at {where(cell)} is shaded", rc(cell)))
    land = [cell for cell in range(board.cells) if cell not in shading]
    for area in components(land, grid.neighbours):
        cells = [rc(cell) for cell in area]
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        box = (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1)
        if box != len(area):
            errors.append(Broken(f"the unshaded area at {where(area[0])} is no rectangle",
                                 *cells))
        numbered = [cell for cell in area if board.numbers[cell] is not None]
        if len(numbered) > 1:
            errors.append(Broken(f"the area at {where(area[0])} holds {len(numbered)} "
                                 "numbers", *cells))
        for cell in numbered:
            size = board.shown(cell)
            if size is not None and size != len(area):
                errors.append(Broken(f"the area of the {size} at {where(cell)} has "
                                     f"{len(area)} cell{'s' if len(area) != 1 else ''}",
                                     *cells))
    pieces = components(land, grid.touching)
    if len(pieces) > 1:
        errors.append(Broken(f"the unshaded cell at {where(pieces[1][0])} is cut off from "
                             f"the one at {where(pieces[0][0])}, even through corners",
                             *(rc(c) for piece in pieces[1:] for c in piece)))
    return errors
