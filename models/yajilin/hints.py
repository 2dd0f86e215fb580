"""Yajilin's clues for the setter's tools and the generator: the numbers with arrows.

A number taken away leaves its clue cell, without a number (``?``): the cell still
holds neither the loop nor a shaded cell, so taking a number away only relaxes the
board. A fix turns a cell where solutions differ into a clue cell with a number and an
arrow, or changes the number or the arrow of a clue that looks at such a cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from cpsolve.backends.sat import CnfModel
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.models.yajilin.board import BLANK, STEPS, WORDS, Arrow, Board


def _clue(board: Board, cell: int, direction: str, number: int) -> Clue:
    return Clue(board.grid.rc(cell), f"number {number} pointing {WORDS[direction]}",
                (cell, direction), number)


def clues(board: Board) -> list[Clue]:
    """The numbers with arrows, in reading order (a clue cell without both says
    nothing to take away)."""
    out = []
    for cell in board.counting:
        clue = board.clues[cell]
        assert clue is not None and clue.number is not None and clue.direction
        out.append(_clue(board, cell, clue.direction, clue.number))
    return out


def rules(board: Board) -> CnfModel:
    """Every rule whatever the numbers, the clue cells kept; "one loop" lazy."""
    from cpsolve.models.yajilin.encodings import build_lazy, prepare

    return build_lazy(prepare(board), numbers=False)


def clauses(board: Board, clue: Clue, top: int) -> tuple[list[Any], int]:
    """The clauses a number adds."""
    from pysat.formula import IDPool

    from cpsolve.models.yajilin.encodings import ray_clauses

    cell, direction = cast(tuple[int, str], clue.key)
    assert clue.number is not None
    pool = IDPool(start_from=top + 1)
    groups = ray_clauses(board, cell, direction, clue.number, pool)
    return groups, max(top, pool.top)


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the numbers of ``gone`` taken away (their cells stay clue cells)."""
    return board.with_clues({cast(tuple[int, str], clue.key)[0]: BLANK for clue in gone})


def _arrows(board: Board, base: Board, cell: int, cost: int, words: str,
            current: Arrow | None) -> list[Edit[Board]]:
    """Every number with an arrow on ``cell`` of ``base`` that its ray can hold."""
    out: list[Edit[Board]] = []
    at = board.grid.rc(cell)
    for direction in STEPS:
        if not base.counted(cell, direction):
            continue
        for number in range(base.most(cell, direction) + 1):
            arrow = Arrow(number, direction)
            if arrow == current:
                continue
            clue = _clue(base, cell, direction, number)
            out.append(Edit(at, "clue", words.format(clue=clue.text), base.with_clues(
                {cell: arrow}), clue=clue, base=base, number=number, cost=cost))
    return out


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """A clue cell with a number and an arrow on a cell where solutions differ; a
    clue whose arrow looks at such a cell given another number or arrow."""
    grid = board.grid
    differing = {grid.cell(r, c) for r, c in cells}
    out: list[Edit[Board]] = []
    for cell in sorted(differing):
        if board.clues[cell] is None:
            where = grid.where(cell)
            out.extend(_arrows(board, board.with_clues({cell: BLANK}), cell, 1,
                               f"a clue cell at {where} with the {{clue}}", None))
    for cell in board.clue_cells:
        clue = board.clues[cell]
        assert clue is not None
        if any(set(board.ray(cell, d)) & differing for d in STEPS):
            where = grid.where(cell)
            out.extend(_arrows(board, board.with_clues({cell: BLANK}), cell, 2,
                               f"the clue at {where} changed to the {{clue}}", clue))
    return out


HINTS: Hints[Board] = Hints(clues=clues, rules=rules, clauses=clauses, without=without,
                            edits=edits, noun="number", unit="edges")
