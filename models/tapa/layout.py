"""How the generator lays out a Tapa (the loop is the kit's, :mod:`cpsolve.grid.generate`):
a shading grown from one cell's orbit, a cell beside it with its images at a time,
never making a 2x2 block all shaded, until it covers its share of the board and is
connected; then every unshaded cell is given the clue its ring reads. With every such
clue the shading is the one answer (a shaded cell beside a clue is pinned by it, and
every shaded cell has an unshaded neighbour in its ring: no 2x2 block is all shaded),
so there is nothing to mend; the kit then takes clues away, orbit by orbit, while the
answer stays pinned down.
"""

from __future__ import annotations

import random

import numpy as np

from cpsolve.grid.connectivity import components
from cpsolve.grid.geometry import Grid
from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.models.tapa.board import Runs, TapaGrid
from cpsolve.models.tapa.check import ring_runs
from cpsolve.options import Option

Shading = frozenset[int]
TRIES = 30  # shadings grown before the layout is given up


def _blocks_of(grid: Grid) -> dict[int, list[tuple[int, ...]]]:
    """The 2x2 blocks each cell is in."""
    found: dict[int, list[tuple[int, ...]]] = {cell: [] for cell in range(grid.cells)}
    for block in grid.blocks:
        for cell in block:
            found[cell].append(block)
    return found


def _blocked(blocks: dict[int, list[tuple[int, ...]]], shaded: set[int],
             added: list[int]) -> bool:
    """Whether shading ``added`` too makes a 2x2 block all shaded."""
    now = shaded | set(added)
    return any(all(c in now for c in block) for cell in added for block in blocks[cell])


def grow(grid: Grid, symmetry: str, share: float, rnd: random.Random) -> set[int] | None:
    """A connected shading with the symmetry and no 2x2 block, covering ``share`` of
    the board at least (``None`` when the growth got stuck first)."""
    blocks = _blocks_of(grid)
    start = grid.orbit(rnd.randrange(grid.cells), symmetry)
    if _blocked(blocks, set(), list(start)):
        return None
    shaded = set(start)
    while True:
        if len(shaded) >= share * grid.cells and \
                len(components(sorted(shaded), grid.neighbours)) == 1:
            return shaded
        frontier = sorted({o for cell in shaded for o in grid.neighbours[cell]} - shaded)
        rnd.shuffle(frontier)
        for cell in frontier:
            orbit = [c for c in grid.orbit(cell, symmetry) if c not in shaded]
            if not _blocked(blocks, shaded, orbit):
                shaded.update(orbit)
                break
        else:
            return None


def clued(grid: Grid, shading: Shading) -> TapaGrid:
    """The board with every unshaded cell given the clue its ring reads (its runs,
    longest first)."""
    empty = TapaGrid(grid.rows, grid.cols, (None,) * grid.cells)
    clues: list[Runs | None] = [
        None if cell in shading else tuple(sorted(ring_runs(empty, shading, cell),
                                                  reverse=True))
        for cell in range(grid.cells)]
    return TapaGrid(grid.rows, grid.cols, tuple(clues))


def make(settings: Settings, rng: np.random.Generator) -> tuple[TapaGrid, Shading] | None:
    """A shading grown as the module docstring says, every other cell clued."""
    rnd = python_random(rng)
    grid = settings.grid
    for _ in range(TRIES):
        shading = grow(grid, settings.symmetry, settings.density, rnd)
        if shading is not None:
            return clued(grid, frozenset(shading)), frozenset(shading)
    return None


def mend(board: TapaGrid, shading: Shading, other: Shading | None,
         cells: set[tuple[int, int]], settings: Settings,
         rng: np.random.Generator) -> tuple[TapaGrid, Shading] | None:
    """Nothing to mend: a board with every clue pins its shading down (``None``: the
    kit lays out another)."""
    return None


LAYOUT: Layout[TapaGrid, Shading] = Layout(
    make=make, mend=mend, clued=False,
    density=Option("density", 0.55, "Share of the board the shading covers at least",
                   kind=float, low=0.05, high=0.7, metavar="D"),
)

__all__ = ["LAYOUT", "clued", "grow", "make", "mend"]
