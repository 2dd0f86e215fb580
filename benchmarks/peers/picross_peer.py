"""picross-solver (``pip install picross-solver==1.1.2``; it needs numpy and does not
declare it), the Nonogram solver on PyPI that solves every board it is given (a line
solver with guessing and backtracking), called as its README calls it:
``picross_solver.solve(rows, cols, puzzle)``, the clues as lists of run lengths (an
empty line ``[0]``), ``puzzle`` a numpy grid of -1 (unknown) it fills in place with 1
(shaded) and 0. It solves only: it stops at the first answer, so a board it solves
counts as decided with "solved"; ``False`` after its exhaustive search is "no
solution". It has no time limit of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from peers.outcome import SOLVED, Outcome


def version() -> str | None:
    """picross-solver's version, or None when it is not installed."""
    try:
        from importlib.metadata import version as installed

        from picross_solver import picross_solver  # noqa: F401
    except ImportError:
        return None
    return installed("picross-solver")


def solver(genre: str) -> Callable[[Any], Outcome | None]:
    """The peer on a Nonogram board: the outcome, or None where it cannot read the board
    (a line without a clue, which only the setter's tools make)."""
    import numpy as np
    from picross_solver import picross_solver

    if genre != "nonogram":
        raise ValueError(f"picross-solver solves Nonograms, not {genre}")

    def run(board: Any) -> Outcome | None:
        if None in board.columns or None in board.lines:
            return None
        rows = [list(clue) or [0] for clue in board.lines]
        cols = [list(clue) or [0] for clue in board.columns]
        puzzle = np.full((board.rows, board.cols), -1)
        if not picross_solver.solve(rows, cols, puzzle):
            return Outcome("no solution")
        return Outcome(SOLVED, frozenset(np.flatnonzero(puzzle == 1).tolist()))

    return run
