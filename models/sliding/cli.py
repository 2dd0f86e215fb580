"""``cpsolve slide``: the planning kit's command, with the sliding puzzle's goal file,
plan formats and options."""

from __future__ import annotations

import click

from cpsolve.grid.render import GridPicture
from cpsolve.labels import natural_key
from cpsolve.models.sliding.board import Board, Puzzle
from cpsolve.models.sliding.formats import moves_to_cells, parse_goal, tiles, walk
from cpsolve.models.sliding.picture import picture
from cpsolve.models.sliding.solve import PLANNER
from cpsolve.planning.command import PlanCommand, plan_command


def with_goal(puzzle: Puzzle, text: str) -> Puzzle:
    """``puzzle`` with the goal grid of ``text``."""
    return Puzzle(puzzle.start, parse_goal(text, puzzle.start))


def read_plan(puzzle: Puzzle, text: str) -> str:
    """A plan as a string of blank moves (whitespace ignored, lower case read too).

    >>> read_plan(None, "lu rd")
    'LURD'
    """
    return "".join(text.split()).upper()


def cells(puzzle: Puzzle, plan: str) -> str:
    """The plan as the cells of the tiles moved."""
    return " ".join(str(cell) for cell in moves_to_cells(puzzle, plan))


def draw(puzzle: Puzzle, board: Board, moved: tuple[int, ...]) -> GridPicture:
    """One board of a plan, a colour per label where labels repeat."""
    labels = () if puzzle.distinct else tuple(sorted(puzzle.start.labels, key=natural_key))
    return picture(board, moved, labels=labels)


def command() -> click.Command:
    """The ``cpsolve slide`` click command."""
    from cpsolve.models.sliding import FAMILY

    return plan_command(PlanCommand(
        family=FAMILY, planner=PLANNER, with_goal=with_goal, read_plan=read_plan,
        moves={"dirs": lambda puzzle, plan: plan, "tiles": tiles, "cells": cells},
        walk=walk,
        show=lambda puzzle, board: board.text(), draw=draw,
        help="Find a shortest plan for the sliding puzzle BOARD: a DevQuiz line W,H,cells "
             "or grid text (0 or . blank, = or # wall, other tokens tiles; a line 'goal' "
             "and a second grid give the goal, else tiles in order and the blank last)."
             "\n\nThe text says what the plan is (31 moves, optimal), then its moves: the "
             "blank's directions (--moves dirs), the tiles and where they go (tiles) or "
             "their cells (cells); --steps adds the board after each move, -o plan.png "
             "(.svg) draws the boards along the way and -o plan.gif replays them."
             "\n\n--dump-cnf and --dump-model write the model of plans of exactly N moves: "
             "N is --max-length when given, else the length of the optimal plan found."))
