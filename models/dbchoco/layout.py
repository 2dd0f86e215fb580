"""How the generator lays out a Double Choco (the loop is the kit's,
:mod:`cpsolve.grid.generate`): areas laid one after another from the free cell with
the fewest free neighbours, each a half grown at random to a size from 1 to
``--largest`` and its copy, turned or mirrored, placed beside it on free cells; one
half white, the other grey, every cell numbered with its half's size. With a
symmetry (``rot2``, ``mirror``) each area comes with its images, white onto white, so
the colours and the numbers are symmetric too; an area whose image overlaps it other
than as itself is drawn again. The kit then takes numbers away while the answer stays
pinned down; a layout that leaves a cell no area fits, or whose numbers do not pin it
down, is laid again.
"""

from __future__ import annotations

import random

import numpy as np

from cpsolve.grid.geometry import Grid
from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.models.dbchoco.board import Board
from cpsolve.models.dbchoco.rules import MOTIONS, Division
from cpsolve.options import Option

GROWTHS = 4  # halves grown at random for each size before a smaller is tried
PLACINGS = 20  # areas drawn from one cell before a symmetric layout starts again
TRIES = 20  # divisions drawn before the layout gives up


def _grow(grid: Grid, start: int, size: int, free: set[int], rnd: random.Random) -> list[int]:
    half = [start]
    while len(half) < size:
        beside = sorted({o for c in half for o in grid.neighbours[c]
                         if o in free and o not in half})
        if not beside:
            break
        half.append(rnd.choice(beside))
    return half


def _copies(grid: Grid, half: list[int], free: set[int]) -> list[list[int]]:
    """Every turn or mirror of ``half`` on free cells beside it, apart from it."""
    rc, inside = grid.rc, set(half)
    beside = {o for c in half for o in grid.neighbours[c] if o in free and o not in inside}
    found = []
    for a, b, c, d in MOTIONS:
        moved = [(a * r + b * q, c * r + d * q) for r, q in map(rc, half)]
        for target in beside:
            tr, tc = rc(target)
            for mr, mc in moved:
                cells = [(r - mr + tr, q - mc + tc) for r, q in moved]
                if all(grid.contains(r, q) for r, q in cells):
                    copy = [grid.cell(r, q) for r, q in cells]
                    if all(x in free and x not in inside for x in copy):
                        found.append(sorted(copy))
    return sorted(map(list, {tuple(copy) for copy in found}))


def _place(grid: Grid, start: int, largest: int, free: set[int], rnd: random.Random
           ) -> tuple[list[int], list[int]] | None:
    """A half grown from ``start`` and its copy, leaving no free cell alone (no area
    would fit it), larger halves tried first more often; ``None`` when none is found."""
    for size in sorted(range(1, largest + 1), key=lambda s: rnd.random() * s, reverse=True):
        for _ in range(GROWTHS):
            half = _grow(grid, start, size, free, rnd)
            copies = _copies(grid, half, free)
            rnd.shuffle(copies)
            for copy in copies:
                left = free - {*half, *copy}
                if all(any(o in left for o in grid.neighbours[c]) for c in left
                       if any(o in half or o in copy for o in grid.neighbours[c])):
                    return half, copy
    return None


def _images(grid: Grid, half: list[int], copy: list[int], free: set[int], symmetry: str
            ) -> list[tuple[list[int], list[int]]] | None:
    """The area of ``half`` and ``copy`` with its images under ``symmetry``, each area
    once, a half's image the half of its image (the colours symmetric too); ``None``
    when an image overlaps another area, is not free, or leaves a free cell beside
    them with no free neighbour."""
    images = {c: grid.images(c, symmetry) for c in (*half, *copy)}
    found: list[tuple[list[int], list[int]]] = []
    taken: set[int] = set()
    for k in range(len(images[half[0]])):
        image = (sorted(images[c][k] for c in half), sorted(images[c][k] for c in copy))
        cells = {*image[0], *image[1]}
        same = next((area for area in found if {*area[0], *area[1]} == cells), None)
        if same is not None:
            if same[0] != image[0]:
                return None  # the area its own image, with its colours swapped
            continue
        if cells & taken or not cells <= free:
            return None
        found.append(image)
        taken |= cells
    left = free - taken
    if not all(any(o in left for o in grid.neighbours[c]) for c in left
               if any(o in taken for o in grid.neighbours[c])):
        return None
    return found


def random_division(grid: Grid, largest: int, rnd: random.Random, symmetry: str = "none"
                    ) -> tuple[tuple[int, ...], tuple[bool, ...]] | None:
    """Areas laid at random (each cell's, from 1), with their images under
    ``symmetry``, and their colours, or ``None`` when a cell is left that no area
    fits."""
    label, grey = [0] * grid.cells, [False] * grid.cells
    free = set(range(grid.cells))
    count = 0
    while free:
        start = min(sorted(free), key=lambda c: (sum(o in free for o in grid.neighbours[c]),
                                                rnd.random()))
        areas = None
        for _ in range(PLACINGS if symmetry != "none" else 1):
            placed = _place(grid, start, largest, free, rnd)
            if placed is None:
                return None
            areas = _images(grid, *placed, free, symmetry)
            if areas is not None:
                break
        if areas is None:
            return None
        dark = rnd.random() < 0.5
        for half, copy in areas:
            count += 1
            for cell in half:
                label[cell], grey[cell] = count, dark
            for cell in copy:
                label[cell], grey[cell] = count, not dark
            free -= {*half, *copy}
    return tuple(label), tuple(grey)


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Division] | None:
    """A random division, every cell numbered with its half's size."""
    grid, rnd = settings.grid, python_random(rng)
    for _ in range(TRIES):
        found = random_division(grid, settings.options["largest"], rnd, settings.symmetry)
        if found is not None:
            break
    else:
        return None
    label, grey = found
    size = {n: label.count(n) // 2 for n in set(label)}
    walls = frozenset((a, b) for a, b in grid.pairs if label[a] != label[b])
    return Board(grid.rows, grid.cols, tuple(size[n] for n in label), grey), walls


def mend(board: Board, division: Division, other: Division | None,
         cells: set[tuple[int, int]], settings: Settings, rng: np.random.Generator
         ) -> tuple[Board, Division] | None:
    """Every number is given already: the layout is laid again."""
    return None


def unfit(rows: int, cols: int, symmetry: str) -> str | None:
    """A board turned half round needs a side of even length: an odd board's centre
    cell is its own image, so its area would be too, and an area turned half round
    onto itself turns its white half onto its grey one.

    >>> unfit(5, 5, "rot2") is not None, unfit(5, 6, "rot2"), unfit(5, 5, "mirror")
    (True, None, None)
    """
    if symmetry == "rot2" and rows % 2 and cols % 2:
        return (f"a Double Choco laid out with --symmetry rot2 needs a side of even length, "
                f"not {rows}x{cols}: the centre cell's area would be its own image with "
                "its colours swapped")
    return None


LAYOUT: Layout[Board, Division] = Layout(
    make=make, mend=mend,
    density=Option("density", 0.0, "Share of the cells whose numbers are kept at least",
                   kind=float, low=0, high=1, metavar="D"),
    options=(Option("largest", 5, "The largest half a layout draws", kind=int, low=1,
                    metavar="N"),),
    symmetries=("rot2", "mirror", "none"), unsymmetric=True, smallest=2, unfit=unfit,
)

__all__ = ["LAYOUT", "make", "mend", "random_division"]
