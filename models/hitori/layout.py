"""How the generator lays out a Hitori and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`), as setters make them: a shading first (cells shaded one
orbit at a time under the symmetry, at random, none touching another and the rest kept
connected), then numbers: a random Latin arrangement, every shaded cell's number then
replaced by that of an unshaded cell in its row or column (so its shading is asked
for). Where a second solution leaves a cell unshaded that the answer shades, that
cell's number becomes one the second solution shows unshaded in its row or column:
the answer keeps every rule, the second solution breaks one.
"""

from __future__ import annotations

import random

import numpy as np

from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.geometry import Grid
from cpsolve.grid.layouts import Layout, Settings, line_mates, python_random, scattered
from cpsolve.options import Option

Shading = frozenset[int]


def numbers_for(grid: Grid, shading: Shading, rnd: random.Random) -> tuple[int, ...]:
    """A random Latin arrangement of 1..max(rows, cols), each shaded cell's number
    then replaced by that of an unshaded cell in its row or column (at random)."""
    n = max(grid.rows, grid.cols)
    row_shift = rnd.sample(range(n), grid.rows)
    col_shift = rnd.sample(range(n), grid.cols)
    symbol = rnd.sample(range(1, n + 1), n)
    numbers = [symbol[(row_shift[r] + col_shift[c]) % n]
               for r in range(grid.rows) for c in range(grid.cols)]
    for cell in sorted(shading):
        open_ = [o for o in line_mates(grid, cell) if o not in shading]
        if open_:
            numbers[cell] = numbers[rnd.choice(open_)]
    return tuple(numbers)


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading]:
    """A shading with the symmetry, and numbers that ask for it."""
    rnd = python_random(rng)
    grid = settings.grid
    shading = scattered(grid, settings.options["shaded"], rnd, settings.symmetry)
    return Board(grid.rows, grid.cols, numbers_for(grid, shading, rnd)), shading


def mend(board: Board, shading: Shading, other: Shading | None, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """A cell the answer shades gets the number of a cell in its row or column: with
    a second solution, one that solution leaves unshaded beside this one unshaded too
    (so it breaks); else any cell the answer leaves unshaded. ``None`` when no cell
    can change."""
    rnd = python_random(rng)
    grid = board.grid
    chosen = [grid.cell(r, c) for r, c in sorted(cells)]
    rnd.shuffle(chosen)
    for cell in chosen:
        if cell not in shading or (other is not None and cell in other):
            continue
        mates = [o for o in line_mates(grid, cell) if board.shown(o) is not None
                 and o not in (other if other is not None else shading)
                 and board.shown(o) != board.numbers[cell]]
        if mates:
            mate = rnd.choice(mates)
            return board.renumbered({cell: board.shown(mate)}), shading
    return None


LAYOUT: Layout[Board, Shading] = Layout(
    make=make, mend=mend,
    density=Option("density", 1.0, "Share of the numbers kept at least (below 1, cells "
                   "whose number is not needed are left empty)", kind=float, low=0,
                   high=1, metavar="D"),
    options=(Option("shaded", 0.3, "Share of cells the layout tries to shade", kind=float,
                    low=0, high=0.5, metavar="S"),),
)

__all__ = ["LAYOUT", "make", "mend", "numbers_for"]
