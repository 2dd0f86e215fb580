"""Hitori's clues for the setter's tools and the generator: the numbers.

A number's rule is about pairs: two cells of a row or column showing the same number
are not both unshaded. Taking a number away (the cell left empty, as puzz.link's
editor allows) ends every pair it is in, so each pair's clause is guarded by the
selectors of both its numbers (:func:`guarded`). A fix changes a number where
solutions differ into one its row or column shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from cpsolve.backends.sat import CnfModel
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.models.hitori.board import Board


def clues(board: Board) -> list[Clue]:
    """The numbers shown, in reading order ("?" says nothing and is no clue)."""
    return [Clue(board.grid.rc(cell), f"number {number}", cell, number)
            for cell, number in enumerate(board.numbers)
            if number is not None and number >= 0]


def rules(board: Board) -> CnfModel:
    """Every rule but the numbers' pairs: shaded cells apart, the rest connected."""
    from cpsolve.models.hitori.encodings import build_lazy, prepare

    return build_lazy(prepare(without(board, clues(board))))


def _line_mates(board: Board, cell: int) -> list[int]:
    """The other cells of ``cell``'s row and column."""
    grid = board.grid
    r, c = grid.rc(cell)
    return ([grid.cell(r, k) for k in range(board.cols) if k != c]
            + [grid.cell(k, c) for k in range(board.rows) if k != r])


def clauses(board: Board, clue: Clue, top: int) -> tuple[list[Any], int]:
    """The pairs of ``clue`` with the board's cells showing its number in its row and
    column (their numbers taken as given)."""
    assert isinstance(clue.key, int)
    return [[[clue.key + 1, other + 1] for other in _line_mates(board, clue.key)
             if other != clue.key and board.shown(other) == clue.number]], top


def guarded(board: Board, given: Sequence[Clue], selectors: Sequence[int],
            top: int) -> tuple[list[Any], int]:
    """Every pair's clause guarded by its numbers' selectors: both when both are among
    ``given``, else the one that is (the board's own number taken as given: a clue a
    fix adds beside them)."""
    selector = {clue.key: (clue, s) for clue, s in zip(given, selectors)}
    rows: list[list[int]] = []
    for clue, own in zip(given, selectors):
        assert isinstance(clue.key, int)
        for other in _line_mates(board, clue.key):
            mate = selector.get(other)
            if mate is not None:
                if mate[0].number == clue.number and other > clue.key:
                    rows.append([-own, -mate[1], clue.key + 1, other + 1])
            elif board.shown(other) == clue.number:
                rows.append([-own, clue.key + 1, other + 1])
    return ([rows] if rows else []), top


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the numbers of ``gone`` erased (their cells left empty)."""
    cells = {clue.key for clue in gone}
    return replace(board, numbers=tuple(None if cell in cells else number
                                        for cell, number in enumerate(board.numbers)))


def numbered(board: Board, cell: int, number: int | None) -> Board:
    """``board`` with ``cell`` showing ``number`` (``None``: empty)."""
    numbers = list(board.numbers)
    numbers[cell] = number
    return replace(board, numbers=tuple(numbers))


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """At each cell where solutions differ, its number changed into one its row or
    column shows (another number would say nothing more), or written in an empty
    cell."""
    grid = board.grid
    out: list[Edit[Board]] = []
    for r, c in sorted(cells):
        cell = grid.cell(r, c)
        current = board.numbers[cell]
        where = grid.where(cell)
        bare = numbered(board, cell, None)
        shown = {board.shown(o) for o in _line_mates(board, cell)}
        for number in sorted(n for n in shown if n is not None and n != current):
            clue = Clue((r, c), f"number {number}", cell, number)
            if current is None:
                out.append(Edit((r, c), "number", f"number {number} at {where}",
                                numbered(board, cell, number), clue=clue, number=number))
            else:
                was = "?" if current < 0 else str(current)
                out.append(Edit((r, c), "number", f"number {was} changed to {number} at "
                                f"{where}", numbered(board, cell, number), clue=clue,
                                base=bare, number=number, cost=2))
    return out


HINTS: Hints[Board] = Hints(clues=clues, rules=rules, clauses=clauses, without=without,
                            edits=edits, guarded=guarded, noun="number")
