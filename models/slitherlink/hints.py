"""Slitherlink's clues for the setter's tools and the generator: the numbers.

A fix writes a number in a cell where solutions differ (or next to one), or changes a
number there. Published boards stand symmetrically, so the generator takes numbers
away orbit by orbit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from cpsolve.backends.sat import CnfModel
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.models.slitherlink.board import Board


def clues(board: Board) -> list[Clue]:
    """The numbers, in reading order."""
    return [Clue(board.grid.rc(cell), f"number {board.numbers[cell]}", cell,
                 board.numbers[cell]) for cell in board.clue_cells]


def rules(board: Board) -> CnfModel:
    """Every rule of any loop, whatever the numbers; "one loop" lazy."""
    from cpsolve.models.slitherlink.encodings import build_lazy, prepare

    return build_lazy(prepare(board), numbers=False)


def clauses(board: Board, clue: Clue, top: int) -> tuple[list[Any], int]:
    """The clauses a number adds."""
    from cpsolve.models.slitherlink.encodings import number_clauses

    assert clue.number is not None
    return [number_clauses(board, cast(int, clue.key), clue.number)], top


def with_numbers(board: Board, numbers: dict[int, int | None]) -> Board:
    """``board`` with the numbers ``numbers`` (cell: number, None to take one away)."""
    changed = list(board.numbers)
    for cell, number in numbers.items():
        changed[cell] = number
    return Board(board.rows, board.cols, tuple(changed))


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the numbers of ``gone`` taken away."""
    return with_numbers(board, {cast(int, clue.key): None for clue in gone})


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """Numbers on the cells where solutions differ and their neighbours: a number in
    a cell without one, or a number changed."""
    grid = board.grid
    near = grid.around(cells)
    out: list[Edit[Board]] = []
    for cell in near:
        at, where = grid.rc(cell), grid.where(cell)
        current = board.numbers[cell]
        for number in range(4):
            if number == current:
                continue
            clue = Clue(at, f"number {number}", cell, number)
            changed = with_numbers(board, {cell: number})
            if current is None:
                out.append(Edit(at, "number", f"number {number} at {where}", changed,
                                clue=clue, number=number))
            else:
                out.append(Edit(at, "number", f"the {current} at {where} changed to {number}",
                                changed, clue=clue, base=with_numbers(board, {cell: None}),
                                cost=2, number=number))
    return out


HINTS: Hints[Board] = Hints(clues=clues, rules=rules, clauses=clauses, without=without,
                            edits=edits, noun="number", unit="edges", symmetric=True)
