"""The Slitherlink board: a grid of cells, some holding a number 0-3 (4 on a board of
one cell), and the loop drawn along the cells' sides.

The loop runs through the board's corners: the grid of ``(rows + 1) x (cols + 1)``
points (:attr:`Board.points`), corner ``r * (cols + 1) + c`` being the top left corner
of cell ``(r, c)``. An answer is a set of edges between neighbouring points, each
``(a, b)`` with ``a < b``, in the order of that grid's
:attr:`~cpsolve.grid.geometry.Grid.edges` (the order of the models' answer).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from cpsolve.grid.boards import NumberGrid
from cpsolve.grid.geometry import Edge, Grid, where

Loop = frozenset[Edge]  # an answer: the loop's edges between points
FULL = "the loop passes through every grid point"
PLAIN = "the loop need not pass every grid point"


@dataclass(frozen=True)
class Board(NumberGrid):
    """An immutable Slitherlink board, the kit's grid of numbers: ``numbers[cell]`` is
    0-4 or ``None`` (no clue), and ``full`` whether the loop must pass through every
    grid point (pzprjs's variant, ``slither/f/``).

    >>> b = Board(2, 3, (3, None, None, None, None, 0))
    >>> len(b.points.edges), b.sides(0), b.corner(11)
    (17, (0, 3, 9, 10), 'the bottom right corner of row 2, column 3')
    """

    full: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if any(n is not None and not 0 <= n <= 4 for n in self.numbers):
            raise ValueError("a number is 0 to 4")

    @property
    def rule(self) -> str:
        """The rule in force, in words."""
        return FULL if self.full else PLAIN

    def filled(self, full: bool = True) -> Board:
        """The same numbers under the rule that the loop passes every point (or not)."""
        return self if self.full == full else replace(self, full=full)

    @cached_property
    def points(self) -> Grid:
        """The corners the loop runs through."""
        return Grid.of(self.rows + 1, self.cols + 1)

    def point(self, r: int, c: int) -> int:
        """The corner at row ``r``, column ``c`` of the points (0-based)."""
        return r * (self.cols + 1) + c

    def sides(self, cell: int) -> tuple[int, int, int, int]:
        """The edges (indices into ``points.edges``) along the cell's top, bottom,
        left and right sides."""
        r, c = divmod(cell, self.cols)
        at, top, bottom = self.points.edge_at, self.point(r, c), self.point(r + 1, c)
        return (at[top, top + 1], at[bottom, bottom + 1], at[top, bottom],
                at[top + 1, bottom + 1])

    @cached_property
    def side_table(self) -> tuple[tuple[int, int, int, int], ...]:
        """:meth:`sides` of every cell."""
        return tuple(self.sides(cell) for cell in range(self.cells))

    def corner(self, point: int) -> str:
        """A point as users read it: a corner of a cell."""
        r, c = divmod(point, self.cols + 1)
        vertical = "top" if r < self.rows else "bottom"
        horizontal = "left" if c < self.cols else "right"
        return f"the {vertical} {horizontal} corner of {where(self.corner_cell(point))}"

    def corner_cell(self, point: int) -> tuple[int, int]:
        """The cell whose corner :meth:`corner` names (for pictures' outlines)."""
        r, c = divmod(point, self.cols + 1)
        return min(r, self.rows - 1), min(c, self.cols - 1)
