"""How the generator lays out a Sashigane and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): Ls laid at random, each on the first cell no L holds
yet in a random order of the cells, of a random size up to ``--largest``; the cells no
L could take are then left to the rules' own solver, led by the Ls laid (the answer
nearest them, :meth:`~cpsolve.grid.rules.Statement.nearest`, on a board without
clues). Every corner gets a circle (numbered at the rate ``--numbered``), every arm's
end an arrow; the kit then takes clues away while the answer stays pinned down. A
layout whose clues leave it open is started again.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from cpsolve.grid.geometry import Grid
from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.models.sashigane.board import CIRCLE, Board, Value
from cpsolve.models.sashigane.rules import STATEMENT, Joins, Shape, cells_of
from cpsolve.options import Option

TRIES = 30  # placements tried for one cell before it is left to the solver


def shapes_at(grid: Grid, cell: int, free: set[int], largest: int,
              rnd: random.Random) -> Shape | None:
    """A random L on free cells that holds ``cell``, of at most ``largest`` cells."""
    cols = grid.cols
    r, c = divmod(cell, cols)
    for _ in range(TRIES):
        size = rnd.randint(3, max(3, largest))
        a = rnd.randint(1, size - 2)
        b = size - 1 - a
        dv, dh = rnd.choice((-1, 1)), rnd.choice((-1, 1))
        cr = r - rnd.choice((0, a)) * dv  # the cell on the vertical arm or the corner
        cc = c
        if rnd.random() < 0.5:
            cr, cc = r, c - rnd.randint(0, b) * dh
        if not (0 <= cr < grid.rows and 0 <= cc < cols and 0 <= cr + a * dv < grid.rows
                and 0 <= cc + b * dh < cols):
            continue
        shape = (cr * cols + cc, dv, a, dh, b)
        cells = cells_of(cols, shape)
        if cell in cells and all(x in free for x in cells):
            return shape
    return None


def joined(grid: Grid, label: list[int]) -> Joins:
    return frozenset((a, b) for a, b in grid.pairs if label[a] == label[b])


def division(settings: Settings, rnd: random.Random) -> Joins | None:
    grid = settings.grid
    free = set(range(grid.cells))
    label = [-1] * grid.cells
    order = list(range(grid.cells))
    rnd.shuffle(order)
    for k, cell in enumerate(order):
        if cell not in free:
            continue
        shape = shapes_at(grid, cell, free, settings.options["largest"], rnd)
        if shape is None:
            continue
        for x in cells_of(grid.cols, shape):
            free.discard(x)
            label[x] = k
    laid = joined(grid, [x if x >= 0 else -2 - i for i, x in enumerate(label)])
    empty = Board(grid.rows, grid.cols, (None,) * grid.cells)
    found = STATEMENT.nearest(empty, laid)
    return found if isinstance(found, frozenset) else None


def clued(grid: Grid, joins: Joins, numbered: float, rnd: random.Random) -> Board:
    """A circle on every corner (numbered at the rate ``numbered``), an arrow on every
    arm's end."""
    clues: list[Value] = [None] * grid.cells
    label = grid.label_regions(lambda a, b: (a, b) not in joins)
    members: dict[int, list[int]] = {}
    for cell, k in enumerate(label):
        members.setdefault(k, []).append(cell)
    for cells in members.values():
        linked = {x: [n for n in grid.neighbours[x] if label[n] == label[x]] for x in cells}
        corner = next(x for x in cells if len(linked[x]) == 2
                      and linked[x][0] // grid.cols != linked[x][1] // grid.cols
                      and linked[x][0] % grid.cols != linked[x][1] % grid.cols)
        clues[corner] = len(cells) if rnd.random() < numbered else CIRCLE
        rc = divmod(corner, grid.cols)
        for x in cells:
            if len(linked[x]) == 1:
                xr, xc = divmod(x, grid.cols)
                clues[x] = ("n" if xr > rc[0] else "s" if xr < rc[0]
                            else "w" if xc > rc[1] else "e")
    return Board(grid.rows, grid.cols, tuple(clues))


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Joins] | None:
    """Ls laid at random, every corner and every arm's end clued."""
    rnd = python_random(rng)
    joins = division(settings, rnd)
    if joins is None:
        return None
    return clued(settings.grid, joins, settings.options["numbered"], rnd), joins


def mend(board: Board, joins: Joins, other: Any, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Joins] | None:
    """Every clue the answer allows already stands: start again."""
    return None


LAYOUT: Layout[Board, Joins] = Layout(
    make=make, mend=mend,
    density=Option("density", 0.2, "Share of the clues kept at least", kind=float,
                   low=0, high=1, metavar="D"),
    options=(Option("largest", 8, "Most cells in an L as first laid out", kind=int, low=3,
                    metavar="N"),
             Option("numbered", 0.8, "Share of the circles numbered as first laid out",
                    kind=float, low=0, high=1, metavar="P")),
    symmetries=("none",), smallest=2,
)

__all__ = ["LAYOUT", "clued", "division", "make", "mend"]
