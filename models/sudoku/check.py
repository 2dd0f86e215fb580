"""The Sudoku rules, checked on an answer, independently of every encoding (the kit's
:func:`~cpsolve.grid.checks.number_breaks`, plain comparisons): every cell holds a
number from 1 to N, the givens stay, and no row, column or box holds a number twice
(N cells each, so then each holds every number once)."""

from __future__ import annotations

from cpsolve.grid.checks import number_breaks
from cpsolve.models.sudoku.board import Board, Digits


def check(board: Board, digits: Digits) -> list[str]:
    """Every rule ``digits`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(4, (1,) + (None,) * 15)
    >>> check(b, (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1))
    []
    >>> check(b, (2, 1, 3, 4, 3, 4, 1, 2, 1, 2, 4, 3, 4, 3, 2, 1))[0]
    'the given 1 at row 1, column 1 holds 2'
    """
    return number_breaks(board.grid, digits, board.givens, board.size, board.units,
                         board.unit_name)
