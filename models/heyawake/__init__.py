"""Heyawake: shade cells of a grid divided into rooms so that shaded cells never touch
side by side, the unshaded cells are connected, a room's number counts its shaded
cells, and no straight run of unshaded cells crosses more than one room border.

>>> from cpsolve.models.heyawake import parse, show, solve
>>> board = parse("https://puzz.link/p?heyawake/6/6/lll155007rs12222j")
>>> print(show(board, solve(board).solution))
#.#..#
...#..
#.#.#.
......
.#.#.#
..#...
"""

from cpsolve.family import Family, Kind, lazy
from cpsolve.models.heyawake.board import Board, Shading
from cpsolve.models.heyawake.check import check
from cpsolve.models.heyawake.formats import parse, read_answer, show, to_rows, to_text, to_url
from cpsolve.models.heyawake.solve import solve


def encode(board: Board, shading: Shading) -> list[str]:
    """An answer as JSON: rows of ``#`` (shaded) and ``.``."""
    return to_rows(board, shading)


FAMILY = Family(
    name="heyawake",
    summary="Heyawake: shade cells by rooms; connectivity by SAT cuts or CP-SAT flows.",
    kind=Kind.GRID,
    parse=parse,
    check=check,
    solve=solve,
    encode=encode,
    command=lazy("cpsolve.models.heyawake.cli:command"),
    example="https://puzz.link/p?heyawake/6/6/lll155007rs12222j",
    generate=lazy("cpsolve.models.heyawake.generate:command"),
)

__all__ = ["FAMILY", "Board", "Shading", "check", "encode", "parse", "read_answer", "show",
           "solve", "to_text", "to_url"]
