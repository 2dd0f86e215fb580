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
# Orders the clues are taken away in, the fewest kept, and the shading's share: with one
# order and half the board shaded, 10x10 boards kept 18 clues per 100 cells (median of
# ten seeds; published boards of 7x7 and more: 3-18, median 14, mean number 3.9); with
# these, 16 and a mean number of 3.75, at 0.07 s a board.
ORDERS = 8


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


def _holes(grid: Grid, shaded: set[int], added: list[int]) -> bool:
    """Whether shading ``added`` too leaves an unshaded cell beside them with no
    unshaded neighbour (a hole of one cell: its clue a 7 or an 8, rare in published
    boards)."""
    now = shaded | set(added)
    return any(other not in now and all(o in now for o in grid.neighbours[other])
               for cell in added for other in grid.neighbours[cell])


def grow(grid: Grid, symmetry: str, share: float, rnd: random.Random) -> set[int] | None:
    """A connected shading with the symmetry and no 2x2 block, covering ``share`` of
    the board at least (``None`` when the growth got stuck first). It grows as walls
    do: a cell beside one shaded cell first, and none that leaves a hole of one cell
    while another can be taken."""
    blocks = _blocks_of(grid)
    middle = (grid.rows - 1) / 2, (grid.cols - 1) / 2

    def off_middle(cell: int) -> float:
        r, c = grid.rc(cell)
        return abs(r - middle[0]) + abs(c - middle[1])

    # A start near the middle, where its images are near it, so that they meet soon.
    near = sorted(range(grid.cells), key=off_middle)[:max(4, grid.cells // 10)]
    start = grid.orbit(rnd.choice(near), symmetry)
    if _blocked(blocks, set(), list(start)):
        return None
    shaded = set(start)
    while True:
        apart = len(components(sorted(shaded), grid.neighbours)) > 1
        if len(shaded) >= share * grid.cells and not apart:
            return shaded
        frontier = sorted({o for cell in shaded for o in grid.neighbours[cell]} - shaded)
        rnd.shuffle(frontier)
        frontier.sort(key=lambda cell: sum(o in shaded for o in grid.neighbours[cell]) > 1)
        if apart:  # the images grow towards the middle until they meet
            frontier.sort(key=off_middle)
        taken = None
        for careful in (True, False):
            for cell in frontier:
                orbit = [c for c in grid.orbit(cell, symmetry) if c not in shaded]
                if not _blocked(blocks, shaded, orbit) and not (
                        careful and _holes(grid, shaded, orbit)):
                    taken = orbit
                    break
            if taken is not None:
                break
        if taken is None:
            return None
        shaded.update(taken)


def read_clue(grid: Grid, shading: Shading, cell: int) -> Runs:
    """The clue ``cell``'s ring reads under ``shading`` (its runs, longest first)."""
    empty = TapaGrid(grid.rows, grid.cols, (None,) * grid.cells)
    return tuple(sorted(ring_runs(empty, shading, cell), reverse=True))


def clued(grid: Grid, shading: Shading, large: int = 9) -> TapaGrid:
    """The board with every unshaded cell given the clue its ring reads, but a clue of
    one number from ``large``."""
    clues: list[Runs | None] = []
    for cell in range(grid.cells):
        clue = None if cell in shading else read_clue(grid, shading, cell)
        clues.append(None if clue is None or (len(clue) == 1 and clue[0] >= large) else clue)
    return TapaGrid(grid.rows, grid.cols, tuple(clues))


def make(settings: Settings, rng: np.random.Generator) -> tuple[TapaGrid, Shading] | None:
    """A shading grown as the module docstring says, every other cell clued but where
    the clue is one number from ``--large`` (rare in published boards: mending gives
    them back where the answer needs them)."""
    rnd = python_random(rng)
    grid = settings.grid
    for _ in range(TRIES):
        shading = grow(grid, settings.symmetry, settings.density, rnd)
        if shading is not None:
            return (clued(grid, frozenset(shading), settings.options["large"]),
                    frozenset(shading))
    return None


def mend(board: TapaGrid, shading: Shading, other: Shading | None,
         cells: set[tuple[int, int]], settings: Settings,
         rng: np.random.Generator) -> tuple[TapaGrid, Shading] | None:
    """An unshaded cell without a clue where the answer is open, or the nearest such
    cell, given its clue (with its images); ``None`` when every cell has its clue."""
    rnd = python_random(rng)
    grid = board.grid
    near = [grid.cell(r, c) for r, c in sorted(cells)]
    seen: set[int] = set()
    while near:
        bare = [c for c in near if c not in shading and board.clues[c] is None]
        if bare:
            cell = rnd.choice(bare)
            return board.with_clues({image: read_clue(grid, shading, image)
                                     for image in grid.orbit(cell, settings.symmetry)}), shading
        seen.update(near)
        near = sorted({o for c in near for o in grid.touching[c]} - seen)
    return None


LAYOUT: Layout[TapaGrid, Shading] = Layout(
    make=make, mend=mend, clued=False,
    density=Option("density", 0.55, "Share of the board the shading covers at least",
                   kind=float, low=0.05, high=0.7, metavar="D"),
    options=(Option("large", 6, "Least single number left out of the layout's clues (9: "
                    "none left out)", kind=int, low=0, high=9, metavar="N"),),
    orders=ORDERS,
)

__all__ = ["LAYOUT", "clued", "grow", "make", "mend", "read_clue"]
