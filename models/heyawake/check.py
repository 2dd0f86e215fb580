"""The Heyawake rules, checked on a shading, independently of every encoding.

The checker walks the grid itself: it compares neighbours for touching shaded cells,
floods the unshaded cells from one of them, counts each room's shaded cells, and
walks every row and column counting the borders inside each run of unshaded cells (a
wall inside a room is a border there, as pzprjs counts it). It shares nothing with the
models but the board.
"""

from __future__ import annotations

from cpsolve.grid.checks import off_board, shading_breaks
from cpsolve.grid.geometry import Broken
from cpsolve.models.heyawake.board import UNKNOWN, Board, Shading


def check(board: Board, shading: Shading) -> list[str]:
    """Every rule ``shading`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(2, 3, (0, 0, 1, 0, 0, 1), (1, None), (0, 2))
    >>> check(b, frozenset({0}))
    []
    >>> check(b, frozenset({0, 1}))[0]
    'shaded cells at row 1, column 1 and row 1, column 2 touch'
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    errors: list[str] = off_board(board.cells, shading)
    shaded = [cell in shading for cell in range(board.cells)]
    errors.extend(shading_breaks(grid, shaded))
    counts = [0] * board.rooms
    for cell in range(board.cells):
        counts[board.room[cell]] += shaded[cell]
    for room, number in enumerate(board.numbers):
        if number is not None and number != UNKNOWN and counts[room] != number:
            errors.append(Broken(f"the room numbered {number} at "
                                 f"{where(board.clue_cell[room])} has {counts[room]} shaded "
                                 f"cell{'s' if counts[room] != 1 else ''}",
                                 *map(rc, board.room_cells[room])))
    walls = set(board.walls)
    for line in grid.lines:
        start: int | None = None  # where the current run of unshaded cells began
        crossed = 0
        for k, cell in enumerate(line):
            if shaded[cell]:
                start = None
            elif start is None:
                start, crossed = k, 0
            elif board.room[cell] != board.room[line[k - 1]] or (
                    min(cell, line[k - 1]), max(cell, line[k - 1])) in walls:
                crossed += 1
                if crossed == 2:
                    errors.append(Broken(f"the unshaded run from {where(line[start])} to "
                                         f"{where(cell)} crosses two borders",
                                         *map(rc, line[start:k + 1])))
    return errors
