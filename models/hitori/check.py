"""The Hitori rules, checked on a shading, independently of every encoding: it
compares neighbours for touching shaded cells, floods the unshaded cells from one of
them, and walks every row and column for a number shown twice unshaded. It shares
nothing with the models but the board.
"""

from __future__ import annotations

from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.checks import off_board, shading_breaks
from cpsolve.grid.geometry import Broken


def check(board: Board, shading: frozenset[int]) -> list[str]:
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
    errors: list[str] = off_board(board.cells, shading)
    shaded = [cell in shading for cell in range(board.cells)]
    errors.extend(shading_breaks(grid, shaded))
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
