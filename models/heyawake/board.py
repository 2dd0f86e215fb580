"""The Heyawake board: a grid divided into rooms, some of which carry a number.

Cells are numbered ``r * cols + c``; rooms are numbered by their first cell in
row-major order (as puzz.link numbers them), whatever names the input gave them.
Rows and columns are 0-based in code and 1-based in every message a user reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from cpsolve.grid.geometry import Grid

UNKNOWN = -2  # a room whose number is shown as "?": numbered, no count given
Shading = frozenset[int]  # an answer: the shaded cells


@dataclass(frozen=True)
class Board:
    """An immutable Heyawake board: ``room[cell]`` the room of each cell, and the
    number of each room (``None``: no number; :data:`UNKNOWN`: "?"), with the cell it
    is written in (``clue_cell[room]``).

    >>> b = Board(2, 3, (0, 0, 1, 0, 0, 1), (2, None), (0, 2))
    >>> b.rooms, b.room_cells[1], b.borders
    (2, (2, 5), [(1, 2), (4, 5)])
    """

    rows: int
    cols: int
    room: tuple[int, ...]
    numbers: tuple[int | None, ...]
    clue_cell: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1 or len(self.room) != self.rows * self.cols:
            raise ValueError("a board has rows x cols cells")
        if len(self.numbers) != len(self.clue_cell) or len(self.numbers) != self.rooms:
            raise ValueError("one number (or None) and one clue cell per room")

    @cached_property
    def grid(self) -> Grid:
        return Grid.of(self.rows, self.cols)

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @cached_property
    def rooms(self) -> int:
        return max(self.room) + 1

    @cached_property
    def room_cells(self) -> tuple[tuple[int, ...], ...]:
        """The cells of each room, in order."""
        return tuple(tuple(cells) for cells in self.grid.regions(self.room))

    @cached_property
    def borders(self) -> list[tuple[int, int]]:
        """The pairs of neighbouring cells with a room border between them."""
        return self.grid.borders(self.room)

    @cached_property
    def runs(self) -> list[tuple[int, ...]]:
        """Every straight run of cells that crosses exactly two room borders and
        starts and ends next to them: some cell of each must be shaded (a run of
        unshaded cells may span two rooms, never three)."""
        found = []
        for line in self.grid.lines:
            borders = [k for k in range(len(line) - 1)
                       if self.room[line[k]] != self.room[line[k + 1]]]
            for first, second in zip(borders, borders[1:]):
                found.append(tuple(line[first:second + 2]))
        return found
