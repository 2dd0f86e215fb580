"""How the generator lays out a Ripple Effect (the loop is the kit's,
:mod:`cpsolve.grid.generate`): rooms and their numbers together, room by room, each
grown at random a cell at a time to a size drawn as published boards have them (a
quarter of the rooms a single cell, the rest from 2 to ``--largest``, the smaller more
often) and numbered where its numbers keep their distance from the rooms before it (a
cell that fits no room of its own joins one beside it; a room that cannot be numbered so
is left to the solver, which numbers the board nearest the numbers laid), every cell
numbered; the kit then takes numbers away orbit by orbit under the symmetry while the
answer stays pinned down. A board with every number given is pinned down, so
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
TRIES = 4  # shapes of one size tried for a room before another size


def _sizes(largest: int, rnd: random.Random) -> list[int]:
    """The sizes a room is tried at, the first drawn (:data:`SINGLE` of them 1, the
    others from 2 to ``largest``, falling off with their size), then smaller ones,
    then larger."""
    sizes = list(range(2, largest + 1))
    weights = [1.0 / (size - 1) ** 0.5 for size in sizes]
    want = 1 if not sizes or rnd.random() < SINGLE else rnd.choices(sizes, weights)[0]
    return [*range(want, 0, -1), *range(want + 1, largest + 1)]


def _grown(grid: Grid, room: list[int], start: int, size: int, rnd: random.Random
           ) -> list[int]:
    """Free cells grown at random from ``start``, up to ``size`` of them."""
    members, frontier = [start], {o for o in grid.neighbours[start] if room[o] < 0}
    while len(members) < size and frontier:
        cell = rnd.choice(sorted(frontier))
        frontier.discard(cell)
        members.append(cell)
        frontier.update(o for o in grid.neighbours[cell] if room[o] < 0 and o not in members)
    return members


def _numbered(grid: Grid, number: list[int], cells: list[int], rnd: random.Random
              ) -> bool:
    """Numbers 1 to ``len(cells)`` written in ``cells`` (tried in random order, cell by
    cell) so that no equal number stands within its reach in a row or column of a cell
    numbered before; ``False``, and nothing written, when none fit."""

    def fits(cell: int, k: int) -> bool:
        r, c = grid.rc(cell)
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            for step in range(1, k + 1):
                r2, c2 = r + dr * step, c + dc * step
                if not (0 <= r2 < grid.rows and 0 <= c2 < grid.cols):
                    break
                if number[grid.cell(r2, c2)] == k:
                    return False
        return True

    def place(index: int, left: list[int]) -> bool:
        if index == len(cells):
            return True
        cell = cells[index]
        for k in rnd.sample(left, len(left)):
            if fits(cell, k):
                number[cell] = k
                if place(index + 1, [n for n in left if n != k]):
                    return True
                number[cell] = 0
        return False

    return place(0, list(range(1, len(cells) + 1)))


def random_filling(grid: Grid, largest: int, rnd: random.Random
                   ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Rooms and their numbers laid out together, room by room from the first free cell
    in reading order: each grown at random to a size from :func:`_sizes` and numbered
    where its numbers fit the rooms before it (a smaller or larger size, or another
    shape, where they do not; else the cell joins a room beside it, numbered again or
    left unnumbered, 0s): the rooms and the filling."""
    room, number = [-1] * grid.cells, [0] * grid.cells
    count = 0
    for start in range(grid.cells):
        if room[start] >= 0:
            continue
        for size in _sizes(largest, rnd):
            cells = next((found for found in (_grown(grid, room, start, size, rnd)
                                              for _ in range(TRIES))
                          if len(found) == size and _numbered(grid, number, found, rnd)),
                         None)
            if cells is not None:
                for cell in cells:
                    room[cell] = count
                count += 1
                break
        else:
            if _joined(grid, room, number, start, largest, rnd):
                continue
            beside = [room[o] for o in grid.neighbours[start] if room[o] >= 0]
            if beside:  # the smallest room beside it takes it, left for the solver
                k = min(beside, key=lambda j: (room.count(j), rnd.random()))
                for cell in range(grid.cells):
                    number[cell] = 0 if room[cell] == k else number[cell]
                room[start] = k
                continue
            for cell in _grown(grid, room, start, _sizes(largest, rnd)[0], rnd):
                room[cell] = count  # a room left for the solver to number
            count += 1
    return tuple(renumbered(room)), tuple(number)


def _joined(grid: Grid, room: list[int], number: list[int], start: int, largest: int,
            rnd: random.Random) -> bool:
    """``start`` joined to a room beside it (smaller than ``largest``), the room's
    numbers written again; ``False`` when no room beside it takes it."""
    beside = sorted({room[o] for o in grid.neighbours[start] if room[o] >= 0})
    for k in rnd.sample(beside, len(beside)):
        cells = [cell for cell in range(grid.cells) if room[cell] == k]
        if len(cells) >= largest:
            continue
        was = [number[cell] for cell in cells]
        for cell in cells:
            number[cell] = 0
        if _numbered(grid, number, [*cells, start], rnd):
            room[start] = k
            return True
        for cell, n in zip(cells, was):
            number[cell] = n
    return False


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Filling] | None:
    """Rooms and a filling laid out together, every cell numbered (where rooms were left
    unnumbered, the rules' answer nearest the numbers laid: ``None`` when there is
    none)."""
    grid = settings.grid
    room, filling = random_filling(grid, settings.options["largest"], python_random(rng))
    if 0 in filling:  # rooms left unnumbered: the rules' answer nearest the numbers laid
        bare = Board(grid.rows, grid.cols, (None,) * grid.cells, room)
        found = STATEMENT.nearest(bare, tuple(n or 1 for n in filling))
        if found is None:
            return None
        filling = found
    return Board(grid.rows, grid.cols, filling, room), filling


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
    options=(Option("largest", 8, "The largest room a layout grows (published 10x10 "
                    "boards: 8 cells at the median)", kind=int, low=1, metavar="N"),),
)

__all__ = ["LAYOUT", "make", "mend", "random_filling"]
