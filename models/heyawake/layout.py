"""How the generator lays out a Heyawake and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`), the way setters make them: rooms first, rectangles cut
at random from the whole grid (with the symmetry asked for: the cuts and their images
together), then a valid shading (a SAT answer of the rules without numbers, under
random phases), every room numbered from it. Where the answer is not pinned down, a
room holding such a cell is cut in two, straight across (with its images), when the
shading stays valid under the new borders: the numbers then say more.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from cpsolve.grid.generate import Layout, Settings
from cpsolve.grid.geometry import Grid
from cpsolve.models.heyawake.board import Board, Shading
from cpsolve.options import Option

SHADED = 0.3  # the share of cells a random shading tries to shade first
TRIES = 20  # room layouts tried for one that a shading fits


def _rng(rng: np.random.Generator) -> random.Random:
    return random.Random(int(rng.integers(1 << 62)))


def cuts(rows: int, cols: int, rng: random.Random, largest: int) -> set[tuple[int, int]]:
    """Room borders (pairs of neighbouring cells ``a < b``) of rectangles cut at random:
    the grid cut in two, across or along, and each part again until it has at most a
    random size in 2..``largest`` cells."""
    grid = Grid(rows, cols)
    apart: set[tuple[int, int]] = set()
    pending = [(0, 0, rows, cols)]
    while pending:
        top, left, height, width = pending.pop()
        if height * width <= rng.randint(2, largest) or (height == 1 and width == 1):
            continue
        if height > 1 and (width == 1 or rng.random() < height / (height + width)):
            at = rng.randint(1, height - 1)
            apart.update((grid.cell(top + at - 1, c), grid.cell(top + at, c))
                         for c in range(left, left + width))
            pending += [(top, left, at, width), (top + at, left, height - at, width)]
        else:
            at = rng.randint(1, width - 1)
            apart.update((grid.cell(r, left + at - 1), grid.cell(r, left + at))
                         for r in range(top, top + height))
            pending += [(top, left, height, at), (top, left + at, height, width - at)]
    return apart


def symmetric(grid: Grid, apart: set[tuple[int, int]], symmetry: str) -> set[tuple[int, int]]:
    """``apart`` with the images of every border under ``symmetry``: the rooms are then
    the intersections of rectangles and their images, rectangles again.

    >>> sorted(symmetric(Grid(2, 2), {(0, 1)}, "rot2"))
    [(0, 1), (2, 3)]
    """
    out = set()
    for a, b in apart:
        for x, y in zip(grid.images(a, symmetry), grid.images(b, symmetry)):
            out.add((min(x, y), max(x, y)))
    return out


def random_rooms(rows: int, cols: int, rng: random.Random, *, largest: int = 12,
                 symmetry: str = "none") -> tuple[int, ...]:
    """Rooms as rectangles laid out with ``symmetry`` (:func:`cuts`, with rooms twice
    as large for a symmetry, whose images then cut them again), numbered by their
    first cell.

    >>> grid, room = Grid(6, 6), random_rooms(6, 6, random.Random(1), symmetry="rot2")
    >>> all((room[a] == room[b]) == (room[35 - a] == room[35 - b]) for a, b in grid.pairs)
    True
    """
    grid = Grid(rows, cols)
    if symmetry == "none":
        apart = cuts(rows, cols, rng, largest)
    else:
        twice = 2 * largest if symmetry != "rot4" else 4 * largest
        apart = symmetric(grid, cuts(rows, cols, rng, twice), symmetry)
    return tuple(grid.label_regions(lambda a, b: (a, b) in apart))


def clue_cells(grid: Grid, room: tuple[int, ...]) -> tuple[int, ...]:
    """Where each room's number is written: the top cell of its leftmost column."""
    return tuple(min(cells, key=lambda c: (c % grid.cols, c // grid.cols))
                 for cells in grid.regions(room))


def numbered(rows: int, cols: int, room: tuple[int, ...], shading: Shading) -> Board:
    """The board of ``room`` with every room numbered from ``shading``."""
    grid = Grid(rows, cols)
    counts = [0] * (max(room) + 1)
    for cell in shading:
        counts[room[cell]] += 1
    return Board(rows, cols, room, tuple(counts), clue_cells(grid, room))


def random_shading(board: Board, rng: random.Random, *, share: float = SHADED
                   ) -> Shading | None:
    """A valid shading of ``board``'s rooms ignoring its numbers (``None`` if the rooms
    allow none): the SAT model's answer with each cell's value tried first at random,
    shaded with probability ``share``."""
    from cpsolve.backends.sat import sample
    from cpsolve.models.heyawake.encodings import build_lazy, prepare

    blank = Board(board.rows, board.cols, board.room, (None,) * board.rooms,
                  board.clue_cell)
    phases = [cell + 1 if rng.random() < share else -(cell + 1)
              for cell in range(board.cells)]
    found = sample(build_lazy(prepare(blank)), phases)
    if not isinstance(found, tuple):
        return None
    return frozenset(cell for cell, on in enumerate(found) if on)


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """Rooms with the symmetry, a random valid shading, every room numbered (``None``
    when no shading fits a few room layouts)."""
    rows, cols = settings.rows, settings.cols
    rnd = _rng(rng)
    for _ in range(TRIES):
        room = random_rooms(rows, cols, rnd, largest=settings.options["largest"],
                            symmetry=settings.symmetry)
        blank = Board(rows, cols, room, (None,) * (max(room) + 1),
                      clue_cells(Grid(rows, cols), room))
        shading = random_shading(blank, rnd)
        if shading is not None:
            return numbered(rows, cols, room, shading), shading
    return None


def _across(borders: set[tuple[int, int]]) -> Callable[[int, int], bool]:
    return lambda a, b: (a, b) in borders


def mend(board: Board, shading: Shading, other: Any, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """A room holding one of ``cells`` cut in two straight across beside it (with its
    images under the symmetry), where the shading stays valid under the new borders;
    ``None`` when no such cut exists."""
    from cpsolve.models.heyawake.check import check

    grid = board.grid
    rnd = _rng(rng)
    apart = set(board.borders)
    chosen = sorted(grid.cell(r, c) for r, c in cells)
    rnd.shuffle(chosen)
    for cell in chosen:
        members = board.room_cells[board.room[cell]]
        rs = [grid.rc(c)[0] for c in members]
        cs = [grid.rc(c)[1] for c in members]
        r, c = grid.rc(cell)
        options = ([("row", k) for k in (r, r + 1) if min(rs) < k <= max(rs)]
                   + [("col", k) for k in (c, c + 1) if min(cs) < k <= max(cs)])
        rnd.shuffle(options)
        for axis, at in options:
            line = ({(grid.cell(at - 1, x), grid.cell(at, x)) for x in range(min(cs), max(cs) + 1)}
                    if axis == "row" else
                    {(grid.cell(y, at - 1), grid.cell(y, at)) for y in range(min(rs), max(rs) + 1)})
            more = symmetric(grid, line, settings.symmetry) | apart
            room = tuple(grid.label_regions(_across(more)))
            trial = numbered(board.rows, board.cols, room, shading)
            if not check(trial, shading):
                return trial, shading
    return None


LAYOUT: Layout[Board, Shading] = Layout(
    make=make, mend=mend,
    density=Option("density", 0.5, "Share of the rooms that keep their number at least "
                   "(more where uniqueness needs them)", kind=float, low=0, high=1,
                   metavar="D"),
    options=(Option("largest", 12, "Most cells in a room as first laid out", kind=int,
                    low=2, metavar="N"),),
    format="url",
)

__all__ = ["LAYOUT", "make", "mend", "numbered", "random_rooms", "random_shading"]
