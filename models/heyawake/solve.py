"""Solving Heyawake: the kit's static driver over the Heyawake encodings."""

from __future__ import annotations

from collections.abc import Callable

from cpsolve.cnf import known_card
from cpsolve.limits import Deadline, deadline_of
from cpsolve.models.heyawake.board import Board
from cpsolve.models.heyawake.check import check
from cpsolve.models.heyawake.encodings import ENCODINGS, prepare
from cpsolve.result import Result
from cpsolve.solving import StaticPuzzle, solve_static

# ``--backend auto`` runs SAT with lazy connectivity: the fastest in
# benchmarks/heyawake.py on boards of published sizes (see the README).
HEYAWAKE = StaticPuzzle(check=check, prepare=prepare, encodings=ENCODINGS, auto="sat",
                        nothing="no shading satisfies the rules")


def solve(
    board: Board,
    *,
    backend: str = "auto",
    solver: str | None = None,
    encoding: str | None = None,
    card: str = "seqcounter",
    limit: int | None = 1,
    unique: bool = False,
    time_limit: float | Deadline | None = None,
    workers: int | None = None,
    deductions: bool = True,
    log: Callable[[str], None] | None = None,
) -> Result:
    """Solve ``board``: up to ``limit`` distinct shadings (``None``: all of them); with
    ``unique``, a second one is looked for and ``Result.unique`` set. ``encoding``:
    ``lazy`` (SAT), ``flow`` or ``order`` (CP-SAT); None: the first for the backend.

    >>> from cpsolve.models.heyawake.formats import parse
    >>> r = solve(parse("https://puzz.link/p?heyawake/6/6/lll155007rs12222j"), unique=True)
    >>> r.unique, sorted(r.solution)[:4]
    (True, [0, 2, 5, 9])
    """
    known_card(card)
    return solve_static(HEYAWAKE, board, backend=backend, encoding=encoding, solver=solver,
                        limit=limit, unique=unique, deadline=deadline_of(time_limit),
                        workers=workers, deduce=deductions, options={"sat": {"card": card}},
                        log=log)
