"""What ``cpsolve masyu`` asks beyond the answer: ``--explain``."""

from __future__ import annotations

from typing import Any

from cpsolve.grid.report import Report
from cpsolve.limits import Deadline
from cpsolve.models.masyu.board import Board, Loop
from cpsolve.models.masyu.formats import show
from cpsolve.models.masyu.picture import picture
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
