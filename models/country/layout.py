"""How the generator lays out a Country Road and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): a random loop through the cells
(:func:`cpsolve.grid.randomloop.random_loop`), cut into runs of consecutive cells; each
run is a region's stretch of loop, and each group of touching cells the loop leaves out
joins a region beside it whole (two cells left out never face each other across a
border); every region numbered with the cells the loop passes in it. Where the answer is
not pinned down, a region there is cut in two along its stretch of loop.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cpsolve.grid.connectivity import components
from cpsolve.grid.geometry import Edge, renumbered
from cpsolve.grid.layouts import Layout, Settings, counted
from cpsolve.grid.randomloop import around, random_loop, seeded, too_small_for
from cpsolve.grid.rooms import clue_cells
from cpsolve.models.country.board import Board as Rooms
from cpsolve.options import Option

Loop = frozenset[Edge]
FILL = 0.6  # the share of the cells the loop passes
STRETCH = (2, 6)  # the fewest and most cells of loop in a region, at first


def numbered_board(settings: Settings, loop: Loop, label: list[int]) -> Rooms:
    """The board of regions ``label`` (any numbering), every region numbered."""
    room = tuple(renumbered(label))
    passed = {cell for edge in loop for cell in edge}
    regions = settings.grid.regions(room)
    return Rooms(settings.rows, settings.cols, room, tuple(counted(regions, passed)),
                 clue_cells(settings.grid, room))


def make(settings: Settings, rng: np.random.Generator) -> tuple[Rooms, Loop] | None:
    """A random loop cut into stretches, the regions laid around them: stretch k is
    region k, and each group of touching cells off the loop joins a random region
    beside it."""
    rnd = seeded(rng)
    grid = settings.grid
    loop = random_loop(settings.rows, settings.cols, rnd, fill=settings.options["fill"])
    order = around(loop)
    shift = rnd.randrange(len(order))
    order = order[shift:] + order[:shift]
    stretches: list[list[int]] = []
    at = 0
    while at < len(order):
        size = rnd.randint(*STRETCH)
        stretches.append(order[at:at + size])
        at += size
    if len(stretches) > 1 and len(stretches[-1]) < STRETCH[0]:
        stretches[-2].extend(stretches.pop())
    label = [-1] * grid.cells
    for k, stretch in enumerate(stretches):
        for cell in stretch:
            label[cell] = k
    for group in components([c for c in range(grid.cells) if label[c] < 0], grid.neighbours):
        chosen = rnd.choice(sorted({label[o] for at in group for o in grid.neighbours[at]
                                    if label[o] >= 0}))
        for at in group:
            label[at] = chosen
    return numbered_board(settings, loop, label), loop


def mend(board: Rooms, loop: Loop, other: Any, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Rooms, Loop] | None:
    """A region where ``cells`` lie cut in two along its stretch of loop (each group of
    its cells the loop leaves out going with a half it touches), the other regions
    kept; ``None`` when each such region's stretch is a single cell."""
    rnd = seeded(rng)
    grid = settings.grid
    order = around(loop)
    passed = set(order)
    rooms = sorted({board.room[grid.cell(r, c)] for r, c in cells})
    rnd.shuffle(rooms)
    for room in rooms:
        size = sum(1 for cell in order if board.room[cell] == room)
        if size < 2:
            continue
        # the stretch in loop order, wrapping round the start of the order
        start = next((k for k in range(len(order)) if board.room[order[k]] == room
                      and board.room[order[k - 1]] != room), 0)
        run = [order[(start + k) % len(order)] for k in range(size)]
        second = set(run[rnd.randrange(1, size):])
        label = list(board.room)
        for cell in second:
            label[cell] = board.rooms
        left_out = [c for c in board.room_cells[room] if c not in passed]
        for group in components(left_out, grid.neighbours):
            touching = {o for at in group for o in grid.neighbours[at] if o in passed}
            by_second = bool(touching & second)
            by_first = any(board.room[o] == room and o not in second for o in touching)
            if by_second and (not by_first or rnd.random() < 0.5):
                for at in group:
                    label[at] = board.rooms
        return numbered_board(settings, loop, label), loop
    return None


LAYOUT: Layout[Rooms, Loop] = Layout(
    make=make, mend=mend, too_small=too_small_for("Country Road"),
    density=Option("density", 0.0, "Share of the numbers kept at least beyond those "
                   "uniqueness needs", kind=float, low=0, high=1, metavar="D"),
    options=(Option("fill", FILL, "Share of the cells the loop passes", kind=float,
                    low=0.1, high=1, metavar="F"),),
    symmetries=("none",),
)

__all__ = ["LAYOUT", "make", "mend"]
