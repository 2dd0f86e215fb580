"""Pieces that genres' generators share (the loop itself is :mod:`cpsolve.grid.generate`):
a Python random generator drawn from the kit's, a scattered shading, numbers read off
an answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from cpsolve.grid.connectivity import components

if TYPE_CHECKING:
    import numpy as np

    from cpsolve.grid.geometry import Grid


def python_random(rng: np.random.Generator) -> random.Random:
    """A :class:`random.Random` seeded from the generator's ``rng`` (the same seed, the
    same board)."""
    return random.Random(int(rng.integers(1 << 62)))


def _stays_connected(grid: Grid, shaded: set[int], cell: int) -> bool:
    """Whether shading ``cell`` keeps the unshaded cells connected (they are now): its
    unshaded neighbours still reach each other without it."""
    around = [o for o in grid.neighbours[cell] if o not in shaded]
    if not around:
        return False  # the last unshaded cell, or one already cut off
    seen = {cell, around[0]}
    stack = [around[0]]
    while stack and not all(other in seen for other in around):
        here = stack.pop()
        for other in grid.neighbours[here]:
            if other not in seen and other not in shaded:
                seen.add(other)
                stack.append(other)
    return all(other in seen for other in around)


def scattered(grid: Grid, share: float, rnd: random.Random, symmetry: str = "none"
              ) -> frozenset[int]:
    """Cells shaded an orbit at a time (under ``symmetry``) in random order, while less
    than ``share`` of the grid is shaded: an orbit when none of its cells touches a
    shaded cell (or another of the orbit) and the unshaded cells stay connected.

    >>> from cpsolve.grid.geometry import Grid
    >>> sorted(scattered(Grid(3, 3), 0.2, random.Random(1)))
    [5, 6]
    """
    shaded: set[int] = set()
    order = list(range(grid.cells))
    rnd.shuffle(order)
    for cell in order:
        if len(shaded) >= share * grid.cells:
            break
        orbit = set(grid.orbit(cell, symmetry))
        if any(o in shaded or (o in orbit and o != c)
               for c in orbit for o in [c, *grid.neighbours[c]]):
            continue
        if len(orbit) == 1:
            if _stays_connected(grid, shaded, cell):
                shaded.add(cell)
            continue
        rest = [c for c in range(grid.cells) if c not in shaded and c not in orbit]
        if rest and len(components(rest, grid.neighbours)) == 1:
            shaded |= orbit
    return frozenset(shaded)


def line_mates(grid: Grid, cell: int) -> list[int]:
    """The other cells of ``cell``'s row, then of its column."""
    r, c = grid.rc(cell)
    return ([grid.cell(r, k) for k in range(grid.cols) if k != c]
            + [grid.cell(k, c) for k in range(grid.rows) if k != r])


def counted(cells: Iterable[Sequence[int]], answer: Any,
            holds: Callable[[int], bool] | None = None) -> list[int]:
    """For each group of cells, how many are in ``answer`` (or for which ``holds``):
    the numbers an answer gives the clues that count it."""
    test = holds or answer.__contains__
    return [sum(1 for cell in group if test(cell)) for group in cells]


__all__ = ["counted", "line_mates", "python_random", "scattered"]
