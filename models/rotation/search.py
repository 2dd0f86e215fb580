"""Searches for rotation puzzles: IDA* over permutations (numba), breadth-first search
from one or both ends, and the whole-space sweep of ``cpsolve analyze rotate``."""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from cpsolve.limits import Deadline
from cpsolve.models.rotation.analysis import Space
from cpsolve.models.rotation.board import Puzzle
from cpsolve.options import Option
from cpsolve.planning.outcome import Outcome
from cpsolve.planning.solve import Job, PlanMethod, Ranked, sweep_method
from cpsolve.progress import Bar
from cpsolve.result import SpaceReport

HEURISTICS = ("pdb", "cells")


def ranked(job: Job) -> Ranked:
    """The puzzle for the kit's breadth-first searches: moves as permutations."""
    from cpsolve.search.bfs import NO_NEIGHBOURS

    space: Space = job.facts  # type: ignore[assignment]

    def plan(path: list[np.ndarray]) -> str:
        moves = [next(k for k in range(len(space.perms))
                      if np.array_equal(before[space.perms[k]], after))
                 for before, after in zip(path, path[1:])]
        return space.plan(moves)

    return Ranked(space.state, space.goal, space.counts, NO_NEIGHBOURS, space.perms, plan)


def _ida(job: Job) -> Outcome:
    """``--method ida``: pattern databases and cell distances (``heuristic`` pdb), or
    cell distances alone (``cells``)."""
    from cpsolve.search.permutation import permutation_ida

    space: Space = job.facts  # type: ignore[assignment]
    patterns = job.options["heuristic"] == "pdb"
    start = time.perf_counter()
    plans, found = permutation_ida(space.state, space.goal, space.counts, space.perms,
                                   space.puzzle.inverse, space.cycle,
                                   pdb=space.databases if patterns else None,
                                   count=job.count, deadline=job.deadline,
                                   max_length=job.max_length, log=job.log)
    job.stats.solve_seconds = time.perf_counter() - start
    job.stats.nodes = found.nodes
    job.stats.extra["iterations"] = found.iterations
    if not plans:
        cut = not found.timed_out and found.bound > job.max_length
        return Outcome(timed_out=found.timed_out, cut=cut, lower_bound=int(found.bound),
                       exhausted=not found.timed_out and not cut)
    return Outcome(plans=[space.plan(p) for p in plans],
                   count=found.found if job.count else None, complete=True)


def _describe_ida(job: Job) -> dict[str, Any]:
    return {"heuristic": job.options["heuristic"]}


HEURISTIC = Option("heuristic", "pdb", "Bound for IDA*: pattern databases and cell "
                   "distances (pdb), or cell distances alone (cells).", choices=HEURISTICS)
IDA = PlanMethod("ida", "IDA* (numba) with pattern databases and cell distances", _ida,
                 options=(HEURISTIC,), describe=_describe_ida, kernels=True)

# The quick search of ``auto`` under a time limit (the planning kit's anytime plans):
# IDA* on f = g + QUICK_WEIGHT h, pattern databases and cell distances, until the time
# is up; its plans are at most that many times as long as a shortest one.
QUICK_WEIGHT = 3.0
QUICK_SUMMARY = f"IDA* with weight {QUICK_WEIGHT:g}"


def quick(job: Job) -> Outcome:
    """A plan fast, not proven shortest (:data:`QUICK_SUMMARY`), with the lower bound
    it proves (a shortest plan is at least a third as long)."""
    from cpsolve.search.permutation import permutation_ida

    space: Space = job.facts  # type: ignore[assignment]
    longest = 10_000 if job.defaulted else job.max_length
    start = time.perf_counter()
    plans, found = permutation_ida(space.state, space.goal, space.counts, space.perms,
                                   space.puzzle.inverse, space.cycle, pdb=space.databases,
                                   deadline=job.deadline, weight=QUICK_WEIGHT,
                                   max_length=math.ceil(longest * QUICK_WEIGHT),
                                   log=job.log)
    job.log(f"{QUICK_SUMMARY}: " + (f"{len(plans[0])} moves" if plans else "no plan")
            + f" ({time.perf_counter() - start:.2f} s)")
    if not plans:
        return Outcome(timed_out=found.timed_out)
    lower = math.ceil(len(plans[0]) / QUICK_WEIGHT - 1e-9)
    return Outcome(plans=[space.plan(plans[0])], optimal=False, lower_bound=lower)
BFS = sweep_method("bfs", "breadth-first search over ranked arrangements", ranked,
                   bidirectional=False)
BIBFS = sweep_method("bibfs", "breadth-first search from both ends", ranked,
                     bidirectional=True)


def analyze(puzzle: Puzzle, *, keep: int = 1000, bar: Bar | None = None,
            deadline: Deadline | None = None) -> SpaceReport:
    """Sweep every arrangement reachable from ``puzzle.goal`` (breadth-first over
    perfectly ranked arrangements, one byte each; a space too large is refused up
    front, with its size).

    >>> from cpsolve.models.rotation.formats import parse
    >>> report = analyze(parse("1 2\\n3 4"))
    >>> report.states, report.diameter, report.distribution
    (4, 2, [1, 2, 1])
    """
    from cpsolve.search.bfs import NO_NEIGHBOURS, space_report

    space = Space(puzzle)
    return space_report(space.goal, space.counts, NO_NEIGHBOURS, perms=space.perms,
                        describe=space.text, keep=keep, bar=bar,
                        deadline=deadline)
