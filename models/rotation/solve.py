"""Solving rotation puzzles: the planning kit's driver over the puzzle's facts, the SAT
and CP-SAT encodings, IDA* over permutations and breadth-first search."""

from __future__ import annotations

from typing import Any

from cpsolve.limits import Deadline, deadline_of
from cpsolve.models.rotation.analysis import Space
from cpsolve.models.rotation.board import Puzzle
from cpsolve.models.rotation.check import check
from cpsolve.models.rotation.encodings import ENCODINGS
from cpsolve.models.rotation.search import BFS, BIBFS, HEURISTICS, IDA
from cpsolve.planning.solve import Facts, Log, Planner, horizon_method, solve_plan
from cpsolve.result import Result
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
    choices={"heuristic": HEURISTICS})


def solve(puzzle: Puzzle, *, method: str = "auto", encoding: str = ENCODINGS.default.name,
          mode: str = "fresh", solver: str | None = None, card: str = "direct",
          heuristic: str = "pdb", max_length: int | None = None, count_optimal: bool = False,
          time_limit: float | Deadline | None = None, workers: int | None = None,
          log: Log | None = None) -> Result:
    """A shortest plan (``count_optimal``: every one), moves such as ``A+ B-``.

    ``method``: ``bfs``/``bibfs`` over ranked arrangements; ``ida`` with the
    ``heuristic`` ``pdb`` (pattern databases and cell distances) or ``cells`` (cell
    distances alone); ``sat`` (python-sat ``solver``, ``card`` for "one move per
    step") and ``cpsat`` solve horizon after horizon.

    >>> from cpsolve.models.rotation.formats import parse
    >>> r = solve(parse("4 1 3\\n5 2 6\\n7 8 9"), count_optimal=True)
    >>> r.status.value, r.solutions, r.count
    ('optimal', ['A-'], 1)
    """
    options = dict(encoding=encoding, mode=mode, solver=solver, card=card,
                   heuristic=heuristic, workers=workers)
    return solve_plan(PLANNER, puzzle, method=method, options=options, max_length=max_length,
                      count=count_optimal, deadline=deadline_of(time_limit), log=log)
