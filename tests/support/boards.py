"""Boards for tests: random small ones, a genre's published ones, and a long one."""

from __future__ import annotations

import random


def published_unique(name: str) -> list[str]:
    """The grid genre ``name``'s published unique boards not marked slow (its
    ``cases.toml``), smallest first."""
    from cpsolve import registry
    from cpsolve.grid import cases as genre_cases

    cases = genre_cases.of(registry.target(name).split(":")[0])
    boards = [c for c in cases.published if c.outcome == "unique" and not c.slow]
    return sorted((c.board for c in boards), key=len)


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


def scrambled(n: int, moves: int, seed: int = 1) -> str:
    """An n x n sliding board ``moves`` random blank moves from the goal (solvable)."""
    rng = random.Random(seed)
    cells = list(range(1, n * n)) + [0]
    blank = n * n - 1
    for _ in range(moves):
        r, c = divmod(blank, n)
        options = [b for b, ok in ((blank - n, r > 0), (blank + n, r < n - 1),
                                   (blank - 1, c > 0), (blank + 1, c < n - 1)) if ok]
        target = rng.choice(options)
        cells[blank], cells[target] = cells[target], 0
        blank = target
    return "\n".join(" ".join(map(str, cells[r * n:(r + 1) * n])) for r in range(n)) + "\n"


# janko.at's Arukone 127 (15x15, every cell on a path): not decided in minutes, by
# any solver here; a search that runs on until it is stopped.
ARUKONE_127 = "15 15 fill\n" + "\n".join([
    "- - - - - - - - - - 7 - - - -", "- 5 - - - - - - 1 - - - - - -",
    "- 3 2 - - - - - - - - - - - -", "- - - 4 - - - - - - - 5 6 - -",
    "- - - - - - - - - - - - 2 - -", *["- " * 14 + "-"] * 3,
    "- - - - - - - - - - - - - 4 -", "- " * 14 + "-",
    "- - - - 6 - - - - - - - - - -", "- - - 1 - - - - 7 - - - - - -",
    *["- " * 14 + "-"] * 2, "- - - - - - - 3 - - - - - - -"]) + "\n"
