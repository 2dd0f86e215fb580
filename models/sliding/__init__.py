"""Sliding-tile puzzles: any size, wall cells, repeated labels, any goal.

The 8- and 15-puzzles, the line puzzle (four A's, three B's, ...), the DevQuiz 2011
boards with walls. Plans are strings of blank moves ``U``, ``D``, ``L``, ``R``.

>>> from cpsolve.models.sliding import parse, solve
>>> result = solve(parse("3,3,168452=30"))
>>> result.status.value, len(result.solution)
('optimal', 16)
"""

from cpsolve.family import BatchJob, Family, Kind
from cpsolve.models.sliding.analysis import Analysis
from cpsolve.models.sliding.board import Board, Puzzle
from cpsolve.models.sliding.check import check
from cpsolve.models.sliding.formats import parse, parse_goal
from cpsolve.models.sliding.generate import ProblemSet, devquiz_set, random_puzzle
from cpsolve.models.sliding.solve import solve


def analyze(puzzle, *, keep=1000, bar=None):  # type: ignore[no-untyped-def]
    """The whole space from the goal (:func:`cpsolve.models.sliding.search.analyze`)."""
    from cpsolve.models.sliding.search import analyze as sweep

    return sweep(puzzle, keep=keep, bar=bar)


def encode(puzzle: Puzzle, plan: str) -> list[str]:
    """A plan as JSON: its moves, one letter each."""
    return list(plan)


def _command():  # type: ignore[no-untyped-def]
    from cpsolve.models.sliding.cli import command

    return command()


def _generate():  # type: ignore[no-untyped-def]
    from cpsolve.models.sliding.generate import command

    return command()


def _batch() -> BatchJob:
    from cpsolve.models.sliding import batch

    return batch.JOB


FAMILY = Family(
    name="slide",
    summary="Sliding-tile puzzles: shortest plans by SAT, CP-SAT, IDA* and BFS, proven "
            "optimal.",
    kind=Kind.PLAN,
    parse=parse,
    check=check,
    solve=solve,
    encode=encode,
    command=_command,
    example="1 2 3\n4 0 6\n7 5 8\n",
    generate=_generate,
    analyze=analyze,
    batch=_batch,
    warm_up=True,
)

__all__ = ["FAMILY", "Analysis", "Board", "ProblemSet", "Puzzle", "analyze", "check",
           "devquiz_set", "encode", "parse", "parse_goal", "random_puzzle", "solve"]
