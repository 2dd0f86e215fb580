"""``cpsolve heyawake``: the kit's static command with Heyawake's answers, pictures and
exports."""

from __future__ import annotations

import click

from cpsolve.commands import StaticCommand, card_option, static_command
from cpsolve.models.heyawake.formats import read_answer, show, to_text, to_url
from cpsolve.models.heyawake.picture import picture
from cpsolve.models.heyawake.solve import HEYAWAKE


def command() -> click.Command:
    """The ``cpsolve heyawake`` click command."""
    from cpsolve.models.heyawake import FAMILY

    return static_command(StaticCommand(
        family=FAMILY, puzzle=HEYAWAKE, read_answer=read_answer, show=show,
        picture=picture, exports={"url": to_url, "grid": to_text}, options=(card_option,),
        sat_options=("card",),
        help="Solve the Heyawake BOARD: grid text (ROWS COLS, ROWS rows of numbers - or "
             "0-9, ROWS rows of room names) or a puzz.link URL. Shade cells so that no "
             "two touch, the unshaded cells are connected, each numbered room has that "
             "many shaded cells, and no straight run of unshaded cells crosses two room "
             "borders. Answers: rows of # (shaded) and ."))
