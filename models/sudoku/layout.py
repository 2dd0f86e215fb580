"""How the generator lays out a Sudoku (the loop is the kit's,
:mod:`cpsolve.grid.generate`): a random full grid, every cell given; the kit then takes
givens away, orbit by orbit of the symmetry asked for, while the grade's reasoning (or
uniqueness) holds.

The full grid: the pattern grid (each row the one above shifted by a box's width, each
band by one), its numbers relabelled, its rows shuffled within bands and its bands
among themselves, the same for columns and stacks, and transposed half the time
(square boxes only): every grid these reach is valid, and they are many (9x9: about
3.4 million before relabelling).
"""

from __future__ import annotations

import numpy as np

from cpsolve.grid.layouts import Layout, Settings
from cpsolve.models.sudoku.board import Board, Digits, box_shape, too_small
from cpsolve.options import Option


def full_grid(size: int, rng: np.random.Generator) -> Digits:
    """A random valid grid of ``size`` x ``size`` (see the module docstring)."""
    high, wide = box_shape(size) or (1, size)

    def shuffled(group: int, groups: int) -> list[int]:
        """Lines in groups of ``group``: the groups, then the lines in each, shuffled."""
        return [g * group + k for g in rng.permutation(groups).tolist()
                for k in rng.permutation(group).tolist()]

    rows = shuffled(high, size // high)
    cols = shuffled(wide, size // wide)
    numbers = rng.permutation(size) + 1
    grid = [[int(numbers[(wide * (r % high) + r // high + c) % size]) for c in cols]
            for r in rows]
    if high == wide and rng.random() < 0.5:
        grid = [list(column) for column in zip(*grid)]
    return tuple(value for row in grid for value in row)


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Digits]:
    """A full grid, every cell given."""
    digits = full_grid(settings.rows, rng)
    return Board(settings.rows, digits), digits


LAYOUT: Layout[Board, Digits] = Layout(
    # A full grid pins its answer down: nothing to mend (a board given in part that
    # does not is laid out again).
    make=make, mend=lambda *_: None,
    density=Option("density", 0.0, "Share of the cells given at least (the kit takes "
                   "givens away while the answer stays pinned down)", kind=float, low=0,
                   high=1),
    clued=True, smallest=4, too_small=too_small)
