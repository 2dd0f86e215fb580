"""Rotation puzzles: labels on a grid, squares of cells that turn (the seed's 3x3
puzzle with squares A, B, C, D, or any cycles of cells listed in the file).

>>> from cpsolve.models.rotation import parse, solve
>>> result = solve(parse("9 8 7\\n4 5 6\\n3 2 1"))
>>> result.status.value, len(result.solution.split())
('optimal', 11)
"""

from cpsolve.family import Family, Kind, lazy
from cpsolve.models.rotation.board import Move, Puzzle, Square, parse_moves
from cpsolve.models.rotation.check import check
from cpsolve.models.rotation.formats import parse, parse_goal, write
from cpsolve.models.rotation.solve import PLANNER, plan_length, solve


def encode(puzzle: Puzzle, plan: str) -> list[str]:
    """A plan as JSON: its moves, one element each, as the checker reads them
    (``["A+", "B-"]``, ``A:R`` written ``A+``); a plan with a token that is no move, as
    it is written.

    >>> encode(parse("1 2\\n3 4"), "A+A:L")
    ['A+', 'A-']
    """
    moves, bad = parse_moves(puzzle, plan)
    if bad is not None:
        return plan.split()
    return [puzzle.moves[k].name for k in moves]


FAMILY = Family(
    name="rotate",
    summary="Rotation puzzles: squares of cells turn; shortest plans, counted.",
    kind=Kind.PLAN,
    parse=parse,
    check=check,
    solve=solve,
    declared=PLANNER.options,
    check_options=PLANNER.check_options,
    encode=encode,
    command=lazy("cpsolve.models.rotation.cli:command"),
    example="4 1 3\n5 2 6\n7 8 9\n",
    analyze=lazy("cpsolve.models.rotation.search:analyze"),
    warm_up=True,
    rules=lazy("cpsolve.models.rotation.rules:rules"),
)

__all__ = ["FAMILY", "Move", "Puzzle", "Square", "check", "encode", "parse",
           "parse_goal", "parse_moves", "plan_length", "solve", "write"]
