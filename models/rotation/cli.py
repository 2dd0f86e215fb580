"""``cpsolve rotate``: the planning kit's command, with the rotation puzzle's goal file
and moves."""

from __future__ import annotations

import click

from cpsolve.models.rotation.board import Puzzle
from cpsolve.models.rotation.formats import parse_goal, walk
from cpsolve.models.rotation.picture import picture
from cpsolve.models.rotation.solve import PLANNER
from cpsolve.planning.command import PlanCommand, plan_command


def read_plan(puzzle: Puzzle, text: str) -> str:
    """A plan as its text (``A+ B-``; the checker reads the moves), lower case read
    too (square names are capitals).

    >>> read_plan(None, "a+ b:l")
    'A+ B:L'
    """
    return text.upper()


def command() -> click.Command:
    """The ``cpsolve rotate`` click command."""
    from cpsolve.models.rotation import FAMILY

    return plan_command(PlanCommand(
        family=FAMILY, planner=PLANNER, with_goal=lambda puzzle, text: parse_goal(text, puzzle),
        read_plan=read_plan, moves={"names": lambda puzzle, plan: plan},
        walk=walk, show=lambda puzzle, state: puzzle.text(state),
        draw=picture,
        help="Find a shortest plan for the rotation puzzle BOARD: rows of labels; a line "
             "'goal' and a second grid give the goal (else the labels in order), a line "
             "'squares' and one cycle of cells per line (clockwise, numbered row-major from "
             "0) the squares (else every 2x2 block, named A, B, ... row-major). Moves: A+ "
             "turns A clockwise, A- counter-clockwise.\n\nThe text says what the plan is (11 "
             "moves, optimal), then its moves; --steps adds the grid after each move, -o "
             "plan.png (.svg) draws the grids along the way and -o plan.gif replays them."
             "\n\n--dump-cnf and --dump-model write "
             "the model of plans of exactly N moves: N is --max-length when given, else the "
             "length of the optimal plan found."))
