"""The Skyscrapers rules, checked on an answer, independently of the rules' statement:
every row and column holds each height once (the kit's
:func:`~cpsolve.grid.checks.number_breaks`), the given heights stay, and each clue
outside the grid sees as many buildings as it says (counted by walking its line)."""

from __future__ import annotations

from cpsolve.grid.checks import number_breaks
from cpsolve.grid.geometry import Broken
from cpsolve.models.skyscrapers.board import Board, Heights, where


def visible(heights: list[int]) -> int:
    """How many of ``heights`` (nearest first) are seen: each taller than all before.

    >>> visible([2, 1, 4, 3]), visible([4, 3, 2, 1])
    (2, 1)
    """
    count, tallest = 0, 0
    for h in heights:
        if h > tallest:
            count, tallest = count + 1, h
    return count


def check(board: Board, heights: Heights) -> list[str]:
    """Every rule ``heights`` breaks on ``board``, one message each; empty when valid.

    >>> b = Board(2, 2, (None,) * 4, ((2, None), (None,) * 2, (None,) * 2, (None,) * 2))
    >>> check(b, (1, 2, 2, 1)), check(b, (2, 1, 1, 2))
    ([], ['the 2 above column 1 sees 1 building'])
    """
    n = board.size
    units = board.grid.lines
    errors = number_breaks(board.grid, heights, board.numbers, n, units,
                           lambda unit: f"{('row', 'column')[unit // n]} {unit % n + 1}")
    if len(heights) != board.cells or not all(isinstance(h, int) for h in heights):
        return errors
    rc = board.grid.rc
    for side, line, number in board.outside:
        cells = board.sight(side, line)
        found = visible([heights[cell] for cell in cells])
        if found != number:
            errors.append(Broken(f"the {number} {where(side, line)} sees {found} "
                                 f"building{'s' * (found != 1)}", *map(rc, cells)))
    return errors
