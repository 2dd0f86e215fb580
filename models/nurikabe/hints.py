"""Nurikabe's clues for the setter's tools and the generator: the numbers.

Taking a number away is no relaxation: its island has to go too, so the numbers are
not ``monotone`` (the numbers in conflict cannot hold together whatever the other
numbers) and not ``removable`` (no redundant numbers, no minimal board; the generator
keeps them all).

A number's rule has two parts that depend on it being there (its cell in its island,
the island's size) and one that says its island is not there when it is not (none
of its island's Booleans true): :func:`guarded` writes all three under its selector.
A fix writes a number where solutions differ, or changes one: each is a board of its
own (a new number brings an island of its own, which the board's model has no
Booleans for).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from cpsolve.backends.sat import CnfModel
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.models.nurikabe.board import UNKNOWN, Board

MOST = 9  # the largest number a fix writes


def clues(board: Board) -> list[Clue]:
    """The numbers (and "?"), in reading order."""
    return [Clue(board.grid.rc(cell), "?" if n == UNKNOWN else f"number {n}", cell,
                 board.size(cell)) for cell, n in enumerate(board.numbers) if n is not None]


def rules(board: Board) -> CnfModel:
    """Every rule but the numbers' own parts, with each number's island Booleans."""
    from cpsolve.models.nurikabe.encodings import rules_model

    return rules_model(board)[0]


def clauses(board: Board, clue: Clue, top: int) -> tuple[list[Any], int]:
    """The number's own parts (its island there), its island's Booleans the board's."""
    from cpsolve.models.nurikabe.encodings import Numbering, clue_clauses

    assert isinstance(clue.key, int)
    own, top = clue_clauses(Numbering(board), clue.key, top)
    return [own], top


def guarded(board: Board, given: Sequence[Clue], selectors: Sequence[int],
            top: int) -> tuple[list[Any], int]:
    """Each number's own parts under its selector, and, with the selector off, none of
    its island's Booleans true."""
    from cpsolve.models.nurikabe.encodings import Numbering, clue_clauses

    numbering = Numbering(board)
    rows: list[list[int]] = []
    for clue, selector in zip(given, selectors):
        assert isinstance(clue.key, int)
        if clue.key not in board.clue_cells:
            raise ValueError(f"no island Booleans for a number at {clue.at()}")
        own, top = clue_clauses(numbering, clue.key, top)
        rows += [[*clause, -selector] for clause in own]
        rows += [[selector, -x] for x in numbering.island(clue.key).label.values()]
    return ([rows] if rows else []), top


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the numbers of ``gone`` erased."""
    cells = {clue.key for clue in gone}
    return replace(board, numbers=tuple(None if cell in cells else number
                                        for cell, number in enumerate(board.numbers)))


def numbered(board: Board, cell: int, number: int | None) -> Board:
    """``board`` with ``cell`` numbered ``number`` (``None``: no number)."""
    numbers = list(board.numbers)
    numbers[cell] = number
    return replace(board, numbers=tuple(numbers))


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """A number from 1 to :data:`MOST` written in a cell where solutions differ, or a
    number changed there."""
    grid = board.grid
    out: list[Edit[Board]] = []
    for r, c in sorted(cells):
        cell = grid.cell(r, c)
        current = board.numbers[cell]
        where = grid.where(cell)
        for number in range(1, MOST + 1):
            if number == current:
                continue
            changed = numbered(board, cell, number)
            if current is None:
                out.append(Edit((r, c), "number", f"number {number} at {where}", changed,
                                base=changed, number=number))
            else:
                was = "?" if current == UNKNOWN else str(current)
                out.append(Edit((r, c), "number", f"number {was} changed to {number} at "
                                f"{where}", changed, base=changed, number=number, cost=2))
    return out


HINTS: Hints[Board] = Hints(clues=clues, rules=rules, clauses=clauses, without=without,
                            edits=edits, guarded=guarded, symmetric=True, removable=False,
                            monotone=False, noun="number",
                            kept="a number taken away takes its island with it")
