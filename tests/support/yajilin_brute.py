"""Every Yajilin answer of a small board, by brute force: every simple cycle of the
grid's cells (:mod:`tests.support.masyu_brute`'s enumeration) that avoids the clue
cells, kept when the cells it leaves out never touch, and every arrow counts them
right (counted here, then the family's checker has the last word). Independent of
every encoding; boards up to about 5x5."""

from __future__ import annotations

from cpsolve.models.yajilin import Board, check
from tests.support.masyu_brute import _cycles

STEPS = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}


def solutions(board: Board) -> set[frozenset[tuple[int, int]]]:
    """Every valid loop of ``board``."""
    rows, cols = board.rows, board.cols
    clue_mask = sum(1 << cell for cell, clue in enumerate(board.clues) if clue is not None)
    found = set()
    for loop, cells in _cycles(rows, cols):
        if cells & clue_mask:
            continue
        out = [c for c in range(rows * cols) if not (cells >> c) & 1 and not (clue_mask >> c) & 1]
        dark = set(out)
        touching = any(divmod(c, cols)[1] + 1 < cols and c + 1 in dark or c + cols in dark
                       for c in dark)
        if touching:
            continue
        fine = True
        for cell, clue in enumerate(board.clues):
            if clue is None or clue.number is None or clue.direction is None:
                continue
            r, c = divmod(cell, cols)
            dr, dc = STEPS[clue.direction]
            seen = 0
            r, c = r + dr, c + dc
            while 0 <= r < rows and 0 <= c < cols:
                seen += (r * cols + c) in dark
                r, c = r + dr, c + dc
            if seen != clue.number:
                fine = False
                break
        if fine and not check(board, loop):
            found.add(loop)
    return found
