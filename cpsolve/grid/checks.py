"""Checks that families' checkers share, written once: plain comparisons and floods
over the grid, sharing nothing with any encoding (a checker must not be able to hide a
fault of the models).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from cpsolve.grid.geometry import Broken, Grid


def shading_breaks(grid: Grid, shaded: Sequence[bool]) -> list[str]:
    """What a shading breaks of the rules shading genres share (Heyawake, Hitori):
    shaded cells side by side, each pair once; unshaded cells cut off from the first
    unshaded one, once, naming them all.

    >>> grid = Grid(1, 3)
    >>> shading_breaks(grid, [False, True, False])
    ['the unshaded cell at row 1, column 3 is cut off from the one at row 1, column 1']
    >>> shading_breaks(grid, [True, True, False])
    ['shaded cells at row 1, column 1 and row 1, column 2 touch']
    """
    where, rc = grid.where, grid.rc
    errors: list[str] = []
    for a, b in grid.pairs:
        if shaded[a] and shaded[b]:
            errors.append(Broken(f"shaded cells at {where(a)} and {where(b)} touch",
                                 rc(a), rc(b)))
    white = [cell for cell in range(grid.cells) if not shaded[cell]]
    if white:
        seen = {white[0]}
        queue = deque([white[0]])
        while queue:
            cell = queue.popleft()
            for other in grid.neighbours[cell]:
                if not shaded[other] and other not in seen:
                    seen.add(other)
                    queue.append(other)
        apart = [cell for cell in white if cell not in seen]
        if apart:
            errors.append(Broken(f"the unshaded cell at {where(apart[0])} is cut off from "
                                 f"the one at {where(white[0])}", *map(rc, apart)))
    return errors
