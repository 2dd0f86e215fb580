"""The bounded-horizon driver: shortest plans by solving "a plan of exactly H steps"
for H = lower bound, lower bound + step, ... until one is satisfiable.

Every horizon below the first satisfiable one was proven unsatisfiable (or skipped
because the encoder showed the goal cannot hold there), and the lower bound is
admissible, so the first plan found is optimal; the last unsatisfiable horizon is the
optimality proof. Each horizon's status, size and times go into ``Stats.horizons``,
and to ``on_horizon`` the moment the horizon ends (what ``-v`` prints live).

Two modes: fresh (``build``) makes a model and a solver per horizon; incremental
(``incremental``, SAT encoders that can ``extend``) keeps one solver, adds the new
steps' clauses and puts the goal in the assumptions. At the optimal horizon the driver
can go on enumerating distinct plans, blocking each on the projection (the move
variables).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cpsolve.backends import Enumeration, cpsat
from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import DEFAULT_SOLVER, SatSession, enumerate_in
from cpsolve.limits import Deadline, TimeUp, building
from cpsolve.planning.encoders import HorizonEncoder, IncrementalEncoder
from cpsolve.result import Stats


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
    build: Callable[[int], HorizonEncoder],
    *,
    lower: int,
    step: int,
    max_length: int,
    incremental: IncrementalEncoder | None = None,
    solver: str = DEFAULT_SOLVER,
    limit: int | None = 1,
    deadline: Deadline | None = None,
    workers: int | None = None,
    stats: Stats | None = None,
    on_horizon: Callable[[dict[str, Any]], None] | None = None,
) -> Plans:
    """Search horizons ``lower, lower + step, ...`` up to ``max_length``.

    ``build(H)`` returns the encoder of horizon H (fresh mode); with ``incremental``,
    one growing encoder serves every horizon. ``limit`` plans are collected at the
    first satisfiable horizon (``None``: all of them).
    """
    stats = stats if stats is not None else Stats()
    deadline = deadline or Deadline(None)
    out = Plans(proven_below=lower)
    session = SatSession(solver, stats) if incremental is not None else None
    try:
        horizon = lower
        while horizon <= max_length:
            if deadline.expired():
                out.timed_out = True
                return out
            record: dict[str, Any] = {"horizon": horizon}
            start = time.perf_counter()
            found, decode = _one_horizon(build, incremental, session, horizon, solver, limit,
                                         workers, deadline, stats, record)
            record["seconds"] = time.perf_counter() - start
            if found is None:
                record["status"] = "skipped"
            elif found.solutions:
                record["status"] = "sat"
            elif found.timed_out:
                record["status"] = "unknown"
            else:
                record["status"] = "unsat"
            stats.horizons.append(record)
            if on_horizon is not None:
                on_horizon(record)
            if found is not None and found.solutions:
                out.plans = [decode(values) for values in found.solutions]
                out.horizon, out.optimal = horizon, True
                out.complete = found.exhausted
                out.timed_out = found.timed_out
                return out
            if found is not None and found.timed_out:
                out.timed_out = True
                return out
            horizon += step
            out.proven_below = horizon
        out.exhausted = True
        return out
    finally:
        if session is not None:
            session.close()


def _one_horizon(build: Callable[[int], HorizonEncoder], inc: IncrementalEncoder | None,
                 session: SatSession | None, horizon: int, solver: str, limit: int | None,
                 workers: int | None, deadline: Deadline, stats: Stats,
                 record: dict[str, Any]) -> tuple[Enumeration | None, Callable[..., Any]]:
    before = (stats.build_seconds, stats.solve_seconds)
    what = f"the model of plans of {horizon} moves"
    if inc is not None and session is not None:
        start = time.perf_counter()
        try:
            with building(deadline, what):
                grown = inc.extend(horizon)
        except TimeUp:
            return Enumeration(timed_out=True), inc.decode_at
        finally:
            stats.build_seconds += time.perf_counter() - start

        def decode_inc(values: tuple[bool, ...]) -> Any:
            return inc.decode_at(horizon, values)

        if grown is None:
            return None, decode_inc
        session.add(grown.groups, grown.nvars)
        found = enumerate_in(session, grown.projection, limit=limit,
                             assumptions=grown.assumptions, deadline=deadline)
        _note(record, stats, before, session.nvars, stats.clauses)
        return found, decode_inc
    start = time.perf_counter()
    try:
        with building(deadline, what):
            encoder = build(horizon)
            model = encoder.model()
    except TimeUp:
        return Enumeration(timed_out=True), lambda values: None
    finally:
        stats.build_seconds += time.perf_counter() - start
    if model is None:
        return None, encoder.decode
    if isinstance(model, CpsatModel):
        found = cpsat.enumerate_solutions(model, limit=limit, deadline=deadline,
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


def describe_horizon(record: dict[str, Any]) -> str:
    """One horizon's record as the line ``-v`` prints.

    >>> describe_horizon({"horizon": 12, "status": "unsat", "seconds": 0.25,
    ...                   "variables": 300, "clauses": 4000})
    'horizon  12: unsat      0.250 s  (300 vars, 4000 clauses)'
    """
    size = f"{record.get('variables', 0)} vars"
    if "clauses" in record:
        size += f", {record['clauses']} clauses"
    elif "constraints" in record:
        size += f", {record['constraints']} constraints"
    shown = f"  ({size})" if record["status"] != "skipped" else ""
    return (f"horizon {record['horizon']:3}: {record['status']:7} "
            f"{record['seconds']:8.3f} s{shown}")
