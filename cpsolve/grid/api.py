"""A grid genre as its users call it, made from its declaration
(:class:`~cpsolve.grid.puzzle.GridPuzzle`): the :class:`~cpsolve.family.Family` the
registry loads, and the functions the genre's module offers. A genre's ``__init__.py``
ends with one line::

    FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(HEYAWAKE)

The declaration stays a declaration: what runs it (the solve, the command, the
generator) is here, so the kit's modules depend on the declaration and never the
other way round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, NamedTuple, TypeVar

from cpsolve.family import Family, Kind
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.solve import check_options, options, solve
from cpsolve.limits import Deadline
from cpsolve.result import Result

Board = TypeVar("Board")


class Solve(Generic[Board]):
    """A genre's ``solve(board, ...)``: :func:`cpsolve.grid.solve.solve` for its
    declaration."""

    def __init__(self, puzzle: GridPuzzle[Board, Any]) -> None:
        self.puzzle = puzzle

    def __call__(self, board: Board, *, backend: str = "auto", encoding: str | None = None,
                 limit: int | None = 1, unique: bool = False,
                 time_limit: float | Deadline | None = None,
                 log: Callable[[str], None] | None = None, **options: Any) -> Result:
        """Solve ``board``: up to ``limit`` distinct answers, ``unique`` to prove there
        is one, the method chosen by ``backend``, ``encoding`` and its declared
        ``options``."""
        return solve(self.puzzle, board, backend=backend, encoding=encoding, limit=limit,
                     unique=unique, time_limit=time_limit, log=log, **options)


def family(puzzle: GridPuzzle[Any, Any]) -> Family:
    """The :class:`~cpsolve.family.Family` the registry loads: its command and its
    generator's are built when the CLI needs them."""

    def command() -> Any:
        from cpsolve.grid.command import command

        return command(puzzle, made)

    def generator() -> Any:
        from cpsolve.grid.generate import command

        return command(puzzle)

    made = Family(name=puzzle.name, summary=puzzle.summary, kind=Kind.GRID,
                  parse=puzzle.parse, check=puzzle.check, solve=Solve(puzzle),
                  encode=puzzle.rows, command=command, example=puzzle.example,
                  generate=generator if puzzle.layout is not None else None,
                  declared=options(puzzle),
                  check_options=lambda given: check_options(puzzle, given),
                  rules=puzzle.rules, grid=puzzle)
    return made


class Api(NamedTuple):
    """What a genre's module offers: its family, ``solve``, ``parse`` (every format),
    ``show`` (an answer as text), ``to_rows`` (an answer as JSON rows), ``read_answer``
    (for ``--check``), ``to_text`` (the board in its main format) and ``to_url`` (as a
    puzz.link URL; ``None`` for a genre that writes none)."""

    family: Family
    solve: Solve[Any]
    parse: Callable[[str], Any]
    show: Callable[[Any, Any], str]
    to_rows: Callable[[Any, Any], list[str]]
    read_answer: Callable[[str, Any], tuple[Any, list[str]]]
    to_text: Callable[[Any], str]
    to_url: Callable[[Any], str] | None


def api(puzzle: GridPuzzle[Any, Any]) -> Api:
    """Everything a genre's module offers, from its declaration."""
    return Api(family(puzzle), Solve(puzzle), puzzle.parse, puzzle.show, puzzle.rows,
               puzzle.read_answer, puzzle.board_text, puzzle.exports.get("url"))


__all__ = ["Api", "Solve", "api", "family"]
