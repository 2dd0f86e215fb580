"""The Gokigen Naname board: a grid of cells, each to hold a diagonal, and numbers on
some of the grid's points, the ``(rows + 1) x (cols + 1)`` corners of the cells
(:attr:`Board.points`: point ``r * (cols + 1) + c`` is the top left corner of cell
``(r, c)``), the outer border's too.

An answer is a diagonal a cell: ``/`` (from its bottom left corner to its top right
one) or ``\\`` (top left to bottom right), as a tuple of those characters cell by cell.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property

from cpsolve.grid.boards import UNKNOWN
from cpsolve.grid.geometry import Grid

Answer = tuple[str, ...]  # a diagonal a cell: "/" or "\\"
SLASH, BACKSLASH = "/", "\\"


@dataclass(frozen=True)
class Board:
    """An immutable Gokigen Naname board: ``rows`` x ``cols`` cells and ``numbers``, a
    number 0-4 on a point, ``None`` for none, :data:`UNKNOWN` for one shown as ``?``
    (which asks nothing), point by point in reading order.

    >>> b = Board(1, 2, (1, None, None, None, UNKNOWN, 0))
    >>> b.points.cells, b.touching(0), b.touching(4), b.clue_points
    (6, ((0, '\\\\'),), ((0, '\\\\'), (1, '/')), (0, 4, 5))
    """

    rows: int
    cols: int
    numbers: tuple[int | None, ...]

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1 or \
                len(self.numbers) != (self.rows + 1) * (self.cols + 1):
            raise ValueError("a board has (rows + 1) x (cols + 1) points")
        if any(n is not None and n != UNKNOWN and not 0 <= n <= 4 for n in self.numbers):
            raise ValueError("a point's number is 0 to 4")

    @cached_property
    def grid(self) -> Grid:
        """The cells."""
        return Grid.of(self.rows, self.cols)

    @cached_property
    def points(self) -> Grid:
        """The grid points the numbers stand on."""
        return Grid.of(self.rows + 1, self.cols + 1)

    @property
    def clue_grid(self) -> Grid:
        """The grid the clues stand on, for the generator's symmetry: the points."""
        return self.points

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @cached_property
    def clue_points(self) -> tuple[int, ...]:
        """The points with a number ("?" too), in reading order."""
        return tuple(p for p, n in enumerate(self.numbers) if n is not None)

    def shown(self, point: int) -> int | None:
        """The number a point shows (``None`` for none and for "?")."""
        number = self.numbers[point]
        return None if number is None or number < 0 else number

    def touching(self, point: int) -> tuple[tuple[int, str], ...]:
        """The cells around ``point``, each with the diagonal that touches the point."""
        r, c = divmod(point, self.cols + 1)
        out = []
        for dr, dc, diagonal in ((-1, -1, BACKSLASH), (-1, 0, SLASH), (0, -1, SLASH),
                                 (0, 0, BACKSLASH)):
            if 0 <= r + dr < self.rows and 0 <= c + dc < self.cols:
                out.append(((r + dr) * self.cols + c + dc, diagonal))
        return tuple(out)

    def ends(self, cell: int, diagonal: str) -> tuple[int, int]:
        """The two points a cell's diagonal joins."""
        r, c = divmod(cell, self.cols)
        top = r * (self.cols + 1) + c
        bottom = top + self.cols + 1
        return (top, bottom + 1) if diagonal == BACKSLASH else (top + 1, bottom)

    def where(self, point: int) -> str:
        """A point as users read it: its row and column among the points (1-based, as
        grid text writes them)."""
        r, c = divmod(point, self.cols + 1)
        return f"the point at row {r + 1}, column {c + 1}"

    def renumbered(self, changes: Mapping[int, int | None]) -> Board:
        """The board with the points of ``changes`` numbered anew (``None``: none)."""
        numbers = list(self.numbers)
        for point, number in changes.items():
            numbers[point] = number
        return replace(self, numbers=tuple(numbers))
