"""How the generator lays out a Star Battle and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`), the way setters make them: the stars first (a SAT
answer of the rows' and columns' counts with stars apart, under random phases), then
regions grown around them: a region seeded at every star and grown a cell at a time
until every cell has one, then, with more than one star a region, neighbouring
regions joined that many at a time. Where the answer is not pinned down, a cell where
a second solution has a star and the answer has none moves into the region beside it:
the answer keeps every count, the second solution loses one.

Regions are laid out without symmetry, as published Star Battles are.
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np

from cpsolve.grid import regions
from cpsolve.grid.geometry import Grid, renumbered
from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.models.starbattle.board import Board, Stars
from cpsolve.options import Option

TRIES = 60  # growths tried around one placement of stars


def random_stars(size: int, stars: int, rnd: random.Random) -> Stars | None:
    """``stars`` stars in every row and column of a ``size`` x ``size`` grid, no two
    touching, at random (``None`` when there is no such placement): the SAT answer of
    the rules (the one region's count left free) nearest a random choice of cells."""
    from cpsolve.models.starbattle.rules import STATEMENT

    whole = Board(size, size, stars, (0,) * (size * size), frozenset({("region", 0)}))
    near = frozenset(cell for cell in range(whole.cells) if rnd.choice((1, -1)) > 0)
    found: Stars | None = STATEMENT.nearest(whole, near)
    return found


def grow(grid: Grid, stars: Stars, count: int, per: int, rnd: random.Random,
         even: float) -> tuple[int, ...] | None:
    """``count`` regions of ``per`` stars each around ``stars``: first a region for
    every star, grown a cell at a time into a free cell beside it (the smallest region
    with probability ``even``, else one at random) until every cell has one; then,
    for ``per`` above one, those regions joined ``per`` at a time into connected
    groups (the region with the fewest partners left first, then its neighbours with
    the fewest); ``None`` when the joining gets stuck."""
    seeds = sorted(stars)
    if len(seeds) != count * per:
        return None
    region = regions.grow(grid, [[seed] for seed in seeds], rnd, even)
    if per > 1:
        joined = _joined(grid, region, len(seeds), per, rnd)
        if joined is None:
            return None
        region = [joined[k] for k in region]
    return tuple(renumbered(region))


def _joined(grid: Grid, region: list[int], count: int, per: int,
            rnd: random.Random) -> list[int] | None:
    """Regions ``0..count-1`` joined ``per`` at a time into connected groups: the
    group of each region, or ``None`` when some region is left without partners."""
    beside: list[set[int]] = [set() for _ in range(count)]
    for a, b in grid.pairs:
        if region[a] != region[b]:
            beside[region[a]].add(region[b])
            beside[region[b]].add(region[a])
    group = [-1] * count

    def partners(k: int) -> int:
        return sum(group[o] < 0 for o in beside[k])

    for made in range(count // per):
        left = [k for k in range(count) if group[k] < 0]
        first = min(left, key=lambda k: (partners(k), rnd.random()))
        members = [first]
        group[first] = made
        while len(members) < per:
            near = sorted({o for k in members for o in beside[k] if group[o] < 0})
            if not near:
                return None
            chosen = min(near, key=lambda k: (partners(k), rnd.random()))
            group[chosen] = made
            members.append(chosen)
    return group


def published_stars(size: int) -> int:
    """The stars a unit published boards of ``size`` x ``size`` have: one below 8x8,
    two below 14x14, three to 18x18, then a fifth of the side.

    >>> [published_stars(n) for n in (6, 8, 10, 13, 14, 15, 20)]
    [1, 2, 2, 2, 3, 3, 4]
    """
    return 1 if size < 8 else 2 if size < 14 else max(3, size // 5)


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Stars] | None:
    """Stars at random, regions grown around them (``None`` when none grew)."""
    size = settings.rows
    per = settings.options["stars"] or published_stars(size)
    rnd = python_random(rng)
    stars = random_stars(size, per, rnd)
    if stars is None:
        return None
    for _ in range(TRIES):
        region = grow(settings.grid, stars, size, per, rnd, settings.density)
        if region is not None:
            return Board(size, size, per, region), stars
    return None


def mend(board: Board, stars: Stars, other: Stars | None, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Stars] | None:
    """A cell where the answer has no star moved into a region beside it (the answer
    keeps every count): first a cell where ``other`` (a second solution) has a star,
    so that ``other`` breaks a region's count, then any of ``cells``, then a cell
    beside them; ``None`` when no such cell can move."""
    grid = board.grid
    near = [grid.cell(r, c) for r, c in sorted(cells)]
    region = regions.mended(grid, board.region, stars,
                            [cell for cell in near if other is not None and cell in other],
                            near, python_random(rng))
    return None if region is None else (replace(board, region=region), stars)


def too_small(rows: int, cols: int) -> str | None:
    """A Star Battle is square (as many rows, columns and regions).

    >>> too_small(6, 6), too_small(6, 7)
    (None, 'a Star Battle is square: as many rows as columns')
    """
    return None if rows == cols else "a Star Battle is square: as many rows as columns"


LAYOUT: Layout[Board, Stars] = Layout(
    make=make, mend=mend, too_small=too_small, clued=False, smallest=1,
    symmetries=("none",),
    density=Option("density", 0.5, "How evenly the regions grow: 0 shapes at random, 1 "
                   "regions of even sizes", kind=float, low=0, high=1, metavar="D"),
    options=(Option("stars", None, "Stars in every row, column and region (default: as "
                    "published boards of the size have, 1 below 8x8, 2 below 14x14, 3 to "
                    "18x18, then a fifth of the side)", kind=int, low=1, metavar="N"),),
)

__all__ = ["LAYOUT", "grow", "make", "mend", "published_stars", "random_stars"]
