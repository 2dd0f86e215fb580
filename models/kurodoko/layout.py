"""How the generator lays out a Kurodoko and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): a shading first (cells shaded one orbit at a time under
the symmetry, at random, none touching another and the rest kept connected), then
every unshaded cell numbered with the cells it sees, so that the layout pins its
answer down; the kit then takes numbers away, orbit by orbit, while the answer stays
the only one (and the grade's reasoning reaches it). Where the answer is not pinned
down, an unshaded cell there without a number gets one (with its images).
"""

from __future__ import annotations

import numpy as np

from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.geometry import Grid
from cpsolve.grid.layouts import Layout, Settings, python_random, scattered
from cpsolve.options import Option

Shading = frozenset[int]


def counted(grid: Grid, shading: Shading, cells: set[int]) -> dict[int, int]:
    """The number each of ``cells`` shows: the cells it sees, itself included."""
    is_open = [cell not in shading for cell in range(grid.cells)]
    return {cell: 1 + len(grid.sight(cell, is_open)) for cell in cells}


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading]:
    """A shading with the symmetry, every unshaded cell numbered."""
    grid = settings.grid
    shading = scattered(grid, settings.options["shaded"], python_random(rng),
                        settings.symmetry)
    shown = counted(grid, shading, set(range(grid.cells)) - shading)
    return Board(grid.rows, grid.cols, tuple(map(shown.get, range(grid.cells)))), shading


def mend(board: Board, shading: Shading, other: Shading | None, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """The unshaded cells without a number where the answer is open (and their
    images) numbered; ``None`` when they all have one."""
    grid = board.grid
    chosen = {image for r, c in cells for image in grid.orbit(grid.cell(r, c),
                                                              settings.symmetry)}
    bare = {cell for cell in chosen if cell not in shading and board.numbers[cell] is None}
    if not bare:
        return None
    return board.renumbered(counted(grid, shading, bare)), shading


LAYOUT: Layout[Board, Shading] = Layout(
    make=make, mend=mend,
    # A quarter of the numbers kept, at least: as many a 100 cells as published boards
    # have (taking away all that can go leaves 13 to 16, published 16 to 28).
    density=Option("density", 0.25, "Share of the numbers kept at least (0: only those "
                   "the answer needs)", kind=float, low=0, high=1, metavar="D"),
    options=(Option("shaded", 0.25, "Share of cells the layout tries to shade", kind=float,
                    low=0, high=0.5, metavar="S"),),
)

__all__ = ["LAYOUT", "counted", "make", "mend"]
