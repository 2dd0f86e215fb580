"""Rotation puzzles: labels on a grid, squares of cells that turn (the seed's 3x3
puzzle with squares A, B, C, D, or any cycles of cells listed in the file).

>>> from models.rotation import parse, solve
>>> result = solve(parse("9 8 7\\n4 5 6\\n3 2 1"))
>>> result.status.value, len(result.solution.split())
('optimal', 11)
"""

from models.rotation.analyze import analyze
from models.rotation.board import Move, Puzzle, Square, parse_moves
from models.rotation.check import check
from models.rotation.formats import parse, parse_goal, write
from models.rotation.solve import solve

NAME = "rotate"
WARM_UP = "2 1\n3 4"  # a one-move board: runs it before a measured run loads the kernels


def plan_length(plan: str) -> int:
    """The number of moves in a plan (``"A+ B-"``: 2)."""
    return len(plan.split())


SUMMARY = "Rotation puzzles: squares of cells turn; shortest plans, counted."


def command():  # type: ignore[no-untyped-def]
    """The ``cpsolve rotate`` click command (imported only when the CLI needs it)."""
    from models.rotation.cli import command as rotate_command

    return rotate_command


__all__ = ["NAME", "SUMMARY", "Move", "Puzzle", "Square", "analyze", "check", "command",
           "parse", "parse_goal", "parse_moves", "plan_length", "solve", "write"]
