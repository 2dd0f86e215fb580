"""How the generator lays out a Nonogram board (the loop is the kit's,
:mod:`cpsolve.grid.generate`): a random picture, its share of shaded cells the
``--fill`` option, every line's clue read off it; where the clues leave cells open,
one of them, at random, is flipped and the clues read again. Published nonograms
give every line its clue, so the kit keeps them all by default (``--density 1``).
"""

from __future__ import annotations

import numpy as np

from cpsolve.grid.layouts import Cell, Layout, Settings
from cpsolve.models.nonogram.board import Board, Shaded
from cpsolve.models.nonogram.check import measured
from cpsolve.options import Option


def clued(rows: int, cols: int, shaded: Shaded) -> Board:
    """The board whose clues ``shaded`` gives."""
    bare = Board(rows, cols, ((),) * cols, ((),) * rows)
    return Board(rows, cols, *(tuple(measured([cell in shaded for cell in bare.line(side, k)])
                                     for k in range(count))
                               for side, count in (("column", cols), ("row", rows))))


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Shaded]:
    """A random picture, every clue given."""
    fill = float(settings.options.get("fill", 0.5))
    shaded = frozenset(np.flatnonzero(rng.random(settings.rows * settings.cols) < fill)
                       .tolist())
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
