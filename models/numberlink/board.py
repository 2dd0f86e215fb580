"""The Numberlink board: numbers in some cells (the kit's
:class:`~cpsolve.grid.boards.NumberGrid`), each to be joined by a path to another cell
with the same number, and the rule in force: whether the paths must fill the board
(``fill``, the rule of janko.at and most apps) or may leave cells empty (Nikoli's and
puzz.link's).

An answer is the paths, a set of edges between orthogonally neighbouring cells, each
``(a, b)`` with ``a < b``, in the order of the grid's
:attr:`~cpsolve.grid.geometry.Grid.edges` (every method's projection).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from cpsolve.grid.boards import NumberGrid
from cpsolve.grid.geometry import Edge

Paths = frozenset[Edge]  # an answer: the paths' edges between cells

FILL = "every cell on a path"
NO_FILL = "paths need not fill the board"


@dataclass(frozen=True)
class Board(NumberGrid):
    """An immutable Numberlink board: ``numbers[cell]`` the number written in each cell
    (``None``: none) and ``fill``, whether every cell must be on a path.

    >>> b = Board(2, 3, (1, None, 2, None, 1, 2))
    >>> b.ends, b.values, b.rule
    ((0, 2, 4, 5), (1, 2), 'paths need not fill the board')
    """

    fill: bool = False

    @property
    def ends(self) -> tuple[int, ...]:
        """The numbered cells, in reading order: every path's two ends are among them."""
        return self.clue_cells

    @cached_property
    def values(self) -> tuple[int, ...]:
        """The distinct numbers, in increasing order (the paths' labels)."""
        return tuple(sorted({n for n in self.numbers if n is not None}))

    @property
    def rule(self) -> str:
        """The rule in force, in words."""
        return FILL if self.fill else NO_FILL

    def filled(self, fill: bool = True) -> Board:
        """The same numbers under the fill rule (or without it)."""
        return self if self.fill == fill else replace(self, fill=fill)
