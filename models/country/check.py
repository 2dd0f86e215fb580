"""The Country Road rules, checked on a loop, independently of every encoding: the loop
walked round (:func:`cpsolve.grid.loops.loop_breaks`), each region's crossings and
passed cells counted (holes, cells in no region, are neither passed nor counted; a wall
inside a region crossed counts as its border crossed twice, from each side, as pzprjs
counts it; under the empty rule a region may go unvisited), and every pair of
neighbouring cells across a border or a wall looked at."""

from __future__ import annotations

from cpsolve.grid import loops
from cpsolve.grid.geometry import Broken, Edge
from cpsolve.grid.rooms import UNKNOWN
from cpsolve.models.country.board import Board as Rooms


def check(board: Rooms, loop: frozenset[Edge]) -> list[str]:
    """Every rule ``loop`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Rooms(2, 2, (0, 0, 1, 1), (2, None), (0, 2))
    >>> check(b, frozenset({(0, 1), (0, 2), (1, 3), (2, 3)}))
    []
    >>> check(b, frozenset({(0, 1)}))[-1]
    'the region of row 2, column 1 is not visited'
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    links, errors = loops.loop_breaks(grid, loop)
    walls = set(board.walls)
    holes = board.holes
    for cell in sorted(holes):
        if links[cell]:
            errors.append(Broken(f"the loop passes {where(cell)}, a cell in no region",
                                 rc(cell)))
    rooms = board.rooms - len({board.room[cell] for cell in holes})
    for room, cells in enumerate(board.room_cells):
        if cells[0] in holes:
            continue
        name = where(board.clue_cell[room])
        passed = sum(1 for cell in cells if links[cell])
        crossings = sum(1 for cell in cells for other in links[cell]
                        if board.room[other] != room)
        walled = sorted((a, b) for a in cells for b in links[a] if (a, b) in walls)
        if rooms > 1 and crossings == 0 and not board.empty:
            errors.append(Broken(f"the region of {name} is not visited",
                                 *(rc(c) for c in cells)))
        if walled and crossings + 2 * len(walled) > 2:
            a, b = walled[0]
            errors.append(Broken(f"the loop crosses the wall between {where(a)} and "
                                 f"{where(b)} inside the region of {name}", rc(a), rc(b)))
        elif crossings > 2:
            errors.append(Broken(f"the loop enters the region of {name} {crossings // 2} "
                                 "times", *(rc(c) for c in cells)))
        number = board.numbers[room]
        if number is not None and number != UNKNOWN and passed != number:
            errors.append(Broken(f"the {number} at {name} counts {passed} cells on the loop",
                                 rc(board.clue_cell[room])))
    for a, b in sorted([*board.borders, *walls]):
        if not links[a] and not links[b] and a not in holes and b not in holes:
            errors.append(Broken(f"{where(a)} and {where(b)}, across a border, are both "
                                 "left out of the loop", rc(a), rc(b)))
    return errors
