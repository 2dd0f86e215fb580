"""Fillomino's clues for the setter's tools: the given numbers (a number taken away
leaves its cell empty; "?" is no clue). A fix writes a number in a cell where
solutions differ."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from cpsolve.backends.sat import CnfModel
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.models.fillomino.board import Board
from cpsolve.models.fillomino.encodings import (
    _Names,
    clue_clause,
    on_partial,
    refine,
    rule_groups,
)

# The numbers a fix may write: up to the largest given, and at least these.
FIX_NUMBERS = 9


def clues(board: Board) -> list[Clue]:
    """Every given number, in reading order."""
    return [Clue(board.grid.rc(cell), f"number {board.numbers[cell]}", cell,
                 board.numbers[cell]) for cell in board.clue_cells]


def rules(board: Board) -> CnfModel:
    """The rules without the given numbers."""
    groups, top = rule_groups(board)
    return CnfModel(nvars=top, projection=range(1, board.cells * board.largest + 1),
                    groups=groups, refine=partial(refine, board), names=_Names(board),
                    partial=partial(on_partial, board))


def clauses(board: Board, clue: Clue, top: int) -> tuple[list[Any], int]:
    """"The cell holds its number"."""
    assert isinstance(clue.key, int) and clue.number is not None
    return [[clue_clause(board, clue.key, clue.number)]], top


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the numbers of ``gone`` taken away."""
    cells = {clue.key for clue in gone}
    return replace(board, numbers=tuple(None if c in cells else n
                                        for c, n in enumerate(board.numbers)))


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """A number written in an empty cell where solutions differ: 1 up to the largest
    number given (at least :data:`FIX_NUMBERS`), the smaller first."""
    grid = board.grid
    top = min(board.largest, max([FIX_NUMBERS, *(board.numbers[c] or 0
                                                  for c in board.clue_cells)]))
    out: list[Edit[Board]] = []
    for r, c in sorted(cells):
        cell = grid.cell(r, c)
        if board.numbers[cell] is not None:
            continue
        for number in range(1, top + 1):
            numbers = list(board.numbers)
            numbers[cell] = number
            out.append(Edit((r, c), "number", f"number {number} at {grid.where(cell)}",
                            replace(board, numbers=tuple(numbers)),
                            clue=Clue((r, c), f"number {number}", cell, number),
                            number=number))
    return out


HINTS: Hints[Board] = Hints(clues=clues, rules=rules, clauses=clauses, without=without,
                            edits=edits, noun="number", symmetric=True)
