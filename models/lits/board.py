"""The LITS board: a grid divided into regions, each to hold one tetromino.

Cells are numbered ``r * cols + c``; regions are numbered by their first cell in
row-major order (as puzz.link numbers them), whatever names the input gave them.
Rows and columns are 0-based in code and 1-based in every message a user reads.

The tetrominoes are the four LITS allows: ``L``, ``I``, ``T`` and ``S`` (rotations
and reflections of one counting as the same shape); the square ``O`` never fits, as
it is a 2x2 block of shaded cells.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from cpsolve.grid.regions import Divided

Shading = frozenset[int]  # an answer: the shaded cells
SHAPES = "LITS"
# One orientation of each shape, as (row, column) offsets.
_BASE = {"L": ((0, 0), (1, 0), (2, 0), (2, 1)), "I": ((0, 0), (1, 0), (2, 0), (3, 0)),
         "T": ((0, 0), (0, 1), (0, 2), (1, 1)), "S": ((0, 1), (0, 2), (1, 0), (1, 1)),
         "O": ((0, 0), (0, 1), (1, 0), (1, 1))}


def _normal(cells: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    cells = list(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def _images(cells: tuple[tuple[int, int], ...]) -> set[tuple[tuple[int, int], ...]]:
    """The orientations of a shape: its rotations and reflections."""
    out = set()
    current = list(cells)
    for _ in range(4):
        current = [(c, -r) for r, c in current]
        out.add(_normal(current))
        out.add(_normal((r, -c) for r, c in current))
    return out


ORIENTATIONS = {shape: sorted(_images(cells)) for shape, cells in _BASE.items()}
_SHAPE_OF = {orientation: shape for shape, found in ORIENTATIONS.items()
             for orientation in found}


def shape(cells: Iterable[tuple[int, int]]) -> str | None:
    """The tetromino ``cells`` (rows and columns) make: ``L``, ``I``, ``T``, ``S``,
    ``O``, or ``None`` when they are no tetromino.

    >>> shape([(5, 5), (5, 6), (6, 6), (6, 7)]), shape([(0, 0), (0, 1), (0, 2), (1, 0)])
    ('S', 'L')
    >>> shape([(0, 0), (0, 1)]), sum(len(o) for o in ORIENTATIONS.values())
    (None, 19)
    """
    cells = list(cells)
    return _SHAPE_OF.get(_normal(cells)) if len(cells) == 4 else None


@dataclass(frozen=True)
class Placement:
    """A tetromino on the board: its ``shape`` and its four ``cells``."""

    shape: str
    cells: tuple[int, ...]


@dataclass(frozen=True)
class Board(Divided):
    """An immutable LITS board: ``region[cell]`` the region of each cell; the regions
    in ``free`` hold no tetromino (the setter's tools take a region's tetromino away
    to find the regions in conflict).

    >>> b = Board(2, 4, (0, 0, 0, 0, 1, 1, 1, 1))
    >>> b.regions, b.region_cells[1], [p.shape for p in b.fits[0]]
    (2, (4, 5, 6, 7), ['I'])
    """

    rows: int
    cols: int
    region: tuple[int, ...]
    free: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1 or len(self.region) != self.rows * self.cols:
            raise ValueError("a board has rows x cols cells")

    @cached_property
    def fits(self) -> tuple[tuple[Placement, ...], ...]:
        """The tetrominoes each region holds (none for a ``free`` region)."""
        grid, region = self.grid, self.region
        out: list[list[Placement]] = [[] for _ in range(self.regions)]
        for cell in range(self.cells):  # the placement's first cell in reading order
            k = region[cell]
            if k in self.free:
                continue
            r, c = grid.rc(cell)
            for name in SHAPES:
                for orientation in ORIENTATIONS[name]:
                    r0, c0 = orientation[0]
                    at = [(r + dr - r0, c + dc - c0) for dr, dc in orientation]
                    if all(0 <= rr < self.rows and 0 <= cc < self.cols
                           and region[rr * self.cols + cc] == k for rr, cc in at):
                        out[k].append(Placement(name, tuple(rr * self.cols + cc
                                                            for rr, cc in at)))
        return tuple(tuple(found) for found in out)

    @cached_property
    def asked(self) -> tuple[int, ...]:
        """The regions that hold a tetromino (all but ``free``)."""
        return tuple(k for k in range(self.regions) if k not in self.free)
