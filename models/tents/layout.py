"""How the generator lays out a Tents board (the loop is the kit's,
:mod:`cpsolve.grid.generate`), as Tatham's Tents does: tents scattered at random, no
two touching, a fifth of the cells as published boards have them (``--trees``); each
tent given a tree of its own beside it by a random matching; every number outside the
grid given, as janko.at and Tatham give them. A board whose tents are not pinned down
is laid out again.
"""

from __future__ import annotations

import numpy as np

from cpsolve.grid.layouts import Cell, Layout, Settings, python_random
from cpsolve.models.tents.board import Board, Tents
from cpsolve.options import Option

TREES = Option("trees", 0.2, "Share of the cells holding a tree (published boards: 0.19 "
               "to 0.20)", kind=float, low=0.01, high=0.25)


def counted(rows: int, cols: int, trees: tuple[bool, ...], tents: Tents) -> Board:
    """The board of ``trees`` with every number ``tents`` gives outside the grid."""
    bare = Board(rows, cols, trees, ((None,) * cols, (None,) * rows))
    return bare.resided({(side, line): sum(c in tents for c in bare.line(side, line))
                         for side, size in (("top", cols), ("left", rows))
                         for line in range(size)})


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Tents] | None:
    """Tents at random, none touching, each with a tree of its own beside it."""
    grid, rnd = settings.grid, python_random(rng)
    want = max(1, round(settings.options.get("trees", TREES.default) * grid.cells))
    tents: set[int] = set()
    for cell in rnd.sample(range(grid.cells), grid.cells):
        if len(tents) == want:
            break
        if not any(other in tents for other in grid.touching[cell]):
            tents.add(cell)
    owner: dict[int, int] = {}  # a tree's cell -> its tent

    def give(tent: int, seen: set[int]) -> bool:
        spots = [c for c in grid.neighbours[tent] if c not in tents]
        rnd.shuffle(spots)
        for spot in spots:
            if spot not in seen:
                seen.add(spot)
                if spot not in owner or give(owner[spot], seen):
                    owner[spot] = tent
                    return True
        return False

    if not all(give(tent, set()) for tent in sorted(tents, key=lambda _: rnd.random())):
        return None
    trees = tuple(cell in owner for cell in range(grid.cells))
    return counted(grid.rows, grid.cols, trees, frozenset(tents)), frozenset(tents)


def mend(board: Board, tents: Tents, other: Tents | None, cells: set[Cell],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Tents] | None:
    """No mending: the layout is tried again."""
    return None


LAYOUT: Layout[Board, Tents] = Layout(
    make=make, mend=mend,
    density=Option("density", 1.0, "Share of the numbers outside the grid kept at least "
                   "(published boards give them all; the kit takes numbers away while the "
                   "answer stays pinned down)", kind=float, low=0, high=1),
    options=(TREES,), clued=True, smallest=2, symmetries=("none",))
