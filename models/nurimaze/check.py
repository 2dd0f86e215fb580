"""The Nurimaze rules, checked on a shading, independently of every encoding: it
looks at every region and 2x2 block, floods the unshaded cells, counts each piece's
sides (a tree of n cells has n - 1), and walks the one way from S to G. It shares
nothing with the models but the board.
"""

from __future__ import annotations

from collections.abc import Collection

from cpsolve.grid.checks import off_board
from cpsolve.grid.connectivity import components
from cpsolve.grid.geometry import Broken
from cpsolve.models.nurimaze.board import CIRCLE, MARK_NAMES, TRIANGLE, Board

Shading = frozenset[int]  # an answer: the shaded cells


def route(board: Board, shading: Collection[int]) -> list[int] | None:
    """The cells from S to G through unshaded cells side by side (the first way a
    search finds: the only one in a maze), or ``None`` when G is out of S's reach."""
    grid = board.grid
    if board.start in shading:
        return None
    before = {board.start: -1}
    queue = [board.start]
    for cell in queue:
        for other in grid.neighbours[cell]:
            if other not in shading and other not in before:
                before[other] = cell
                queue.append(other)
    if board.goal not in before:
        return None
    way = [board.goal]
    while before[way[-1]] >= 0:
        way.append(before[way[-1]])
    return way[::-1]


def check(board: Board, shading: Shading) -> list[str]:
    """Every rule ``shading`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(2, 3, (0, 1, 1, 0, 2, 2), 0, 2, (0,) * 6)
    >>> check(b, frozenset({4, 5}))
    []
    >>> check(b, frozenset({5}))
    ['the region at row 2, column 2 is partly shaded', \
'the 2x2 block at row 1, column 1 is all unshaded', \
'the unshaded cells make a loop through row 1, column 1']
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    errors: list[str] = off_board(board.cells, shading)
    shaded = {cell for cell in shading if 0 <= cell < board.cells}
    for cells in board.region_cells:
        inside = sum(1 for cell in cells if cell in shaded)
        if 0 < inside < len(cells):
            errors.append(Broken(f"the region at {where(cells[0])} is partly shaded",
                                 *map(rc, cells)))
    for cell in sorted(shaded):
        said = "S" if cell == board.start else "G" if cell == board.goal else \
            MARK_NAMES.get(board.marks[cell])
        if said:
            errors.append(Broken(f"the {said} at {where(cell)} is shaded", rc(cell)))
    for block in grid.blocks:
        inside = len(set(block) & shaded)
        if inside in (0, 4):
            errors.append(Broken(f"the 2x2 block at {where(block[0])} is all "
                                 f"{'shaded' if inside else 'unshaded'}", *map(rc, block)))
    land = [cell for cell in range(board.cells) if cell not in shaded]
    parts = components(land, grid.neighbours)
    if len(parts) > 1:
        errors.append(Broken(f"the unshaded cell at {where(parts[1][0])} is cut off from "
                             f"the one at {where(parts[0][0])}",
                             *(rc(c) for part in parts[1:] for c in part)))
    looped = False
    for part in parts:
        piece = set(part)
        sides = sum(1 for cell in part for o in grid.neighbours[cell] if o > cell and o in piece)
        if sides >= len(part):
            looped = True
            errors.append(Broken(f"the unshaded cells make a loop through {where(part[0])}",
                                 *map(rc, part)))
    way = route(board, shaded)
    if way is None or len(parts) > 1 or looped:
        return errors  # no one way from S to G to walk
    passed = set(way)
    for cell in board.circles:
        if cell not in passed and cell not in shaded:
            errors.append(Broken(f"the circle at {where(cell)} is off the way from S to G",
                                 rc(cell)))
    for cell in board.triangles:
        if cell in passed:
            errors.append(Broken(f"the way from S to G passes the triangle at {where(cell)}",
                                 rc(cell)))
    return errors


__all__ = ["CIRCLE", "TRIANGLE", "Shading", "check", "route"]
