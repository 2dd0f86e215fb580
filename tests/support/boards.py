"""Random small boards for tests."""

from __future__ import annotations

import random


def random_board(seed: int, max_side: int = 5) -> list[str]:
    """A small random Akari board with random black cells and random clues 0-2 (often
    unsolvable; the generator's boards cover the solvable side)."""
    rng = random.Random(seed)
    height, width = rng.randint(1, max_side), rng.randint(1, max_side)
    black = rng.choice([0.0, 0.15, 0.3, 0.5])
    clue = rng.choice([0.0, 0.5, 1.0])
    rows = [["#" if rng.random() < black else "." for _ in range(width)] for _ in range(height)]
    for r in range(height):
        for c in range(width):
            if rows[r][c] == "#" and rng.random() < clue:
                rows[r][c] = str(rng.randint(0, 2))
    return ["".join(row) for row in rows]
