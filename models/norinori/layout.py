"""How the generator lays out a Norinori and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`), the way setters make them: the dominoes first, laid at
random where they touch no domino laid before (beside one at a corner, most times, so
that they pack as published boards do) until the share ``--density`` asks for is
shaded; then a region grown round every shaded cell, into the unshaded cells, and
those regions joined two at a time (the two halves of a domino, or halves of two),
so that each holds two shaded cells; half of those that hold a whole domino cut
down to it, as a fifth of published boards' regions are. Where the answer is not
pinned down, a cell moves into the region beside it (or a cell and a neighbour of its
own region, for a cell no other region touches): of a few such moves near where
solutions differ, the one that leaves the fewest cells undetermined (the setter's
``--explain``), the answer kept where it still holds.

Regions are laid out without symmetry, as published Norinori are.
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np

from cpsolve.grid import regions
from cpsolve.grid.geometry import Grid, renumbered
from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.grid.regions import Regions as Board
from cpsolve.options import Option

Shading = frozenset[int]

TRIES = 60  # growths and joinings tried around one shading
TRIED = 12  # moves compared by one mending (and as many double moves)
ALONE = 0.5  # the share of regions holding a whole domino cut down to it
GIVE_UP = 0.25  # how often a mending no move improves gives up the layout
CORNER = 0.8  # how often a domino is laid at a corner of one laid before


def dominoes(grid: Grid, share: float, rnd: random.Random) -> Shading:
    """Dominoes at random, none touching another by an edge, until ``share`` of the
    cells are shaded or none fits: each laid, with probability :data:`CORNER`, on a
    cell at a corner of the shading (else on any cell), the first of its two ways
    that fits."""
    shaded: set[int] = set()
    blocked: set[int] = set()  # shaded cells and the cells beside them
    corners: set[int] = set()  # cells at a corner of the shading

    def fits(a: int, b: int) -> bool:
        return a not in blocked and b not in blocked

    free = set(range(grid.cells))
    while len(shaded) < share * grid.cells:
        near = sorted(corners - blocked)
        pool = near if near and rnd.random() < CORNER else sorted(free - blocked)
        if not pool:
            return frozenset(shaded)
        rnd.shuffle(pool)
        for a in pool[:8]:
            mates = [b for b in grid.neighbours[a] if fits(a, b)]
            if mates:
                b = rnd.choice(mates)
                shaded.update((a, b))
                blocked.update((a, b), grid.neighbours[a], grid.neighbours[b])
                corners.update(grid.touching[a], grid.touching[b])
                break
            free.discard(a)  # the shading only grows: no domino fits here again
            corners.discard(a)
    return frozenset(shaded)


def paired(grid: Grid, region: list[int], count: int, rnd: random.Random
           ) -> list[int] | None:
    """Regions ``0..count-1`` joined two at a time, each with a region beside it (the
    region with the fewest partners left first, then its neighbour with the fewest):
    the pair of each region, or ``None`` when one is left without a partner."""
    beside: list[set[int]] = [set() for _ in range(count)]
    for a, b in grid.pairs:
        if region[a] != region[b] and region[a] >= 0 and region[b] >= 0:
            beside[region[a]].add(region[b])
            beside[region[b]].add(region[a])
    pair = [-1] * count

    def partners(k: int) -> int:
        return sum(pair[o] < 0 for o in beside[k])

    for made in range(count // 2):
        first = min((k for k in range(count) if pair[k] < 0),
                    key=lambda k: (partners(k), rnd.random()))
        near = [o for o in beside[first] if pair[o] < 0]
        if not near:
            return None
        pair[first] = pair[min(near, key=lambda k: (partners(k), rnd.random()))] = made
    return pair


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """Dominoes at random, regions grown round their cells and paired (``None`` when
    no pairing is found)."""
    grid = settings.grid
    rnd = python_random(rng)
    shading = dominoes(grid, settings.density, rnd)
    if len(shading) < 2:
        return None
    seeds = sorted(shading)
    for _ in range(TRIES):
        region = regions.grow(grid, [[seed] for seed in seeds], rnd, 0.0)
        if min(region) < 0:
            continue  # an unshaded pocket no region reached: none can be, with seeds
        pair = paired(grid, region, len(seeds), rnd)
        if pair is not None:
            joined = _alone(grid, tuple(renumbered([pair[k] for k in region])), shading, rnd)
            return Board(grid.rows, grid.cols, joined), shading
    return None


def _alone(grid: Grid, region: tuple[int, ...], shading: Shading, rnd: random.Random
           ) -> tuple[int, ...]:
    """Regions that hold a whole domino cut down to it, :data:`ALONE` of them, their
    other cells moved into the regions beside them where they can go (published boards
    have a fifth of their regions of two cells)."""
    for cell in sorted(shading):
        mate = next(o for o in grid.neighbours[cell] if o in shading)
        if mate < cell or region[mate] != region[cell] or rnd.random() >= ALONE:
            continue
        moved = True
        while moved:
            moved = False
            rest = [c for c in range(grid.cells) if region[c] == region[cell] and c not in
                    (cell, mate)]
            rnd.shuffle(rest)
            for other in rest:
                into = regions.beside(grid, region, other)
                changed = regions.moved(grid, region, other, rnd.choice(into)) if into else None
                if changed is not None:
                    region, moved = changed, True
                    break
    return region


def mend(board: Board, shading: Shading, other: Shading | None,
         cells: set[tuple[int, int]], settings: Settings, rng: np.random.Generator
         ) -> tuple[Board, Shading] | None:
    """A cell moved into a region beside it: of :data:`TRIED` such moves at random,
    first of cells ``other`` (a second solution) shades, then of ``cells`` and the
    cells beside them, the one that leaves the fewest cells undetermined (the answer
    kept where it still holds, else a solution of the changed board) or as many as
    now, most times; ``None`` when no move leaves a solution, or (with probability
    :data:`GIVE_UP`) when none leaves fewer."""
    from cpsolve.grid.setter import explain
    from cpsolve.models.norinori import NORINORI

    grid = board.grid
    rnd = python_random(rng)
    near = [grid.cell(r, c) for r, c in sorted(cells)]
    around = sorted({o for cell in near for o in grid.neighbours[cell]} - set(near))
    ring = sorted({o for cell in around for o in grid.neighbours[cell]} - set(near) - set(around))
    tried: list[tuple[int, ...]] = []
    for tier in ([c for c in near if other is not None and c in other], near, around, ring):
        found = [move for move in regions.moves(grid, board.region, tier)
                 if move[2] not in tried]
        rnd.shuffle(found)
        tried += [region for _, _, region in found[:TRIED - len(tried)]]
    tried += _through(grid, board.region, near, rnd)[:TRIED]
    best: tuple[int, float, Board, Shading] | None = None
    for region in tried:
        changed = replace(board, region=region)
        said = explain(NORINORI, changed, fixes=False)
        if said.first is None:
            continue  # no solution (or no time to find one)
        answer = shading if _holds(changed, shading) else said.first
        if said.unique:
            return changed, answer
        if best is None or (len(said.undetermined), rnd.random()) < best[:2]:
            best = (len(said.undetermined), rnd.random(), changed, answer)
    if best is None or (best[0] >= len(explain(NORINORI, board, fixes=False).undetermined)
                        and rnd.random() < GIVE_UP):
        return None  # stuck: a fresh layout is quicker than a walk on a plateau
    return best[2], best[3]


def _through(grid: Grid, region: tuple[int, ...], cells: list[int], rnd: random.Random
             ) -> list[tuple[int, ...]]:
    """Two moves at once, for a cell whose neighbours are all of its own region: a
    neighbour moved into a region beside it, then the cell into that region too."""
    out = []
    for cell in cells:
        for mate in grid.neighbours[cell]:
            if region[mate] != region[cell]:
                continue
            for into in regions.beside(grid, region, mate):
                first = regions.moved(grid, region, mate, into)
                if first is not None:
                    both = regions.moved(grid, first, cell, first[mate])
                    if both is not None:
                        out.append(both)
    rnd.shuffle(out)
    return out


def _holds(board: Board, shading: Shading) -> bool:
    """Whether every region holds two of ``shading`` (its dominoes hold whatever the
    regions)."""
    return all(sum(cell in shading for cell in cells) == 2 for cells in board.region_cells)


LAYOUT: Layout[Board, Shading] = Layout(
    make=make, mend=mend, clued=False, smallest=2, symmetries=("none",),
    density=Option("density", 0.38, "Share of the cells the dominoes shade (at most; "
                   "published boards: 0.32 to 0.5, most near 0.38)", kind=float, low=0.1,
                   high=0.5, metavar="D"),
)

__all__ = ["LAYOUT", "dominoes", "make", "mend", "paired"]
