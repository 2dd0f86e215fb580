"""Random Akari boards with a known solution, for tests, benchmarks and experiments.

Black cells are placed at random; lights are then placed greedily on unlit white
cells in random order (a new light on an unlit cell sees no other light, so the
placement is always valid and lights every cell); finally each black cell is given
its number of neighbouring lights as a clue with probability ``clues``. The board is
therefore always solvable, though not always uniquely.
"""

from __future__ import annotations

import numpy as np

from models.akari.board import Board, Cell


def generate(width: int, height: int, *, black: float = 0.2, clues: float = 1.0,
             seed: int = 0) -> tuple[Board, frozenset[Cell]]:
    """A random ``width`` x ``height`` board and the light placement it was made from.

    >>> from models.akari.check import check
    >>> board, lights = generate(12, 9, seed=3)
    >>> check(board, lights)
    []
    """
    rng = np.random.default_rng(seed)
    is_black = rng.random((height, width)) < black
    lit = is_black.copy()
    light = np.zeros((height, width), dtype=bool)
    order = rng.permutation(height * width)
    for index in order.tolist():
        r, c = divmod(index, width)
        if lit[r, c]:
            continue
        light[r, c] = True
        lit[r, c] = True
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            i, j = r + dr, c + dc
            while 0 <= i < height and 0 <= j < width and not is_black[i, j]:
                lit[i, j] = True
                i, j = i + dr, j + dc
    padded = np.pad(light, 1).astype(np.int8)
    around = padded[:-2, 1:-1] + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:]
    numbered = is_black & (rng.random((height, width)) < clues)
    rows = []
    for r in range(height):
        rows.append("".join(
            (str(around[r, c]) if numbered[r, c] else "#") if is_black[r, c] else "."
            for c in range(width)))
    lights = frozenset(zip(*(axis.tolist() for axis in np.nonzero(light))))
    return Board(tuple(rows)), lights
