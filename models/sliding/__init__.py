"""Sliding-tile puzzles: any size, wall cells, repeated labels, any goal.

The 8- and 15-puzzles, the line puzzle (four A's, three B's, ...), the DevQuiz 2011
boards with walls. Plans are strings of blank moves ``U``, ``D``, ``L``, ``R``.

>>> from models.sliding import parse, solve
>>> result = solve(parse("3,3,168452=30"))
>>> result.status.value, len(result.solution)
('optimal', 16)
"""

from models.sliding.analyze import analyze
from models.sliding.board import Board, Puzzle
from models.sliding.bounds import Analysis
from models.sliding.check import check
from models.sliding.formats import parse, parse_goal
from models.sliding.generate import ProblemSet, devquiz_set, random_puzzle
from models.sliding.solve import solve

NAME = "slide"
SUMMARY = "Sliding-tile puzzles: shortest plans by SAT and CP-SAT, proven optimal."


def command():  # type: ignore[no-untyped-def]
    """The ``cpsolve slide`` click command (imported only when the CLI needs it)."""
    from models.sliding.cli import command as slide_command

    return slide_command


def batch_job():  # type: ignore[no-untyped-def]
    """What ``cpsolve batch`` needs: problem files, attempts, budgets
    (:mod:`models.sliding.batch`)."""
    from models.sliding import batch

    return batch


def generate_command():  # type: ignore[no-untyped-def]
    """The ``cpsolve generate slide`` click command."""
    from models.sliding.generate import command as generate

    return generate


__all__ = ["NAME", "SUMMARY", "Analysis", "Board", "ProblemSet", "Puzzle", "analyze",
           "batch_job", "check", "command", "devquiz_set", "generate_command", "parse",
           "parse_goal", "random_puzzle", "solve"]
