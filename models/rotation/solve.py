"""Solving rotation puzzles: verdicts first, then a search or the horizon driver, every
plan replayed by the checker."""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from cpsolve.errors import UsageError
from cpsolve.result import Result, Stats, Status
from models.rotation.board import Puzzle
from models.rotation.check import check
from models.rotation.space import Space

METHODS = ("auto", "bfs", "bibfs", "ida", "sat", "cpsat")
HEURISTICS = ("pdb", "cells")
# ``auto``: bidirectional breadth-first search while the arrangements fit in memory
# (the 3x3 puzzle's 362,880 take milliseconds), else IDA* with pattern databases.
AUTO_SPACE = 20_000_000
DEFAULT_MAX_LENGTH = 100
DEFAULT_SOLVER = "cadical153"


def solve(puzzle: Puzzle, *, method: str = "auto", solver: str = DEFAULT_SOLVER,
          card: str = "direct", heuristic: str = "pdb", max_length: int | None = None,
          count_optimal: bool = False, time_limit: float | None = None,
          workers: int | None = None) -> Result:
    """A shortest plan (``count_optimal``: every one), moves such as ``A+ B-``.

    ``method``: ``bfs``/``bibfs`` over ranked arrangements; ``ida`` with the
    ``heuristic`` ``pdb`` (pattern databases and cell distances) or ``cells`` (cell
    distances alone); ``sat`` (python-sat ``solver``, ``card`` for "one move per
    step") and ``cpsat`` solve horizon after horizon.

    >>> from models.rotation.formats import parse
    >>> r = solve(parse("4 1 3\\n5 2 6\\n7 8 9"), count_optimal=True)
    >>> r.status.value, r.solutions, r.count
    ('optimal', ['A-'], 1)
    """
    for value, known, what in ((method, METHODS, "method"),
                               (heuristic, HEURISTICS, "heuristic")):
        if value not in known:
            raise UsageError(f"unknown {what} {value!r}; known: {', '.join(known)}")
    stats = Stats()
    start = time.perf_counter()
    space = Space(puzzle)
    verdict = space.verdict
    chosen = ""
    if method == "auto":
        method = "bibfs" if space.arrangements <= AUTO_SPACE else "ida"
        chosen = (f"{space.arrangements:,} arrangements fit in memory: bidirectional BFS"
                  if method == "bibfs" else
                  f"{space.arrangements:,} arrangements: IDA* with pattern databases")
    described: dict[str, Any] = {"method": method}
    if method == "ida":
        described["heuristic"] = heuristic
    if method == "sat":
        described |= {"encoding": "onehot", "solver": solver, "card": card}
    if method == "cpsat":
        described["encoding"] = "cpsat"
    if chosen:
        described["auto"] = chosen
    stats.extra["solvability"] = verdict.reason
    if verdict.solvable is False:
        return Result(Status.UNSOLVABLE, reason=verdict.reason, method=described, stats=stats)
    # The planning methods start at the lower bound (pattern databases: built here, and
    # reused by IDA*); breadth-first search needs none.
    lower = space.lower_bound if method in ("sat", "cpsat") else 0
    if lower:
        stats.extra["lower_bound"] = lower
    stats.extra["analysis_seconds"] = time.perf_counter() - start
    limit = max_length if max_length is not None else max(DEFAULT_MAX_LENGTH, lower)
    if time_limit is not None:
        time_limit -= time.perf_counter() - start
        if time_limit <= 0:
            return Result(Status.UNKNOWN, reason="time limit reached", method=described,
                          stats=stats, limit_reached=True)
    if method in ("bfs", "bibfs"):
        plans, outcome = _sweep(space, method == "bibfs", count_optimal, limit, time_limit,
                                stats)
    elif method == "ida":
        plans, outcome = _ida(space, heuristic == "pdb", count_optimal, limit, time_limit,
                              stats)
    else:
        plans, outcome = _planned(space, method, solver, card, lower, limit, count_optimal,
                                  time_limit, workers, stats)
    for plan in plans:
        errors = check(puzzle, plan)
        if errors:
            return Result(Status.ERROR, reason=f"plan {plan!r} fails the checker: {errors[0]}",
                          method=described, stats=stats, rejected=[plan])
    result = Result(Status.OPTIMAL if plans else outcome["status"], solutions=plans,
                    method=described, stats=stats, reason=outcome.get("reason"),
                    limit_reached=outcome.get("limit_reached", False))
    if count_optimal and plans:
        result.count, result.complete = outcome["count"], outcome["complete"]
        if not result.complete:
            result.reason = "time limit reached while counting optimal plans"
    return result


def _not_found(timed_out: bool, cut: bool, bound: int, limit: int,
               decided: bool) -> dict[str, Any]:
    """The outcome of a search that returned no plan."""
    if timed_out:
        return {"status": Status.UNKNOWN, "limit_reached": True,
                "reason": f"time limit reached; no plan is shorter than {bound} moves"}
    if cut:
        reason = f"no plan of at most {limit} moves (raise --max-length to look further)"
        return {"status": Status.UNKNOWN, "reason": reason}
    if decided:
        return {"status": Status.UNSOLVABLE,
                "reason": "the search ran out of positions: the goal cannot be reached"}
    return {"status": Status.UNKNOWN, "reason": f"no plan of at most {limit} moves; whether "
            "one exists is not decided"}


def _sweep(space: Space, bidirectional: bool, count: bool, limit: int,
           time_limit: float | None, stats: Stats) -> tuple[list[str], dict[str, Any]]:
    from cpsolve.search.bfs import NO_NEIGHBOURS, bfs, bibfs

    search = bibfs if bidirectional else bfs
    start = time.perf_counter()
    try:
        found = search(space.state, space.goal, space.counts, NO_NEIGHBOURS, perms=space.perms,
                       count=count, max_length=limit, time_limit=time_limit)
    except MemoryError as error:
        raise UsageError(f"breadth-first search: {error}; use --method ida or sat") from None
    stats.solve_seconds = time.perf_counter() - start
    stats.nodes = found.expanded
    if found.length is None:
        return [], _not_found(found.timed_out, found.cut, found.bound, limit, True)
    moves = []
    for before, after in zip(found.path, found.path[1:]):
        moves.append(next(k for k in range(len(space.perms))
                          if np.array_equal(before[space.perms[k]], after)))
    return [space.plan(moves)], {"count": found.count, "complete": True}


def _ida(space: Space, patterns: bool, count: bool, limit: int, time_limit: float | None,
         stats: Stats) -> tuple[list[str], dict[str, Any]]:
    from cpsolve.search.permutation import permutation_ida

    start = time.perf_counter()
    plans, found = permutation_ida(space.state, space.goal, space.counts, space.perms,
                                   space.puzzle.inverse, space.cycle,
                                   pdb=space.databases if patterns else None,
                                   count=count, time_limit=time_limit, max_length=limit)
    stats.solve_seconds = time.perf_counter() - start
    stats.nodes = found.nodes
    stats.extra["iterations"] = found.iterations
    if not plans:
        cut = not found.timed_out and found.bound > limit
        return [], _not_found(found.timed_out, cut, int(found.bound), limit, True)
    return [space.plan(p) for p in plans], {"count": found.found, "complete": True}


def _planned(space: Space, method: str, solver: str, card: str, lower: int, limit: int,
             count: bool, time_limit: float | None, workers: int | None,
             stats: Stats) -> tuple[list[str], dict[str, Any]]:
    from cpsolve.planning import shortest_plans
    from models.rotation.encodings import encoder

    name = "cpsat" if method == "cpsat" else "onehot"
    found = shortest_plans(lambda h: encoder(name, space, h, card), lower=lower,
                           step=space.verdict.step, max_length=limit, solver=solver,
                           limit=None if count else 1, time_limit=time_limit,
                           workers=workers, stats=stats)
    if not found.plans:
        return [], _not_found(found.timed_out, found.exhausted, found.proven_below, limit,
                              False)
    return list(found.plans), {"count": len(found.plans), "complete": found.complete}
