"""How the generator lays out a Nurikabe and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): the sea first, the whole board; then cells are taken
from it, orbit by orbit under the symmetry, while a 2x2 block is all sea or the land
is below its share: each cell joins the island beside it or starts one (a block of sea
is broken by growing an island beside it, most times, where one can grow), never
joining two islands, never an island holding two cells of one orbit, never cutting the
sea. Each island is numbered at a cell of its own (an island and its image at images of
each other). Where the answer is not pinned down, an island's number there moves to
another of its cells where that rules out the second solution (with its images); else a
sea cell there or near, beside one island only, joins it (with its images; the number
grows); else a sea cell with no land beside it becomes an island of one (with its
images): a 1 pins the cells around it. Moving numbers was added when boards had 16-22
numbers per 100 cells, a third of them 1s (published boards of 7x7 and more: 6-17, a
median of 12, 1s 8%): at 10x10, eight seeds now give a median of 13, 1s 0%, and a
mean number of 3.2 (published 3.7).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np

from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.connectivity import components
from cpsolve.grid.geometry import Grid
from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.models.nurikabe.check import check
from cpsolve.options import Option

Shading = frozenset[int]
TRIES = 20  # random layouts of the land tried
GROW = 0.9  # how often a 2x2 block of sea is broken by growing an island beside it


def _sea_stays(grid: Grid, sea: set[int], taken: set[int]) -> bool:
    rest = sea - taken
    return not rest or len(components(rest, grid.neighbours)) == 1


def land(grid: Grid, symmetry: str, share: float, largest: int,
         rnd: random.Random) -> list[set[int]] | None:
    """Islands laid out as the module docstring says, the land short of ``share`` when
    no more cells can be taken (``None`` when a 2x2 block of sea cannot be broken)."""
    sea = set(range(grid.cells))
    island_of: dict[int, int] = {}
    islands: list[set[int]] = []
    stuck = 0
    while stuck < 20 * grid.cells:
        blocks = [b for b in grid.blocks if set(b) <= sea]
        if not blocks and len(sea) <= (1 - share) * grid.cells:
            return islands
        if blocks:
            # A cell of the block that grows an island when one can, not a new island
            # (each new one is a number more: published boards have few, and large).
            block = rnd.choice(blocks)
            growing = [c for c in block if any(o in island_of and len(islands[island_of[o]])
                                               < largest for o in grid.neighbours[c])]
            cell = rnd.choice(growing if growing and rnd.random() < GROW else block)
        else:
            frontier = [c for c in sea if any(o in island_of for o in grid.neighbours[c])]
            cell = rnd.choice(frontier or sorted(sea))
        orbit = grid.orbit(cell, symmetry)
        joins = [{island_of[o] for o in grid.neighbours[y] if o in island_of} for y in orbit]
        ok = (all(y in sea for y in orbit) and all(len(b) <= 1 for b in joins)
              and not any(o in orbit for y in orbit for o in grid.neighbours[y])
              and _sea_stays(grid, sea, set(orbit)))
        targets = [next(iter(b)) if b else None for b in joins]
        if ok:
            named = [t for t in targets if t is not None]
            ok = len(named) == len(set(named)) and all(
                len(islands[t]) < largest and not any(
                    o in islands[t] for o in grid.orbit(y, symmetry) if o != y)
                for y, t in zip(orbit, targets) if t is not None)
        if not ok:
            stuck += 1
            continue
        stuck = 0
        for y, target in zip(orbit, targets):
            sea.discard(y)
            if target is None:
                islands.append({y})
                target = len(islands) - 1
            else:
                islands[target].add(y)
            island_of[y] = target
    # no cell could be taken any more: the land stays short of its share
    return islands if not any(set(b) <= sea for b in grid.blocks) else None


def numbered(grid: Grid, islands: list[set[int]], symmetry: str,
             rnd: random.Random) -> tuple[int | None, ...]:
    """Each island's size at a cell of it, an island and its image at images."""
    numbers: list[int | None] = [None] * grid.cells
    done: set[int] = set()
    where = {cell: k for k, island in enumerate(islands) for cell in island}
    for k, island in enumerate(islands):
        if k in done:
            continue
        cell = rnd.choice(sorted(island))
        for image in grid.orbit(cell, symmetry):
            numbers[image] = len(islands[where[image]])
            done.add(where[image])
    return tuple(numbers)


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """Islands with the symmetry, each numbered (``None`` when no layout was found)."""
    rnd = python_random(rng)
    grid = settings.grid
    for _ in range(TRIES):
        islands = land(grid, settings.symmetry, settings.density,
                       settings.options["largest"], rnd)
        if islands is not None:
            shading = frozenset(range(grid.cells)) - frozenset().union(*islands)
            return (Board(grid.rows, grid.cols, numbered(grid, islands, settings.symmetry,
                                                         rnd)), shading)
    return None


def mend(board: Board, shading: Shading, other: Shading | None, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """The board changed where the answer is open, or near there, with the images of
    each change: an island's number moved to another of its cells; a sea cell beside
    one island taken into it; a sea cell with no land beside it made an island of one,
    in that order of preference. With a second solution ``other``, the first change
    that rules it out; else (or when none does) the first that can be made, a move
    excepted (``None`` when none can). Moving and growing come first: mending by
    islands of one alone made boards of 1s, and no layout of few large islands could be
    pinned down by them."""
    rnd = python_random(rng)
    grid = board.grid
    land = [c for c in range(grid.cells) if c not in shading]
    island_of: dict[int, int] = {}
    islands = components(land, grid.neighbours)
    for k, island in enumerate(islands):
        for cell in island:
            island_of[cell] = k
    near = [grid.cell(r, c) for r, c in sorted(cells)]
    around = sorted({o for cell in near for o in grid.neighbours[cell]} - set(near))
    further = sorted({o for cell in around for o in grid.neighbours[cell]}
                     - set(near) - set(around))
    for tier in (near, around, further):
        rnd.shuffle(tier)

    def changes() -> Iterator[tuple[Board, Shading]]:
        for tier in (near, around, further):
            for cell in tier:
                grown = _grown(board, shading, islands, island_of, cell, settings)
                if grown is not None:
                    yield grown
        for tier in (near, around):
            for cell in tier:
                orbit = grid.orbit(cell, settings.symmetry)
                if all(y in shading and all(o in shading for o in grid.neighbours[y])
                       and not any(o in orbit for o in grid.neighbours[y]) for y in orbit) \
                        and _sea_stays(grid, set(shading), set(orbit)):
                    yield board.renumbered({y: 1 for y in orbit}), shading - set(orbit)

    if other is not None:
        moved = _moved(board, shading, other, islands, island_of, [*near, *around], settings,
                       rnd)
        if moved is not None:
            return moved
        ruled_out = next((c for c in changes() if check(c[0], other)), None)
        if ruled_out is not None:
            return ruled_out
    return next(changes(), None)


def _moved(board: Board, shading: Shading, other: Shading, islands: list[list[int]],
           island_of: dict[int, int], cells: list[int], settings: Settings,
           rnd: random.Random) -> tuple[Board, Shading] | None:
    """The number of an island at or beside ``cells`` moved to another cell of its
    island (its images with it), where that rules out the second solution ``other``:
    no number more, none larger (``None`` when no move does). A number only moves
    forward."""
    grid = board.grid
    touched = sorted({island_of[c] for c in cells if c in island_of})
    rnd.shuffle(touched)
    for k in touched:
        numbered = [c for c in islands[k] if board.numbers[c] is not None]
        if len(numbered) != 1:
            continue
        start = numbered[0]
        # Forward only, in reading order of the orbits' first cells (the same measure
        # for an island and its image): a number moves a few times at most, and the
        # mending cannot go round in circles.
        least = min(grid.orbit(start, settings.symmetry))
        targets = [c for c in islands[k] if min(grid.orbit(c, settings.symmetry)) > least]
        rnd.shuffle(targets)
        for cell in targets:
            changes: dict[int, int | None] = {}
            for source, target in zip(grid.images(start, settings.symmetry),
                                      grid.images(cell, settings.symmetry)):
                if island_of.get(target) != island_of.get(source) \
                        or board.numbers[source] is None:
                    break
                changes[source] = None
                changes[target] = board.numbers[source]
            else:
                moved = board.renumbered(changes)
                if check(moved, other) and not check(moved, shading):
                    return moved, shading
    return None


def _grown(board: Board, shading: Shading, islands: list[set[int]] | list[list[int]],
           island_of: dict[int, int], cell: int, settings: Settings
           ) -> tuple[Board, Shading] | None:
    """``cell`` and its images, sea cells each beside one island and no other, taken
    into those islands (their numbers counted again); ``None`` where that breaks a rule
    (two islands joined, the sea cut, an island past ``--largest``)."""
    grid = board.grid
    orbit = grid.orbit(cell, settings.symmetry)
    joins = [{island_of[o] for o in grid.neighbours[y] if o in island_of} for y in orbit]
    if not all(y in shading and len(b) == 1 for y, b in zip(orbit, joins)) \
            or any(o in orbit for y in orbit for o in grid.neighbours[y]):
        return None
    targets = [next(iter(b)) for b in joins]
    gained = {t: targets.count(t) for t in targets}
    if any(len(islands[t]) + n > settings.options["largest"] for t, n in gained.items()) \
            or not _sea_stays(grid, set(shading), set(orbit)):
        return None
    numbers = {c: len(islands[t]) + gained[t] for t in gained for c in islands[t]
               if board.numbers[c] is not None}
    return board.renumbered(numbers), shading - set(orbit)


def unfit(rows: int, cols: int, symmetry: str) -> str | None:
    """A mirrored layout needs an odd width: with an even one the two middle columns
    are each other's images, so a cell there and its image, side by side, would be one
    island holding two numbers; all sea, they hold a 2x2 block.

    >>> unfit(6, 8, "mirror") is not None, unfit(6, 7, "mirror"), unfit(6, 8, "rot2")
    (True, None, None)
    """
    if symmetry == "mirror" and cols % 2 == 0:
        return (f"a Nurikabe laid out with --symmetry mirror needs an odd width, not {cols}: "
                "its two middle columns, each other's images, cannot hold land, and all sea "
                "they hold 2x2 blocks")
    return None


LAYOUT: Layout[Board, Shading] = Layout(
    make=make, mend=mend, clued=False, unfit=unfit,
    density=Option("density", 0.4, "Share of the board the islands take at least", kind=float,
                   low=0, high=0.8, metavar="D"),
    options=(Option("largest", 9, "Most cells in an island as laid out", kind=int, low=1,
                    metavar="N"),),
)

__all__ = ["LAYOUT", "land", "make", "mend", "numbered", "unfit"]
