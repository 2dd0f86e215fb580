"""The geometry every grid family speaks: cells, neighbours, edges, lines, sight lines,
regions and symmetry, written once (grilops' ``geometry``).

A :class:`Grid` of ``rows`` x ``cols`` numbers its cells ``r * cols + c``, row-major,
0-based in code; :meth:`Grid.where` writes one as users read it, 1-based. An *edge*
joins two orthogonal neighbours; :attr:`Grid.edges` lists every edge once, in one fixed
order (those between columns row by row, then those between rows), which loop puzzles
use as their answer's variables. Families ask the grid and never ``divmod`` by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, ClassVar

Edge = tuple[int, int]
# The four directions as (row step, column step): up, left, right, down.
UP, LEFT, RIGHT, DOWN = (-1, 0), (0, -1), (0, 1), (1, 0)
DIRECTIONS = (UP, LEFT, RIGHT, DOWN)
SYMMETRIES = ("rot2", "rot4", "mirror", "none")


def where(cell: tuple[int, int]) -> str:
    """A cell given as its 0-based row and column, as users read it, 1-based.

    >>> where((0, 4))
    'row 1, column 5'
    """
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


class Broken(str):
    """One broken rule as a checker reports it: the message, which is what every
    caller reads, and the cells it is about, which a picture of the check marks.

    >>> found = Broken(f"lights at {where((0, 0))} and {where((0, 2))} shine on each "
    ...                "other", (0, 0), (0, 2))
    >>> found.startswith("lights at row 1, column 1"), found.cells
    (True, ((0, 0), (0, 2)))
    """

    cells: tuple[tuple[int, int], ...]

    def __new__(cls, text: str, *cells: tuple[int, int]) -> Broken:
        made = super().__new__(cls, text)
        made.cells = tuple(cells)
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return Broken, (str(self), *self.cells)


@dataclass(frozen=True)
class Grid:
    """A ``rows`` x ``cols`` grid of cells.

    >>> g = Grid(2, 3)
    >>> g.cell(1, 2), g.rc(5), g.where(5), g.name(5)
    (5, (1, 2), 'row 2, column 3', 'r2c3')
    >>> g.neighbours[4]
    [1, 3, 5]
    >>> g.edges
    ((0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (1, 4), (2, 5))
    >>> g.edge_at[4, 1], g.step(0, *UP), g.edge(0, *RIGHT)
    (5, None, 0)
    """

    rows: int
    cols: int

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise ValueError("a grid has at least one cell")

    @staticmethod
    def of(rows: int, cols: int) -> Grid:
        """The grid of that size, one shared by every board of it (its tables of
        neighbours are worked out once: a generator makes thousands of boards).

        >>> Grid.of(3, 4) is Grid.of(3, 4)
        True
        """
        return _shared(rows, cols)

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    def cell(self, r: int, c: int) -> int:
        return r * self.cols + c

    def rc(self, cell: int) -> tuple[int, int]:
        """The row and column of ``cell``, 0-based."""
        return divmod(cell, self.cols)

    def where(self, cell: int) -> str:
        """``cell`` as users read it: ``row 2, column 3``."""
        return where(divmod(cell, self.cols))

    def name(self, cell: int) -> str:
        """``cell`` as variable names and DIMACS comments write it: ``r2c3``."""
        r, c = divmod(cell, self.cols)
        return f"r{r + 1}c{c + 1}"

    def contains(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols

    def step(self, cell: int, dr: int, dc: int) -> int | None:
        """The cell one step from ``cell`` in a direction, or None off the grid."""
        r, c = divmod(cell, self.cols)
        r, c = r + dr, c + dc
        return r * self.cols + c if 0 <= r < self.rows and 0 <= c < self.cols else None

    @cached_property
    def neighbours(self) -> list[list[int]]:
        """The orthogonal neighbours of each cell (up, left, right, down)."""
        out: list[list[int]] = []
        for cell in range(self.cells):
            r, c = divmod(cell, self.cols)
            out.append([r2 * self.cols + c2 for r2, c2 in ((r - 1, c), (r, c - 1),
                                                           (r, c + 1), (r + 1, c))
                        if 0 <= r2 < self.rows and 0 <= c2 < self.cols])
        return out

    def around(self, cells: set[tuple[int, int]]) -> list[int]:
        """The ``cells`` (row, column) and their orthogonal neighbours, sorted: where a
        fix may change the board near cells that differ.

        >>> Grid(2, 3).around({(0, 0)})
        [0, 1, 3]
        """
        return sorted({other for r, c in cells
                       for other in (self.cell(r, c), *self.neighbours[self.cell(r, c)])})

    @cached_property
    def touching(self) -> list[list[int]]:
        """The cells touching each cell, diagonally too (a king's moves), in reading
        order.

        >>> Grid(2, 3).touching[1]
        [0, 2, 3, 4, 5]
        """
        out: list[list[int]] = []
        for cell in range(self.cells):
            r, c = divmod(cell, self.cols)
            out.append([r2 * self.cols + c2 for r2 in (r - 1, r, r + 1)
                        for c2 in (c - 1, c, c + 1)
                        if (r2, c2) != (r, c) and self.contains(r2, c2)])
        return out

    @cached_property
    def pairs(self) -> list[Edge]:
        """Every pair of orthogonal neighbours ``(a, b)`` with ``a < b``, by ``a``."""
        return [(a, b) for a in range(self.cells) for b in self.neighbours[a] if a < b]

    @cached_property
    def edges(self) -> tuple[Edge, ...]:
        """Every edge once: those between columns row by row, then those between rows."""
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

    def edge(self, cell: int, dr: int, dc: int) -> int | None:
        """The edge leaving ``cell`` in a direction, or None at the grid's edge."""
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
    def tables(self) -> tuple[Any, Any, Any]:
        """The neighbours and the edges of each cell (-1 padded, cells x 4) and the two
        cells of each edge (edges x 2), as int64 arrays for compiled kernels.

        >>> neighbour, incident, ends = Grid(1, 2).tables
        >>> neighbour.tolist(), incident.tolist(), ends.tolist()
        ([[1, -1, -1, -1], [0, -1, -1, -1]], [[0, -1, -1, -1], [0, -1, -1, -1]], [[0, 1]])
        """
        import numpy as np

        neighbour = np.full((self.cells, 4), -1, dtype=np.int64)
        incident = np.full((self.cells, 4), -1, dtype=np.int64)
        for cell in range(self.cells):
            neighbour[cell, :len(self.neighbours[cell])] = self.neighbours[cell]
            incident[cell, :len(self.incident[cell])] = self.incident[cell]
        ends = np.array(self.edges, dtype=np.int64).reshape(-1, 2)
        return neighbour, incident, ends

    @cached_property
    def lines(self) -> list[list[int]]:
        """Every row, then every column, as its cells in order.

        >>> Grid(2, 2).lines
        [[0, 1], [2, 3], [0, 2], [1, 3]]
        """
        found = [[r * self.cols + c for c in range(self.cols)] for r in range(self.rows)]
        return found + [[r * self.cols + c for r in range(self.rows)] for c in range(self.cols)]

    @cached_property
    def blocks(self) -> list[tuple[int, int, int, int]]:
        """Every 2x2 block of cells: top left, top right, bottom left, bottom right.

        >>> Grid(2, 3).blocks
        [(0, 1, 3, 4), (1, 2, 4, 5)]
        """
        cols = self.cols
        return [(a, a + 1, a + cols, a + cols + 1) for r in range(self.rows - 1)
                for a in range(r * cols, r * cols + cols - 1)]

    def ray(self, cell: int, dr: int, dc: int) -> list[int]:
        """The cells from ``cell`` (not included) to the grid's edge in a direction.

        >>> Grid(3, 3).ray(3, *RIGHT)
        [4, 5]
        """
        out = []
        at = self.step(cell, dr, dc)
        while at is not None:
            out.append(at)
            at = self.step(at, dr, dc)
        return out

    def sight(self, cell: int, open_: Sequence[bool]) -> list[int]:
        """The cells ``cell`` sees along its row and column through cells that are
        ``open_``, itself excluded (a light's reach, a number's view).

        >>> Grid(3, 3).sight(4, [True] * 3 + [False, True, True] + [True] * 3)
        [1, 5, 7]
        """
        seen = []
        for dr, dc in DIRECTIONS:
            for other in self.ray(cell, dr, dc):
                if not open_[other]:
                    break
                seen.append(other)
        return seen

    def regions(self, label: Sequence[int]) -> list[list[int]]:
        """The cells of each region, for regions labelled ``0..n-1`` cell by cell.

        >>> Grid(2, 2).regions([0, 0, 1, 0])
        [[0, 1, 3], [2]]
        """
        found: list[list[int]] = [[] for _ in range(max(label) + 1)]
        for cell, region in enumerate(label):
            found[region].append(cell)
        return found

    def borders(self, label: Sequence[int]) -> list[Edge]:
        """The pairs of neighbours ``(a, b)``, ``a < b``, in different regions.

        >>> Grid(2, 2).borders([0, 0, 1, 0])
        [(0, 2), (2, 3)]
        """
        return [(a, b) for a, b in self.pairs if label[a] != label[b]]

    def label_regions(self, apart: Callable[[int, int], bool]) -> list[int]:
        """Regions of cells joined to their neighbours except where ``apart(a, b)`` (a
        border between ``a < b``), labelled ``0..`` in the order of their first cell.

        >>> Grid(2, 2).label_regions(lambda a, b: (a, b) in {(0, 2), (2, 3)})
        [0, 0, 1, 0]
        """
        label = list(range(self.cells))  # union-find over cells not split by a border

        def root(cell: int) -> int:
            while label[cell] != cell:
                label[cell] = label[label[cell]]
                cell = label[cell]
            return cell

        for a, b in self.pairs:
            if not apart(a, b):
                label[root(b)] = root(a)
        return renumbered([root(cell) for cell in range(self.cells)])

    def images(self, cell: int, symmetry: str) -> list[int]:
        """The images of ``cell`` under each map of ``symmetry`` (one of
        :data:`SYMMETRIES`), the identity first, one per map even where they coincide:
        ``rot2`` turns the grid half round; ``rot4`` a quarter, a half and three
        quarters (square grids); ``mirror`` reflects it left to right. The images of two
        cells under the same map pair up (a border and its image).

        >>> Grid(4, 4).images(1, "rot4"), Grid(3, 3).images(4, "rot2")
        ([1, 7, 14, 8], [4, 4])
        """
        r, c = divmod(cell, self.cols)
        last_row, last_col = self.rows - 1, self.cols - 1
        if symmetry == "rot4":
            if self.rows != self.cols:
                raise ValueError("rot4 symmetry needs a square grid")
            turns = [(r, c), (c, last_col - r), (last_row - r, last_col - c), (last_row - c, r)]
        elif symmetry == "rot2":
            turns = [(r, c), (last_row - r, last_col - c)]
        elif symmetry == "mirror":
            turns = [(r, c), (r, last_col - c)]
        elif symmetry == "none":
            turns = [(r, c)]
        else:
            raise ValueError(f"unknown symmetry {symmetry!r}; known: {', '.join(SYMMETRIES)}")
        return [r2 * self.cols + c2 for r2, c2 in turns]

    def orbit(self, cell: int, symmetry: str) -> list[int]:
        """The cells ``symmetry`` maps ``cell`` to, each once, ``cell`` first
        (:meth:`images`).

        >>> Grid(4, 4).orbit(1, "rot4")
        [1, 7, 14, 8]
        >>> Grid(3, 3).orbit(3, "mirror"), Grid(3, 3).orbit(4, "rot2")
        ([3, 5], [4])
        """
        return list(dict.fromkeys(self.images(cell, symmetry)))

    def orbits(self, symmetry: str, cells: Iterable[int] | None = None) -> list[list[int]]:
        """The cells (all, or ``cells``) grouped into their orbits under ``symmetry``,
        each orbit once, in order of its first cell.

        >>> Grid(2, 2).orbits("rot2")
        [[0, 3], [1, 2]]
        """
        seen: set[int] = set()
        found = []
        for cell in sorted(range(self.cells) if cells is None else cells):
            if cell not in seen:
                orbit = self.orbit(cell, symmetry)
                seen.update(orbit)
                found.append(orbit)
        return found


@lru_cache(maxsize=32)
def _shared(rows: int, cols: int) -> Grid:
    return Grid(rows, cols)


def renumbered(labels: Sequence[Hashable]) -> list[int]:
    """Region labels of any kind renumbered ``0..`` in the order of their first cell.

    >>> renumbered(["b", "b", "a", 7])
    [0, 0, 1, 2]
    """
    order: dict[Hashable, int] = {}
    return [order.setdefault(label, len(order)) for label in labels]


class OnGrid:
    """What every board on a rectangular grid knows, for a frozen dataclass with
    ``rows``, ``cols`` and a value per cell in the field ``PER_CELL`` names: its
    ``grid`` and number of ``cells``, and a board of another size refused.

    >>> @dataclass(frozen=True)
    ... class Marked(OnGrid):
    ...     rows: int
    ...     cols: int
    ...     marks: tuple[bool, ...]
    ...     PER_CELL = "marks"
    >>> Marked(1, 2, (True, False)).cells, Marked(2, 2, (True,)).cells
    Traceback (most recent call last):
    ValueError: a board has rows x cols cells
    """

    rows: int
    cols: int
    PER_CELL: ClassVar[str]

    def __post_init__(self) -> None:
        if (self.rows < 1 or self.cols < 1
                or len(getattr(self, self.PER_CELL)) != self.rows * self.cols):
            raise ValueError("a board has rows x cols cells")

    @cached_property
    def grid(self) -> Grid:
        return Grid.of(self.rows, self.cols)

    @property
    def cells(self) -> int:
        return self.rows * self.cols
