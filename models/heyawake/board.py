"""The Heyawake board: a grid divided into rooms, some of which carry a number.

Cells are numbered ``r * cols + c``; rooms are numbered by their first cell in
row-major order (as puzz.link numbers them), whatever names the input gave them.
Rows and columns are 0-based in code and 1-based in every message a user reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from cpsolve.grid.rooms import UNKNOWN, Rooms

Shading = frozenset[int]  # an answer: the shaded cells

__all__ = ["UNKNOWN", "Board", "Shading"]


@dataclass(frozen=True)
class Board(Rooms):
    """An immutable Heyawake board: the kit's board of numbered rooms
    (:class:`~cpsolve.grid.rooms.Rooms`), ``room[cell]`` the room of each cell, and the
    number of each room (``None``: no number; :data:`UNKNOWN`: "?"), with the cell it
    is written in (``clue_cell[room]``).

    >>> b = Board(2, 3, (0, 0, 1, 0, 0, 1), (2, None), (0, 2))
    >>> b.rooms, b.room_cells[1], b.borders
    (2, (2, 5), [(1, 2), (4, 5)])
    """

    @cached_property
    def runs(self) -> list[tuple[int, ...]]:
        """Every straight run of cells that crosses exactly two borders and starts and
        ends next to them: some cell of each must be shaded (a run of unshaded cells
        may span two rooms, never three). A wall inside a room is a border here, as
        pzprjs counts it.

        >>> Board(1, 4, (0, 0, 0, 0), (None,), (0,), ((0, 1), (2, 3))).runs
        [(0, 1, 2, 3)]
        """
        found = []
        fences = set(self.fences)
        for line in self.grid.lines:
            borders = [k for k in range(len(line) - 1)
                       if (min(line[k], line[k + 1]), max(line[k], line[k + 1])) in fences]
            for first, second in zip(borders, borders[1:]):
                found.append(tuple(line[first:second + 2]))
        return found
