"""Heyawake's clues for the setter's tools and the generator: a room's number.

A fix may write a number in a room where solutions differ, or change a room's number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from cpsolve.backends.sat import CnfModel
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.models.heyawake.board import UNKNOWN, Board


def clues(board: Board) -> list[Clue]:
    """The rooms' numbers, in reading order of the cells they are written in ("?"
    says nothing and is no clue)."""
    found = [Clue(board.grid.rc(board.clue_cell[room]), f"number {number}", room, number)
             for room, number in enumerate(board.numbers)
             if number is not None and number != UNKNOWN]
    return sorted(found, key=lambda clue: clue.cell)


def rules(board: Board) -> CnfModel:
    """Every rule but the numbers, connectivity lazy."""
    from cpsolve.models.heyawake.encodings import build_lazy, prepare

    return build_lazy(prepare(without(board, clues(board))))


def clauses(board: Board, clue: Clue, top: int) -> tuple[list[Any], int]:
    """"The room has ``clue.number`` shaded cells"."""
    from pysat.formula import IDPool

    from cpsolve.models.heyawake.encodings import room_clauses

    assert isinstance(clue.key, int) and clue.number is not None
    pool = IDPool(start_from=top + 1)
    groups = room_clauses(board, clue.key, clue.number, pool)
    return groups, max(top, pool.top)


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the numbers of ``gone`` erased."""
    rooms = {clue.key for clue in gone}
    return replace(board, numbers=tuple(None if room in rooms else number
                                        for room, number in enumerate(board.numbers)))


def numbered(board: Board, room: int, number: int | None) -> Board:
    """``board`` with room ``room`` numbered ``number`` (``None``: no number)."""
    numbers = list(board.numbers)
    numbers[room] = number
    return replace(board, numbers=tuple(numbers))


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """Numbers for the rooms where solutions differ: written in a room without one,
    or changed (the least change first)."""
    rooms = sorted({board.room[board.grid.cell(r, c)] for r, c in cells})
    out: list[Edit[Board]] = []
    for room in rooms:
        size = len(board.room_cells[room])
        at = board.grid.rc(board.clue_cell[room])
        where = board.grid.where(board.clue_cell[room])
        current = board.numbers[room]
        bare = numbered(board, room, None)
        for number in range((size + 1) // 2 + 1):  # no two shaded cells touch
            if number == current:
                continue
            clue = Clue(at, f"number {number}", room, number)
            if current is None or current == UNKNOWN:
                out.append(Edit(at, "number", f"number {number} in the room at {where}",
                                numbered(board, room, number), clue=clue, number=number))
            else:
                out.append(Edit(at, "number", f"number {current} changed to {number} in "
                                f"the room at {where}", numbered(board, room, number),
                                clue=clue, base=bare, number=number, cost=2))
    return out


HINTS: Hints[Board] = Hints(clues=clues, rules=rules, clauses=clauses, without=without,
                            edits=edits, noun="number")
