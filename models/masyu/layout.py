"""How the generator lays out a Masyu and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): a random loop first, laid out with the symmetry asked
for (grown from a small ring round the centre by pushing one of its edges out around
a free pair of cells, and each image of the edge the same way, over and over), then a
pearl on every cell where the loop allows one (a black one where it turns with
straight legs, a white one where it goes straight with a turn beside it): the pearls
of a symmetric loop stand symmetrically.

Where another loop fits the pearls, that loop becomes the one to pin down when its
own pearls (on whole orbits) are more: it passes every pearl so far, so the sets only
grow until one loop is the only one. Otherwise, and where the reasoning of a grade
leaves cells open, the loop is pushed out beside them, which changes the pearls there.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cpsolve.grid.generate import Layout, Settings
from cpsolve.grid.geometry import Grid
from cpsolve.grid.randomloop import FILL, grown_beside, random_loop, seeded
from cpsolve.models.masyu.board import BLACK, EMPTY, WHITE, Board, Loop
from cpsolve.options import Option

TRIES = 20  # loops tried for one that allows a pearl


def candidates(rows: int, cols: int, loop: Loop) -> dict[int, int]:
    """Cells where a pearl fits ``loop``: BLACK where it turns and goes straight on
    through the next cell on both legs, WHITE where it goes straight and turns in a
    neighbour on the line."""
    grid = Grid(rows, cols)

    def on(cell: int | None, dr: int, dc: int) -> bool:
        other = grid.step(cell, dr, dc) if cell is not None else None
        return other is not None and cell is not None and (
            min(cell, other), max(cell, other)) in loop

    def straight(cell: int | None) -> bool:
        return cell is not None and ((on(cell, 0, -1) and on(cell, 0, 1))
                                     or (on(cell, -1, 0) and on(cell, 1, 0)))

    out = {}
    for cell in sorted({c for edge in loop for c in edge}):
        if straight(cell):
            dr, dc = (0, 1) if on(cell, 0, 1) else (1, 0)
            if not (straight(grid.step(cell, dr, dc)) and straight(grid.step(cell, -dr, -dc))):
                out[cell] = WHITE
        elif all(on(grid.step(cell, dr, dc), dr, dc) for dr, dc in
                 ((0, -1), (0, 1), (-1, 0), (1, 0)) if on(cell, dr, dc)):
            out[cell] = BLACK
    return out


def pearls(settings: Settings, loop: Loop) -> Board:
    """The board of every pearl ``loop`` allows whose whole orbit under the symmetry
    allows one too."""
    fits = candidates(settings.rows, settings.cols, loop)
    grid = settings.grid
    chosen = {cell: pearl for cell, pearl in fits.items()
              if all(image in fits for image in grid.orbit(cell, settings.symmetry))}
    return Board(settings.rows, settings.cols,
                 tuple(chosen.get(cell, EMPTY) for cell in range(grid.cells)))


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Loop] | None:
    """A random loop with the symmetry, and its pearls (``None`` when a few loops find
    no pearl)."""
    rnd = seeded(rng)
    for _ in range(TRIES):
        loop = random_loop(settings.rows, settings.cols, rnd, fill=settings.options["fill"],
                           symmetry=settings.symmetry)
        board = pearls(settings, loop)
        if board.pearl_cells:
            return board, loop
    return None


def mend(board: Board, loop: Loop, other: Any, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Loop] | None:
    """Pin down ``other`` when its pearls are more than the board's; else push the
    loop out beside a cell of ``cells``, with its images (``None`` when neither
    changes anything)."""
    if other is not None:
        grown = pearls(settings, other)
        if len(grown.pearl_cells) > len(board.pearl_cells):
            return grown, other
    grid = settings.grid
    grown_loop = grown_beside(grid, loop, [grid.cell(r, c) for r, c in sorted(cells)],
                              settings.symmetry, seeded(rng))
    if grown_loop is None:
        return None
    changed = pearls(settings, grown_loop)
    return (changed, grown_loop) if changed.pearl_cells else None


def too_small(rows: int, cols: int) -> str | None:
    """Why no Masyu of ``rows`` x ``cols`` can be made: a 2x2 loop turns in every
    cell, and neither pearl sits on a turn without a straight leg beside it.

    >>> too_small(2, 2), too_small(2, 3)
    ('no 2x2 Masyu has a pearl on its loop: the smallest boards are 2x3 and 3x2', None)
    """
    if rows * cols < 6:
        return (f"no {cols}x{rows} Masyu has a pearl on its loop: the smallest boards are "
                "2x3 and 3x2")
    return None


LAYOUT: Layout[Board, Loop] = Layout(
    make=make, mend=mend, too_small=too_small,
    density=Option("density", 0.0, "Share of the pearls (orbits, with a symmetry) kept at "
                   "least beyond those uniqueness needs", kind=float, low=0, high=1,
                   metavar="D"),
    options=(Option("fill", FILL, "Share of the cells the loop passes", kind=float,
                    low=0.1, high=1, metavar="F"),),
    format="url",
)

__all__ = ["LAYOUT", "candidates", "make", "mend", "pearls"]
