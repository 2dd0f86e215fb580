"""The LITS rules, checked on a shading, independently of every encoding: it counts
the shaded cells of each region and names the shape they make (four cells that make
none are not joined, nor four split by a wall inside the region), compares the shapes
of tetrominoes that touch, looks at every 2x2 block and floods the whole shading. It
shares nothing with the models but the board and the shapes' names.
"""

from __future__ import annotations

from cpsolve.grid.checks import off_board
from cpsolve.grid.connectivity import components
from cpsolve.grid.geometry import Broken
from cpsolve.grid.polyominoes import TETROMINOES
from cpsolve.grid.regions import Regions as Board

Shading = frozenset[int]  # an answer: the shaded cells


def check(board: Board, shading: Shading) -> list[str]:
    """Every rule ``shading`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(2, 4, (0, 0, 0, 0, 1, 1, 1, 1))
    >>> check(b, frozenset({0, 1, 2, 3}))
    ['the region at row 2, column 1 holds 0 shaded cells, not 4']
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    errors: list[str] = off_board(board.cells, shading)
    shaded = {cell for cell in shading if 0 <= cell < board.cells}
    walls = set(board.walls)
    made: list[str | None] = [None] * board.regions
    for k, cells in enumerate(board.region_cells):
        mine = [cell for cell in cells if cell in shaded]
        name = f"the region at {where(cells[0])}"
        if k in board.hole_regions:
            errors.extend(Broken(f"{where(cell)}, a cell in no region, is shaded", rc(cell))
                          for cell in mine)
            continue
        if k in board.free:
            if mine:
                errors.append(Broken(f"{name} holds no tetromino, yet {len(mine)} shaded "
                                     f"cells", *map(rc, mine)))
            continue
        if len(mine) != 4:
            errors.append(Broken(f"{name} holds {len(mine)} shaded cells, not 4",
                                 *map(rc, cells)))
            continue
        made[k] = TETROMINOES.name(map(rc, mine))  # four cells joined make a tetromino
        if made[k] is None:
            errors.append(Broken(f"the shaded cells of {name} are not connected",
                                 *map(rc, mine)))
        elif crossed := [(a, b) for a, b in walls if a in mine and b in mine]:
            # a tetromino has no cycle: a wall between two of its cells splits it
            a, b = min(crossed)
            made[k] = None
            errors.append(Broken(f"the shaded cells of {name} are joined only across the "
                                 f"wall between {where(a)} and {where(b)}", *map(rc, mine)))
    for a, b in board.borders:
        ka, kb = board.region[a], board.region[b]
        if a in shaded and b in shaded and made[ka] is not None and made[ka] == made[kb]:
            errors.append(Broken(f"two {made[ka]} tetrominoes touch at {where(a)} and "
                                 f"{where(b)}", rc(a), rc(b)))
    for block in grid.blocks:
        if all(cell in shaded for cell in block):
            errors.append(Broken(f"the 2x2 block at {where(block[0])} is all shaded",
                                 *map(rc, block)))
    parts = components(shaded, grid.neighbours)
    if len(parts) > 1:
        first, apart = parts[0][0], parts[1][0]
        errors.append(Broken(f"the shaded cells are not connected: {where(apart)} is "
                             f"apart from {where(first)}", rc(apart), rc(first)))
    return errors
