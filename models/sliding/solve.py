"""Solving sliding puzzles: the planning kit's driver over the free-cell graph's facts,
the SAT and CP-SAT encodings, IDA* and breadth-first search."""

from __future__ import annotations

from typing import Any

from cpsolve.limits import Deadline, deadline_of
from cpsolve.models.sliding.analysis import Analysis
from cpsolve.models.sliding.board import Puzzle
from cpsolve.models.sliding.check import check
from cpsolve.models.sliding.encodings import ENCODINGS
from cpsolve.models.sliding.search import BFS, BIBFS, IDA
from cpsolve.planning.solve import Facts, Log, Planner, horizon_method, solve_plan
from cpsolve.result import Result
from cpsolve.tables import Table

# What ``auto`` runs (from benchmarks/ida.py and sliding_sat.py): bidirectional BFS up
# to AUTO_SPACE arrangements; beyond, IDA*, with Manhattan alone while the lower bound
# is at most AUTO_MANHATTAN (the line puzzle's goal 3: 31 ms, where SAT takes about a
# second and building pattern databases a minute), pattern databases above it. SAT
# never won on those boards; it stays for proofs and counting by other means.
AUTO_SPACE = 20_000_000
AUTO_MANHATTAN = 36
HEURISTICS = ("pdb", "pdb-large", "manhattan")
DEFAULT_MAX_LENGTH = 100


def _auto(facts: Facts, options: dict[str, Any]) -> tuple[str, dict[str, Any], str]:
    """The method ``auto`` runs, the options it sets, and why."""
    space = facts.state_space
    if space <= AUTO_SPACE:
        return "bibfs", {}, f"{space:,} arrangements fit in memory: bidirectional BFS"
    lower = facts.lower_bound or 0
    if lower <= AUTO_MANHATTAN:
        return ("ida", {"heuristic": "manhattan"},
                f"lower bound {lower}: IDA* with Manhattan distances")
    return "ida", {"heuristic": "pdb"}, f"lower bound {lower}: IDA* with pattern databases"


def _length(plan: str) -> int:
    return len(plan)


PLANNER = Planner(
    facts=Analysis, check=check, length=_length,
    methods=Table("method", horizon_method("sat", "sat", "SAT, horizon after horizon"),
                  horizon_method("cpsat", "cpsat", "CP-SAT, horizon after horizon"),
                  IDA, BFS, BIBFS),
    auto=_auto, encodings=ENCODINGS,
    max_length=lambda facts: max(DEFAULT_MAX_LENGTH, facts.lower_bound or 0),
    choices={"heuristic": HEURISTICS})


def solve(
    puzzle: Puzzle,
    *,
    method: str = "auto",
    encoding: str = ENCODINGS.default.name,
    mode: str = "fresh",
    solver: str | None = None,
    card: str = "direct",
    prune: bool = True,
    no_undo: bool = True,
    max_length: int | None = None,
    count_optimal: bool = False,
    time_limit: float | Deadline | None = None,
    workers: int | None = None,
    weight: float = 1.0,
    heuristic: str = "pdb",
    log: Log | None = None,
) -> Result:
    """A shortest plan (``count_optimal``: every one) as move strings of the blank.

    ``method``: ``sat`` and ``cpsat`` solve horizon after horizon (see
    :mod:`cpsolve.planning`); ``ida`` runs the numba IDA* with the ``heuristic``
    ``pdb`` (additive pattern databases, 6-6-3 on the 15-puzzle, built in seconds
    once and cached), ``pdb-large`` (7-8 on the 15-puzzle, built in minutes) or
    ``manhattan`` (wall-aware distances, with linear conflicts where admissible);
    there a ``weight`` above 1 trades optimality for speed (plans at most that factor
    longer, status solved; Manhattan only). ``log`` receives ``-v`` lines as things happen.

    >>> from cpsolve.models.sliding.formats import parse
    >>> r = solve(parse("1 2 3\\n4 5 6\\n0 7 8"), count_optimal=True)
    >>> r.status.value, r.solutions, r.count
    ('optimal', ['RR'], 1)
    """
    options = dict(encoding=encoding, mode=mode, solver=solver, card=card, prune=prune,
                   no_undo=no_undo, workers=workers, weight=weight, heuristic=heuristic)
    return solve_plan(PLANNER, puzzle, method=method, options=options, max_length=max_length,
                      count=count_optimal, deadline=deadline_of(time_limit), log=log)
