"""How the generator lays out a Yajisan-Kazusan and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): a shading first (cells shaded one orbit at a time under
the symmetry, at random, none touching another and the rest kept connected), then a
number with an arrow on every cell: on an unshaded cell the true count of shaded cells
in a direction drawn at random, the more shaded cells a direction holds the likelier
(weights ``(count + 1/2) ** 4``: published boards' numbers are seldom 0 or 1); on a
shaded cell (all of them by default, ``--lies``) a number one off the count there,
which holds only because its cell is shaded, as published boards shade a third of
their clues or more. The kit then takes clues away one by one (published boards'
clues stand anywhere, their shading too, though the layout's shading has the
symmetry) while the answer stays the only one (and the grade's reasoning reaches
it). Where the answer is not pinned down, a cell there without a clue gets one (with
its images).
"""

from __future__ import annotations

import random

import numpy as np

from cpsolve.grid.arrows import STEPS, Arrow
from cpsolve.grid.arrows import ArrowGrid as Board
from cpsolve.grid.geometry import Grid
from cpsolve.grid.layouts import Layout, Settings, python_random, scattered
from cpsolve.options import Option

Shading = frozenset[int]
WEIGHT = 4


def arrow(grid: Grid, shading: Shading, cell: int, rnd: random.Random,
          lies: float) -> Arrow | None:
    """A clue for ``cell``: the count along a random direction with cells in it, or
    on a shaded cell (with chance ``lies``) a number one off the count; ``None`` for
    a shaded cell left without one."""
    ways = [d for d in sorted(STEPS) if grid.ray(cell, *STEPS[d])]
    if not ways or (cell in shading and rnd.random() >= lies):
        return None
    counts = {d: sum(1 for other in grid.ray(cell, *STEPS[d]) if other in shading)
              for d in ways}
    way = rnd.choices(ways, [(counts[d] + 0.5) ** WEIGHT for d in ways])[0]
    count = counts[way]
    if cell in shading:
        count = count + 1 if count == 0 or rnd.random() < 0.5 else count - 1
    return Arrow(count, way)


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """A shading with the symmetry, a clue on every cell (on shaded ones, a share)."""
    grid = settings.grid
    rnd = python_random(rng)
    shading = scattered(grid, settings.options["shaded"], rnd, settings.symmetry)
    if not shading:
        return None
    lies = settings.options["lies"]
    return Board(grid.rows, grid.cols, tuple(arrow(grid, shading, cell, rnd, lies)
                                             for cell in range(grid.cells))), shading


def mend(board: Board, shading: Shading, other: Shading | None, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """The cells without a clue where the answer is open (and their images) given
    one (a shaded one always a number that is not its count); ``None`` when none is
    left without one."""
    grid = board.grid
    rnd = python_random(rng)
    chosen = {image for r, c in cells for image in grid.orbit(grid.cell(r, c),
                                                              settings.symmetry)}
    added = {cell: made for cell in sorted(chosen) if board.clues[cell] is None
             and (made := arrow(grid, shading, cell, rnd, 1.0)) is not None}
    if not added:
        return None
    return board.with_clues(added), shading


LAYOUT: Layout[Board, Shading] = Layout(
    make=make, mend=mend,
    density=Option("density", 0.0, "Share of the clues kept at least (0: only those the "
                   "answer needs)", kind=float, low=0, high=1, metavar="D"),
    options=(Option("shaded", 0.3, "Share of cells the layout tries to shade", kind=float,
                    low=0, high=0.5, metavar="S"),
             Option("lies", 1.0, "Share of shaded cells given a number that is not their "
                    "count", kind=float, low=0, high=1, metavar="L")),
)

__all__ = ["LAYOUT", "arrow", "make", "mend"]
