"""Solving Masyu: the kit's static driver over the Masyu encodings."""

from __future__ import annotations

from collections.abc import Callable

from cpsolve.limits import Deadline, deadline_of
from cpsolve.models.masyu.board import Board
from cpsolve.models.masyu.check import check
from cpsolve.models.masyu.encodings import ENCODINGS, prepare
from cpsolve.result import Result
from cpsolve.solving import StaticPuzzle, solve_static

# ``--backend auto`` runs SAT with lazy loop cuts: the fastest in benchmarks/masyu.py on
# boards of published sizes (see the README).
MASYU = StaticPuzzle(check=check, prepare=prepare, encodings=ENCODINGS, auto="sat",
                     nothing="no loop satisfies the rules")


def solve(
    board: Board,
    *,
    backend: str = "auto",
    solver: str | None = None,
    encoding: str | None = None,
    limit: int | None = 1,
    unique: bool = False,
    time_limit: float | Deadline | None = None,
    workers: int | None = None,
    deductions: bool = True,
    log: Callable[[str], None] | None = None,
) -> Result:
    """Solve ``board``: up to ``limit`` distinct loops (``None``: all of them); with
    ``unique``, a second one is looked for and ``Result.unique`` set. ``encoding``:
    ``lazy`` (SAT), ``circuit`` or ``flow`` (CP-SAT); None: the first for the backend.

    >>> from cpsolve.models.masyu.formats import parse
    >>> r = solve(parse("https://puzz.link/p?mashu/6/6/1063000i3000"), unique=True)
    >>> r.unique, len(r.solution)
    (True, 30)
    """
    return solve_static(MASYU, board, backend=backend, encoding=encoding, solver=solver,
                        limit=limit, unique=unique, deadline=deadline_of(time_limit),
                        workers=workers, deduce=deductions, log=log)
