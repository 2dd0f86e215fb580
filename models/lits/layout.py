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
from typing import Any

import numpy as np

from cpsolve.grid import regions
from cpsolve.grid.geometry import Grid, renumbered
from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.grid.polyominoes import TETROMINOES, Placement
from cpsolve.grid.regions import Regions as Board
from cpsolve.models.lits.rules import SHAPES
from cpsolve.options import Option

Shading = frozenset[int]

TRIED = 6  # moves tried by one mending
COUNTED = 30  # solutions counted at most, to compare moves


def pack(grid: Grid, share: float, rnd: random.Random) -> list[Placement]:
    """Tetrominoes laid at random, each beside one laid before, no two of one shape
    side by side and no 2x2 block all shaded, until ``share`` of the cells are shaded
    or none fits."""
    every = TETROMINOES.placements(grid, range(grid.cells), SHAPES)
    by_cell = _through(grid)
    blocks_at = [[block for block in grid.blocks if cell in block] for cell in range(grid.cells)]
    owner: dict[int, Placement] = {}
    laid: list[Placement] = []

    def fits(p: Placement) -> bool:
        cells = set(p.cells)
        return not (cells & owner.keys() or any(
            owner[o].shape == p.shape for c in cells for o in grid.neighbours[c] if o in owner)
            or any(all(x in owner or x in cells for x in block)
                   for c in cells for block in blocks_at[c]))

    def shuffled(items: list[Any]) -> list[Any]:
        items = list(items)
        rnd.shuffle(items)
        return items

    found = rnd.choice(every) if every else None
    while found is not None:
        laid.append(found)
        owner.update(dict.fromkeys(found.cells, found))
        if len(owner) >= share * grid.cells:
            break
        frontier = shuffled(sorted({o for c in owner for o in grid.neighbours[c]} - owner.keys()))
        found = next((p for c in frontier for p in shuffled(by_cell[c]) if fits(p)), None)
    return laid


def _through(grid: Grid) -> list[list[Placement]]:
    """For every cell, every L, I, T and S through it."""
    out: list[list[Placement]] = [[] for _ in range(grid.cells)]
    for placement in TETROMINOES.placements(grid, range(grid.cells), SHAPES):
        for cell in placement.cells:
            out[cell].append(placement)
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
        scored = [(sum(all(c == cell or region[c] == k for c in p.cells) for p in through[cell]),
                   cell, k) for cell in sorted(left)
                  for k in {region[o] for o in grid.neighbours[cell]} - {-1}]
        least = min(added for added, _, _ in scored)
        cell, k = rnd.choice([(cell, k) for added, cell, k in scored if added == least])
        region[cell] = k
        left.discard(cell)
    return region


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """Tetrominoes at random, regions grown round them (``None`` when fewer than two
    fit)."""
    grid = settings.grid
    rnd = python_random(rng)
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
    rnd = python_random(rng)
    moves = regions.moves(grid, board.region, grid.around(cells))
    rnd.shuffle(moves)
    best: tuple[int, float, Board, Shading] | None = None
    for _cell, _into, region in moves[:TRIED]:
        changed = replace(board, region=region)
        found = solve(changed, limit=COUNTED).solutions or []
        if found and (best is None or (len(found), rnd.random()) < best[:2]):
            best = (len(found), rnd.random(), changed, found[0])
    return None if best is None else (best[2], best[3])


LAYOUT: Layout[Board, Shading] = Layout(
    make=make, mend=mend, clued=False, smallest=3, symmetries=("none",),
    density=Option("density", 0.6, "Share of the cells the tetrominoes shade (at most)", kind=float,
                   low=0.2, high=0.8, metavar="D"),
)

__all__ = ["LAYOUT", "make", "mend", "pack"]
