"""Solving Akari: the kit's static driver over the Akari deductions and encodings."""

from __future__ import annotations

from collections.abc import Callable

from cpsolve.cnf import known_card
from cpsolve.limits import Deadline, deadline_of
from cpsolve.models.akari.analysis import prepare
from cpsolve.models.akari.board import Board
from cpsolve.models.akari.check import check
from cpsolve.models.akari.encodings import ENCODINGS
from cpsolve.result import Result
from cpsolve.solving import StaticPuzzle, solve_static

# ``--backend auto`` runs SAT (with the kit's default solver, CaDiCaL 1.5.3): the
# fastest in benchmarks/akari.py on generated boards up to 300x300 (see the README).
AKARI = StaticPuzzle(check=check, prepare=prepare, encodings=ENCODINGS, auto="sat",
                     nothing="no placement of lights satisfies the rules")


def solve(
    board: Board,
    *,
    backend: str = "auto",
    solver: str | None = None,
    encoding: str | None = None,
    card: str = "direct",
    limit: int | None = 1,
    unique: bool = False,
    time_limit: float | Deadline | None = None,
    workers: int | None = None,
    deductions: bool = True,
    log: Callable[[str], None] | None = None,
) -> Result:
    """Solve ``board``: up to ``limit`` distinct solutions (``None``: all of them).

    With ``unique``, looks for a second solution and sets ``Result.unique``. Every
    solution passes :func:`check` before it is returned; one that does not makes the
    status ``ERROR``, with the rule it breaks as the reason. ``card`` is the SAT
    model's cardinality encoding; ``encoding`` one of the table's (None: the first,
    ``sight``); ``deductions`` applies the deductions first; ``log``
    receives ``-v`` lines as each phase ends.

    >>> r = solve(Board(("..", "..")), limit=None)  # the two diagonals
    >>> r.status.value, r.count, r.complete
    ('solved', 2, True)
    """
    known_card(card)
    return solve_static(AKARI, board, backend=backend, encoding=encoding, solver=solver,
                        limit=limit, unique=unique, deadline=deadline_of(time_limit),
                        workers=workers, deduce=deductions, options={"sat": {"card": card}},
                        log=log)
