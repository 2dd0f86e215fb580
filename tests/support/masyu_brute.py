"""Every Masyu loop of a small board, by brute force: every simple cycle of the grid's
cells (walked from its smallest cell, each once), kept when the family's checker
accepts it. Independent of every encoding; boards up to about 5x5."""

from __future__ import annotations

from functools import cache

from cpsolve.grid.geometry import Grid
from cpsolve.models.masyu import Board, check


def cycles(board: Board) -> list[frozenset[tuple[int, int]]]:
    """Every simple cycle of the grid graph, as its set of edges ``(a, b)``, a < b."""
    return [loop for loop, _ in _cycles(board.rows, board.cols)]


@cache
def _cycles(rows: int, cols: int) -> list[tuple[frozenset[tuple[int, int]], int]]:
    """Every simple cycle and the bit mask of its cells."""
    neighbours = Grid(rows, cols).neighbours
    found = []

    def walk(start: int, path: list[int], seen: set[int]) -> None:
        for other in neighbours[path[-1]]:
            if other == start and len(path) >= 4 and path[1] < path[-1]:
                ring = path + [start]
                found.append((frozenset((min(a, b), max(a, b)) for a, b in zip(ring, ring[1:])),
                              sum(1 << cell for cell in path)))
            elif other > start and other not in seen:
                seen.add(other)
                path.append(other)
                walk(start, path, seen)
                path.pop()
                seen.discard(other)

    for start in range(rows * cols):
        walk(start, [start], {start})
    return found


def _pearls_hold(board: Board, loop: frozenset[tuple[int, int]]) -> bool:
    """A quick look at each pearl alone (the checker has the last word): a black one
    turns, a white one goes straight."""
    cols = board.cols
    for cell in board.pearl_cells:
        across = (min(cell, cell - 1), cell) in loop or (cell, cell + 1) in loop
        down = (cell - cols, cell) in loop or (cell, cell + cols) in loop
        if (board.pearls[cell] == 2) != (across and down):
            return False
    return True


def solutions(board: Board) -> set[frozenset[tuple[int, int]]]:
    """Every valid loop of ``board`` (only the cycles through every pearl, turning at
    the black ones and straight through the white ones, go to the checker)."""
    pearls = sum(1 << cell for cell in board.pearl_cells)
    return {loop for loop, cells in _cycles(board.rows, board.cols)
            if cells & pearls == pearls and _pearls_hold(board, loop)
            and not check(board, loop)}
