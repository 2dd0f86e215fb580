"""The Kurodoko rules, checked on a shading, independently of every encoding: it
compares neighbours for touching shaded cells, floods the unshaded cells from one of
them, and walks out from every number along its row and column counting the unshaded
cells it meets. It shares nothing with the models but the board.
"""

from __future__ import annotations

from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.checks import off_board, shading_breaks
from cpsolve.grid.geometry import Broken


def seen(board: Board, shaded: list[bool], cell: int) -> list[int]:
    """The cells ``cell`` sees, itself first: those reached along its row and column
    before a shaded cell or the edge.

    >>> seen(Board(1, 4, (None,) * 4), [False, False, True, False], 0)
    [0, 1]
    """
    rows, cols = board.rows, board.cols
    r, c = divmod(cell, cols)
    found = [cell]
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        while 0 <= rr < rows and 0 <= cc < cols and not shaded[rr * cols + cc]:
            found.append(rr * cols + cc)
            rr, cc = rr + dr, cc + dc
    return found


def check(board: Board, shading: frozenset[int]) -> list[str]:
    """Every rule ``shading`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(2, 3, (3, None, None, None, None, 3))
    >>> check(b, frozenset({2}))
    []
    >>> check(b, frozenset({1}))
    ['the 3 at row 1, column 1 sees 2 cells', 'the 3 at row 2, column 3 sees 4 cells']
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    errors: list[str] = off_board(board.cells, shading)
    shaded = [cell in shading for cell in range(board.cells)]
    errors.extend(shading_breaks(grid, shaded))
    for cell, number in enumerate(board.numbers):
        if number is None:
            continue
        what = "?" if number < 0 else str(number)
        if shaded[cell]:
            errors.append(Broken(f"the {what} at {where(cell)} is shaded", rc(cell)))
        elif number >= 0:
            view = seen(board, shaded, cell)
            if len(view) != number:
                errors.append(Broken(f"the {number} at {where(cell)} sees {len(view)} "
                                     f"cell{'s' if len(view) != 1 else ''}",
                                     *map(rc, view)))
    return errors
