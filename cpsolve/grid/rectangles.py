"""Rooms that are rectangles, laid out at random with a symmetry, cut and merged again:
the generators of genres whose boards are divided into rectangular rooms (Heyawake;
Shikaku's answers are such a division too).

Rooms are a room number by cell (:meth:`~cpsolve.grid.geometry.Grid.label_regions`
numbers them by their first cell); borders are pairs of neighbouring cells ``a < b``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from cpsolve.grid.geometry import Grid

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
    return rooms_of(grid, apart)



def rooms_of(grid: Grid, borders: set[tuple[int, int]]) -> tuple[int, ...]:
    """The rooms the ``borders`` close off, numbered by their first cell."""
    return tuple(grid.label_regions(lambda a, b: (a, b) in borders))


def cut_beside(grid: Grid, room: Sequence[int], cell: int, symmetry: str,
               rnd: random.Random) -> Iterator[tuple[int, ...]]:
    """The rooms with ``cell``'s room cut in two straight across beside it (above or
    below its row, left or right of its column, where the room goes on), with the
    cut's images under ``symmetry``, in random order.

    >>> sorted(cut_beside(Grid(2, 2), (0, 0, 0, 0), 0, "none", random.Random(1)))
    [(0, 0, 1, 1), (0, 1, 0, 1)]
    """
    members = [c for c in range(grid.cells) if room[c] == room[cell]]
    rs = [grid.rc(c)[0] for c in members]
    cs = [grid.rc(c)[1] for c in members]
    r, c = grid.rc(cell)
    options = ([("row", k) for k in (r, r + 1) if min(rs) < k <= max(rs)]
               + [("col", k) for k in (c, c + 1) if min(cs) < k <= max(cs)])
    rnd.shuffle(options)
    apart = set(grid.borders(room))
    for axis, at in options:
        line = ({(grid.cell(at - 1, x), grid.cell(at, x)) for x in range(min(cs), max(cs) + 1)}
                if axis == "row" else
                {(grid.cell(y, at - 1), grid.cell(y, at)) for y in range(min(rs), max(rs) + 1)})
        yield rooms_of(grid, symmetric(grid, line, symmetry) | apart)


def merged(grid: Grid, room: tuple[int, ...], symmetry: str, rnd: random.Random,
           keep: Callable[[tuple[int, ...]], bool]) -> tuple[int, ...]:
    """Rooms merged two at a time where they make a rectangle (with the images of the
    merge under ``symmetry``), while ``keep`` accepts the merged rooms: passes over the
    borders in random order, the smallest pairs of rooms first (their merges are the
    likeliest to be kept), until a pass merges none.

    >>> merged(Grid(1, 3), (0, 1, 2), "none", random.Random(1), lambda room: True)
    (0, 0, 0)
    """
    tried: set[frozenset[int]] = set()
    merged_any = True
    while merged_any:
        merged_any = False
        cells: dict[int, list[int]] = {}
        for cell, r in enumerate(room):
            cells.setdefault(r, []).append(cell)
        borders = grid.borders(room)
        rnd.shuffle(borders)
        borders.sort(key=lambda pair: len(cells[room[pair[0]]]) + len(cells[room[pair[1]]]))
        for a, b in borders:
            if room[a] == room[b]:
                continue  # merged already in this pass
            both = frozenset(c for c in range(grid.cells) if room[c] in (room[a], room[b]))
            if both in tried or not is_rectangle(grid, both):
                continue
            tried.add(both)
            apart = grid.borders(room)
            gone = symmetric(grid, {(x, y) for x, y in apart if x in both and y in both},
                             symmetry)
            trial = rooms_of(grid, set(apart) - gone)
            if keep(trial):
                room, merged_any = trial, True
    return room


def is_rectangle(grid: Grid, cells: frozenset[int]) -> bool:
    """Whether ``cells`` fill a rectangle."""
    rs = [grid.rc(c)[0] for c in cells]
    cs = [grid.rc(c)[1] for c in cells]
    return (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1) == len(cells)


__all__ = ["cut_beside", "cuts", "is_rectangle", "merged", "random_rooms",
           "rooms_of", "symmetric", "symmetric_cuts"]
