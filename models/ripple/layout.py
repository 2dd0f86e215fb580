"""How the generator lays out a Ripple Effect (the loop is the kit's,
:mod:`cpsolve.grid.generate`): rooms first, grown at random a cell at a time to sizes
drawn as published boards have them (a quarter of the rooms a single cell, the rest
from 2 to ``--largest``, the smaller more often); then a filling, the rules' answer
nearest a random one (:meth:`~cpsolve.grid.rules.statement.Statement.nearest`), every
cell numbered; the kit then takes numbers away orbit by orbit under the symmetry while
the answer stays pinned down. A board with every number given is pinned down, so
mending writes the answer's numbers where it is not.
"""

from __future__ import annotations

import random

import numpy as np

from cpsolve.grid.geometry import Grid, renumbered
from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.models.ripple.board import Board, Filling
from cpsolve.models.ripple.rules import STATEMENT
from cpsolve.options import Option

SINGLE = 0.27  # the share of published rooms that are a single cell


def random_rooms(grid: Grid, largest: int, rnd: random.Random) -> tuple[int, ...]:
    """Rooms grown at random from the first free cell in reading order, each to a size
    drawn from 1 to ``largest`` (:data:`SINGLE` of them 1, the others falling off
    with their size), or as large as the free cells beside it allow."""
    room = [-1] * grid.cells
    sizes = list(range(2, largest + 1))
    weights = [1.0 / (size - 1) ** 0.5 for size in sizes]
    count = 0
    for start in rnd.sample(range(grid.cells), grid.cells):
        if room[start] >= 0:
            continue
        want = 1 if not sizes or rnd.random() < SINGLE else rnd.choices(sizes, weights)[0]
        members = [start]
        room[start] = count
        frontier = {o for o in grid.neighbours[start] if room[o] < 0}
        while len(members) < want and frontier:
            cell = rnd.choice(sorted(frontier))
            frontier.discard(cell)
            room[cell] = count
            members.append(cell)
            frontier.update(o for o in grid.neighbours[cell] if room[o] < 0)
        count += 1
    return tuple(renumbered(room))


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Filling] | None:
    """Random rooms and the answer nearest a random filling of them, every cell
    numbered (``None`` when the rooms have no answer)."""
    grid = settings.grid
    rnd = python_random(rng)
    room = random_rooms(grid, settings.options["largest"], rnd)
    bare = Board(grid.rows, grid.cols, (None,) * grid.cells, room)
    guess = [0] * grid.cells
    for cells in bare.region_cells:
        for cell, number in zip(cells, rnd.sample(range(1, len(cells) + 1), len(cells))):
            guess[cell] = number
    filling = STATEMENT.nearest(bare, tuple(guess))
    if filling is None:
        return None
    return Board(grid.rows, grid.cols, tuple(filling), room), tuple(filling)


def mend(board: Board, filling: Filling, other: Filling | None,
         cells: set[tuple[int, int]], settings: Settings, rng: np.random.Generator
         ) -> tuple[Board, Filling] | None:
    """The answer's numbers written where it is not pinned down."""
    changes = {cell: filling[cell] for cell in (board.grid.cell(r, c) for r, c in cells)
               if board.numbers[cell] != filling[cell]}
    return (board.renumbered(changes), filling) if changes else None


LAYOUT: Layout[Board, Filling] = Layout(
    make=make, mend=mend,
    density=Option("density", 0.0, "Share of the cells whose numbers are kept at least",
                   kind=float, low=0, high=1, metavar="D"),
    options=(Option("largest", 7, "The largest room a layout grows (published boards: "
                    "most rooms up to 7 cells)", kind=int, low=1, metavar="N"),),
)

__all__ = ["LAYOUT", "make", "mend", "random_rooms"]
