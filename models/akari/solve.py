"""Solving Akari: the kit's static driver over the Akari deductions and encodings."""

from __future__ import annotations

from collections.abc import Callable

from cpsolve.backends.sat import CnfModel
from cpsolve.cnf import known_card
from cpsolve.limits import Deadline, deadline_of
from cpsolve.models.akari.analysis import prepare
from cpsolve.models.akari.board import Board
from cpsolve.models.akari.check import check
from cpsolve.models.akari.encodings import ENCODINGS
from cpsolve.result import Result
from cpsolve.solving import StaticPuzzle, solve_static

SMALL_MODEL = 2500  # variables up to which MiniSat beats CaDiCaL (benchmarks/akari.py)


def sat_solver(model: CnfModel) -> str:
    """The SAT solver for a model when none is named: MiniSat 2.2 for the small models
    most boards leave after the deductions (it starts faster, and CaDiCaL's start
    sometimes stalls for milliseconds), CaDiCaL 1.5.3 for larger ones.

    >>> sat_solver(CnfModel(100, range(1, 101))), sat_solver(CnfModel(10_000, [1]))
    ('minisat22', 'cadical153')
    """
    return "minisat22" if model.nvars <= SMALL_MODEL else "cadical153"


# ``--backend auto`` runs SAT: the fastest in benchmarks/akari.py on generated boards up
# to 300x300 (see the README), with the solver above unless one is named.
AKARI = StaticPuzzle(check=check, prepare=prepare, encodings=ENCODINGS, auto="sat",
                     nothing="no placement of lights satisfies the rules",
                     sat_solver=sat_solver)


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
