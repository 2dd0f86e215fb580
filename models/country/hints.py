"""Country Road's clues for the setter's tools and the generator: the regions' numbers.

A fix writes a number in a region where solutions differ, or changes the number there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from cpsolve.backends.sat import CnfModel
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.grid.rooms import UNKNOWN, numbered
from cpsolve.models.country.board import Board


def clues(board: Board) -> list[Clue]:
    """The regions' numbers, in reading order of the cells they are written in ("?"
    says nothing and is no clue)."""
    found = [Clue(board.grid.rc(board.clue_cell[room]), f"number {number}", room, number)
             for room, number in enumerate(board.numbers)
             if number is not None and number != UNKNOWN]
    return sorted(found, key=lambda clue: clue.cell)


def rules(board: Board) -> CnfModel:
    """Every rule but the numbers, "one loop" lazy."""
    from cpsolve.models.country.encodings import build_lazy, prepare

    return build_lazy(prepare(board), numbers=False)


def clauses(board: Board, clue: Clue, top: int) -> tuple[list[Any], int]:
    """"The loop passes ``clue.number`` cells of the region"."""
    from pysat.formula import IDPool

    from cpsolve.models.country.encodings import number_clauses

    assert clue.number is not None
    pool = IDPool(start_from=top + 1)
    groups = number_clauses(board, cast(int, clue.key), clue.number, pool)
    return groups, max(top, pool.top)


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the numbers of ``gone`` erased."""
    return numbered(board, {cast(int, clue.key): None for clue in gone})


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """Numbers for the regions where solutions differ: written in a region without
    one, or changed (the least change first)."""
    rooms = sorted({board.room[board.grid.cell(r, c)] for r, c in cells})
    out: list[Edit[Board]] = []
    for room in rooms:
        size = len(board.room_cells[room])
        at = board.grid.rc(board.clue_cell[room])
        where = board.grid.where(board.clue_cell[room])
        current = board.numbers[room]
        bare = numbered(board, {room: None})
        for number in range(1, size + 1):  # the loop visits every region
            if number == current:
                continue
            clue = Clue(at, f"number {number}", room, number)
            changed = numbered(board, {room: number})
            if current is None or current == UNKNOWN:
                out.append(Edit(at, "number", f"number {number} in the region at {where}",
                                changed, clue=clue, number=number))
            else:
                out.append(Edit(at, "number", f"number {current} changed to {number} in "
                                f"the region at {where}", changed, clue=clue, base=bare,
                                number=number, cost=2))
    return out


HINTS: Hints[Board] = Hints(clues=clues, rules=rules, clauses=clauses, without=without,
                            edits=edits, noun="number", unit="edges")
