"""The Hitori rules, checked on a shading, independently of every encoding: it
compares neighbours for touching shaded cells, floods the unshaded cells from one of
them, and walks every row and column for a number shown twice unshaded. It shares
nothing with the models but the board.
"""

from __future__ import annotations

from collections import deque

from cpsolve.grid.geometry import Broken
from cpsolve.models.hitori.board import Board, Shading


def check(board: Board, shading: Shading) -> list[str]:
    """Every rule ``shading`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(2, 2, (1, 1, 2, 1))
    >>> check(b, frozenset({1}))
    []
    >>> check(b, frozenset())[0]
    'the 1 at row 1, column 1 and the 1 at row 1, column 2 are both unshaded'
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    errors: list[str] = []
    for cell in sorted(shading):
        if not 0 <= cell < board.cells:
            errors.append(Broken(f"shaded cell {cell} is outside the board"))
    shaded = [cell in shading for cell in range(board.cells)]
    for a, b in grid.pairs:
        if shaded[a] and shaded[b]:
            errors.append(Broken(f"shaded cells at {where(a)} and {where(b)} touch",
                                 rc(a), rc(b)))
    white = [cell for cell in range(board.cells) if not shaded[cell]]
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
    for line in grid.lines:
        first: dict[int, int] = {}  # each number's first unshaded cell in the line
        for cell in line:
            number = board.numbers[cell]
            if shaded[cell] or number is None or number < 0:
                continue
            if number in first:
                other = first[number]
                errors.append(Broken(f"the {number} at {where(other)} and the {number} at "
                                     f"{where(cell)} are both unshaded", rc(other), rc(cell)))
            else:
                first[number] = cell
    return errors
