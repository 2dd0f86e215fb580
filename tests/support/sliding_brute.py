"""Breadth-first search over whole sliding-puzzle state spaces, written for the tests
and sharing no code with cpsolve: the distance to the goal and the number of
shortest move sequences."""

from __future__ import annotations

from collections import deque


def shortest(width: int, height: int, start: tuple[str, ...],
             goal: tuple[str, ...]) -> tuple[int | None, int]:
    """(length of a shortest plan, how many shortest plans); (None, 0) if unreachable.
    Cells are labels, ``"0"`` the blank, ``"="`` walls."""
    def neighbours(state: tuple[str, ...]) -> list[tuple[str, ...]]:
        blank = state.index("0")
        r, c = divmod(blank, width)
        out = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            i, j = r + dr, c + dc
            if 0 <= i < height and 0 <= j < width and state[i * width + j] != "=":
                cells = list(state)
                cells[blank], cells[i * width + j] = cells[i * width + j], "0"
                out.append(tuple(cells))
        return out

    depth = {start: 0}
    ways = {start: 1}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if state == goal:
            return depth[state], ways[state]
        for nxt in neighbours(state):
            if nxt not in depth:
                depth[nxt] = depth[state] + 1
                ways[nxt] = ways[state]
                queue.append(nxt)
            elif depth[nxt] == depth[state] + 1:
                ways[nxt] += ways[state]
    return None, 0
