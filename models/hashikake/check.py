"""The Hashiwokakero checker, independent of the rules' statement: it follows each
bridge from island to island along the cells it crosses, counts the bridges at each
island and floods the network, as pzprjs's checks do one by one."""

from __future__ import annotations

from cpsolve.grid.boards import UNKNOWN, NumberGrid
from cpsolve.grid.geometry import Broken

Bridges = frozenset[tuple[int, int, int]]


def check(board: NumberGrid, bridges: Bridges) -> list[str]:
    """Every rule ``bridges`` breaks, one message each, naming its cells."""
    grid, numbers = board.grid, board.numbers
    where, rc = grid.where, grid.rc
    cols = grid.cols
    errors: list[str] = []
    built: dict[tuple[int, int], int] = {}
    for a, b, n in bridges:
        a, b = min(a, b), max(a, b)
        if b not in grid.neighbours[a] or n not in (1, 2):
            errors.append(Broken(f"{n} bridges between {where(a)} and {where(b)}, which "
                                 f"are not side by side" if b not in grid.neighbours[a]
                                 else f"{n} bridges between {where(a)} and {where(b)}",
                                 rc(a), rc(b)))
            continue
        built[a, b] = n
    if not built:
        return [*errors, "no bridge is built"]

    west, east, north, south = ([0] * grid.cells for _ in range(4))
    for (a, b), n in built.items():
        if b == a + 1:
            east[a] = west[b] = n
        else:
            south[a] = north[b] = n
    near: dict[int, set[int]] = {cell: set() for cell in board.clue_cells}
    for cell in range(grid.cells):
        w, e, n, s = west[cell], east[cell], north[cell], south[cell]
        if numbers[cell] is not None:
            count = w + e + n + s
            if numbers[cell] != UNKNOWN and count != numbers[cell]:
                errors.append(Broken(f"the island {numbers[cell]} at {where(cell)} has "
                                     f"{count} bridges", rc(cell)))
            continue
        if (w or e) and (n or s):
            errors.append(Broken(f"bridges cross at {where(cell)}", rc(cell)))
        if w != e or n != s:
            errors.append(Broken(f"a bridge turns or stops at {where(cell)}, on no island",
                                 rc(cell)))
    for cell in board.clue_cells:  # each bridge followed to the island at its far end
        for step, onward in ((1, east), (cols, south)):
            if not onward[cell]:
                continue
            end = cell + step
            while numbers[end] is None and onward[end]:
                end += step
            if numbers[end] is not None:
                near[cell].add(end)
                near[end].add(cell)
    islands = list(board.clue_cells)
    if islands:
        seen = {islands[0]}
        todo = [islands[0]]
        while todo:
            for other in near[todo.pop()]:
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        if len(seen) < len(islands):
            apart = min(set(islands) - seen)
            errors.append(Broken(f"the islands are not one network: {where(apart)} is cut "
                                 f"off from {where(islands[0])}", rc(apart), rc(islands[0])))
    return errors
