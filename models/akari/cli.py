"""``cpsolve akari``: the kit's static command, with Akari's answers, pictures, exports
and its ``--card`` option."""

from __future__ import annotations

import click

from cpsolve.commands import StaticCommand, card_option, static_command
from cpsolve.errors import InputError
from cpsolve.models.akari.board import Board, Cell
from cpsolve.models.akari.formats import parse_answer, to_grid, to_tatham, to_url
from cpsolve.models.akari.picture import picture
from cpsolve.models.akari.solve import AKARI


def read_answer(text: str, board: Board) -> tuple[frozenset[Cell], list[str]]:
    """A user's answer (lights as ``*``, ``L`` or ``o``) and the cells where it does
    not copy the board."""
    answer, lights = parse_answer(text)
    if (answer.height, answer.width) != (board.height, board.width):
        raise InputError(f"answer is {answer.width}x{answer.height}, the board is "
                         f"{board.width}x{board.height}")
    errors = []
    for r, (want, got) in enumerate(zip(board.rows, answer.rows)):
        for c, (a, b) in enumerate(zip(want, got)):
            if a != b and (r, c) not in lights:
                errors.append(f"cell at row {r + 1}, column {c + 1} is {b!r} in the answer, "
                              f"{a!r} on the board")
    return lights, errors


def command() -> click.Command:
    """The ``cpsolve akari`` click command."""
    from cpsolve.models.akari import FAMILY

    return static_command(StaticCommand(
        family=FAMILY, puzzle=AKARI, read_answer=read_answer, show=to_grid,
        picture=picture, exports={"url": to_url, "tatham": to_tatham}, options=(card_option,),
        sat_options=("card",),
        help="Solve the Akari BOARD: grid text (. white, # black, 0-4 clues; - and x "
             "also read), a puzz.link URL, or a Tatham game ID WxH:desc."))
