"""The Masyu board: a grid whose cells may hold a white or a black pearl (circle).

Cells are numbered ``r * cols + c``. The loop is a set of edges between orthogonal
neighbours, each written ``(a, b)`` with ``a < b``; :attr:`Board.edges` lists every
possible edge in one fixed order (those between columns row by row, then those between
rows), the order every encoding's projection uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from cpsolve.connectivity import grid_neighbours

EMPTY, WHITE, BLACK = 0, 1, 2
Edge = tuple[int, int]
Loop = frozenset[Edge]  # an answer: the loop's edges


@dataclass(frozen=True)
class Board:
    """An immutable Masyu board: ``pearls[cell]`` is EMPTY, WHITE or BLACK.

    >>> b = Board(2, 3, (1, 0, 0, 0, 0, 2))
    >>> b.edges
    ((0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (1, 4), (2, 5))
    >>> b.edge_at[1, 0]
    0
    """

    rows: int
    cols: int
    pearls: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1 or len(self.pearls) != self.rows * self.cols:
            raise ValueError("a board has rows x cols cells")
        if any(p not in (EMPTY, WHITE, BLACK) for p in self.pearls):
            raise ValueError("a cell is empty, white or black")

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @cached_property
    def neighbours(self) -> list[list[int]]:
        return grid_neighbours(self.rows, self.cols)

    @cached_property
    def edges(self) -> tuple[Edge, ...]:
        rows, cols = self.rows, self.cols
        across = [(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)]
        down = [(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)]
        return tuple(across + down)

    @cached_property
    def edge_at(self) -> dict[tuple[int, int], int]:
        """The index of the edge between two neighbours, either way round."""
        out = {}
        for k, (a, b) in enumerate(self.edges):
            out[a, b] = out[b, a] = k
        return out

    def step(self, cell: int, dr: int, dc: int) -> int | None:
        """The cell one step from ``cell`` in a direction, or None off the board."""
        r, c = divmod(cell, self.cols)
        r, c = r + dr, c + dc
        return r * self.cols + c if 0 <= r < self.rows and 0 <= c < self.cols else None

    def edge(self, cell: int, dr: int, dc: int) -> int | None:
        """The edge leaving ``cell`` in a direction, or None at the board's edge."""
        other = self.step(cell, dr, dc)
        return None if other is None else self.edge_at[cell, other]

    @cached_property
    def incident(self) -> list[list[int]]:
        """The edges of each cell."""
        found: list[list[int]] = [[] for _ in range(self.cells)]
        for k, (a, b) in enumerate(self.edges):
            found[a].append(k)
            found[b].append(k)
        return found

    @cached_property
    def pearl_cells(self) -> tuple[int, ...]:
        return tuple(cell for cell, p in enumerate(self.pearls) if p != EMPTY)
