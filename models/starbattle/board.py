"""The Star Battle board: a grid divided into regions, and the number of stars every
row, column and region holds.

Cells are numbered ``r * cols + c``; regions are numbered by their first cell in
row-major order (as puzz.link numbers them), whatever names the input gave them.
Rows and columns are 0-based in code and 1-based in every message a user reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from cpsolve.grid.regions import Divided

Stars = frozenset[int]  # an answer: the cells holding a star


@dataclass(frozen=True)
class Unit:
    """A row, a column or a region (``kind``, its index), the cells that must hold the
    board's number of stars, and the cell it is named by (a row's first cell, a
    column's top one, a region's first in reading order)."""

    kind: str
    index: int
    cells: tuple[int, ...]

    @property
    def key(self) -> tuple[str, int]:
        return self.kind, self.index

    @property
    def first(self) -> int:
        return self.cells[0]


@dataclass(frozen=True)
class Board(Divided):
    """An immutable Star Battle board: ``stars`` in every row, column and region;
    ``region[cell]`` the region of each cell.

    >>> b = Board(4, 4, 1, (0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3))
    >>> b.regions, b.region_cells[1], len(b.units)
    (4, (2, 3, 6, 7), 12)
    """

    rows: int
    cols: int
    stars: int
    region: tuple[int, ...]
    free: frozenset[tuple[str, int]] = frozenset()

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1 or len(self.region) != self.rows * self.cols:
            raise ValueError("a board has rows x cols cells")
        if self.stars < 1:
            raise ValueError("a board asks for at least one star per unit")

    @cached_property
    def units(self) -> tuple[Unit, ...]:
        """Every row, then every column, then every region whose count is asked for
        (not ``free``): each holds ``stars``."""
        grid = self.grid
        rows = [Unit("row", r, tuple(grid.cell(r, c) for c in range(self.cols)))
                for r in range(self.rows)]
        cols = [Unit("column", c, tuple(grid.cell(r, c) for r in range(self.rows)))
                for c in range(self.cols)]
        regions = [Unit("region", k, cells) for k, cells in enumerate(self.region_cells)]
        return tuple(unit for unit in (*rows, *cols, *regions) if unit.key not in self.free)

    @cached_property
    def pairs(self) -> list[tuple[int, int]]:
        """Every pair of cells that touch, by a side or a corner (``a < b``)."""
        return [(a, b) for a in range(self.cells) for b in self.grid.touching[a] if a < b]
