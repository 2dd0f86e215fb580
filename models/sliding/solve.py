"""Solving sliding puzzles: the planning kit's :class:`~cpsolve.planning.solve.Planner`
over the free-cell graph's facts, the SAT and CP-SAT encodings, IDA* and breadth-first
search; ``solve`` is the planner's.

>>> from cpsolve.models.sliding.formats import parse
>>> r = solve(parse("1 2 3\\n4 5 6\\n0 7 8"), count_optimal=True)
>>> r.status.value, r.solutions, r.count
('optimal', ['RR'], 1)
"""

from __future__ import annotations

from typing import Any

from cpsolve.models.sliding.analysis import Analysis
from cpsolve.models.sliding.check import check
from cpsolve.models.sliding.encodings import ENCODINGS
from cpsolve.models.sliding.search import BFS, BIBFS, IDA, QUICK_SUMMARY, quick
from cpsolve.planning.solve import Facts, Planner, horizon_method
from cpsolve.tables import Table

# What ``auto`` runs (from benchmarks/ida.py and sliding_sat.py): bidirectional BFS up
# to AUTO_SPACE arrangements; beyond, IDA*, with Manhattan alone while the lower bound
# is at most AUTO_MANHATTAN (the line puzzle's goal 3: 31 ms, where SAT takes about a
# second and building pattern databases a minute), pattern databases above it. SAT
# never won on those boards; it stays for proofs and counting by other means.
AUTO_SPACE = 20_000_000
AUTO_MANHATTAN = 36
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
    quick=quick, quick_summary=QUICK_SUMMARY)
solve = PLANNER.solve
