"""``cpsolve masyu``: the kit's static command with Masyu's loops, pictures and exports."""

from __future__ import annotations

import click

from cpsolve.commands import StaticCommand, static_command
from cpsolve.models.masyu.formats import read_answer, show, to_text, to_url
from cpsolve.models.masyu.picture import picture
from cpsolve.models.masyu.solve import MASYU


def command() -> click.Command:
    """The ``cpsolve masyu`` click command."""
    from cpsolve.models.masyu import FAMILY

    return static_command(StaticCommand(
        family=FAMILY, puzzle=MASYU, read_answer=read_answer, show=show, picture=picture,
        exports={"url": to_url, "grid": to_text},
        help="Solve the Masyu BOARD: grid text (ROWS COLS, then rows of - w b) or a "
             "puzz.link URL. Draw one closed loop through cell centres passing every "
             "pearl: it turns at a black pearl and goes straight through the next cell on "
             "both sides; it goes straight through a white pearl and turns beside it on "
             "at least one side. Answers: a token per cell, the directions the loop leaves "
             "it by (ew, ns, ne, nw, se, sw), - where it does not pass."))
