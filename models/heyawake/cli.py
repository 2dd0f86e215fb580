"""``cpsolve heyawake``: the kit's static command with Heyawake's answers, pictures and
exports."""

from __future__ import annotations

from typing import Any

import click

from cpsolve.commands import Report, StaticCommand, card_option, static_command
from cpsolve.grid.explain import explain_option
from cpsolve.limits import Deadline
from cpsolve.models.heyawake.board import Board
from cpsolve.models.heyawake.formats import read_answer, show, to_text, to_url
from cpsolve.models.heyawake.picture import picture
from cpsolve.models.heyawake.solve import HEYAWAKE
from cpsolve.result import Result


def report(board: Board, result: Result, options: dict[str, Any],
           deadline: Deadline) -> Report:
    """``--explain``: the cells shaded in some solutions and not in others."""
    from cpsolve.grid.explain import explain
    from cpsolve.models.heyawake.encodings import build_lazy, prepare

    if not options.get("explain"):
        return Report()
    whole = prepare(board)

    def marked(shading: frozenset[int], cells: set[tuple[int, int]]) -> str:
        rows = [list(row) for row in show(board, shading).splitlines()]
        for r, c in cells:
            rows[r][c] = "?"
        return "\n".join("".join(row) for row in rows)

    return explain(build_lazy(whole), result, deadline, decode=whole.decode,
                   cells_of=lambda cell: [divmod(cell, board.cols)], marked=marked,
                   picture=lambda shading: picture(board, shading))


def command() -> click.Command:
    """The ``cpsolve heyawake`` click command."""
    from cpsolve.models.heyawake import FAMILY

    return static_command(StaticCommand(
        family=FAMILY, puzzle=HEYAWAKE, read_answer=read_answer, show=show,
        picture=picture, exports={"url": to_url, "grid": to_text},
        options=(card_option, explain_option), sat_options=("card",), report=report,
        report_options=("explain",),
        help="Solve the Heyawake BOARD: grid text (ROWS COLS, ROWS rows of numbers - or "
             "0-9, ROWS rows of room names) or a puzz.link URL. Shade cells so that no "
             "two touch, the unshaded cells are connected, each numbered room has that "
             "many shaded cells, and no straight run of unshaded cells crosses two room "
             "borders. Answers: rows of # (shaded) and ."))
