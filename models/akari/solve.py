"""Solving Akari: obstacles first, then a model, a backend, the checker, uniqueness."""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from cpsolve.backends import Deadline, Enumeration, cpsat, sat
from cpsolve.errors import UsageError
from cpsolve.result import Result, Stats, Status
from models.akari.board import Board, where
from models.akari.check import check
from models.akari.encodings import CARDS, ENCODINGS, build_cpsat, build_sat
from models.akari.presolve import Residual, deduce

BACKENDS = ("auto", "sat", "cpsat")
# What ``auto`` runs, and the SAT solver when none is named: the fastest in
# benchmarks/akari.py on generated boards up to 300x300 (see the README).
AUTO_BACKEND = "sat"
AUTO_SOLVER = "cadical153"


def obstacles(board: Board) -> str | None:
    """A simple reason the board has no solution, or ``None`` if none is evident.

    >>> obstacles(Board(("3.", "..")))
    'clue 3 at row 1, column 1 has only 2 white neighbours'
    >>> obstacles(Board((".0.", "0.0", ".0.")))
    'cell at row 1, column 1 cannot be lit: every cell that sees it touches a 0 clue'
    """
    cells, numbers, around = board.clue_table
    free = (around >= 0).sum(axis=1)
    short = np.nonzero(free < numbers)[0]
    if len(short):
        k = int(short[0])
        return (f"clue {numbers[k]} at {where(tuple(cells[k].tolist()))} has only {free[k]} "
                f"white neighbour{'s' if free[k] != 1 else ''}")
    # A white cell touching a 0 clue cannot hold a light; if no cell of its row and
    # column segments can, nothing lights it.
    banned = np.zeros(len(board.whites) + 1, dtype=bool)
    banned[around[numbers == 0].ravel()] = True  # index -1 lands on the spare slot
    seg = board.segments
    allowed = ~banned[:-1]
    can = np.bincount(seg.row, allowed, seg.count) + np.bincount(seg.col, allowed, seg.count)
    dark = np.nonzero((can[seg.row] == 0) & (can[seg.col] == 0))[0]
    if len(dark):
        return (f"cell at {where(board.whites[int(dark[0])])} cannot be lit: every cell "
                "that sees it touches a 0 clue")
    return None


def describe(backend: str, solver: str | None, encoding: str, card: str,
             presolve: bool = True) -> dict[str, Any]:
    """The method that runs for these options, ``auto`` resolved."""
    if backend not in BACKENDS:
        raise UsageError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    if encoding not in ENCODINGS:
        raise UsageError(f"unknown encoding {encoding!r}; known: {', '.join(ENCODINGS)}")
    if card not in CARDS:
        raise UsageError(f"unknown cardinality encoding {card!r}; known: {', '.join(CARDS)}")
    if backend == "auto":
        backend = AUTO_BACKEND
    if backend == "cpsat":
        if solver not in (None, "cpsat"):
            raise UsageError("--solver names a SAT solver; the cpsat backend has only CP-SAT")
        return {"backend": "cpsat", "solver": "cpsat", "encoding": encoding,
                "presolve": presolve}
    return {"backend": "sat", "solver": solver or AUTO_SOLVER, "encoding": encoding,
            "card": card, "presolve": presolve}


def solve(
    board: Board,
    *,
    backend: str = "auto",
    solver: str | None = None,
    encoding: str = "sight",
    card: str = "direct",
    limit: int | None = 1,
    unique: bool = False,
    time_limit: float | None = None,
    workers: int | None = None,
    presolve: bool = True,
) -> Result:
    """Solve ``board``: up to ``limit`` distinct solutions (``None``: all of them).

    With ``unique``, looks for a second solution and sets ``Result.unique``. Every
    solution passes :func:`check` before it is returned; one that does not makes the
    status ``ERROR``, with the rule it breaks as the reason.

    >>> r = solve(Board(("..", "..")), limit=None)  # the two diagonals
    >>> r.status.value, r.count, r.complete
    ('solved', 2, True)
    """
    method = describe(backend, solver, encoding, card, presolve)
    stats = Stats()
    start = time.perf_counter()
    deadline = Deadline(time_limit)
    reason = obstacles(board)
    deductions = deduce(board) if presolve and reason is None else None
    if deductions is not None:
        reason = deductions.contradiction
        stats.extra["presolve_seconds"] = time.perf_counter() - start
        stats.extra["presolve_decided"] = int((deductions.state != -1).sum())
        stats.extra["presolve_rounds"] = deductions.rounds
    if reason is not None:
        return Result(Status.UNSOLVABLE, reason=reason, method=method, stats=stats,
                      unique=False if unique else None, count=0, complete=True)
    want = 2 if unique and limit is not None and limit < 2 else limit
    residual = Residual.of(board, deductions)
    if deductions is not None and deductions.solved:
        # Every cell is decided: the one candidate is the only possible solution.
        found = Enumeration(solutions=[()], exhausted=True)
    elif deadline.expired():
        found = Enumeration(timed_out=True)
    elif method["backend"] == "cpsat":
        built = build_cpsat(residual, encoding=encoding)
        stats.build_seconds = time.perf_counter() - start
        found = cpsat.enumerate_solutions(built, limit=want, time_limit=deadline.remaining(),
                                          workers=workers, stats=stats)
    else:
        cnf = build_sat(residual, encoding=encoding, card=card)
        stats.build_seconds = time.perf_counter() - start
        found = sat.enumerate_solutions(cnf, solver=method["solver"], limit=want,
                                        time_limit=deadline.remaining(), stats=stats)
    solutions = [residual.decode(values) for values in found.solutions]
    for lights in solutions:
        errors = check(board, lights)
        if errors:
            return Result(Status.ERROR, reason="solver returned an invalid solution: "
                          + "; ".join(errors[:3]), method=method, stats=stats,
                          rejected=[lights])
    if solutions:
        status = Status.SOLVED
    elif found.exhausted:
        status = Status.UNSOLVABLE
    else:
        status = Status.UNKNOWN
    result = Result(status, solutions=solutions, method=method, stats=stats,
                    count=len(solutions), complete=found.exhausted,
                    limit_reached=found.timed_out)
    if status is Status.UNSOLVABLE:
        result.reason = "no placement of lights satisfies the rules"
    elif found.timed_out:
        result.reason = "time limit reached"
    if unique:
        result.unique = (len(solutions) == 1) if found.exhausted or len(solutions) > 1 else None
    return result
