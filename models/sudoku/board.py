"""The Sudoku board: an N x N grid of boxes (N = box rows x box columns: 4 = 2 x 2,
6 = 2 x 3, 9 = 3 x 3, 16 = 4 x 4, ...), some cells given a number from 1 to N.

Cells are numbered ``r * N + c``; a unit is a row, a column or a box, each a tuple of
cells. Rows and columns are 0-based in code and 1-based in every message a user reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from math import isqrt

from cpsolve.grid.geometry import Grid

Digits = tuple[int, ...]  # an answer: the number in each cell, in cell order


def box_shape(size: int) -> tuple[int, int] | None:
    """The rows and columns of a box of an ``size`` x ``size`` Sudoku: as square as the
    size allows, wider than tall (6: 2 x 3, as puzz.link draws it); ``None`` when no box
    of more than one row divides the size (a prime size: a Latin square, not a Sudoku).

    >>> box_shape(9), box_shape(6), box_shape(12), box_shape(7)
    ((3, 3), (2, 3), (3, 4), None)
    """
    return next(((rows, size // rows) for rows in range(isqrt(size), 1, -1)
                 if size % rows == 0), None)


def too_small(rows: int, cols: int) -> str | None:
    """Why no Sudoku has ``rows`` rows and ``cols`` columns (``None``: one has)."""
    if rows != cols:
        return f"a Sudoku is square, not {rows}x{cols}"
    if box_shape(rows) is None:
        return f"a {rows}x{rows} board has no boxes (its size is not a product of two " \
               "numbers above 1)"
    return None


@dataclass(frozen=True)
class Board:
    """An immutable Sudoku: its ``size`` N and ``givens[cell]``, the number given in
    each cell (``None``: empty).

    >>> b = Board(4, (1, None, None, None) + (None,) * 12)
    >>> b.units[8], b.box_of[5], b.unit_name(8)
    ((0, 1, 4, 5), 0, 'box 1')
    """

    size: int
    givens: tuple[int | None, ...]

    def __post_init__(self) -> None:
        if box_shape(self.size) is None or len(self.givens) != self.size ** 2:
            raise ValueError("a Sudoku is N x N cells, N a product of box rows and columns")
        if any(v is not None and not 1 <= v <= self.size for v in self.givens):
            raise ValueError(f"a given is a number from 1 to {self.size}")

    rows = cols = property(lambda self: self.size)
    cells = property(lambda self: self.size ** 2)
    numbers = property(lambda self: self.givens)  # as the kit's number pieces read them

    @cached_property
    def grid(self) -> Grid:
        return Grid.of(self.size, self.size)

    @cached_property
    def box_of(self) -> tuple[int, ...]:
        """The box of each cell, boxes numbered in reading order."""
        (high, wide), n = box_shape(self.size) or (1, self.size), self.size
        return tuple(r // high * (n // wide) + c // wide for r in range(n) for c in range(n))

    @cached_property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """The rows, then the columns, then the boxes, each a tuple of its cells."""
        return tuple(map(tuple, [*self.grid.lines, *self.grid.regions(self.box_of)]))

    def renumbered(self, changes: Mapping[int, int | None]) -> Board:
        """The board with the cells of ``changes`` given anew (``None``: not given)."""
        return replace(self, givens=tuple(changes.get(c, v) for c, v in enumerate(self.givens)))

    def unit_name(self, unit: int) -> str:
        """How a message names unit ``unit`` (``row 3``, ``column 5``, ``box 2``: boxes
        counted in reading order)."""
        return f"{('row', 'column', 'box')[unit // self.size]} {unit % self.size + 1}"
