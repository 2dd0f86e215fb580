"""Sudoku's clues for the setter's tools and the generator: the givens. A fix writes a
number in a cell where solutions differ; the generator takes givens away orbit by
orbit, so that they stand symmetrically, as published Sudokus' do."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from cpsolve.backends.sat import CnfModel
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.models.sudoku.board import Board


def clues(board: Board) -> list[Clue]:
    """The givens, in reading order."""
    return [Clue(board.grid.rc(cell), f"given {value}", cell, value)
            for cell, value in enumerate(board.givens) if value is not None]


def rules(board: Board) -> CnfModel:
    """The rules without the givens (the extended encoding, every number of every
    cell a variable: cell * N + v)."""
    from cpsolve.limits import model_fits
    from cpsolve.models.sudoku.encodings import build, literals, prepare

    prepared = prepare(without(board, clues(board)), False)
    # estimated first: the pairwise clauses grow as N^4 (100x100: 400 million literals)
    model_fits(literals(prepared, level="extended"), "sat",
               "the rules' model the setter's tools and the generator work on")
    return build(prepared, "extended")


def clauses(board: Board, clue: Clue, top: int) -> tuple[list[Any], int]:
    """"The cell holds the given's number": one unit clause."""
    assert isinstance(clue.key, int) and clue.number is not None
    return [[[clue.key * board.size + clue.number]]], top


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the givens of ``gone`` erased."""
    cells = {clue.key for clue in gone}
    return replace(board, givens=tuple(None if cell in cells else value
                                       for cell, value in enumerate(board.givens)))


def given(board: Board, cell: int, value: int) -> Board:
    """``board`` with ``value`` given at ``cell``."""
    givens = list(board.givens)
    givens[cell] = value
    return replace(board, givens=tuple(givens))


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """A number given in a cell where solutions differ."""
    out: list[Edit[Board]] = []
    for r, c in sorted(cells):
        cell = board.grid.cell(r, c)
        if board.givens[cell] is not None:
            continue
        for value in range(1, board.size + 1):
            out.append(Edit((r, c), "given", f"{value} given at {board.grid.where(cell)}",
                            given(board, cell, value),
                            clue=Clue((r, c), f"given {value}", cell, value), number=value))
    return out


HINTS: Hints[Board] = Hints(clues=clues, rules=rules, clauses=clauses, without=without,
                            edits=edits, noun="given", unit="candidates", symmetric=True)
