"""The bounded-horizon driver: shortest plans by solving "a plan of exactly H steps"
for H = lower bound, lower bound + step, ... until one is satisfiable.

Every horizon below the first satisfiable one was proven unsatisfiable (or skipped
because the encoder showed the goal cannot hold there), and the lower bound is
admissible, so the first plan found is optimal; the last unsatisfiable horizon is the
optimality proof. Each horizon's status, size and times go into ``Stats.horizons``.

Two modes: ``fresh`` builds a model and a solver per horizon; ``incremental`` (SAT
encoders that can ``extend``) keeps one solver, adds the new steps' clauses and puts
the goal in the assumptions. At the optimal horizon the driver can go on enumerating
distinct plans, blocking each on the projection (the move variables).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cpsolve.backends import Deadline, Enumeration, cpsat
from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import SatSession, enumerate_in
from cpsolve.result import Stats

MODES = ("fresh", "incremental")


@dataclass
class Plans:
    """What the driver found: the plans at ``horizon`` (optimal when ``optimal``), or
    none, with the largest horizon proven too short (``proven_below``: no plan is
    shorter than that)."""

    plans: list[Any] = field(default_factory=list)
    horizon: int | None = None
    optimal: bool = False
    complete: bool = False  # the plans are every optimal plan
    exhausted: bool = False  # every horizon up to the maximum is unsatisfiable
    timed_out: bool = False
    proven_below: int = 0


def shortest_plans(
    build: Callable[[int | None], Any],
    *,
    lower: int,
    step: int,
    max_length: int,
    mode: str = "fresh",
    solver: str = "cadical195",
    limit: int | None = 1,
    time_limit: float | None = None,
    workers: int | None = None,
    stats: Stats | None = None,
) -> Plans:
    """Search horizons ``lower, lower + step, ...`` up to ``max_length``.

    ``build(H)`` returns an encoder for horizon H, whose ``model()`` gives a
    :class:`~cpsolve.backends.sat.CnfModel` or a
    :class:`~cpsolve.backends.cpsat.CpsatModel` (or ``None`` when no plan of that length
    can exist) and whose ``decode(H, values)`` gives a plan; ``build(None)`` returns an
    incremental encoder with ``extend(H)``. ``limit`` plans are collected at the first
    satisfiable horizon (``None``: all of them).
    """
    stats = stats if stats is not None else Stats()
    deadline = Deadline(time_limit)
    out = Plans(proven_below=lower)
    session: SatSession | None = None
    inc = build(None) if mode == "incremental" else None
    if inc is not None:
        session = SatSession(solver, stats)
    try:
        horizon = lower
        while horizon <= max_length:
            if deadline.expired():
                out.timed_out = True
                return out
            record: dict[str, Any] = {"horizon": horizon}
            start = time.perf_counter()
            found, decode = _one_horizon(build, inc, session, horizon, solver, limit, workers,
                                         deadline, stats, record)
            record["seconds"] = time.perf_counter() - start
            stats.horizons.append(record)
            if found is None:
                record["status"] = "skipped"
            elif found.solutions:
                record["status"] = "sat"
                out.plans = [decode(horizon, values) for values in found.solutions]
                out.horizon, out.optimal = horizon, True
                out.complete = found.exhausted
                out.timed_out = found.timed_out
                return out
            elif found.timed_out:
                record["status"] = "unknown"
                out.timed_out = True
                return out
            else:
                record["status"] = "unsat"
            horizon += step
            out.proven_below = horizon
        out.exhausted = True
        return out
    finally:
        if session is not None:
            session.close()


def _one_horizon(build: Callable[[int | None], Any], inc: Any, session: SatSession | None,
                 horizon: int, solver: str, limit: int | None, workers: int | None,
                 deadline: Deadline, stats: Stats,
                 record: dict[str, Any]) -> tuple[Enumeration | None, Any]:
    before = (stats.build_seconds, stats.solve_seconds)
    if inc is not None and session is not None:
        start = time.perf_counter()
        grown = inc.extend(horizon)
        stats.build_seconds += time.perf_counter() - start
        if grown is None:
            return None, inc.decode
        groups, nvars, assumptions, projection = grown
        session.add(groups, nvars)
        found = enumerate_in(session, projection, limit=limit, assumptions=assumptions,
                             deadline=deadline)
        _note(record, stats, before, session.nvars, stats.clauses)
        return found, inc.decode
    start = time.perf_counter()
    encoder = build(horizon)
    model = encoder.model()
    stats.build_seconds += time.perf_counter() - start
    if model is None:
        return None, encoder.decode
    if isinstance(model, CpsatModel):
        found = cpsat.enumerate_solutions(model, limit=limit, time_limit=deadline.remaining(),
                                          workers=workers, stats=stats)
        _note(record, stats, before, model.num_variables, None, model.num_constraints)
    else:
        with SatSession(solver, stats) as fresh:
            fresh.add(model.groups, model.nvars)
            found = enumerate_in(fresh, list(model.projection), limit=limit,
                                 deadline=deadline)
        _note(record, stats, before, model.nvars, model.num_clauses)
    return found, encoder.decode


def _note(record: dict[str, Any], stats: Stats, before: tuple[float, float], variables: int,
          clauses: int | None, constraints: int | None = None) -> None:
    record["build_seconds"] = stats.build_seconds - before[0]
    record["solve_seconds"] = stats.solve_seconds - before[1]
    record["variables"] = variables
    if clauses is not None:
        record["clauses"] = clauses
    if constraints is not None:
        record["constraints"] = constraints
