"""A brute-force Akari counter written for the tests, sharing no code with cpsolve.

It walks the white cells in order, deciding light or no light, never placing a light
that sees another or overfilling a clue, and counts the complete placements that
light every cell and meet every clue exactly.
"""

from __future__ import annotations


def _sees(rows: list[str], r: int, c: int) -> list[tuple[int, int]]:
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        i, j = r + dr, c + dc
        while 0 <= i < len(rows) and 0 <= j < len(rows[0]) and rows[i][j] == ".":
            out.append((i, j))
            i, j = i + dr, j + dc
    return out


def solutions(rows: list[str]) -> list[frozenset[tuple[int, int]]]:
    """Every valid light placement of the board ``rows``."""
    height, width = len(rows), len(rows[0])
    whites = [(r, c) for r in range(height) for c in range(width) if rows[r][c] == "."]
    clues = {(r, c): int(ch) for r, row in enumerate(rows) for c, ch in enumerate(row)
             if ch.isdigit()}
    near = {cell: [(cell[0] + dr, cell[1] + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
            for cell in clues}
    sees = {cell: set(_sees(rows, *cell)) for cell in whites}
    found: list[frozenset[tuple[int, int]]] = []

    def count_around(cell: tuple[int, int], lights: set[tuple[int, int]]) -> int:
        return sum(1 for n in near[cell] if n in lights)

    def walk(k: int, lights: set[tuple[int, int]]) -> None:
        if k == len(whites):
            lit = set(lights)
            for light in lights:
                lit |= sees[light]
            if len(lit) == len(whites) and all(
                    count_around(cell, lights) == number for cell, number in clues.items()):
                found.append(frozenset(lights))
            return
        walk(k + 1, lights)
        cell = whites[k]
        if not (sees[cell] & lights):
            lights.add(cell)
            if all(count_around(clue, lights) <= number for clue, number in clues.items()):
                walk(k + 1, lights)
            lights.remove(cell)

    walk(0, set())
    return found
