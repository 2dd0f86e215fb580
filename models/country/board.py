"""The Country Road board: the kit's numbered rooms (:class:`~cpsolve.grid.rooms.Rooms`),
here regions, and the rule in force: whether every region must be visited, or, under
pzprjs's variant ``country/e/`` (``empty``), a region may be left unvisited.

An answer is the loop, a set of edges between neighbouring cells, each ``(a, b)`` with
``a < b``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cpsolve.grid.geometry import Edge
from cpsolve.grid.rooms import Rooms

Loop = frozenset[Edge]  # an answer: the loop's edges between cells, each (a, b), a < b
EMPTY = "a region need not be visited"
VISITED = "every region is visited"


@dataclass(frozen=True)
class Board(Rooms):
    """An immutable Country Road board: rooms with their numbers (:class:`Rooms`) and
    ``empty``, whether a region may be left unvisited.

    >>> b = Board(2, 2, (0, 0, 1, 1), (2, None), (0, 2))
    >>> b.rule, b.emptied().rule
    ('every region is visited', 'a region need not be visited')
    """

    empty: bool = False

    @property
    def rule(self) -> str:
        """The rule in force, in words."""
        return EMPTY if self.empty else VISITED

    def emptied(self, empty: bool = True) -> Board:
        """The same regions under the rule that a region need not be visited (or not)."""
        return self if self.empty == empty else replace(self, empty=empty)
