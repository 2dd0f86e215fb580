"""The Hitori board: a number in each cell (or none, or a number not given).

Cells are numbered ``r * cols + c``. Rows and columns are 0-based in code and 1-based
in every message a user reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from cpsolve.grid.geometry import Grid
from cpsolve.grid.text import UNKNOWN_NUMBER

UNKNOWN = UNKNOWN_NUMBER  # a cell numbered "?": a number nobody is told, which repeats no other
Shading = frozenset[int]  # an answer: the shaded cells


@dataclass(frozen=True)
class Board:
    """An immutable Hitori board: ``numbers[cell]`` the number in each cell, ``None``
    for an empty cell, :data:`UNKNOWN` for "?".

    >>> b = Board(2, 3, (1, 1, 2, 2, 1, 1))
    >>> b.repeats
    [(0, 1), (4, 5), (1, 4)]
    """

    rows: int
    cols: int
    numbers: tuple[int | None, ...]

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1 or len(self.numbers) != self.rows * self.cols:
            raise ValueError("a board has rows x cols cells")

    @cached_property
    def grid(self) -> Grid:
        return Grid.of(self.rows, self.cols)

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    def shown(self, cell: int) -> int | None:
        """The number a cell shows that can repeat another (``None`` when empty or
        "?")."""
        number = self.numbers[cell]
        return None if number is None or number < 0 else number

    @cached_property
    def repeats(self) -> list[tuple[int, int]]:
        """Every pair of cells in one row or column that show the same number (rows
        first): one of each pair is shaded."""
        found: list[tuple[int, int]] = []
        for line in self.grid.lines:
            for i, a in enumerate(line):
                if self.shown(a) is None:
                    continue
                found.extend((a, b) for b in line[i + 1:] if self.shown(b) == self.shown(a))
        return found
