"""The Slitherlink board: a grid of cells, some holding a number 0-3 (4 on a board of
one cell), and the loop drawn along the cells' sides.

The loop runs through the board's corners: the grid of ``(rows + 1) x (cols + 1)``
points (:attr:`Board.points`), corner ``r * (cols + 1) + c`` being the top left corner
of cell ``(r, c)``. An answer is a set of edges between neighbouring points, each
``(a, b)`` with ``a < b``, in the order of that grid's
:attr:`~cpsolve.grid.geometry.Grid.edges` (the order of every encoding's projection).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from cpsolve.grid.geometry import Edge, Grid, where

Loop = frozenset[Edge]  # an answer: the loop's edges between points


@dataclass(frozen=True)
class Board:
    """An immutable Slitherlink board: ``numbers[cell]`` is 0-4 or ``None`` (no clue).

    >>> b = Board(2, 3, (3, None, None, None, None, 0))
    >>> len(b.points.edges), b.sides(0), b.corner(11)
    (17, (0, 3, 9, 10), 'the bottom right corner of row 2, column 3')
    """

    rows: int
    cols: int
    numbers: tuple[int | None, ...]

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1 or len(self.numbers) != self.rows * self.cols:
            raise ValueError("a board has rows x cols cells")
        if any(n is not None and not 0 <= n <= 4 for n in self.numbers):
            raise ValueError("a number is 0 to 4")

    @cached_property
    def grid(self) -> Grid:
        """The cells."""
        return Grid.of(self.rows, self.cols)

    @cached_property
    def points(self) -> Grid:
        """The corners the loop runs through."""
        return Grid.of(self.rows + 1, self.cols + 1)

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    def point(self, r: int, c: int) -> int:
        """The corner at row ``r``, column ``c`` of the points (0-based)."""
        return r * (self.cols + 1) + c

    def sides(self, cell: int) -> tuple[int, int, int, int]:
        """The edges (indices into ``points.edges``) along the cell's top, bottom,
        left and right sides."""
        r, c = divmod(cell, self.cols)
        at = self.points.edge_at
        top_left, top_right = self.point(r, c), self.point(r, c + 1)
        bottom_left, bottom_right = self.point(r + 1, c), self.point(r + 1, c + 1)
        return (at[top_left, top_right], at[bottom_left, bottom_right],
                at[top_left, bottom_left], at[top_right, bottom_right])

    @cached_property
    def side_table(self) -> tuple[tuple[int, int, int, int], ...]:
        """:meth:`sides` of every cell."""
        return tuple(self.sides(cell) for cell in range(self.cells))

    def corner(self, point: int) -> str:
        """A point as users read it: a corner of a cell."""
        r, c = divmod(point, self.cols + 1)
        vertical = "top" if r < self.rows else "bottom"
        horizontal = "left" if c < self.cols else "right"
        return (f"the {vertical} {horizontal} corner of "
                f"{where((min(r, self.rows - 1), min(c, self.cols - 1)))}")

    def corner_cell(self, point: int) -> tuple[int, int]:
        """The cell whose corner :meth:`corner` names (for pictures' outlines)."""
        r, c = divmod(point, self.cols + 1)
        return min(r, self.rows - 1), min(c, self.cols - 1)

    @cached_property
    def clue_cells(self) -> tuple[int, ...]:
        return tuple(cell for cell, n in enumerate(self.numbers) if n is not None)
