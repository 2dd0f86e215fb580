"""The Masyu board: a grid whose cells may hold a white or a black pearl (circle).

Cells are numbered ``r * cols + c``. The loop is a set of edges between orthogonal
neighbours, each written ``(a, b)`` with ``a < b``; the grid's
:attr:`~cpsolve.grid.geometry.Grid.edges` lists every possible edge in one fixed order,
the order every encoding's projection uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from cpsolve.grid.geometry import Edge, Grid

EMPTY, WHITE, BLACK = 0, 1, 2
Loop = frozenset[Edge]  # an answer: the loop's edges


@dataclass(frozen=True)
class Board:
    """An immutable Masyu board: ``pearls[cell]`` is EMPTY, WHITE or BLACK; its
    ``grid`` numbers the cells and lists the possible edges of the loop.

    >>> b = Board(2, 3, (1, 0, 0, 0, 0, 2))
    >>> b.pearl_cells, len(b.grid.edges)
    ((0, 5), 7)
    """

    rows: int
    cols: int
    pearls: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1 or len(self.pearls) != self.rows * self.cols:
            raise ValueError("a board has rows x cols cells")
        if any(p not in (EMPTY, WHITE, BLACK) for p in self.pearls):
            raise ValueError("a cell is empty, white or black")

    @cached_property
    def grid(self) -> Grid:
        return Grid.of(self.rows, self.cols)

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @cached_property
    def pearl_cells(self) -> tuple[int, ...]:
        return tuple(cell for cell, p in enumerate(self.pearls) if p != EMPTY)
