"""The Nurikabe board: numbers in some cells (or "?", a number not given).

Cells are numbered ``r * cols + c``. Rows and columns are 0-based in code and 1-based
in every message a user reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from cpsolve.grid.geometry import Grid
from cpsolve.grid.text import UNKNOWN_NUMBER

UNKNOWN = UNKNOWN_NUMBER  # a cell numbered "?": an island of a size nobody is told
Shading = frozenset[int]  # an answer: the shaded cells (the sea)


@dataclass(frozen=True)
class Board:
    """An immutable Nurikabe board: ``numbers[cell]`` the number in each cell, ``None``
    for none, :data:`UNKNOWN` for "?".

    >>> b = Board(2, 3, (2, None, None, None, None, 1))
    >>> b.clue_cells
    (0, 5)
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

    @cached_property
    def clue_cells(self) -> tuple[int, ...]:
        """The numbered cells ("?" too), in reading order: one island each."""
        return tuple(cell for cell, n in enumerate(self.numbers) if n is not None)

    def size(self, cell: int) -> int | None:
        """The island size a clue cell asks for (``None`` for "?")."""
        number = self.numbers[cell]
        return None if number is None or number < 0 else number
