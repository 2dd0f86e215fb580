"""The Nonogram rules, checked on an answer, independently of the rules' statement:
each line's runs of shaded cells, measured by walking it, are its clue's lengths."""

from __future__ import annotations

from collections.abc import Collection

from cpsolve.grid.geometry import Broken
from cpsolve.models.nonogram.board import Board, measured, shown, where


def check(board: Board, shaded: Collection[int]) -> list[str]:
    """Every line whose runs are not its clue's, one message each; empty when valid.

    >>> b = Board(2, 2, ((1,), ()), ((1,), ()))
    >>> check(b, {0}), check(b, {1})
    ([], ['column 1 has no shaded cell, its clue says 1', 'column 2 has runs 1, its clue says 0'])
    """
    errors: list[str] = []
    rc = board.grid.rc
    for side, index, clue in board.given:
        cells = board.line(side, index)
        found = measured([cell in shaded for cell in cells])
        if found != clue:
            has = f"runs {shown(found)}" if found else "no shaded cell"
            errors.append(Broken(f"{where(side, index)} has {has}, its clue says "
                                 f"{shown(clue)}", *map(rc, cells)))
    return errors
