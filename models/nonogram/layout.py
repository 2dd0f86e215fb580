"""How the generator lays out a Nonogram board (the loop is the kit's,
:mod:`cpsolve.grid.generate`): a random picture (:func:`picture`: noise smoothed into
blobs, as published pictures are, its share of shaded cells the ``--fill`` option),
every line's clue read off it; where the clues leave cells open,
one of them, at random, is flipped and the clues read again. Published nonograms
give every line its clue, so the kit keeps them all by default (``--density 1``).
"""

from __future__ import annotations

import numpy as np

from cpsolve.grid.layouts import Cell, Layout, Settings
from cpsolve.models.nonogram.board import Board, Shaded, clued
from cpsolve.options import Option


def picture(rows: int, cols: int, fill: float, rng: np.random.Generator) -> Shaded:
    """A random picture of blobs: noise, each cell's mean over its 3x3 neighbourhood
    mixed with a little of its own (the less, the larger the board), its ``fill``
    highest cells shaded. The mix was chosen so that the lines' runs are as many and
    as long as in the puzzlekit dataset's published nonograms (10x10: 2.1 runs a
    line, 2.4 cells long; 20x20: 3.3 and 3.0), where plain noise gives many more,
    shorter runs."""
    noise = rng.random((rows, cols))
    padded = np.pad(noise, 1, mode="edge")
    field = sum(padded[1 + dr:1 + dr + rows, 1 + dc:1 + dc + cols]
                for dr in (-1, 0, 1) for dc in (-1, 0, 1)) / 9
    own = max(0.05, 0.42 - 0.012 * max(rows, cols))
    field = (1 - own) * field + own * noise
    order = np.argsort(-field.ravel(), kind="stable")
    return frozenset(order[:round(fill * rows * cols)].tolist())


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Shaded]:
    """A random picture, every clue given."""
    fill = float(settings.options.get("fill", 0.5))
    shaded = picture(settings.rows, settings.cols, fill, rng)
    return clued(settings.rows, settings.cols, shaded), shaded


def mend(board: Board, shaded: Shaded, other: Shaded | None, cells: set[Cell],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Shaded] | None:
    """One open cell, at random, flipped in the picture, and the clues read again."""
    open_cells = sorted(board.grid.cell(r, c) for r, c in cells)
    if not open_cells:
        return None
    cell = open_cells[int(rng.integers(len(open_cells)))]
    changed = shaded ^ {cell}
    return clued(board.rows, board.cols, changed), changed


LAYOUT: Layout[Board, Shaded] = Layout(
    make=make, mend=mend,
    density=Option("density", 1.0, "Share of the line clues kept at least (published "
                   "nonograms give them all)", kind=float, low=0, high=1),
    options=(Option("fill", 0.5, "Share of the picture's cells shaded", kind=float,
                    low=0.05, high=0.95),),
    clued=True, smallest=1, symmetries=("none",))
