"""Brute force for rotation puzzles: a plain breadth-first search over tuples, with
moves applied straight from the square cycles, to check the solvers against."""

from __future__ import annotations

from collections import deque

from cpsolve.models.rotation.board import Puzzle


def turn(puzzle: Puzzle, state: tuple[str, ...], square: int, clockwise: bool) -> tuple:
    cells = puzzle.squares[square].cells
    out = list(state)
    for i, cell in enumerate(cells):
        nxt = cells[(i + 1) % len(cells)]
        if clockwise:
            out[nxt] = state[cell]
        else:
            out[cell] = state[nxt]
    return tuple(out)


def successors(puzzle: Puzzle, state: tuple[str, ...]) -> list[tuple[str, ...]]:
    """One state per move (the same state twice when two moves agree)."""
    out = []
    for k, square in enumerate(puzzle.squares):
        out.append(turn(puzzle, state, k, True))
        if len(square.cells) > 2:
            out.append(turn(puzzle, state, k, False))
    return out


def sweep(puzzle: Puzzle, root: tuple[str, ...]) -> tuple[dict, dict]:
    """Distances from ``root`` and the number of shortest move sequences to each
    state."""
    dist, ways = {root: 0}, {root: 1}
    queue = deque([root])
    while queue:
        state = queue.popleft()
        for nxt in successors(puzzle, state):
            if nxt not in dist:
                dist[nxt] = dist[state] + 1
                ways[nxt] = 0
                queue.append(nxt)
            if dist[nxt] == dist[state] + 1:
                ways[nxt] += ways[state]
    return dist, ways
