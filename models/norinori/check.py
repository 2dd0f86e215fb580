"""The Norinori rules, checked on a shading, independently of every encoding: it counts
the shaded cells of each region and floods the shading into its pieces (a piece of one
cell is alone, one of more than two is no domino), as pzprjs's checker states them. It
shares nothing with the models but the board.
"""

from __future__ import annotations

from cpsolve.grid.checks import off_board
from cpsolve.grid.connectivity import components
from cpsolve.grid.geometry import Broken
from cpsolve.grid.regions import Regions as Board

Shading = frozenset[int]  # an answer: the shaded cells


def check(board: Board, shading: Shading) -> list[str]:
    """Every rule ``shading`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(2, 3, (0, 0, 0, 1, 1, 1))
    >>> check(b, frozenset({0, 1, 2}))
    ['3 shaded cells touch, starting at row 1, column 1: a domino is 2', \
'the region at row 1, column 1 holds 3 shaded cells, not 2', \
'the region at row 2, column 1 holds 0 shaded cells, not 2']
    >>> check(b, frozenset({0, 3, 2, 5}))
    []
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    errors: list[str] = off_board(board.cells, shading)
    shaded = {cell for cell in shading if 0 <= cell < board.cells}
    for piece in components(shaded, grid.neighbours):
        first = min(piece)
        if len(piece) == 1:
            errors.append(Broken(f"the shaded cell at {where(first)} touches no other shaded "
                                 "cell", rc(first)))
        elif len(piece) > 2:
            errors.append(Broken(f"{len(piece)} shaded cells touch, starting at "
                                 f"{where(first)}: a domino is 2", *map(rc, sorted(piece))))
    for k, cells in enumerate(board.region_cells):
        mine = [cell for cell in cells if cell in shaded]
        if k not in board.free and len(mine) != 2:
            errors.append(Broken(f"the region at {where(cells[0])} holds {len(mine)} shaded "
                                 "cells, not 2", *map(rc, cells)))
    return errors
