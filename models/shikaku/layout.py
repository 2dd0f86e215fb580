"""How the generator lays out a Shikaku and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): rectangles cut at random from the whole grid with the
symmetry asked for (:mod:`cpsolve.grid.rectangles`), a room of one cell merged into a
neighbour where the two make a rectangle (published boards have no 1s: a layout that
keeps one is tried again), each room numbered with its area at a random cell, the
numbers' cells with the symmetry too (a room its own image takes its number on the
centre of the symmetry, and a layout where one has no such cell is tried again).
Where a second division differs, a room holding such a cell is cut in two straight
across beside it (with its images), the new part numbered at random (a cut that
leaves a room of one cell is not made).

``--largest 16`` (the default) gives boards like published ones: on 10x10, 19.0
numbers a 100 cells (133 published boards: 19.1), a mean number of 5.26 (5.25), 18%
of them 2s (18%), no 1s (none); on 17x17, 17.3 (91 published: 17.1), 5.78 (5.85),
12% (14%). Published boards have a few larger rectangles (their largest number is
28 on 10x10, ours 16).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection
from typing import Any

import numpy as np

from cpsolve.grid.geometry import Grid
from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.grid.rectangles import cut_beside, merged, random_rooms
from cpsolve.models.shikaku.rules import Board, Joins
from cpsolve.options import Option

TRIES = 20  # room layouts tried for one whose numbers keep the symmetry


def joined(grid: Grid, room: tuple[int, ...]) -> Joins:
    """The division of ``room`` as joins: the pairs of neighbours in one room."""
    return frozenset((a, b) for a, b in grid.pairs if room[a] == room[b])


def numbered(grid: Grid, room: tuple[int, ...], spots: Collection[int], symmetry: str,
             rnd: random.Random) -> Board | None:
    """Every room numbered with its size: at its first cell among ``spots`` where it has
    one, else at a random cell (one its own image under the symmetry where the room is
    its own image), with that cell's images numbering the rooms they fall in; ``None``
    when the numbers' cells do not keep the symmetry."""
    chosen: dict[int, int] = {}
    members: dict[int, list[int]] = {}
    for cell, label in enumerate(room):
        members.setdefault(label, []).append(cell)
    for label, cells in members.items():
        if label in chosen:
            continue
        mine = [c for c in cells if c in spots]
        fixed = [c for c in cells if all(room[i] != label or i == c
                                         for i in grid.orbit(c, symmetry))]
        cell = min(mine) if mine else rnd.choice(fixed or cells)
        for image in grid.orbit(cell, symmetry):
            chosen.setdefault(room[image], image)
    numbers: list[int | None] = [None] * grid.cells
    sizes = Counter(room)
    for label, cell in chosen.items():
        numbers[cell] = sizes[label]
    given = set(chosen.values())
    if any(not set(grid.orbit(cell, symmetry)) <= given for cell in given):
        return None
    return Board(grid.rows, grid.cols, tuple(numbers))


def singles(room: tuple[int, ...]) -> int:
    """How many rooms have one cell."""
    return sum(1 for size in Counter(room).values() if size == 1)


def absorbed(grid: Grid, room: tuple[int, ...], symmetry: str,
             rnd: random.Random) -> tuple[int, ...]:
    """``room`` with its rooms of one cell merged into a neighbour where the two make a
    rectangle (with their images): published boards have no 1s."""
    left = [singles(room)]

    def fewer(trial: tuple[int, ...]) -> bool:
        now = singles(trial)
        if now < left[0]:
            left[0] = now
            return True
        return False

    return merged(grid, room, symmetry, rnd, fewer) if left[0] else room


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Joins] | None:
    """Rectangles with the symmetry, each numbered with its area."""
    grid, rnd = settings.grid, python_random(rng)
    for _ in range(TRIES):
        room = absorbed(grid, random_rooms(grid.rows, grid.cols, rnd,
                                           largest=settings.options["largest"],
                                           symmetry=settings.symmetry), settings.symmetry, rnd)
        board = numbered(grid, room, (), settings.symmetry, rnd)
        if board is not None and not singles(room):
            return board, joined(grid, room)
    return None


def rooms(grid: Grid, joins: Joins) -> tuple[int, ...]:
    """The rooms of a division, numbered by their first cell."""
    return tuple(grid.label_regions(lambda a, b: (min(a, b), max(a, b)) not in joins))


def mend(board: Board, joins: Joins, other: Any, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Joins] | None:
    """A rectangle holding one of ``cells`` cut in two straight across beside it (with
    its images), the part left without a number numbered at random; ``None`` when none
    can be cut."""
    grid, rnd = board.grid, python_random(rng)
    room = rooms(grid, joins)
    chosen = sorted(grid.cell(r, c) for r, c in cells)
    rnd.shuffle(chosen)
    for cell in chosen:
        for cut in cut_beside(grid, room, cell, settings.symmetry, rnd):
            cut = absorbed(grid, cut, settings.symmetry, rnd)
            if singles(cut) or cut == room:
                continue
            mended = numbered(grid, cut, board.clue_cells, settings.symmetry, rnd)
            if mended is not None:
                return mended, joined(grid, cut)
    return None


LAYOUT: Layout[Board, Joins] = Layout(
    make=make, mend=mend,
    density=Option("density", 1.0, "Share of the numbers whose areas are told at least (the "
                   "others, where uniqueness allows, shown as '?')", kind=float, low=0, high=1,
                   metavar="D"),
    options=(Option("largest", 16, "Most cells in a rectangle as first laid out", kind=int,
                    low=2, metavar="N"),),
)

__all__ = ["LAYOUT", "joined", "make", "mend", "numbered", "rooms"]
