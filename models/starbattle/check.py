"""The Star Battle rules, checked on a placement of stars, independently of every
encoding: it counts the stars of each row, column and region (a hole, a cell in no
region, holds none), and compares every star with the eight cells around it. It shares
nothing with the models but the board.
"""

from __future__ import annotations

from collections.abc import Sequence

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
    for cell in sorted(board.holes):
        if placed[cell]:
            errors.append(Broken(f"a star at {where(cell)}, a cell in no region", rc(cell)))
    for a in range(board.cells):
        for b in grid.touching[a]:
            if a < b and placed[a] and placed[b]:
                errors.append(Broken(f"the stars at {where(a)} and {where(b)} touch",
                                     rc(a), rc(b)))
    lines = grid.lines
    units: list[tuple[tuple[str, int], str, Sequence[int]]] = [
        *((("row", r), f"row {r + 1}", lines[r]) for r in range(board.rows)),
        *((("column", c), f"column {c + 1}", lines[board.rows + c]) for c in range(board.cols)),
        *((("region", k), f"the region at {where(cells[0])}", cells)
          for k, cells in enumerate(board.region_cells) if cells[0] not in board.holes)]
    for key, name, cells in units:
        count = sum(placed[cell] for cell in cells)
        if count != board.stars and key not in board.free:
            errors.append(Broken(f"{name} holds {count} star{'s' if count != 1 else ''}, "
                                 f"not {board.stars}", *map(rc, cells)))
    return errors

