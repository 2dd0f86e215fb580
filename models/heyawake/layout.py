"""How the generator lays out a Heyawake and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`), the way setters make them: rooms first, rectangles cut
at random from the whole grid (with the symmetry asked for: the cuts and their images
together, :mod:`cpsolve.grid.rectangles`), then a valid shading (cells scattered at
random, or the SAT answer of the rules without numbers nearest them), every room
numbered from it. Where the answer is not pinned down, a room holding such a cell is
cut in two, straight across (with its images), when the shading stays valid under the
new borders: the numbers then say more. Once pinned down, rooms are merged again where
they make a rectangle and the answer stays pinned down.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from cpsolve.grid.geometry import Grid
from cpsolve.grid.layouts import Layout, Settings, python_random, scattered
from cpsolve.grid.rectangles import cut_beside, merged, random_rooms
from cpsolve.grid.rooms import clue_cells
from cpsolve.models.heyawake.board import Board, Shading
from cpsolve.models.heyawake.check import check
from cpsolve.options import Option

SHADED = 0.3  # the share of cells a random shading tries to shade first
TRIES = 20  # room layouts tried for one that a shading fits


def numbered(rows: int, cols: int, room: tuple[int, ...], shading: Shading) -> Board:
    """The board of ``room`` with every room numbered from ``shading``."""
    counts = [0] * (max(room) + 1)
    for cell in shading:
        counts[room[cell]] += 1
    return Board(rows, cols, room, tuple(counts), clue_cells(Grid(rows, cols), room))


def _blank(board: Board) -> Board:
    return Board(board.rows, board.cols, board.room, (None,) * board.rooms, board.clue_cell)


def random_shading(board: Board, rng: random.Random, *, share: float = SHADED
                   ) -> Shading | None:
    """A valid shading of ``board``'s rooms ignoring its numbers (``None`` if the rooms
    allow none): cells scattered at random that touch no other and keep the rest
    connected, taken as they are when they keep every rule, else the SAT answer of the
    rules trying their values first (so it stays near them)."""
    from cpsolve.models.heyawake.rules import STATEMENT

    blank = _blank(board)
    shading = scattered(blank.grid, share, rng)
    found: Shading | None = shading if not check(blank, shading) else STATEMENT.nearest(
        blank, shading)
    return found


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """Rooms with the symmetry, a random valid shading, every room numbered (``None``
    when no shading fits a few room layouts)."""
    rows, cols = settings.rows, settings.cols
    rnd = python_random(rng)
    for _ in range(TRIES):
        room = random_rooms(rows, cols, rnd, largest=settings.options["largest"],
                            symmetry=settings.symmetry)
        shading = random_shading(numbered(rows, cols, room, frozenset()), rnd)
        if shading is not None:
            return numbered(rows, cols, room, shading), shading
    return None


def mend(board: Board, shading: Shading, other: Any, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """A room holding one of ``cells`` cut in two straight across beside it (with its
    images under the symmetry): the numbers then say more. The shading is kept where it
    is still valid under the new borders, else the nearest valid one is found (the SAT
    model trying the old shading's values first); ``None`` when no room can be cut."""
    from cpsolve.models.heyawake.rules import STATEMENT

    grid = board.grid
    rnd = python_random(rng)
    chosen = sorted(grid.cell(r, c) for r, c in cells)
    rnd.shuffle(chosen)
    cut: tuple[int, ...] | None = None
    for cell in chosen:
        for room in cut_beside(grid, board.room, cell, settings.symmetry, rnd):
            trial = numbered(board.rows, board.cols, room, shading)
            if not check(trial, shading):
                return trial, shading
            cut = cut or room
    if cut is None:
        return None
    near: Shading | None = STATEMENT.nearest(numbered(board.rows, board.cols, cut, frozenset()),
                                             shading)
    return None if near is None else (numbered(board.rows, board.cols, cut, near), near)


def simplify(board: Board, shading: Shading, pinned: Callable[[Board], bool],
             settings: Settings, rng: np.random.Generator) -> Board:
    """Rooms merged again where two make a rectangle (with their images), while the
    answer stays pinned down: mending cuts rooms until the numbers say enough, and many
    of the cuts turn out not to be needed."""
    def number(room: tuple[int, ...]) -> Board:
        return numbered(board.rows, board.cols, room, shading)

    room = merged(board.grid, board.room, settings.symmetry, python_random(rng),
                  lambda room: pinned(number(room)))
    return number(room)


LAYOUT: Layout[Board, Shading] = Layout(
    make=make, mend=mend, simplify=simplify,
    density=Option("density", 0.5, "Share of the rooms that keep their number at least "
                   "(more where uniqueness needs them)", kind=float, low=0, high=1,
                   metavar="D"),
    options=(Option("largest", 20, "Most cells in a room as first laid out", kind=int,
                    low=2, metavar="N"),),
)

__all__ = ["LAYOUT", "make", "mend", "numbered", "random_rooms", "random_shading"]
