"""How the generator lays out a Tents board (the loop is the kit's,
:mod:`cpsolve.grid.generate`), as Tatham's Tents does: tents scattered at random, no
two touching, a fifth of the cells as published boards have them (``--trees``); each
tent given a tree of its own beside it by a random matching, kept when the trees and tents
pair off in that one way alone (as Tatham's generator asks, and as published boards
are); every number outside the grid given, as janko.at and Tatham give them. A board
whose tents are not pinned down is laid out again.
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


def one_pairing(trees: tuple[int, ...], tents: Tents, beside: list[list[int]]) -> bool:
    """Whether ``trees`` and ``tents`` pair off in one way alone: a tree with one tent
    left beside it takes it, and a tent with one tree, until none is left (Tatham's
    Tents shows that this finds every matching that is the only one, and stops short
    of any other).

    >>> one_pairing((1,), frozenset({0}), [[1], [0, 2], [1]])
    True
    >>> one_pairing((1, 3), frozenset({0, 2}), [[1, 3], [0, 2], [1, 3], [0, 2]])
    False
    """
    trees_left, tents_left = set(trees), set(tents)
    while trees_left:
        moved = False
        for ones, others in ((trees_left, tents_left), (tents_left, trees_left)):
            for one in sorted(ones):
                if one not in ones:
                    continue
                near = [o for o in beside[one] if o in others]
                if len(near) == 1:
                    ones.discard(one)
                    others.discard(near[0])
                    moved = True
        if not moved:
            return False
    return True


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
    if not one_pairing(tuple(owner), frozenset(tents), grid.neighbours):
        return None  # as published boards: the tents pair off with the trees one way
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
