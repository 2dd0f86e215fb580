"""How the generator lays out a Heyawake and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`), the way setters make them: rooms first, rectangles cut
at random from the whole grid (with the symmetry asked for: the cuts and their images
together), then a valid shading (a SAT answer of the rules without numbers, under
random phases), every room numbered from it. Where the answer is not pinned down, a
room holding such a cell is cut in two, straight across (with its images), when the
shading stays valid under the new borders: the numbers then say more.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from cpsolve.grid.generate import Layout, Settings
from cpsolve.grid.geometry import Grid
from cpsolve.models.heyawake.board import Board, Shading
from cpsolve.options import Option

SHADED = 0.3  # the share of cells a random shading tries to shade first
TRIES = 20  # room layouts tried for one that a shading fits


def _rng(rng: np.random.Generator) -> random.Random:
    return random.Random(int(rng.integers(1 << 62)))


Rect = tuple[int, int, int, int]  # top row, left column, height, width


def outline(grid: Grid, rect: Rect) -> set[tuple[int, int]]:
    """The borders between a rectangle's cells and their neighbours outside it."""
    top, left, height, width = rect
    inside = {grid.cell(r, c) for r in range(top, top + height)
              for c in range(left, left + width)}
    return {(min(a, b), max(a, b)) for a in inside for b in grid.neighbours[a]
            if b not in inside}


def cuts(grid: Grid, rect: Rect, rng: random.Random, largest: int) -> set[tuple[int, int]]:
    """Room borders (pairs of neighbouring cells ``a < b``) inside ``rect``, cut at
    random: the rectangle cut in two, across or along, and each part again until it
    has at most a random size in 2..``largest`` cells."""
    apart: set[tuple[int, int]] = set()
    pending = [rect]
    while pending:
        top, left, height, width = pending.pop()
        if height * width <= rng.randint(max(2, largest // 3), largest) or (
                height == 1 and width == 1):
            continue
        if height > 1 and (width == 1 or rng.random() < height / (height + width)):
            at = rng.randint(1, height - 1)
            apart.update((grid.cell(top + at - 1, c), grid.cell(top + at, c))
                         for c in range(left, left + width))
            pending += [(top, left, at, width), (top + at, left, height - at, width)]
        else:
            at = rng.randint(1, width - 1)
            apart.update((grid.cell(r, left + at - 1), grid.cell(r, left + at))
                         for r in range(top, top + height))
            pending += [(top, left, height, at), (top, left + at, height, width - at)]
    return apart


def symmetric(grid: Grid, apart: set[tuple[int, int]], symmetry: str) -> set[tuple[int, int]]:
    """``apart`` with the images of every border under ``symmetry``.

    >>> sorted(symmetric(Grid(2, 2), {(0, 1)}, "rot2"))
    [(0, 1), (2, 3)]
    """
    out = set()
    for a, b in apart:
        for x, y in zip(grid.images(a, symmetry), grid.images(b, symmetry)):
            out.add((min(x, y), max(x, y)))
    return out


def symmetric_cuts(grid: Grid, rect: Rect, symmetry: str, rng: random.Random,
                   largest: int) -> set[tuple[int, int]]:
    """Room borders inside a rectangle that ``symmetry`` maps onto itself, laid out
    with the symmetry and with rooms as large as :func:`cuts` makes them: a strip (or,
    for ``rot4``, an arm of a pinwheel) cut off with its images, cut at random and its
    images the same way, and the rectangle left between them laid out again the same
    way; a small one stays a room of its own."""
    top, left, height, width = rect
    if height * width <= rng.randint(2, largest):
        return set()
    apart: set[tuple[int, int]] = set()
    if symmetry == "rot4":
        size = height
        if size < 2:
            return set()
        arm = rng.randint(1, size // 2)
        part: Rect = (top, left, arm, size - arm)
        inner: Rect = (top + arm, left + arm, size - 2 * arm, size - 2 * arm)
        apart |= symmetric(grid, outline(grid, part) | cuts(grid, part, rng, largest), "rot4")
        if inner[2] > 0:
            apart |= outline(grid, inner) | symmetric_cuts(grid, inner, symmetry, rng, largest)
        return apart
    across = height > 1 and (width == 1 or rng.random() < height / (height + width))
    if symmetry == "mirror" and across:
        at = rng.randint(1, height - 1)  # a cut across is its own image
        upper: Rect = (top, left, at, width)
        lower: Rect = (top + at, left, height - at, width)
        return (outline(grid, upper) | symmetric_cuts(grid, upper, symmetry, rng, largest)
                | symmetric_cuts(grid, lower, symmetry, rng, largest))
    if not across and width < 2:
        return set()
    length = height if across else width
    at = rng.randint(1, length // 2)
    part = (top, left, at, width) if across else (top, left, height, at)
    inner = ((top + at, left, height - 2 * at, width) if across else
             (top, left + at, height, width - 2 * at))
    apart |= symmetric(grid, outline(grid, part) | cuts(grid, part, rng, largest), symmetry)
    if inner[2] > 0 and inner[3] > 0:
        apart |= symmetric_cuts(grid, inner, symmetry, rng, largest)
    return apart


def random_rooms(rows: int, cols: int, rng: random.Random, *, largest: int = 12,
                 symmetry: str = "none") -> tuple[int, ...]:
    """Rooms as rectangles laid out with ``symmetry`` (:func:`cuts`,
    :func:`symmetric_cuts`), numbered by their first cell.

    >>> grid, room = Grid(6, 6), random_rooms(6, 6, random.Random(1), symmetry="rot2")
    >>> all((room[a] == room[b]) == (room[35 - a] == room[35 - b]) for a, b in grid.pairs)
    True
    """
    grid = Grid(rows, cols)
    whole: Rect = (0, 0, rows, cols)
    apart = (cuts(grid, whole, rng, largest) if symmetry == "none" else
             symmetric_cuts(grid, whole, symmetry, rng, largest))
    return tuple(grid.label_regions(_across(apart)))


def clue_cells(grid: Grid, room: tuple[int, ...]) -> tuple[int, ...]:
    """Where each room's number is written: the top cell of its leftmost column."""
    return tuple(min(cells, key=lambda c: (c % grid.cols, c // grid.cols))
                 for cells in grid.regions(room))


def numbered(rows: int, cols: int, room: tuple[int, ...], shading: Shading) -> Board:
    """The board of ``room`` with every room numbered from ``shading``."""
    grid = Grid(rows, cols)
    counts = [0] * (max(room) + 1)
    for cell in shading:
        counts[room[cell]] += 1
    return Board(rows, cols, room, tuple(counts), clue_cells(grid, room))


def _scattered(board: Board, rng: random.Random, share: float) -> set[int]:
    """Cells shaded one at a time in random order, each touching no shaded cell and
    keeping the unshaded cells connected, until ``share`` of the board is shaded."""
    grid = board.grid
    shaded: set[int] = set()
    order = list(range(board.cells))
    rng.shuffle(order)
    for cell in order:
        if len(shaded) >= share * board.cells:
            break
        around = grid.neighbours[cell]
        if not around or any(other in shaded for other in around):
            continue
        # Shading ``cell`` keeps the rest connected when its unshaded neighbours still
        # reach each other without it.
        seen = {cell, around[0]}
        stack = [around[0]]
        while stack and not all(other in seen for other in around):
            here = stack.pop()
            for other in grid.neighbours[here]:
                if other not in seen and other not in shaded:
                    seen.add(other)
                    stack.append(other)
        if all(other in seen for other in around):
            shaded.add(cell)
    return shaded


def random_shading(board: Board, rng: random.Random, *, share: float = SHADED
                   ) -> Shading | None:
    """A valid shading of ``board``'s rooms ignoring its numbers (``None`` if the rooms
    allow none): cells scattered at random that touch no other and keep the rest
    connected (:func:`_scattered`), taken as they are when they already keep every
    rule, else as the values the SAT model of the rules tries first (so its answer
    stays near them, and few connectivity cuts are needed)."""
    from cpsolve.models.heyawake.check import check

    blank = Board(board.rows, board.cols, board.room, (None,) * board.rooms,
                  board.clue_cell)
    scattered = frozenset(_scattered(blank, rng, share))
    if not check(blank, scattered):
        return scattered
    return _nearest(blank, scattered)


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """Rooms with the symmetry, a random valid shading, every room numbered (``None``
    when no shading fits a few room layouts)."""
    rows, cols = settings.rows, settings.cols
    rnd = _rng(rng)
    for _ in range(TRIES):
        room = random_rooms(rows, cols, rnd, largest=settings.options["largest"],
                            symmetry=settings.symmetry)
        blank = Board(rows, cols, room, (None,) * (max(room) + 1),
                      clue_cells(Grid(rows, cols), room))
        shading = random_shading(blank, rnd)
        if shading is not None:
            return numbered(rows, cols, room, shading), shading
    return None


def _across(borders: set[tuple[int, int]]) -> Callable[[int, int], bool]:
    return lambda a, b: (a, b) in borders


def mend(board: Board, shading: Shading, other: Any, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """A room holding one of ``cells`` cut in two straight across beside it (with its
    images under the symmetry): the numbers then say more. The shading is kept where it
    is still valid under the new borders, else the nearest valid one is found (the SAT
    model trying the old shading's values first); ``None`` when no room can be cut."""
    from cpsolve.models.heyawake.check import check

    grid = board.grid
    rnd = _rng(rng)
    apart = set(board.borders)
    chosen = sorted(grid.cell(r, c) for r, c in cells)
    rnd.shuffle(chosen)
    cut: tuple[int, ...] | None = None
    for cell in chosen:
        members = board.room_cells[board.room[cell]]
        rs = [grid.rc(c)[0] for c in members]
        cs = [grid.rc(c)[1] for c in members]
        r, c = grid.rc(cell)
        options = ([("row", k) for k in (r, r + 1) if min(rs) < k <= max(rs)]
                   + [("col", k) for k in (c, c + 1) if min(cs) < k <= max(cs)])
        rnd.shuffle(options)
        for axis, at in options:
            line = ({(grid.cell(at - 1, x), grid.cell(at, x)) for x in range(min(cs), max(cs) + 1)}
                    if axis == "row" else
                    {(grid.cell(y, at - 1), grid.cell(y, at)) for y in range(min(rs), max(rs) + 1)})
            more = symmetric(grid, line, settings.symmetry) | apart
            room = tuple(grid.label_regions(_across(more)))
            trial = numbered(board.rows, board.cols, room, shading)
            if not check(trial, shading):
                return trial, shading
            cut = cut or room
    if cut is None:
        return None
    near = _nearest(numbered(board.rows, board.cols, cut, frozenset()), shading)
    return None if near is None else (numbered(board.rows, board.cols, cut, near), near)


def _nearest(board: Board, shading: Shading) -> Shading | None:
    """A valid shading of ``board``'s rooms (numbers aside), near ``shading``: the SAT
    model's answer trying its values first."""
    from cpsolve.models.heyawake.rules import STATEMENT

    blank = Board(board.rows, board.cols, board.room, (None,) * board.rooms,
                  board.clue_cell)
    found: Shading | None = STATEMENT.nearest(blank, shading)
    return found


def simplify(board: Board, shading: Shading, pinned: Callable[[Board], bool],
             settings: Settings, rng: np.random.Generator) -> Board:
    """Rooms merged again, two at a time where they make a rectangle (with their
    images), in random order, while the answer stays pinned down: mending cuts rooms
    until the numbers say enough, and many of the cuts turn out not to be needed."""
    grid = board.grid
    rnd = _rng(rng)
    tried: set[frozenset[int]] = set()
    merged_any = True
    while merged_any:
        merged_any = False
        borders = list(board.borders)
        rnd.shuffle(borders)
        # The smallest rooms first: their merges are the likeliest to keep the answer.
        borders.sort(key=lambda pair: len(board.room_cells[board.room[pair[0]]])
                     + len(board.room_cells[board.room[pair[1]]]))
        for a, b in borders:
            if board.room[a] == board.room[b]:
                continue  # merged already in this pass
            cells = frozenset(board.room_cells[board.room[a]] + board.room_cells[board.room[b]])
            if cells in tried or not _rectangle(grid, cells):
                continue
            tried.add(cells)
            gone = symmetric(grid, {(x, y) for x, y in board.borders
                                    if x in cells and y in cells}, settings.symmetry)
            apart = set(board.borders) - gone
            merged = numbered(board.rows, board.cols,
                              tuple(grid.label_regions(_across(apart))), shading)
            if pinned(merged):
                board, merged_any = merged, True
    return board


def _rectangle(grid: Grid, cells: frozenset[int]) -> bool:
    rs = [grid.rc(c)[0] for c in cells]
    cs = [grid.rc(c)[1] for c in cells]
    return (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1) == len(cells)


LAYOUT: Layout[Board, Shading] = Layout(
    make=make, mend=mend, simplify=simplify,
    density=Option("density", 0.5, "Share of the rooms that keep their number at least "
                   "(more where uniqueness needs them)", kind=float, low=0, high=1,
                   metavar="D"),
    options=(Option("largest", 20, "Most cells in a room as first laid out", kind=int,
                    low=2, metavar="N"),),
    format="url",
)

__all__ = ["LAYOUT", "make", "mend", "numbered", "random_rooms", "random_shading"]
