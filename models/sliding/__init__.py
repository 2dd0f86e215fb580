"""Sliding-tile puzzles: any size, wall cells, repeated labels, any goal.

The 8- and 15-puzzles, the line puzzle (four A's, three B's, ...), the DevQuiz 2011
boards with walls. Plans are strings of blank moves ``U``, ``D``, ``L``, ``R``.

>>> from cpsolve.models.sliding import parse, solve
>>> result = solve(parse("3,3,168452=30"))
>>> result.status.value, len(result.solution)
('optimal', 16)
"""

from cpsolve.family import Family, Kind, lazy
from cpsolve.models.sliding.analysis import Analysis
from cpsolve.models.sliding.board import Board, Puzzle
from cpsolve.models.sliding.check import check
from cpsolve.models.sliding.formats import parse, parse_goal
from cpsolve.models.sliding.generate import ProblemSet, devquiz_set, random_puzzle
from cpsolve.models.sliding.solve import PLANNER, solve


def encode(puzzle: Puzzle, plan: str) -> list[str]:
    """A plan as JSON: its moves, one letter each."""
    return list(plan)


FAMILY = Family(
    name="slide",
    summary="Sliding-tile puzzles: shortest plans by SAT, CP-SAT, IDA* and BFS, proven "
            "optimal.",
    kind=Kind.PLAN,
    parse=parse,
    check=check,
    solve=solve,
    declared=PLANNER.options,
    check_options=PLANNER.check_options,
    encode=encode,
    command=lazy("cpsolve.models.sliding.cli:command"),
    example="1 2 3\n4 0 6\n7 5 8\n",
    generate=lazy("cpsolve.models.sliding.generate:command"),
    analyze=lazy("cpsolve.models.sliding.search:analyze"),
    batch=lazy("cpsolve.models.sliding.batch:job"),
    warm_up=True,
    rules=lazy("cpsolve.models.sliding.rules:rules"),
)

__all__ = ["FAMILY", "Analysis", "Board", "ProblemSet", "Puzzle", "check",
           "devquiz_set", "encode", "parse", "parse_goal", "random_puzzle", "solve"]
