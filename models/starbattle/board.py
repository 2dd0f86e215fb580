"""The Star Battle board: a grid divided into regions, and the number of stars every
row, column and region holds.

Cells are numbered ``r * cols + c``; regions are numbered by their first cell in
row-major order (as puzz.link numbers them), whatever names the input gave them.
Rows and columns are 0-based in code and 1-based in every message a user reads.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import cached_property

from cpsolve.grid.regions import Divided, Unit, Wall, line_units, region_units

Stars = frozenset[int]  # an answer: the cells holding a star


@dataclass(frozen=True)
class Board(Divided):
    """An immutable Star Battle board: ``stars`` in every row, column and region;
    ``region[cell]`` the region of each cell. The units in ``free`` (``("row", r)``,
    ``("column", c)``, ``("region", k)``) are counted by nothing: the setter's tools
    take a count away to find the counts in conflict, the generator its regions'.

    >>> b = Board(4, 4, 1, (0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3))
    >>> b.regions, b.region_cells[1], len(b.units), b.units[8].place
    (4, (2, 3, 6, 7), 12, 'the region at row 1, column 1')
    """

    rows: int
    cols: int
    stars: int
    region: tuple[int, ...]
    free: frozenset[tuple[str, int]] = frozenset()
    walls: tuple[Wall, ...] = ()  # borders inside regions, which the rules ignore
    holes: frozenset[int] = frozenset()  # cells in no region: no star stands there

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.stars < 1:
            raise ValueError("a board asks for at least one star per unit")

    @cached_property
    def units(self) -> list[Unit]:
        """Every row, then every column, then every region: each holds ``stars``."""
        return [*line_units(self.grid), *region_units(self, "region")]

    @cached_property
    def unit(self) -> dict[Hashable, tuple[int, ...]]:
        """The cells of each unit, by its key."""
        return {unit.key: unit.cells for unit in self.units}
