"""``cpsolve masyu``: the kit's static command with Masyu's loops, pictures and exports."""

from __future__ import annotations

from typing import Any

import click

from cpsolve.commands import Report, StaticCommand, static_command
from cpsolve.grid.explain import explain_option
from cpsolve.limits import Deadline
from cpsolve.models.masyu.board import Board, Loop
from cpsolve.models.masyu.formats import read_answer, show, to_text, to_url
from cpsolve.models.masyu.picture import picture
from cpsolve.models.masyu.solve import MASYU
from cpsolve.result import Result


def report(board: Board, result: Result, options: dict[str, Any],
           deadline: Deadline) -> Report:
    """``--explain``: the cells whose part of the loop is not the same in every
    solution (the ends of every edge that is in some loops and not in others)."""
    from cpsolve.grid.explain import explain
    from cpsolve.models.masyu.encodings import build_lazy, prepare

    if not options.get("explain"):
        return Report()
    whole = prepare(board)
    cols = board.cols

    def marked(loop: Loop, cells: set[tuple[int, int]]) -> str:
        rows = [line.split() for line in show(board, loop).splitlines()]
        for r, c in cells:
            rows[r][c] = "?"
        width = max(len(token) for row in rows for token in row)
        return "\n".join(" ".join(token.ljust(width) for token in row).rstrip()
                         for row in rows)

    return explain(build_lazy(whole), result, deadline, decode=whole.decode,
                   cells_of=lambda k: [divmod(end, cols) for end in board.grid.edges[k]],
                   marked=marked, picture=lambda loop: picture(board, loop))


def command() -> click.Command:
    """The ``cpsolve masyu`` click command."""
    from cpsolve.models.masyu import FAMILY

    return static_command(StaticCommand(
        family=FAMILY, puzzle=MASYU, read_answer=read_answer, show=show, picture=picture,
        exports={"url": to_url, "grid": to_text}, options=(explain_option,),
        report=report, report_options=("explain",),
        help="Solve the Masyu BOARD: grid text (ROWS COLS, then rows of - w b) or a "
             "puzz.link URL. Draw one closed loop through cell centres passing every "
             "pearl: it turns at a black pearl and goes straight through the next cell on "
             "both sides; it goes straight through a white pearl and turns beside it on "
             "at least one side. Answers: a token per cell, the directions the loop leaves "
             "it by (ew, ns, ne, nw, se, sw), - where it does not pass."))
