"""Boards divided into regions (Heyawake's rooms, Star Battle's and LITS's regions):
reading and writing their names, moving a cell from one region into the next (the
setter's fixes, the generators' mending), and growing regions round seeds; the board
kind (:class:`Regions`) and the clues of its units (rows, columns, regions: each a
:class:`Unit`) for the setter's tools.

A division is a tuple ``region[cell]`` numbered ``0..`` by each region's first cell in
reading order (:func:`~cpsolve.grid.geometry.renumbered`), as puzz.link numbers them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, TypeVar

from cpsolve.grid import text as gridtext
from cpsolve.grid.connectivity import components
from cpsolve.grid.geometry import Edge, Grid, OnGrid, renumbered

if TYPE_CHECKING:
    from cpsolve.grid.hints import Clue, Edit

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


HOLES = "@#"  # janko.at's marks of a cell in no region, where a genre has such cells


def read(names: gridtext.Grid, noun: str = "region", holes: str = "", apart: bool = False
         ) -> tuple[tuple[int, ...], frozenset[int]]:
    """The division a grid of region names gives (any token; a region is the cells of
    one name), and its holes: the cells whose token is one of ``holes`` (cells in no
    region, each group of them side by side a region of its own in the division,
    :class:`Outlined`); a located
    error at a cell cut off from the rest of its region, or, with ``apart``, each part
    of a name a region of its own (as borders drawn between names divide them).

    >>> _, _, (names,) = gridtext.read("2 2\\nx y\\nx x", 1)
    >>> read(names)
    ((0, 1, 0, 0), frozenset())
    >>> _, _, (names,) = gridtext.read("2 3\\nx @ #\\nx x @", 1)
    >>> read(names, holes=HOLES)  # holes side by side are one region
    ((0, 1, 1, 0, 0, 1), frozenset({1, 2, 5}))
    >>> _, _, (names,) = gridtext.read("2 2\\nx y\\ny x", 1)
    >>> read(names, "room")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cpsolve.errors.InputError: 3:3: room 'x' is not connected: this cell is apart from ...
    >>> read(names, apart=True)
    ((0, 1, 2, 3), frozenset())
    """
    grid = Grid.of(len(names), len(names[0]))
    flat = [token for row in names for token in row]
    hole = frozenset(cell for cell, token in enumerate(flat) if token.text in holes)
    alone = {cell: (part[0],) for part in components(hole, grid.neighbours) for cell in part}
    region = renumbered([alone.get(cell, token.text) for cell, token in enumerate(flat)])
    part_of: dict[int, int] = {}
    for cells in grid.regions(region):
        parts = components(cells, grid.neighbours)
        if len(parts) > 1 and not apart:
            cut = flat[parts[1][0]]
            raise cut.error(f"{noun} {cut.text!r} is not connected: this cell is apart "
                            f"from the one at {grid.where(parts[0][0])}")
        if apart:
            part_of.update((cell, k) for k, part in enumerate(parts) for cell in part)
    if apart:
        region = renumbered([(label, part_of[cell]) for cell, label in enumerate(region)])
    return tuple(region), hole


def name(region: int) -> str:
    """A region's name in grid text: ``a`` to ``z``, ``A`` to ``Z``, then ``aa``, ...

    >>> name(0), name(25), name(51), name(52)
    ('a', 'z', 'Z', 'aa')
    """
    out = ""
    region += 1
    while region:
        region, rest = divmod(region - 1, len(LETTERS))
        out = LETTERS[rest] + out
    return out


def names(region: Sequence[int], holes: frozenset[int] = frozenset()) -> list[str]:
    """Every cell's region name (:func:`name`), ``#`` for a hole (a cell in no region,
    with names counted past it)."""
    out: list[str] = []
    named: dict[int, str] = {}
    for cell, k in enumerate(region):
        out.append("#" if cell in holes else named.setdefault(k, name(len(named))))
    return out


def lines(cols: int, *blocks: Sequence[str]) -> list[str]:
    """Blocks of tokens (a board's numbers, its region names), one token a cell, as the
    rows of grid text, every token right-aligned to the widest.

    >>> lines(2, ["1", "-", "-", "10"], names((0, 0, 1, 0)))
    [' 1  -', ' - 10', ' a  a', ' b  a']
    """
    width = max(len(token) for block in blocks for token in block)
    return [" ".join(token.rjust(width) for token in block[start:start + cols]).rstrip()
            for block in blocks for start in range(0, len(block), cols)]


def moved(grid: Grid, region: Sequence[int], cell: int, into: int) -> tuple[int, ...] | None:
    """The division with ``cell`` moved into region ``into`` (``None`` when its own
    region would be left empty or in pieces).

    >>> moved(Grid(1, 3), (0, 0, 1), 1, 1), moved(Grid(1, 3), (0, 1, 1), 0, 1)
    ((0, 1, 1), None)
    """
    rest = [c for c in range(grid.cells) if region[c] == region[cell] and c != cell]
    if not rest or len(components(rest, grid.neighbours)) > 1:
        return None
    labels = list(region)
    labels[cell] = into
    return tuple(renumbered(labels))


def beside(grid: Grid, region: Sequence[int], cell: int) -> list[int]:
    """The regions next to ``cell`` other than its own, in order."""
    return sorted({region[other] for other in grid.neighbours[cell]} - {region[cell]})


def moves(grid: Grid, region: Sequence[int], cells: Iterable[int]
          ) -> list[tuple[int, int, tuple[int, ...]]]:
    """Each of ``cells`` moved into each region beside it, where its own stays whole:
    ``(cell, into, division)``, ``into`` numbered as in ``region`` (the setter's fixes).

    >>> moves(Grid(1, 3), (0, 0, 1), [1, 2])
    [(1, 1, (0, 1, 1))]
    """
    out = []
    for cell in cells:
        for into in beside(grid, region, cell):
            changed = moved(grid, region, cell, into)
            if changed is not None:
                out.append((cell, into, changed))
    return out


def mended(grid: Grid, region: Sequence[int], fixed: Iterable[int],
           first: Iterable[int], cells: Iterable[int], rnd: random.Random
           ) -> tuple[int, ...] | None:
    """A generator's mending: a cell not in ``fixed`` (the answer's stars, its shaded
    cells: the answer stays an answer when only the others move) moved into a region
    beside it, taken from ``first`` (where a second solution breaks by the move), else
    from ``cells`` (where solutions differ), else from the cells beside those, at
    random within each; ``None`` when none can move."""
    keep = set(fixed)
    near = sorted(set(cells))
    around = sorted({o for cell in near for o in grid.neighbours[cell]} - set(near))
    for tier in (sorted(set(first)), near, around):
        chosen = [cell for cell in tier if cell not in keep]
        rnd.shuffle(chosen)
        for cell in chosen:
            into = beside(grid, region, cell)
            rnd.shuffle(into)
            for k in into:
                changed = moved(grid, region, cell, k)
                if changed is not None:
                    return changed
    return None


def grow(grid: Grid, seeds: Sequence[Iterable[int]], rnd: random.Random,
         even: float) -> list[int]:
    """Regions grown round ``seeds`` (disjoint sets of cells, each connected), a cell
    at a time into a free cell beside one (the smallest region with probability
    ``even``, else one at random) until every cell the seeds can reach has one: the
    region of every cell, numbered as the seeds, ``-1`` where none reached.

    >>> grow(Grid(1, 4), [[0], [3]], random.Random(1), 1.0)
    [0, 0, 1, 1]
    """
    region = [-1] * grid.cells
    size = []
    frontier: list[set[int]] = []
    for k, seed in enumerate(seeds):
        members = list(seed)
        for cell in members:
            region[cell] = k
        size.append(len(members))
    for seed in seeds:
        frontier.append({o for cell in seed for o in grid.neighbours[cell] if region[o] < 0})
    while True:
        open_ = [k for k in range(len(frontier)) if frontier[k]]
        if not open_:
            return region
        k = min(open_, key=lambda j: (size[j], rnd.random())) if rnd.random() < even \
            else rnd.choice(open_)
        cell = rnd.choice(sorted(frontier[k]))
        region[cell] = k
        size[k] += 1
        for other in frontier:
            other.discard(cell)
        frontier[k].update(o for o in grid.neighbours[cell] if region[o] < 0)


Wall = tuple[int, int]  # a border between two neighbouring cells of one region, a < b


class Outlined(OnGrid):
    """What a divided board knows besides its division, for a frozen dataclass with its
    division in the field ``PER_CELL`` names, a ``walls`` and a ``holes`` field.

    * ``walls``: borders drawn between two cells of one region that leave it in one
      piece. pzprjs keeps every border it reads, and each genre's rules say what a wall
      asks: Heyawake's runs of unshaded cells count it as a border, LITS's tetrominoes
      and Country Road's loop never cross it, Star Battle's rules ask nothing of it.
      Sorted pairs of neighbours, each once.
    * ``holes``: cells in no region (janko.at's ``@`` and ``#``; in the division, regions
      of their own, which the rules skip): nothing stands in them (no star, no
      shading, no loop), and they count in no region's rule. A URL cannot write them.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class One(Outlined):
    ...     rows: int
    ...     cols: int
    ...     region: tuple[int, ...]
    ...     walls: tuple[Wall, ...] = ()
    ...     holes: frozenset[int] = frozenset()
    ...     PER_CELL = "region"
    >>> One(2, 3, (0, 0, 1, 0, 0, 1), ((0, 1),)).fences
    [(0, 1), (1, 2), (4, 5)]
    >>> One(1, 3, (0, 0, 1), ((1, 2),))
    Traceback (most recent call last):
    ValueError: a wall is a border between neighbouring cells of one region
    >>> One(1, 3, (0, 0, 0), ((0, 1),))  # it divides the region: a border
    Traceback (most recent call last):
    ValueError: walls that divide a region are its borders
    >>> One(1, 3, (0, 0, 1), holes=frozenset({2})).hole_regions
    frozenset({1})
    >>> One(1, 3, (0, 0, 1), holes=frozenset({1}))
    Traceback (most recent call last):
    ValueError: a hole is a region of its own
    """

    walls: tuple[Wall, ...]
    holes: frozenset[int]
    PER_CELL: ClassVar[str]

    def __post_init__(self) -> None:
        super().__post_init__()
        label = getattr(self, self.PER_CELL)
        if list(self.walls) != sorted(set(self.walls)):
            raise ValueError("walls are sorted pairs of cells, each once")
        pairs = set(self.grid.pairs)
        if any((a, b) not in pairs or label[a] != label[b] for a, b in self.walls):
            raise ValueError("a wall is a border between neighbouring cells of one region")
        if self.walls and max(label) + 1 != max(walled_regions(self.grid, label,
                                                               self.walls)) + 1:
            raise ValueError("walls that divide a region are its borders")
        if any(label[o] == label[cell] and o not in self.holes for cell in self.holes
               for o in self.grid.neighbours[cell]):
            raise ValueError("a hole is a region of its own")
        if any(label[a] in self.hole_regions or label[b] in self.hole_regions
               for a, b in self.walls):
            raise ValueError("a wall inside a hole")

    @cached_property
    def hole_regions(self) -> frozenset[int]:
        """The regions of the division that are holes (cells in no region)."""
        label = getattr(self, self.PER_CELL)
        return frozenset(label[cell] for cell in self.holes)

    @cached_property
    def fences(self) -> list[Edge]:
        """Every border drawn: those between regions and the walls inside them."""
        return sorted([*self.grid.borders(getattr(self, self.PER_CELL)), *self.walls])


def walled_regions(grid: Grid, label: Sequence[int], walls: Iterable[Wall]) -> list[int]:
    """The regions ``label`` draws with ``walls`` as borders too, numbered by their
    first cells (a division with walls that divide nothing has as many regions).

    >>> walled_regions(Grid(1, 3), [0, 0, 0], [(0, 1)])
    [0, 1, 1]
    """
    apart = set(walls)
    return grid.label_regions(lambda a, b: label[a] != label[b] or (a, b) in apart)


def unwalled(board: Outlined) -> None:
    """Refuse to write ``board`` as grid text when it has walls inside its regions,
    which grid text cannot say (a region is the cells of one name)."""
    from cpsolve.errors import UsageError

    if board.walls:
        a, b = board.walls[0]
        raise UsageError(f"grid text cannot write walls inside a region (one between "
                         f"{board.grid.where(a)} and {board.grid.where(b)}); the URL and "
                         "the Penpa+ link write them (--format url, --format penpa)")


def unholed(board: Outlined, form: str) -> None:
    """Refuse to write ``board`` in ``form`` (a URL, a Penpa+ link), which has no cell in
    no region, when it has holes."""
    from cpsolve.errors import UsageError

    if board.holes:
        raise UsageError(f"{form} cannot write a cell in no region ({len(board.holes)} here, "
                         f"the first at {board.grid.where(min(board.holes))}); grid text "
                         "writes them (--format grid)")


def main_form(text: Callable[[Any], str], url: Callable[[Any], str]) -> Callable[[Any], str]:
    """A divided board's main form: grid text, or its URL where it has walls inside
    its regions (which grid text cannot write)."""
    return lambda board: url(board) if board.walls else text(board)


class Divided(Outlined):
    """What a board divided into regions knows of its division, for a frozen dataclass
    with ``rows``, ``cols``, ``region`` (the region of each cell, numbered as in the
    module docstring), ``walls`` and ``holes`` (:class:`Outlined`) that derives from it
    (Star Battle's, LITS's).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Two(Divided):
    ...     rows: int
    ...     cols: int
    ...     region: tuple[int, ...]
    ...     walls: tuple[Wall, ...] = ()
    ...     holes: frozenset[int] = frozenset()
    >>> b = Two(1, 3, (0, 0, 1))
    >>> b.cells, b.regions, b.region_cells, b.borders
    (3, 2, ((0, 1), (2,)), [(1, 2)])
    """

    PER_CELL = "region"
    rows: int
    cols: int
    region: tuple[int, ...]

    @cached_property
    def regions(self) -> int:
        """How many regions."""
        return max(self.region) + 1

    @cached_property
    def region_cells(self) -> tuple[tuple[int, ...], ...]:
        """The cells of each region, in order."""
        return tuple(tuple(cells) for cells in self.grid.regions(self.region))

    @cached_property
    def borders(self) -> list[tuple[int, int]]:
        """The pairs of neighbouring cells with a region border between them."""
        return self.grid.borders(self.region)


@dataclass(frozen=True)
class Regions(Divided):
    """An immutable board divided into regions (LITS's): ``region[cell]`` the region
    of each cell; the regions in ``free`` are asked nothing (the setter's tools take a
    region's clue away to find the clues in conflict, :func:`freed`).

    >>> b = Regions(2, 2, (0, 0, 1, 0))
    >>> b.regions, b.region_cells, freed(b, []).free
    (2, ((0, 1, 3), (2,)), frozenset())
    """

    rows: int
    cols: int
    region: tuple[int, ...]
    free: frozenset[Hashable] = frozenset()
    walls: tuple[Wall, ...] = ()
    holes: frozenset[int] = frozenset()


R = TypeVar("R")


class Unit(NamedTuple):
    """Cells a rule asks something of (a row, a column, a region): its ``key`` (a
    clue's), its ``cells`` in order and its ``place``, as a sentence names it."""

    key: Hashable
    cells: tuple[int, ...]
    place: str


def line_units(grid: Grid) -> list[Unit]:
    """Every row, then every column, keyed ``("row", r)`` and ``("column", c)``.

    >>> line_units(Grid(2, 2))[2]
    Unit(key=('column', 0), cells=(0, 2), place='column 1')
    """
    return [Unit(("row", r), tuple(line), f"row {r + 1}")
            for r, line in enumerate(grid.lines[:grid.rows])] + [
        Unit(("column", c), tuple(line), f"column {c + 1}")
        for c, line in enumerate(grid.lines[grid.rows:])]


def region_units(board: Divided, kind: str | None = None) -> list[Unit]:
    """Every region but the holes (:class:`Outlined`), keyed by its number (``(kind,
    k)`` with a ``kind``), named by its first cell (``the region at row 1, column 4``)."""
    where, holes = board.grid.where, board.hole_regions
    return [Unit(k if kind is None else (kind, k), cells, f"the region at {where(cells[0])}")
            for k, cells in enumerate(board.region_cells) if k not in holes]


def unit_clues(units: Callable[[Any], Sequence[Unit]], text: Callable[[Any], str],
               number: Callable[[Any], int | None] = lambda board: None
               ) -> Callable[[Any], list[Clue]]:
    """The clues of a board whose units are asked something (``text(board)``: ``2
    stars``, ``a tetromino``; ``number(board)`` the number it shows), but those its
    ``free`` holds: each at its unit's first cell, outlining the unit's cells. A
    board's are made once (kept for the last few boards: every solve states them)."""
    from cpsolve.grid.hints import Clue

    @lru_cache(maxsize=8)
    def made(board: Any) -> tuple[Clue, ...]:
        rc, said, shown = board.grid.rc, text(board), number(board)
        return tuple(Clue(rc(unit.cells[0]), said, unit.key, shown, place=unit.place,
                          cells=tuple(map(rc, unit.cells)))
                     for unit in units(board) if unit.key not in board.free)

    return lambda board: list(made(board))


def freed(board: R, gone: Sequence[Clue]) -> R:
    """``board`` with the units of ``gone`` asked nothing (added to its ``free``)."""
    return replace(board, free=board.free | {clue.key for clue in gone})  # type: ignore


def move_edits(board: Any, cells: set[tuple[int, int]]) -> list[Edit[Any]]:
    """A fix's edits: each cell where solutions differ moved into a region beside it
    (:func:`moves`), each a board of its own."""
    from cpsolve.grid.hints import Edit

    grid = board.grid
    out: list[Edit[Any]] = []
    for cell, into, region in moves(grid, board.region,
                                    sorted(grid.cell(r, c) for r, c in cells)):
        changed = replace(board, region=region)
        out.append(Edit(grid.rc(cell), "region", f"the cell at {grid.where(cell)} moved "
                        f"into the region at {grid.where(board.region_cells[into][0])}",
                        changed, base=changed))
    return out
