"""The Akari rules, checked on a light placement, independently of every encoding.

The checker shares nothing with the encodings but the board's cells: it finds the
runs of white cells itself (a run starts at a white cell whose neighbour before it,
to the left or above, is black or the edge), counts the lights in each, and reads
every rule from those counts, so a fault in the segment tables the encoders use
cannot hide a wrong solution.
"""

from __future__ import annotations

import numpy as np

from cpsolve.grid.geometry import Broken, where
from cpsolve.models.akari.board import WHITE, Board, Cell


def _runs(white: np.ndarray) -> np.ndarray:
    """Per cell, the id of its run of white cells along the rows (meaningful on white
    cells only)."""
    start = white.copy()
    start[:, 1:] &= ~white[:, :-1]
    return np.cumsum(start.ravel()).reshape(white.shape)


def _pairs(runs: np.ndarray, light: np.ndarray) -> list[tuple[Cell, Cell]]:
    """Each light with the nearest light before it in its run (row-major ``runs``),
    as (before, light) pairs, ordered by the later light."""
    rs, cs = np.nonzero(light)
    ids = runs[rs, cs]
    same = np.nonzero(ids[1:] == ids[:-1])[0]
    return [((int(rs[k]), int(cs[k])), (int(rs[k + 1]), int(cs[k + 1]))) for k in same]


def check(board: Board, lights: frozenset[Cell]) -> list[str]:
    """Every rule ``lights`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(("...", ".1.", "..."))
    >>> check(b, frozenset({(0, 1), (1, 0), (2, 2)}))
    ['clue 1 at row 2, column 2 has 2 lights around it']
    >>> check(Board(("..", "..")), frozenset({(0, 0), (1, 1)}))
    []
    >>> check(b, frozenset({(0, 0), (0, 2)}))[0]
    'lights at row 1, column 1 and row 1, column 3 shine on each other'
    """
    errors: list[str] = []
    white = board.grid == WHITE
    light = np.zeros_like(white)
    for cell in sorted(lights):
        r, c = cell
        if not (0 <= r < board.height and 0 <= c < board.width):
            errors.append(Broken(f"light at {where(cell)} is outside the board"))
        elif not white[r, c]:
            errors.append(Broken(f"light at {where(cell)} is on a black cell", cell))
        else:
            light[r, c] = True
    across = _runs(white)
    down = _runs(white.T)
    pairs = _pairs(across, light)
    pairs += sorted((((a[1], a[0]), (b[1], b[0])) for a, b in _pairs(down, light.T)),
                    key=lambda pair: pair[1])
    errors.extend(Broken(f"lights at {where(a)} and {where(b)} shine on each other", a, b)
                  for a, b in pairs)
    # A white cell is lit when its row run or its column run holds a light.
    in_across = np.bincount(across[light], minlength=int(across.max()) + 1)
    in_down = np.bincount(down[light.T], minlength=int(down.max()) + 1)
    lit = (in_across[across] > 0) | (in_down[down] > 0).T
    for r, c in zip(*np.nonzero(white & ~lit)):
        dark = (int(r), int(c))
        errors.append(Broken(f"cell at {where(dark)} is not lit", dark))
    padded = np.pad(light, 1).astype(np.int8)
    around = padded[:-2, 1:-1] + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:]
    clue = (board.grid >= 0) & (board.grid <= 4)
    for r, c in zip(*np.nonzero(clue & (around != board.grid))):
        cell = (int(r), int(c))
        errors.append(Broken(f"clue {board.grid[r, c]} at {where(cell)} has "
                             f"{around[r, c]} lights around it", cell))
    return errors
