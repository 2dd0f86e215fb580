"""Akari (Light Up): place lights so every white cell is lit, none sees another, and
every numbered black cell touches exactly that many lights.

>>> from cpsolve.models.akari import parse, solve, to_grid
>>> board = parse(".......\\n.2#..#.\\n.1..#..\\n......2\\n.#..#..\\n..4...#\\n.......")
>>> result = solve(board, unique=True)
>>> result.unique
True
>>> print(to_grid(board, result.solution))
.*.....
*2#.*#.
.1..#.*
.*....2
.#*.#.*
.*4*..#
..*....
"""

from cpsolve.family import Family, Kind, lazy
from cpsolve.models.akari.analysis import obstacles
from cpsolve.models.akari.board import Board, Solution
from cpsolve.models.akari.check import check
from cpsolve.models.akari.formats import (
    parse,
    parse_answer,
    parse_grid,
    to_grid,
    to_tatham,
    to_url,
)
from cpsolve.models.akari.solve import solve


def encode(board: Board, lights: Solution) -> list[str]:
    """A solution as JSON: the board's rows, lights as ``*``."""
    return to_grid(board, lights).split("\n")


FAMILY = Family(
    name="akari",
    summary="Akari (Light Up): solve, prove unique, count, check, draw.",
    kind=Kind.GRID,
    parse=parse,
    check=check,
    solve=solve,
    encode=encode,
    command=lazy("cpsolve.models.akari.cli:command"),
    example=".......\n.2#..#.\n.1..#..\n......2\n.#..#..\n..4...#\n.......\n",
    generate=lazy("cpsolve.models.akari.generate:command"),
)

__all__ = ["FAMILY", "Board", "Solution", "check", "encode", "obstacles", "parse",
           "parse_answer", "parse_grid", "solve", "to_grid", "to_tatham", "to_url"]
