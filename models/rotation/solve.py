"""Solving rotation puzzles: the planning kit's :class:`~cpsolve.planning.solve.Planner`
over the puzzle's facts, the SAT and CP-SAT encodings, IDA* over permutations and
breadth-first search; ``solve`` is the planner's.

>>> from cpsolve.models.rotation.formats import parse
>>> r = solve(parse("4 1 3\\n5 2 6\\n7 8 9"), count_optimal=True)
>>> r.status.value, r.solutions, r.count
('optimal', ['A-'], 1)
"""

from __future__ import annotations

from typing import Any

from cpsolve.models.rotation.analysis import Space
from cpsolve.models.rotation.check import check
from cpsolve.models.rotation.encodings import ENCODINGS
from cpsolve.models.rotation.search import BFS, BIBFS, IDA, QUICK_SUMMARY, quick
from cpsolve.planning.solve import Facts, Planner, horizon_method
from cpsolve.tables import Table

# ``auto``: bidirectional breadth-first search while the arrangements fit in memory
# (the 3x3 puzzle's 362,880 take milliseconds), else IDA* with pattern databases.
AUTO_SPACE = 20_000_000
DEFAULT_MAX_LENGTH = 100


def _auto(facts: Facts, options: dict[str, Any]) -> tuple[str, dict[str, Any], str]:
    space = facts.state_space
    if space <= AUTO_SPACE:
        return "bibfs", {}, f"{space:,} arrangements fit in memory: bidirectional BFS"
    return "ida", {"heuristic": "pdb"}, f"{space:,} arrangements: IDA* with pattern databases"


def plan_length(plan: str) -> int:
    """The number of moves in a plan (``"A+ B-"``: 2)."""
    return len(plan.split())


PLANNER = Planner(
    facts=Space, check=check, length=plan_length,
    methods=Table("method", BFS, BIBFS, IDA,
                  horizon_method("sat", "sat", "SAT, horizon after horizon"),
                  horizon_method("cpsat", "cpsat", "CP-SAT, horizon after horizon")),
    auto=_auto, encodings=ENCODINGS, max_length=lambda facts: DEFAULT_MAX_LENGTH,
    quick=quick, quick_summary=QUICK_SUMMARY)
solve = PLANNER.solve
