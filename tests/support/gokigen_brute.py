"""Every Gokigen Naname answer of a small board by brute force, sharing nothing with the
rules' statement or the checker: the cells are filled with ``/`` and ``\\`` in reading
order, every way tried; a corner's number is compared with its count once its last
cell is filled, and a diagonal is refused when its two corners are already joined by
the diagonals before it (a loop). Those are the only prunes: what no answer holds."""

from __future__ import annotations

from typing import Any


def _joins(r: int, c: int, d: str) -> tuple[tuple[int, int], tuple[int, int]]:
    return ((r, c), (r + 1, c + 1)) if d == "\\" else ((r, c + 1), (r + 1, c))


def solutions(board: Any) -> list[tuple[str, ...]]:
    rows, cols = board.rows, board.cols
    wide = cols + 1
    given = {divmod(p, wide): n for p, n in enumerate(board.numbers)
             if n is not None and n >= 0}
    # The corners whose last cell (in reading order) is cell k: the bottom right one,
    # and the bottom left one on the first column; the top ones on the last row, too.
    closing: list[list[tuple[int, int]]] = [[] for _ in range(rows * cols)]
    for (r, c) in [(r, c) for r in range(rows + 1) for c in range(wide)]:
        last = min(r, rows - 1) * cols + min(c, cols - 1)
        closing[last].append((r, c))
    found: list[tuple[str, ...]] = []
    answer: list[str] = []
    count: dict[tuple[int, int], int] = {}

    def joined(a: tuple[int, int], b: tuple[int, int]) -> bool:
        links: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for k, d in enumerate(answer):
            x, y = _joins(*divmod(k, cols), d)
            links.setdefault(x, []).append(y)
            links.setdefault(y, []).append(x)
        seen, todo = {a}, [a]
        while todo:
            here = todo.pop()
            for there in links.get(here, ()):
                if there == b:
                    return True
                if there not in seen:
                    seen.add(there)
                    todo.append(there)
        return False

    def fill(k: int) -> None:
        if k == rows * cols:
            found.append(tuple(answer))
            return
        for d in "/\\":
            a, b = _joins(*divmod(k, cols), d)
            if joined(a, b):
                continue
            answer.append(d)
            count[a] = count.get(a, 0) + 1
            count[b] = count.get(b, 0) + 1
            if all(given.get(p, count.get(p, 0)) == count.get(p, 0) for p in closing[k]):
                fill(k + 1)
            count[a] -= 1
            count[b] -= 1
            answer.pop()

    fill(0)
    return found
