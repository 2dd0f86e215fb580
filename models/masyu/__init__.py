"""Masyu: draw one closed loop through cell centres that passes every pearl, turning
at black pearls (straight on through the next cell on both sides) and going straight
through white ones (turning beside them on at least one side).

>>> from cpsolve.models.masyu import parse, show, solve
>>> board = parse("https://puzz.link/p?mashu/6/6/1063000i3000")
>>> print(show(board, solve(board).solution))
se ew ew sw se sw
ns se ew nw ns ns
ns ns se ew nw ns
ns ne nw se ew nw
ne ew sw ns -  -
-  -  ne nw -  -
"""

from cpsolve.family import Family, Kind, lazy
from cpsolve.models.masyu.board import Board, Loop
from cpsolve.models.masyu.check import check
from cpsolve.models.masyu.formats import parse, read_answer, show, to_rows, to_text, to_url
from cpsolve.models.masyu.solve import solve


def encode(board: Board, loop: Loop) -> list[str]:
    """A loop as JSON: rows of space-separated tokens, one per cell."""
    return to_rows(board, loop)


FAMILY = Family(
    name="masyu",
    summary="Masyu: one loop through the pearls; by SAT cuts, AddCircuit or a flow.",
    kind=Kind.GRID,
    parse=parse,
    check=check,
    solve=solve,
    encode=encode,
    command=lazy("cpsolve.models.masyu.cli:command"),
    example="https://puzz.link/p?mashu/6/6/1063000i3000",
    generate=lazy("cpsolve.models.masyu.generate:command"),
)

__all__ = ["FAMILY", "Board", "Loop", "check", "encode", "parse", "read_answer", "show",
           "solve", "to_text", "to_url"]
