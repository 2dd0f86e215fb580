"""The Sudoku board: an N x N grid of boxes (N = box rows x box columns: 4 = 2 x 2,
6 = 2 x 3, 9 = 3 x 3, 16 = 4 x 4, ...), some cells given a number from 1 to N.

Cells are numbered ``r * N + c``; a unit is a row, a column or a box, each a tuple of
cells. Rows and columns are 0-based in code and 1-based in every message a user reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from math import isqrt

import numpy as np

from cpsolve.grid.geometry import Grid

Digits = tuple[int, ...]  # an answer: the number in each cell, in cell order


def box_shape(size: int) -> tuple[int, int] | None:
    """The rows and columns of a box of an ``size`` x ``size`` Sudoku: as square as the
    size allows, wider than tall (6: 2 x 3, as puzz.link draws it); ``None`` when no box
    of more than one row divides the size (a prime size: a Latin square, not a Sudoku).

    >>> box_shape(9), box_shape(6), box_shape(12), box_shape(7)
    ((3, 3), (2, 3), (3, 4), None)
    """
    for rows in range(isqrt(size), 1, -1):
        if size % rows == 0:
            return rows, size // rows
    return None


@dataclass(frozen=True)
class Board:
    """An immutable Sudoku: its ``size`` N and ``givens[cell]``, the number given in
    each cell (``None``: empty).

    >>> b = Board(4, (1, None, None, None) + (None,) * 12)
    >>> b.box, b.units[8], b.box_of[5]
    ((2, 2), (0, 1, 4, 5), 0)
    """

    size: int
    givens: tuple[int | None, ...]

    def __post_init__(self) -> None:
        if box_shape(self.size) is None or len(self.givens) != self.size ** 2:
            raise ValueError("a Sudoku is N x N cells, N a product of box rows and columns")
        if any(v is not None and not 1 <= v <= self.size for v in self.givens):
            raise ValueError(f"a given is a number from 1 to {self.size}")

    @property
    def rows(self) -> int:
        return self.size

    @property
    def cols(self) -> int:
        return self.size

    @property
    def cells(self) -> int:
        return self.size ** 2

    @cached_property
    def grid(self) -> Grid:
        return Grid.of(self.size, self.size)

    @cached_property
    def box(self) -> tuple[int, int]:
        """The rows and columns of one box."""
        shape = box_shape(self.size)
        assert shape is not None
        return shape

    @cached_property
    def box_of(self) -> tuple[int, ...]:
        """The box of each cell, boxes numbered in reading order."""
        high, wide = self.box
        per_row = self.size // wide
        return tuple((cell // self.size) // high * per_row + (cell % self.size) // wide
                     for cell in range(self.cells))

    @cached_property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """The rows, then the columns, then the boxes, each a tuple of its cells."""
        n = self.size
        rows = [tuple(range(r * n, (r + 1) * n)) for r in range(n)]
        cols = [tuple(range(c, n * n, n)) for c in range(n)]
        boxes = [tuple(cell for cell in range(n * n) if self.box_of[cell] == b)
                 for b in range(n)]
        return tuple(rows + cols + boxes)

    @cached_property
    def given_in(self) -> np.ndarray:
        """``given_in[unit, v - 1]``: whether a given of the row, column or box is v."""
        present = np.zeros((3 * self.size, self.size + 1), dtype=bool)
        value = np.array([v or 0 for v in self.givens], dtype=np.int64)
        present[np.repeat(np.arange(3 * self.size), self.size),
                value[np.array(self.units)].ravel()] = True
        return present[:, 1:]

    def unit_name(self, unit: int) -> str:
        """How a message names unit ``unit`` (``row 3``, ``column 5``, ``box 2``: boxes
        counted in reading order)."""
        kind = ("row", "column", "box")[unit // self.size]
        return f"{kind} {unit % self.size + 1}"

    @cached_property
    def borders(self) -> list[tuple[int, int]]:
        """The pairs of neighbouring cells with a box border between them."""
        return self.grid.borders(list(self.box_of))
