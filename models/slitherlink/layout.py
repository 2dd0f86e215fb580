"""How the generator lays out a Slitherlink and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): a random loop through the board's corners, laid out with
the symmetry asked for (:func:`cpsolve.grid.randomloop.random_loop` on the grid of
points, whose symmetries are the board's), then every cell numbered with the count of
its sides on the loop: the numbers of a symmetric loop stand symmetrically. Where the
answer is not pinned down, the loop is pushed out beside those cells, which changes
the numbers there.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cpsolve.grid.generate import Layout, Settings
from cpsolve.grid.randomloop import FILL, grown_beside, random_loop, seeded
from cpsolve.models.slitherlink.board import Board, Loop
from cpsolve.options import Option


def numbered(settings: Settings, loop: Loop) -> Board:
    """The board of every number ``loop`` gives.

    >>> from cpsolve.grid.generate import Settings
    >>> numbered(Settings(1, 2, "none", 0.0), frozenset({(0, 1), (3, 4), (0, 3), (1, 4)}))
    Board(rows=1, cols=2, numbers=(4, 1))
    """
    empty = Board(settings.rows, settings.cols, (None,) * (settings.rows * settings.cols))
    index = empty.points.edge_at
    on = {index[pair] for pair in loop}
    return Board(settings.rows, settings.cols,
                 tuple(sum(1 for k in sides if k in on) for sides in empty.side_table))


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Loop] | None:
    """A random loop with the symmetry, and every number it gives."""
    loop = random_loop(settings.rows + 1, settings.cols + 1, seeded(rng),
                       fill=settings.options["fill"], symmetry=settings.symmetry)
    return numbered(settings, loop), loop


def mend(board: Board, loop: Loop, other: Any, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Loop] | None:
    """Push the loop out beside a corner of one of ``cells``, with its images
    (``None`` when no edge there can be pushed)."""
    near = sorted({board.point(r + dr, c + dc) for r, c in cells
                   for dr in (0, 1) for dc in (0, 1)})
    grown = grown_beside(board.points, loop, near, settings.symmetry, seeded(rng))
    return None if grown is None else (numbered(settings, grown), grown)


LAYOUT: Layout[Board, Loop] = Layout(
    make=make, mend=mend,
    density=Option("density", 0.0, "Share of the numbers (orbits, with a symmetry) kept "
                   "at least beyond those uniqueness needs", kind=float, low=0, high=1,
                   metavar="D"),
    options=(Option("fill", FILL, "Share of the corners the loop passes", kind=float,
                    low=0.1, high=1, metavar="F"),),
    format="url",
)

__all__ = ["LAYOUT", "make", "mend", "numbered"]
