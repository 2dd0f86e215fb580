"""The Fillomino board: a grid, some cells showing a number.

Cells are numbered ``r * cols + c``; rows and columns are 0-based in code and 1-based
in every message a user reads. An answer writes a number in every cell (a tuple, cell
by cell); an area is a connected set of cells of one number, with no cell of that
number beside it, and must hold as many cells as its number says.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from cpsolve.grid.geometry import Grid
from cpsolve.grid.text import UNKNOWN_NUMBER

UNKNOWN = UNKNOWN_NUMBER  # a cell showing "?": a given cell whose number is not told
Filling = tuple[int, ...]  # an answer: the number of every cell


@dataclass(frozen=True)
class Board:
    """An immutable Fillomino board: ``numbers[cell]`` the number shown (``None`` for
    an empty cell, :data:`UNKNOWN` for "?"); ``bound``, when the deductions proved one,
    the largest number any answer writes (none: the number of cells).

    >>> b = Board(2, 2, (1, None, None, 3))
    >>> b.cells, b.clue_cells, b.largest
    (4, (0, 3), 4)
    """

    rows: int
    cols: int
    numbers: tuple[int | None, ...]
    bound: int | None = None

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
        """The cells showing a number (not "?"), in reading order."""
        return tuple(c for c, n in enumerate(self.numbers) if n is not None and n > 0)

    @property
    def largest(self) -> int:
        """The largest number an answer may write: the proven ``bound``, else an area
        of every cell."""
        return self.bound or self.cells
