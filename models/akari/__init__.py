"""Akari (Light Up): place lights so every white cell is lit, none sees another, and
every numbered black cell touches exactly that many lights.

>>> from models.akari import parse, solve, to_grid
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

from models.akari.board import Board, Solution
from models.akari.check import check
from models.akari.formats import parse, parse_answer, parse_grid, to_grid, to_tatham, to_url
from models.akari.solve import obstacles, solve

NAME = "akari"


def command():  # type: ignore[no-untyped-def]
    """The ``cpsolve akari`` click command (imported only when the CLI needs it)."""
    from models.akari.cli import command as akari_command

    return akari_command



SUMMARY = "Akari (Light Up): solve, prove unique, count, check, draw."

__all__ = ["NAME", "SUMMARY", "Board", "Solution", "check", "command", "obstacles", "parse",
           "parse_answer", "parse_grid", "solve", "to_grid", "to_tatham", "to_url"]
