"""The LITS rules, checked on a shading, independently of every encoding: it counts
and floods the shaded cells of each region, compares the shapes of tetrominoes that
touch, looks at every 2x2 block and floods the whole shading. It shares nothing with
the models but the board.
"""

from __future__ import annotations

from collections.abc import Sequence

from cpsolve.grid.geometry import Broken
from cpsolve.models.lits.board import Board, Shading, shape


def _flood(start: int, members: set[int], neighbours: Sequence[Sequence[int]]) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        for other in neighbours[todo.pop()]:
            if other in members and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def check(board: Board, shading: Shading) -> list[str]:
    """Every rule ``shading`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(2, 4, (0, 0, 0, 0, 1, 1, 1, 1))
    >>> check(b, frozenset({0, 1, 2, 3}))
    ['the region at row 2, column 1 holds 0 shaded cells, not 4']
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    errors: list[str] = []
    for cell in sorted(shading):
        if not 0 <= cell < board.cells:
            errors.append(Broken(f"a shaded cell {cell} is outside the board"))
    shaded = {cell for cell in shading if 0 <= cell < board.cells}
    made: list[str | None] = [None] * board.regions
    for k, cells in enumerate(board.region_cells):
        mine = [cell for cell in cells if cell in shaded]
        name = f"the region at {where(cells[0])}"
        if k in board.free:
            if mine:
                errors.append(Broken(f"{name} holds no tetromino, yet {len(mine)} shaded "
                                     f"cells", *map(rc, mine)))
            continue
        if len(mine) != 4:
            errors.append(Broken(f"{name} holds {len(mine)} shaded cells, not 4",
                                 *map(rc, cells)))
            continue
        if len(_flood(mine[0], set(mine), grid.neighbours)) != 4:
            errors.append(Broken(f"the shaded cells of {name} are not connected",
                                 *map(rc, mine)))
            continue
        made[k] = shape(map(rc, mine))
    for a, b in board.borders:
        ka, kb = board.region[a], board.region[b]
        if a in shaded and b in shaded and made[ka] is not None and made[ka] == made[kb]:
            errors.append(Broken(f"two {made[ka]} tetrominoes touch at {where(a)} and "
                                 f"{where(b)}", rc(a), rc(b)))
    for block in grid.blocks:
        if all(cell in shaded for cell in block):
            errors.append(Broken(f"the 2x2 block at {where(block[0])} is all shaded",
                                 *map(rc, block)))
    if shaded:
        first = min(shaded)
        reached = _flood(first, shaded, grid.neighbours)
        if len(reached) != len(shaded):
            apart = min(shaded - reached)
            errors.append(Broken(f"the shaded cells are not connected: {where(apart)} is "
                                 f"apart from {where(first)}", rc(apart), rc(first)))
    return errors
