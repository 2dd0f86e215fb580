"""The Sudoku rules, checked on an answer, independently of every encoding: every cell
holds a number from 1 to N, the givens stay, and no row, column or box holds a number
twice (N cells each, so then each holds every number once)."""

from __future__ import annotations

from cpsolve.grid.geometry import Broken
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
    grid = board.grid
    where, rc = grid.where, grid.rc
    if len(digits) != board.cells:
        return [Broken(f"the answer has {len(digits)} cells, the board {board.cells}")]
    errors: list[str] = []
    for cell, value in enumerate(digits):
        if not isinstance(value, int) or not 1 <= value <= board.size:
            errors.append(Broken(f"the cell at {where(cell)} holds {value!r}, not a number "
                                 f"from 1 to {board.size}", rc(cell)))
        given = board.givens[cell]
        if given is not None and given != value:
            errors.append(Broken(f"the given {given} at {where(cell)} holds {value}",
                                 rc(cell)))
    for unit, cells in enumerate(board.units):
        first: dict[int, int] = {}
        for cell in cells:
            value = digits[cell]
            if value in first:
                errors.append(Broken(f"{board.unit_name(unit)} holds {value} twice, at "
                                     f"{where(first[value])} and {where(cell)}",
                                     rc(first[value]), rc(cell)))
            else:
                first[value] = cell
    return errors
