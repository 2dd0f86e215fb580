"""The Country Road board: a grid divided into regions (the kit's numbered rooms,
:class:`~cpsolve.grid.rooms.Rooms`), some carrying a number.

An answer is the loop, a set of edges between orthogonally neighbouring cells, each
``(a, b)`` with ``a < b``, in the order of the grid's
:attr:`~cpsolve.grid.geometry.Grid.edges` (every encoding's projection).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from cpsolve.grid.geometry import Edge
from cpsolve.grid.rooms import UNKNOWN, Rooms

Loop = frozenset[Edge]  # an answer: the loop's edges between cells

__all__ = ["UNKNOWN", "Board", "Loop"]


@dataclass(frozen=True)
class Board(Rooms):
    """An immutable Country Road board: ``room[cell]`` the region of each cell, the
    number of each region (``None``: none; :data:`UNKNOWN`: "?") and the cell it is
    written in.

    >>> b = Board(2, 3, (0, 0, 1, 0, 0, 1), (2, None), (0, 2))
    >>> b.crossing[1]
    (1, 3)
    """

    @cached_property
    def crossing(self) -> tuple[tuple[int, ...], ...]:
        """Each region's edges (indices into ``grid.edges``) that cross its border: the
        loop enters and leaves by two of them."""
        out: list[list[int]] = [[] for _ in range(self.rooms)]
        for k, (a, b) in enumerate(self.grid.edges):
            if self.room[a] != self.room[b]:
                out[self.room[a]].append(k)
                out[self.room[b]].append(k)
        return tuple(tuple(edges) for edges in out)
