"""How the generator lays out a LITS and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): the shading first, tetrominoes laid one at a time at
random beside those already laid (never two of one shape side by side, never a 2x2
block shaded) until the share ``--density`` asks for is shaded; then a region grown
round every tetromino, a cell at a time where it lets its region hold the fewest new
tetrominoes. Where the answer is not pinned down, a cell where solutions differ moves
into the region beside it: the move, of a few tried, that leaves the fewest solutions
(the answer may change with it).

Regions are laid out without symmetry, as published LITS are.
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np

from cpsolve.grid import regions
from cpsolve.grid.generate import Layout, Settings
from cpsolve.grid.geometry import Grid, renumbered
from cpsolve.models.lits.board import Board, Placement, Shading
from cpsolve.options import Option

TRIED = 6  # moves tried by one mending
COUNTED = 30  # solutions counted at most, to compare moves


def _rng(rng: np.random.Generator) -> random.Random:
    return random.Random(int(rng.integers(1 << 62)))


def pack(grid: Grid, share: float, rnd: random.Random) -> list[Placement]:
    """Tetrominoes laid at random, each beside one laid before, no two of one shape
    side by side and no 2x2 block all shaded, until ``share`` of the cells are shaded
    or none fits."""
    every = Board(grid.rows, grid.cols, (0,) * grid.cells).fits[0]
    by_cell: list[list[Placement]] = [[] for _ in range(grid.cells)]
    for placement in every:
        for cell in placement.cells:
            by_cell[cell].append(placement)
    owner: dict[int, Placement] = {}
    laid: list[Placement] = []
    blocks_at: list[list[tuple[int, ...]]] = [[] for _ in range(grid.cells)]
    for block in grid.blocks:
        for cell in block:
            blocks_at[cell].append(block)

    def fits(placement: Placement) -> bool:
        cells = set(placement.cells)
        if any(cell in owner for cell in cells):
            return False
        for cell in cells:
            for other in grid.neighbours[cell]:
                if other in owner and owner[other].shape == placement.shape:
                    return False
            for block in blocks_at[cell]:
                if all(c in owner or c in cells for c in block):
                    return False
        return True

    def lay(placement: Placement) -> None:
        laid.append(placement)
        for cell in placement.cells:
            owner[cell] = placement

    if not every:
        return laid
    lay(rnd.choice(every))
    while len(owner) < share * grid.cells:
        frontier = sorted({o for cell in owner for o in grid.neighbours[cell]} - set(owner))
        rnd.shuffle(frontier)
        found = None
        for cell in frontier:
            options = list(by_cell[cell])
            rnd.shuffle(options)
            found = next((p for p in options if fits(p)), None)
            if found is not None:
                break
        if found is None:
            break
        lay(found)
    return laid


def _through(grid: Grid) -> list[list[tuple[int, ...]]]:
    """For every cell, the cells of every L, I, T and S through it."""
    every = Board(grid.rows, grid.cols, (0,) * grid.cells).fits[0]
    out: list[list[tuple[int, ...]]] = [[] for _ in range(grid.cells)]
    for placement in every:
        for cell in placement.cells:
            out[cell].append(placement.cells)
    return out


def tight(grid: Grid, laid: list[Placement], rnd: random.Random) -> list[int]:
    """Regions round the tetrominoes ``laid``, grown a cell at a time where the cell
    lets its region hold the fewest new tetrominoes (ties at random), so that each
    region holds few besides its own."""
    region = [-1] * grid.cells
    for k, placement in enumerate(laid):
        for cell in placement.cells:
            region[cell] = k
    through = _through(grid)
    left = {cell for cell in range(grid.cells) if region[cell] < 0}
    while left:
        best: list[tuple[int, int]] = []
        least = None
        for cell in sorted(left):
            for k in {region[o] for o in grid.neighbours[cell]} - {-1}:
                added = sum(all(c == cell or region[c] == k for c in cells)
                            for cells in through[cell])
                if least is None or added < least:
                    least, best = added, [(cell, k)]
                elif added == least:
                    best.append((cell, k))
        cell, k = rnd.choice(best)
        region[cell] = k
        left.discard(cell)
    return region


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """Tetrominoes at random, regions grown round them (``None`` when fewer than two
    fit)."""
    grid = settings.grid
    rnd = _rng(rng)
    laid = pack(grid, settings.density, rnd)
    if len(laid) < 2:
        return None
    region = tight(grid, laid, rnd)
    shading = frozenset(cell for p in laid for cell in p.cells)
    return Board(grid.rows, grid.cols, tuple(renumbered(region))), shading


def mend(board: Board, shading: Shading, other: Shading | None,
         cells: set[tuple[int, int]], settings: Settings, rng: np.random.Generator
         ) -> tuple[Board, Shading] | None:
    """A cell where solutions differ, or one beside them, moved into the region beside
    it: of :data:`TRIED` such moves at random, the one that leaves the fewest
    solutions (counted up to :data:`COUNTED`, at least one), with a solution of the
    changed board as its answer; ``None`` when no move leaves one.

    A move that keeps the answer (an unshaded cell moved) is often not enough: a
    region whose cells no other region touches holds its tetromino in many places, and
    only moves that shift the answer reach it."""
    from cpsolve.models.lits import solve

    grid = board.grid
    rnd = _rng(rng)
    near = {grid.cell(r, c) for r, c in cells}
    pool = sorted(near | {o for cell in near for o in grid.neighbours[cell]})
    moves = regions.moves(grid, board.region, pool)
    rnd.shuffle(moves)
    best: tuple[int, float, Board, Shading] | None = None
    for _cell, _into, region in moves[:TRIED]:
        changed = replace(board, region=region)
        found = solve(changed, limit=COUNTED).solutions or []
        if found and (best is None or (len(found), rnd.random()) < best[:2]):
            best = (len(found), rnd.random(), changed, found[0])
    return None if best is None else (best[2], best[3])


LAYOUT: Layout[Board, Shading] = Layout(
    make=make, mend=mend, clued=False, smallest=3, symmetries=("none",), format="url",
    density=Option("density", 0.6, "Share of the cells the tetrominoes shade (at most)", kind=float,
                   low=0.2, high=0.8, metavar="D"),
)

__all__ = ["LAYOUT", "make", "mend", "pack"]
