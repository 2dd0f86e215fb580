"""The Star Battle rules, checked on a placement of stars, independently of every
encoding: it counts the stars of each row, column and region, and compares every
star with the eight cells around it. It shares nothing with the models but the board.
"""

from __future__ import annotations

from cpsolve.grid.geometry import Broken
from cpsolve.models.starbattle.board import Board, Stars


def check(board: Board, stars: Stars) -> list[str]:
    """Every rule ``stars`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(4, 4, 1, (0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3))
    >>> check(b, frozenset({1, 7, 8, 14}))
    []
    >>> check(b, frozenset({1, 7, 8, 13}))[0]
    'the stars at row 3, column 1 and row 4, column 2 touch'
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    errors: list[str] = []
    for cell in sorted(stars):
        if not 0 <= cell < board.cells:
            errors.append(Broken(f"a star at cell {cell} is outside the board"))
    placed = [cell in stars for cell in range(board.cells)]
    for a in range(board.cells):
        for b in grid.touching[a]:
            if a < b and placed[a] and placed[b]:
                errors.append(Broken(f"the stars at {where(a)} and {where(b)} touch",
                                     rc(a), rc(b)))
    lines = ([("row", r, [grid.cell(r, c) for c in range(board.cols)])
              for r in range(board.rows)]
             + [("column", c, [grid.cell(r, c) for r in range(board.rows)])
                for c in range(board.cols)])
    for kind, index, cells in lines:
        if (kind, index) in board.free:
            continue
        count = sum(placed[cell] for cell in cells)
        if count != board.stars:
            errors.append(Broken(f"{kind} {index + 1} holds {_stars(count)}, not "
                                 f"{board.stars}", *map(rc, cells)))
    counts = [0] * board.regions
    for cell in range(board.cells):
        counts[board.region[cell]] += placed[cell]
    for region, members in enumerate(board.region_cells):
        if counts[region] != board.stars and ("region", region) not in board.free:
            errors.append(Broken(f"the region at {where(members[0])} holds "
                                 f"{_stars(counts[region])}, not {board.stars}",
                                 *map(rc, members)))
    return errors


def _stars(count: int) -> str:
    return f"{count} star{'s' if count != 1 else ''}"
