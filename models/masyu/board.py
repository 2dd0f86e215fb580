"""The Masyu board: a grid whose cells may hold a white or a black pearl (circle), the
kit's grid of symbols (:class:`~cpsolve.grid.boards.SymbolGrid`).

Cells are numbered ``r * cols + c``. The loop is a set of edges between orthogonal
neighbours, each written ``(a, b)`` with ``a < b``; the grid's
:attr:`~cpsolve.grid.geometry.Grid.edges` lists every possible edge in one fixed order,
the order of the models' answer.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cpsolve.grid.boards import SymbolGrid
from cpsolve.grid.geometry import Edge

EMPTY, WHITE, BLACK = 0, 1, 2
Loop = frozenset[Edge]  # an answer: the loop's edges
FULL = "the loop passes through every cell"
PLAIN = "the loop need not pass every cell"


@dataclass(frozen=True)
class Board(SymbolGrid):
    """An immutable Masyu board: ``pearls[cell]`` is EMPTY, WHITE or BLACK, and ``full``
    whether the loop must pass through every cell (pzprjs's variant, ``mashu/f/``).

    >>> b = Board(2, 3, (1, 0, 0, 0, 0, 2))
    >>> b.pearl_cells, len(b.grid.edges)
    ((0, 5), 7)
    """

    NAMES = {WHITE: "white pearl", BLACK: "black pearl"}
    full: bool = False

    @property
    def pearls(self) -> tuple[int, ...]:
        return self.symbols

    @property
    def pearl_cells(self) -> tuple[int, ...]:
        return self.clue_cells

    @property
    def rule(self) -> str:
        """The rule in force, in words."""
        return FULL if self.full else PLAIN

    def filled(self, full: bool = True) -> Board:
        """The same pearls under the rule that the loop passes every cell (or without)."""
        return self if self.full == full else replace(self, full=full)
