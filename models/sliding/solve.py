"""Solving sliding puzzles: graph verdicts first, then the horizon driver over an
encoding, every plan replayed by the checker."""

from __future__ import annotations

import time

from cpsolve.errors import UsageError
from cpsolve.planning import MODES, shortest_plans
from cpsolve.result import Result, Stats, Status
from models.sliding.board import Puzzle
from models.sliding.bounds import Analysis
from models.sliding.check import check
from models.sliding.encodings import SAT_ENCODINGS, Options, encoder

METHODS = ("auto", "sat", "cpsat", "ida", "bfs", "bibfs")
# What ``auto`` runs (from benchmarks/ida.py and sliding_sat.py): bidirectional BFS up
# to AUTO_SPACE arrangements; beyond, IDA*, with Manhattan alone while the lower bound
# is at most AUTO_MANHATTAN (the line puzzle's goal 3: 31 ms, where SAT takes about a
# second and building pattern databases a minute), pattern databases above it. SAT
# never won on those boards; it stays for proofs and counting by other means.
AUTO_SPACE = 20_000_000
AUTO_MANHATTAN = 36
HEURISTICS = ("pdb", "manhattan")
DEFAULT_MAX_LENGTH = 100
# The defaults: the fastest in benchmarks/sliding_sat.py (see the README).
DEFAULT_ENCODING = "blanklog"
DEFAULT_SOLVER = "cadical153"


def solve(
    puzzle: Puzzle,
    *,
    method: str = "auto",
    encoding: str = DEFAULT_ENCODING,
    mode: str = "fresh",
    solver: str = DEFAULT_SOLVER,
    card: str = "direct",
    prune: bool = True,
    no_undo: bool = True,
    max_length: int | None = None,
    count_optimal: bool = False,
    time_limit: float | None = None,
    workers: int | None = None,
    weight: float = 1.0,
    heuristic: str = "pdb",
) -> Result:
    """A shortest plan (``count_optimal``: every one) as move strings of the blank.

    ``method``: ``sat`` and ``cpsat`` solve horizon after horizon (see
    :mod:`cpsolve.planning`); ``ida`` runs the numba IDA* with the ``heuristic``
    ``pdb`` (additive pattern databases, built once and cached, combined by max with
    the wall-aware Manhattan distance) or ``manhattan`` alone; there a ``weight``
    above 1 trades optimality for speed (plans at most that factor longer, status
    solved; Manhattan only).

    >>> from models.sliding.formats import parse
    >>> r = solve(parse("1 2 3\\n4 5 6\\n0 7 8"), count_optimal=True)
    >>> r.status.value, r.solutions, r.count
    ('optimal', ['RR'], 1)
    """
    if method not in METHODS:
        raise UsageError(f"unknown method {method!r}; known: {', '.join(METHODS)}")
    stats = Stats()
    start = time.perf_counter()
    analysis = Analysis(puzzle)
    verdict = analysis.verdict
    lower = analysis.lower_bound
    chosen = ""
    if method == "auto":
        method, heuristic, chosen = _auto(analysis)
    if mode not in MODES:
        raise UsageError(f"unknown mode {mode!r}; known: {', '.join(MODES)}")
    name = "cpsat" if method == "cpsat" else encoding
    if method == "sat" and encoding not in SAT_ENCODINGS:
        raise UsageError(f"unknown encoding {encoding!r}; known: {', '.join(SAT_ENCODINGS)}")
    if mode == "incremental" and name != "onehot":
        raise UsageError(f"encoding {name} has no incremental mode (onehot has)")
    if weight < 1:
        raise UsageError("--weight must be at least 1")
    if heuristic not in HEURISTICS:
        raise UsageError(f"unknown heuristic {heuristic!r}; known: {', '.join(HEURISTICS)}")
    if method == "ida":
        if weight > 1:
            heuristic = "manhattan"
        shown = heuristic + (" + linear conflict" if puzzle.distinct else "")
        described: dict[str, object] = {"method": "ida", "heuristic": shown, "weight": weight}
    elif method in ("bfs", "bibfs"):
        described = {"method": method}
    else:
        described = {"method": method, "encoding": name, "mode": mode, "prune": prune,
                     "no_undo": no_undo}
    if method == "sat":
        described |= {"solver": solver, "card": card}
    if chosen:
        described["auto"] = chosen
    stats.extra["analysis_seconds"] = time.perf_counter() - start
    stats.extra["lower_bound"] = lower
    stats.extra["solvability"] = verdict.reason
    if verdict.solvable is False or lower is None:
        reason = verdict.reason if verdict.solvable is False else "a tile cannot reach its goal"
        return Result(Status.UNSOLVABLE, reason=reason, method=described, stats=stats)
    limit = max_length if max_length is not None else max(DEFAULT_MAX_LENGTH, lower)
    if time_limit is not None and time_limit <= 0:
        return Result(Status.UNKNOWN, reason="time limit reached", method=described,
                      stats=stats, limit_reached=True)
    if method in ("bfs", "bibfs"):
        return _by_sweep(puzzle, analysis, described, stats, bidirectional=method == "bibfs",
                         count=count_optimal, limit=limit, time_limit=time_limit)
    if method == "ida":
        return _by_ida(puzzle, analysis, described, stats, weight=weight, heuristic=heuristic,
                       count=count_optimal, time_limit=time_limit, limit=limit)
    options = Options(prune=prune, no_undo=no_undo, card=card)
    found = shortest_plans(lambda h: encoder(name, analysis, options, h), lower=lower,
                           step=verdict.step, max_length=limit, mode=mode, solver=solver,
                           limit=None if count_optimal else 1, time_limit=time_limit,
                           workers=workers, stats=stats)
    stats.extra["proven_lower_bound"] = found.horizon if found.plans else found.proven_below
    for plan in found.plans:
        errors = check(puzzle, plan)
        if errors:
            return Result(Status.ERROR, reason=f"plan {plan!r} fails the checker: {errors[0]}",
                          method=described, stats=stats, rejected=[plan])
    result = Result(Status.OPTIMAL if found.plans else Status.UNKNOWN, solutions=found.plans,
                    method=described, stats=stats, limit_reached=found.timed_out)
    if count_optimal:
        result.count, result.complete = len(found.plans), found.complete
    if found.plans and count_optimal and not found.complete:
        result.reason = "time limit reached while counting optimal plans"
    elif not found.plans:
        result.reason = (f"time limit reached; no plan is shorter than {found.proven_below} "
                         "moves" if found.timed_out else
                         f"no plan of at most {limit} moves (--max-length)")
        if verdict.solvable is None and found.exhausted:
            result.reason += "; whether one exists is not decided"
    return result


def _by_ida(puzzle: Puzzle, analysis: Analysis, method: dict[str, object], stats: Stats, *,
            weight: float, heuristic: str, count: bool, time_limit: float | None,
            limit: int) -> Result:
    from models.sliding.search import ida, ida_pdb  # numba: imported only when it runs

    start = time.perf_counter()
    if heuristic == "pdb":
        plans, search, records = ida_pdb(analysis, count=count, time_limit=time_limit,
                                         max_length=limit)
        stats.extra["pattern_databases"] = records
        stats.build_seconds = sum(float(str(r["seconds"])) for r in records)
    else:
        plans, search = ida(analysis, weight=weight, count=count, time_limit=time_limit,
                            max_length=limit)
    stats.solve_seconds = time.perf_counter() - start - stats.build_seconds
    stats.nodes = search.nodes
    stats.extra["iterations"] = search.iterations
    stats.extra["proven_lower_bound"] = (search.length if plans and weight == 1
                                         else int(search.bound) if weight == 1 else None)
    for plan in plans:
        errors = check(puzzle, plan)
        if errors:
            return Result(Status.ERROR, reason=f"plan {plan!r} fails the checker: {errors[0]}",
                          method=method, stats=stats, rejected=[plan])
    if plans:
        result = Result(Status.OPTIMAL if weight == 1 else Status.SOLVED, solutions=plans,
                        method=method, stats=stats)
        if count:
            result.count, result.complete = search.found, True
        return result
    if search.timed_out:
        reason = "time limit reached" + (f"; no plan is shorter than {int(search.bound)} moves"
                                         if weight == 1 else "")
        return Result(Status.UNKNOWN, reason=reason, method=method, stats=stats,
                      limit_reached=True)
    if search.bound > limit:
        return Result(Status.UNKNOWN, reason=f"no plan of at most {limit} moves "
                      "(--max-length)", method=method, stats=stats)
    return Result(Status.UNSOLVABLE, reason="the search ran out of positions: no plan exists",
                  method=method, stats=stats)


def _auto(analysis: Analysis) -> tuple[str, str, str]:
    """The method and heuristic ``auto`` runs, and why."""
    space = analysis.state_space
    if space <= AUTO_SPACE:
        return "bibfs", "pdb", f"{space:,} arrangements fit in memory: bidirectional BFS"
    lower = analysis.lower_bound or 0
    if lower <= AUTO_MANHATTAN:
        return "ida", "manhattan", f"lower bound {lower}: IDA* with Manhattan distances"
    return "ida", "pdb", f"lower bound {lower}: IDA* with pattern databases"


def _by_sweep(puzzle: Puzzle, analysis: Analysis, method: dict[str, object], stats: Stats, *,
              bidirectional: bool, count: bool, limit: int,
              time_limit: float | None) -> Result:
    from models.sliding.search import sweep  # numba: imported only when it runs

    start = time.perf_counter()
    try:
        plans, found = sweep(analysis, bidirectional=bidirectional, count=count,
                             max_length=limit, time_limit=time_limit)
    except MemoryError as error:
        raise UsageError(f"breadth-first search: {error}; use --method ida or sat") from None
    stats.solve_seconds = time.perf_counter() - start
    stats.nodes = found.expanded
    for plan in plans:
        errors = check(puzzle, plan)
        if errors:
            return Result(Status.ERROR, reason=f"plan {plan!r} fails the checker: {errors[0]}",
                          method=method, stats=stats, rejected=[plan])
    if not plans and found.timed_out:
        stats.extra["proven_lower_bound"] = found.bound
        return Result(Status.UNKNOWN, reason=f"time limit reached; no plan is shorter than "
                      f"{found.bound} moves", method=method, stats=stats, limit_reached=True)
    if not plans and found.cut:
        return Result(Status.UNKNOWN, reason=f"no plan of at most {limit} moves "
                      "(--max-length)", method=method, stats=stats)
    if not plans:
        return Result(Status.UNSOLVABLE, reason="breadth-first search: the goal cannot be "
                      "reached", method=method, stats=stats)
    result = Result(Status.OPTIMAL, solutions=plans, method=method, stats=stats)
    if count:
        result.count, result.complete = found.count, True
    return result
