"""How the generator lays out a Fillomino (the loop is the kit's,
:mod:`cpsolve.grid.generate`): a filling first, areas grown at random a cell at a time
to sizes drawn from one to ``--largest`` (an area that touches one of its size grows
on or is grown again), every cell numbered; the kit then takes numbers away orbit by
orbit under the symmetry while the answer stays pinned down, the numbers of the larger
areas tried first (:func:`first`). A board with every number given is pinned down, so
there is nothing to mend.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from cpsolve.grid.geometry import Grid
from cpsolve.grid.hints import Clue
from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.models.fillomino.rules import Board, Filling
from cpsolve.options import Option

TRIES = 30  # growths of one area tried before the layout starts again


def random_filling(grid: Grid, largest: int, rnd: random.Random) -> Filling | None:
    """Areas grown at random, cell by cell in reading order of the first free cell:
    each to a size from 1 to ``largest`` (smaller ones more often), never beside an
    area of its size; ``None`` when an area found no such size."""
    filling = [0] * grid.cells
    sizes = list(range(1, largest + 1))
    weights = [1.0 / size ** 0.5 for size in sizes]
    for start in range(grid.cells):
        if filling[start]:
            continue
        for _ in range(TRIES):
            want = rnd.choices(sizes, weights)[0]
            area, frontier = [start], {o for o in grid.neighbours[start] if not filling[o]}
            while len(area) < want and frontier:
                cell = rnd.choice(sorted(frontier))
                frontier.discard(cell)
                area.append(cell)
                frontier.update(o for o in grid.neighbours[cell]
                                if not filling[o] and o not in area)
            size = len(area)
            members = set(area)
            if all(filling[o] != size for c in area for o in grid.neighbours[c]
                   if o not in members):
                for cell in area:
                    filling[cell] = size
                break
        else:
            return None
    return tuple(filling)


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Filling] | None:
    """A random filling, every cell numbered."""
    grid = settings.grid
    filling = random_filling(grid, settings.options["largest"], python_random(rng))
    if filling is None:
        return None
    return Board(grid.rows, grid.cols, tuple(filling)), filling


def first(clues: Sequence[Clue], filling: Filling) -> list[float]:
    """Each given number's area size, the larger tried first for taking away: an
    area keeps a number or two where taking them in random order left three and more
    (10x10: 47 numbers a board, its median over ten seeds, where random order left 51;
    published 9x9 to 12x12 boards, 18 to 52).

    >>> from cpsolve.grid.hints import Clue
    >>> first([Clue((0, 0), "number 2", 0, 2)], (2, 2, 1))
    [2]
    """
    return [filling[clue.index] for clue in clues]


def mend(board: Board, filling: Filling, other: Filling | None,
         cells: set[tuple[int, int]], settings: Settings, rng: np.random.Generator
         ) -> tuple[Board, Filling] | None:
    """The answer's numbers written where it is not pinned down."""
    changes = {cell: filling[cell] for cell in (board.grid.cell(r, c) for r, c in cells)
               if board.numbers[cell] != filling[cell]}
    return (board.renumbered(changes), filling) if changes else None


LAYOUT: Layout[Board, Filling] = Layout(
    make=make, mend=mend, first=first,
    density=Option("density", 0.0, "Share of the cells whose numbers are kept at least",
                   kind=float, low=0, high=1, metavar="D"),
    options=(Option("largest", 7, "The largest area a layout draws", kind=int, low=1,
                    metavar="N"),),
)

__all__ = ["LAYOUT", "first", "make", "mend", "random_filling"]
