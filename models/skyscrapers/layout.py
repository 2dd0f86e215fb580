"""How the generator lays out a Skyscrapers board (the loop is the kit's,
:mod:`cpsolve.grid.generate`): a random Latin square (the cyclic one, its rows, columns
and heights shuffled, transposed half the time), every clue outside the grid it
gives and no height inside; where the clues leave cells open, the answer's heights
there are given. The kit then takes clues away while the grade's reasoning (or
uniqueness) holds.
"""

from __future__ import annotations

import numpy as np

from cpsolve.grid.layouts import Cell, Layout, Settings
from cpsolve.models.skyscrapers.board import SIDES, Board, Heights
from cpsolve.models.skyscrapers.check import visible
from cpsolve.options import Option


def latin(n: int, rng: np.random.Generator) -> Heights:
    """A random Latin square of heights 1 to ``n``, in cell order."""
    rows, cols, heights = rng.permutation(n), rng.permutation(n), rng.permutation(n) + 1
    square = [[int(heights[(rows[r] + cols[c]) % n]) for c in range(n)] for r in range(n)]
    if rng.random() < 0.5:
        square = [list(column) for column in zip(*square)]
    return tuple(h for row in square for h in row)


def framed(n: int, heights: Heights, numbers: tuple[int | None, ...]) -> Board:
    """The board of ``numbers`` inside with every clue ``heights`` gives outside."""
    bare = Board(n, n, numbers, ((None,) * n,) * 4)
    return bare.resided({(side, line): visible([heights[c] for c in bare.sight(side, line)])
                         for side in SIDES for line in range(n)})


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Heights]:
    """A random Latin square, every outside clue given."""
    n = settings.rows
    heights = latin(n, rng)
    return framed(n, heights, (None,) * (n * n)), heights


def mend(board: Board, heights: Heights, other: Heights | None, cells: set[Cell],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Heights] | None:
    """One open cell, at random, given its height."""
    open_cells = sorted(board.grid.cell(r, c) for r, c in cells
                        if board.numbers[board.grid.cell(r, c)] is None)
    if not open_cells:
        return None
    cell = open_cells[int(rng.integers(len(open_cells)))]
    return board.renumbered({cell: heights[cell]}), heights


LAYOUT: Layout[Board, Heights] = Layout(
    make=make, mend=mend,
    density=Option("density", 0.0, "Share of the clues kept at least (the kit takes clues "
                   "away while the answer stays pinned down)", kind=float, low=0, high=1),
    clued=True, smallest=2, symmetries=("none",),
    too_small=lambda rows, cols: None if rows == cols else
    f"a Skyscrapers board is square, not {cols}x{rows}")
