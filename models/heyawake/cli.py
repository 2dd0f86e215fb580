"""What ``cpsolve heyawake`` asks beyond the answer: ``--explain``."""

from __future__ import annotations

from typing import Any

from cpsolve.grid.report import Report
from cpsolve.limits import Deadline
from cpsolve.models.heyawake.board import Board
from cpsolve.models.heyawake.formats import show
from cpsolve.models.heyawake.picture import picture
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
