"""Every Country Road loop of a small board, by brute force: every simple cycle of the
grid's cells (:mod:`tests.support.masyu_brute`'s enumeration), kept when it visits every
region once (two of its edges cross each region's border; none or two under the empty
rule, where a region need not be visited), passes as many cells of each
numbered region as the number says and leaves out no two cells facing each other across
a border (all counted here), then the family's checker has the last word. Independent
of every encoding; boards up to about 5x5."""

from __future__ import annotations

from cpsolve.grid.rooms import UNKNOWN
from cpsolve.models.country import Board, check
from tests.support.masyu_brute import _cycles


def solutions(board: Board) -> set[frozenset[tuple[int, int]]]:
    """Every valid loop of ``board``."""
    rows, cols, room = board.rows, board.cols, board.room
    crossed = (0, 2) if board.empty else (2,)
    found = set()
    for loop, cells in _cycles(rows, cols):
        passed = [bool(cells >> c & 1) for c in range(rows * cols)]
        crossings = [0] * board.rooms
        for a, b in loop:
            if room[a] != room[b]:
                crossings[room[a]] += 1
                crossings[room[b]] += 1
        if board.rooms > 1 and any(n not in crossed for n in crossings):
            continue
        counts = [0] * board.rooms
        for cell, on in enumerate(passed):
            counts[room[cell]] += on
        if any(n is not None and n != UNKNOWN and counts[r] != n
               for r, n in enumerate(board.numbers)):
            continue
        if any(not passed[a] and not passed[b] for a, b in board.borders):
            continue
        if not check(board, loop):
            found.add(loop)
    return found
