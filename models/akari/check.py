"""The Akari rules, checked on a light placement, independently of every encoding.

The checker shares nothing with the encodings but the board's cells: it computes
what each light shines on by sweeping the grid in the four directions (a light seen
from the left is one to the left with only white cells between), so a fault in
the segment tables the encoders use cannot hide a wrong solution.
"""

from __future__ import annotations

import numpy as np

from cpsolve.models.akari.board import WHITE, Board, Cell, where


def _seen(white: np.ndarray, light: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per cell: a light strictly to its left in the same run; and, the same, from above."""
    height, width = white.shape
    from_left = np.zeros_like(white)
    for c in range(1, width):
        from_left[:, c] = white[:, c] & white[:, c - 1] & (light[:, c - 1] | from_left[:, c - 1])
    from_above = np.zeros_like(white)
    for r in range(1, height):
        from_above[r] = white[r] & white[r - 1] & (light[r - 1] | from_above[r - 1])
    return from_left, from_above


def check(board: Board, lights: frozenset[Cell]) -> list[str]:
    """Every rule ``lights`` breaks on ``board``, one message each; empty when valid.

    >>> b = Board(("...", ".1.", "..."))
    >>> check(b, frozenset({(0, 1), (1, 0), (2, 2)}))
    ['clue 1 at row 2, column 2 has 2 lights around it']
    >>> check(Board(("..", "..")), frozenset({(0, 0), (1, 1)}))
    []
    >>> check(b, frozenset({(0, 0), (0, 2)}))[0]
    'lights at row 1, column 1 and row 1, column 3 shine on each other'
    """
    errors = []
    white = board.grid == WHITE
    light = np.zeros_like(white)
    for cell in sorted(lights):
        r, c = cell
        if not (0 <= r < board.height and 0 <= c < board.width):
            errors.append(f"light at {where(cell)} is outside the board")
        elif not white[r, c]:
            errors.append(f"light at {where(cell)} is on a black cell")
        else:
            light[r, c] = True
    from_left, from_above = _seen(white, light)
    flipped_left, flipped_above = _seen(white[::-1, ::-1], light[::-1, ::-1])
    from_right, from_below = flipped_left[::-1, ::-1], flipped_above[::-1, ::-1]
    for seen, (dr, dc) in ((from_left, (0, -1)), (from_above, (-1, 0))):
        # The light this one sees is the nearest one back along the run.
        for r, c in zip(*np.nonzero(light & seen)):
            i, j = int(r) + dr, int(c) + dc
            while not light[i, j]:
                i, j = i + dr, j + dc
            errors.append(f"lights at {where((i, j))} and {where((int(r), int(c)))} "
                          "shine on each other")
    lit = light | from_left | from_above | from_right | from_below
    for r, c in zip(*np.nonzero(white & ~lit)):
        errors.append(f"cell at {where((int(r), int(c)))} is not lit")
    padded = np.pad(light, 1).astype(np.int8)
    around = padded[:-2, 1:-1] + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:]
    clue = (board.grid >= 0) & (board.grid <= 4)
    for r, c in zip(*np.nonzero(clue & (around != board.grid))):
        errors.append(f"clue {board.grid[r, c]} at {where((int(r), int(c)))} has "
                      f"{around[r, c]} lights around it")
    return errors
