"""The Yajisan-Kazusan rules, checked on a shading, independently of every encoding:
it compares neighbours for touching shaded cells, floods the unshaded cells from one of
them, and walks out from every unshaded number along its arrow, counting the shaded
cells it meets. It shares nothing with the models but the board.
"""

from __future__ import annotations

from cpsolve.grid.arrows import ArrowGrid as Board
from cpsolve.grid.checks import off_board, shading_breaks
from cpsolve.grid.geometry import Broken

WALKS = {"n": (-1, 0), "s": (1, 0), "w": (0, -1), "e": (0, 1)}
WORDS = {"n": "up", "s": "down", "w": "left", "e": "right"}


def walked(board: Board, cell: int, direction: str) -> list[int]:
    """The cells from ``cell`` (not itself) in ``direction`` to the board's edge.

    >>> walked(Board(2, 3, (None,) * 6), 3, "e")
    [4, 5]
    """
    dr, dc = WALKS[direction]
    r, c = divmod(cell, board.cols)
    found = []
    r, c = r + dr, c + dc
    while 0 <= r < board.rows and 0 <= c < board.cols:
        found.append(r * board.cols + c)
        r, c = r + dr, c + dc
    return found


def check(board: Board, shading: frozenset[int]) -> list[str]:
    """Every rule ``shading`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> from cpsolve.grid.arrows import Arrow
    >>> b = Board(2, 3, (Arrow(1, "e"), None, None, None, None, None))
    >>> check(b, frozenset({2}))
    []
    >>> check(b, frozenset({0, 2}))
    []
    >>> check(b, frozenset({4}))
    ['the 1 pointing right at row 1, column 1 sees 0 shaded cells']
    >>> check(b, frozenset())[0]
    'no cell is shaded'
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    errors: list[str] = off_board(board.cells, shading)
    shaded = [cell in shading for cell in range(board.cells)]
    if not any(shaded):
        errors.append(Broken("no cell is shaded"))
    errors.extend(shading_breaks(grid, shaded))
    for cell, arrow in enumerate(board.clues):
        if arrow is None or arrow.number is None or arrow.direction is None or shaded[cell]:
            continue  # no number with an arrow, or a shaded clue: it says nothing
        line = walked(board, cell, arrow.direction)
        found = [other for other in line if shaded[other]]
        if len(found) != arrow.number:
            errors.append(Broken(
                f"the {arrow.number} pointing {WORDS[arrow.direction]} at {where(cell)} "
                f"sees {len(found)} shaded cell{'' if len(found) == 1 else 's'}",
                rc(cell), *map(rc, line)))
    return errors
