"""Numberlink's clues for the setter's tools and the generator: the numbers.

Taking a number away is no relaxation: its partner is left without a path, and under
the fill rule its path's cells must go to others. So the numbers are not ``monotone``
(the numbers in conflict cannot hold together whatever the other numbers) and not
``removable``. With its switch off, a numbered cell is an ordinary cell of the board's
rule (:func:`guarded`).

A fix moves a number to a neighbouring cell where solutions differ, or writes a new
pair of numbers in two such cells; each is a board of its own (a new number brings a
label of its own).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any, cast

from cpsolve.backends.sat import CnfModel
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.models.numberlink.board import Board

PAIRS = 60  # new pairs a fix tries at most, the closest first


def clues(board: Board) -> list[Clue]:
    """The numbers, in reading order."""
    return [Clue(board.grid.rc(cell), f"number {board.numbers[cell]}", cell,
                 board.numbers[cell]) for cell in board.ends]


def rules(board: Board) -> CnfModel:
    """Every rule whatever the numbers, a numbered cell an ordinary one; "no cycle"
    lazy."""
    from cpsolve.models.numberlink.encodings import build_lazy, prepare

    return build_lazy(prepare(board), numbers=False)


def clauses(board: Board, clue: Clue, top: int) -> tuple[list[Any], int]:
    """The number's own clauses: its cell a path's end, with its label."""
    from cpsolve.models.numberlink.encodings import cell_clauses

    return [cell_clauses(board, cast(int, clue.key), end=True)], top


def guarded(board: Board, given: Sequence[Clue], selectors: Sequence[int],
            top: int) -> tuple[list[Any], int]:
    """Each number's clauses under its selector, and with the selector off, its cell's
    clauses as an ordinary cell's."""
    from cpsolve.models.numberlink.encodings import cell_clauses

    rows: list[list[int]] = []
    for clue, selector in zip(given, selectors):
        cell = cast(int, clue.key)
        if board.numbers[cell] is None:
            raise ValueError(f"no number at {clue.at()}")
        rows += [[*clause, -selector] for clause in cell_clauses(board, cell, end=True)]
        rows += [[*clause, selector] for clause in cell_clauses(board, cell, end=False)]
    return ([rows] if rows else []), top


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the numbers of ``gone`` erased."""
    return board.with_numbers({cast(int, clue.key): None for clue in gone})


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """Numbers moved to a neighbouring cell where solutions differ, then new pairs in
    two such cells (the closest first, at most :data:`PAIRS`)."""
    grid = board.grid
    open_cells = sorted(grid.cell(r, c) for r, c in cells
                        if board.numbers[grid.cell(r, c)] is None)
    out: list[Edit[Board]] = []
    for cell in open_cells:
        for end in grid.neighbours[cell]:
            number = board.numbers[end]
            if number is None:
                continue
            changed = board.with_numbers({end: None, cell: number})
            out.append(Edit(grid.rc(cell), "number", f"number {number} at {grid.where(end)} "
                            f"moved to {grid.where(cell)}", changed, base=changed,
                            number=number, cost=2))
    fresh = max(board.values, default=0) + 1
    pairs = sorted(((a, b) for a, b in combinations(open_cells, 2)
                    if _distance(board, a, b) >= 2),
                   key=lambda pair: (_distance(board, *pair), pair))[:PAIRS]
    for a, b in pairs:
        changed = board.with_numbers({a: fresh, b: fresh})
        out.append(Edit(grid.rc(a), "number", f"a new pair {fresh} at {grid.where(a)} and "
                        f"{grid.where(b)}", changed, base=changed, number=fresh, cost=3))
    return out


def _distance(board: Board, a: int, b: int) -> int:
    (ra, ca), (rb, cb) = board.grid.rc(a), board.grid.rc(b)
    return abs(ra - rb) + abs(ca - cb)


HINTS: Hints[Board] = Hints(clues=clues, rules=rules, clauses=clauses, without=without,
                            edits=edits, guarded=guarded, removable=False, monotone=False,
                            noun="number", unit="edges",
                            kept="a number taken away leaves its partner without a path")
