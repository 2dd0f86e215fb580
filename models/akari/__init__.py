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

from cpsolve.family import deferred, lazy
from cpsolve.grid.api import Solve, family
from cpsolve.grid.codecs import Formats
from cpsolve.grid.editor import Editor
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.models.akari.analysis import obstacles, prepare
from cpsolve.models.akari.board import Board, Solution
from cpsolve.models.akari.check import check
from cpsolve.models.akari.formats import (
    FORMS,
    parse,
    parse_answer,
    parse_grid,
    read_answer,
    to_grid,
    to_penpa,
    to_tatham,
    to_url,
)
from cpsolve.models.akari.rules import STATEMENT


def encode(board: Board, lights: Solution) -> list[str]:
    """A solution as JSON: the board's rows, lights as ``*``."""
    return to_grid(board, lights).split("\n")


AKARI: GridPuzzle[Board, Solution] = GridPuzzle(
    name="akari",
    summary="Akari (Light Up): solve, prove unique, count, check, draw.",
    help="Solve the Akari BOARD: grid text (. white, # black, 0-4 clues; - and x also "
         "read), a puzz.link URL, or a Tatham game ID WxH:desc.",
    example=".......\n.2#..#.\n.1..#..\n......2\n.#..#..\n..4...#\n.......\n",
    formats=Formats(FORMS, to_grid, {"url": to_url, "grid": to_grid, "tatham": to_tatham,
                                     "penpa": to_penpa}),
    show=to_grid, rows=encode, read_answer=read_answer,
    picture=lazy("cpsolve.models.akari.picture:picture"),
    # The rules stated once (rules.py); the deductions and the SAT builders Akari's own.
    check=check, statement=STATEMENT, prepare=prepare, deductions=True,
    # auto runs SAT: the fastest in benchmarks/akari.py on generated boards up to
    # 300x300 (see the README), with the solver above unless one is named.
    auto="sat", nothing="no placement of lights satisfies the rules",
    # The setter's clues and the generator's layout load when a command uses them.
    hints=deferred("cpsolve.models.akari.hints:HINTS"),
    layout=deferred("cpsolve.models.akari.layout:LAYOUT"),
    # Akari grades by its own human rules (grading.py), loaded with its numba kernels.
    grader=lazy("cpsolve.models.akari.grading:Grader"),
    editor=Editor(cycle=(".", "#", "0", "1", "2", "3", "4"), numbers=(0, 4), compact=True,
                  size=(7, 7)),
)
FAMILY, solve = family(AKARI), Solve(AKARI)

__all__ = ["AKARI", "FAMILY", "Board", "Solution", "check", "encode", "obstacles", "parse",
           "parse_answer", "parse_grid", "solve", "to_grid", "to_tatham", "to_url"]
