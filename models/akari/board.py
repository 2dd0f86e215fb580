"""The Akari board: cells, segments, neighbours.

Cells are ``.`` white, ``#`` black, ``0``-``4`` a black cell with a clue. Rows and
columns are 0-based in code and 1-based in every message a user reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

    from cpsolve.models.akari.small import Tables


WHITE = -1
BLACK = 5  # a black cell without a number; 0-4 are clues

CELLS = frozenset(".#01234")
Cell = tuple[int, int]
Solution = frozenset[Cell]  # the cells holding lights


@dataclass(frozen=True)
class Board:
    """An immutable Akari board: ``rows`` of ``.``, ``#`` and ``0``-``4``.

    >>> b = Board(("..", ".1"))
    >>> b.width, b.height, b.clues
    (2, 2, {(1, 1): 1})
    """

    rows: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.rows or not self.rows[0]:
            raise ValueError("a board has at least one cell")
        if any(len(row) != len(self.rows[0]) for row in self.rows):
            raise ValueError("rows of different lengths")
        if not set("".join(self.rows)) <= CELLS:
            raise ValueError("cells must be '.', '#' or '0'-'4'")

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @cached_property
    def grid(self) -> np.ndarray:
        """int8 array: -1 white, 5 black, 0-4 clue."""
        import numpy as np

        codes = np.frombuffer("".join(self.rows).encode(), dtype=np.uint8).astype(np.int8)
        grid = np.where(codes == ord("."), WHITE, np.where(codes == ord("#"), BLACK, codes - 48))
        return grid.astype(np.int8).reshape(self.height, self.width)

    def is_white(self, cell: Cell) -> bool:
        return self.rows[cell[0]][cell[1]] == "."

    @cached_property
    def whites(self) -> list[Cell]:
        """White cells in row-major order; index i is light variable i."""
        import numpy as np

        rs, cs = np.nonzero(self.grid == WHITE)
        return list(zip(rs.tolist(), cs.tolist()))

    @cached_property
    def clues(self) -> dict[Cell, int]:
        import numpy as np

        rs, cs = np.nonzero((self.grid >= 0) & (self.grid <= 4))
        return {(r, c): int(self.grid[r, c]) for r, c in zip(rs.tolist(), cs.tolist())}

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The orthogonal neighbours of ``cell`` inside the board."""
        r, c = cell
        height, width = len(self.rows), len(self.rows[0])
        around = ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))
        return [(i, j) for i, j in around if 0 <= i < height and 0 <= j < width]

    def white_neighbours(self, cell: Cell) -> list[Cell]:
        return [n for n in self.neighbours(cell) if self.is_white(n)]

    def visible(self, cell: Cell) -> list[Cell]:
        """White cells a light on ``cell`` would shine on, itself excluded."""
        seen = []
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            r, c = cell[0] + dr, cell[1] + dc
            while 0 <= r < self.height and 0 <= c < self.width and self.is_white((r, c)):
                seen.append((r, c))
                r, c = r + dr, c + dc
        return seen

    @cached_property
    def clue_table(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The clues as arrays, in row-major order: their cells (k x 2), their numbers,
        and their white neighbours as white-cell indices (k x 4, -1 where none)."""
        import numpy as np

        index = np.full((self.height + 2, self.width + 2), -1, dtype=np.int64)
        rs, cs = np.nonzero(self.grid == WHITE)
        index[rs + 1, cs + 1] = np.arange(len(rs))
        rs, cs = np.nonzero((self.grid >= 0) & (self.grid <= 4))
        around = np.stack([index[rs, cs + 1], index[rs + 1, cs + 2],
                           index[rs + 2, cs + 1], index[rs + 1, cs]], axis=1)
        return np.stack([rs, cs], axis=1), self.grid[rs, cs].astype(np.int64), around

    @cached_property
    def tables(self) -> Tables:
        """The white cells, their runs and the clues as lists (made in C where it is
        built): what the statement and the small boards' path read."""
        from cpsolve.models.akari.small import Tables

        return Tables.of(self)

    @cached_property
    def segments(self) -> Segments:
        return Segments.of(self.grid == WHITE)


@dataclass(frozen=True)
class Segments:
    """Maximal runs of white cells in rows and in columns.

    For white cell ``i`` (row-major order), ``row[i]`` and ``col[i]`` are the ids of
    its row segment and column segment; row segments are numbered first, from 0, and
    column segments after them. A light lights exactly the cells of its two segments.
    """

    row: np.ndarray
    col: np.ndarray
    count: int

    @staticmethod
    def of(white: np.ndarray) -> Segments:
        import numpy as np

        def runs(mask: np.ndarray) -> np.ndarray:
            # A run starts at a white cell whose left neighbour is black or the edge.
            left = np.zeros_like(mask)
            left[:, 1:] = mask[:, :-1]
            starts = mask & ~left
            return np.cumsum(starts.ravel()).reshape(mask.shape) - 1

        row_ids = runs(white)
        n_rows = int(row_ids.max()) + 1 if white.any() else 0
        col_ids = runs(white.T).T + n_rows
        total = int(col_ids.max()) + 1 if white.any() else 0
        return Segments(row=row_ids[white], col=col_ids[white], count=total)

    def table(self) -> tuple[np.ndarray, np.ndarray]:
        """The white-cell indices of every segment, concatenated by segment id, and the
        bounds: segment ``s`` is ``flat[bounds[s]:bounds[s + 1]]``, ascending."""
        import numpy as np

        ids = np.concatenate([self.row, self.col])
        cells = np.concatenate([np.arange(len(self.row))] * 2)
        order = np.argsort(ids, kind="stable")
        bounds = np.searchsorted(ids[order], np.arange(self.count + 1))
        return cells[order], bounds
