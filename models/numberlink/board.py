"""The Numberlink board: numbers in some cells, each to be joined by a path to another
cell with the same number, and the rule in force: whether the paths must fill the
board (``fill``, the rule of janko.at and most apps) or may leave cells empty (Nikoli's
and puzz.link's).

An answer is the paths, a set of edges between orthogonally neighbouring cells, each
``(a, b)`` with ``a < b``, in the order of the grid's
:attr:`~cpsolve.grid.geometry.Grid.edges` (every encoding's projection).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from cpsolve.grid.geometry import Edge, Grid

Paths = frozenset[Edge]  # an answer: the paths' edges between cells

FILL = "every cell on a path"
NO_FILL = "paths need not fill the board"


@dataclass(frozen=True)
class Board:
    """An immutable Numberlink board: ``numbers[cell]`` the number written in each cell
    (``None``: none) and ``fill``, whether every cell must be on a path.

    >>> b = Board(2, 3, (1, None, 2, None, 1, 2))
    >>> b.ends, b.values, b.label_of[4]
    ((0, 2, 4, 5), (1, 2), 0)
    """

    rows: int
    cols: int
    numbers: tuple[int | None, ...]
    fill: bool = False

    @cached_property
    def grid(self) -> Grid:
        return Grid.of(self.rows, self.cols)

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @cached_property
    def ends(self) -> tuple[int, ...]:
        """The numbered cells, in reading order: every path's two ends are among them."""
        return tuple(cell for cell, n in enumerate(self.numbers) if n is not None)

    @cached_property
    def values(self) -> tuple[int, ...]:
        """The distinct numbers, in increasing order: a path's label is its number's
        index here."""
        return tuple(sorted({n for n in self.numbers if n is not None}))

    @cached_property
    def label_of(self) -> dict[int, int]:
        """Each numbered cell's label (its number's index in :attr:`values`)."""
        index = {value: k for k, value in enumerate(self.values)}
        return {cell: index[n] for cell, n in enumerate(self.numbers) if n is not None}

    @property
    def rule(self) -> str:
        """The rule in force, in words."""
        return FILL if self.fill else NO_FILL

    def filled(self, fill: bool = True) -> Board:
        """The same numbers under the fill rule (or without it)."""
        return self if self.fill == fill else replace(self, fill=fill)

    def with_numbers(self, changes: dict[int, int | None]) -> Board:
        """The board with ``changes`` (cell: its number, ``None`` for none)."""
        numbers = list(self.numbers)
        for cell, number in changes.items():
            numbers[cell] = number
        return replace(self, numbers=tuple(numbers))
