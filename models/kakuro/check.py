"""The Kakuro rules, checked on an answer, independently of the rules' statement: a
digit from 1 to 9 in every white cell and none in a black one, no run holding a digit
twice, and each run with a sum above 0 adding up to it (runs found by walking the rows
and columns from black cell to black cell, as pzprjs's ``checkRowsColsPartly``)."""

from __future__ import annotations

from cpsolve.grid.geometry import Broken
from cpsolve.models.kakuro.board import Board, Digits, where


def walks(board: Board) -> list[tuple[str, tuple[int, int], list[int]]]:
    """Every run as ``(way, key, cells)``, by a walk along each row and column."""
    rows, cols, black = board.rows, board.cols, board.black
    out = []
    for r in range(rows):
        c = 0
        while c < cols:
            start = c
            while c < cols and not black[r * cols + c]:
                c += 1
            if c > start:
                out.append(("across", (r, start - 1), [r * cols + k for k in range(start, c)]))
            c += 1
    for c in range(cols):
        r = 0
        while r < rows:
            start = r
            while r < rows and not black[r * cols + c]:
                r += 1
            if r > start:
                out.append(("down", (start - 1, c), [k * cols + c for k in range(start, r)]))
            r += 1
    return out


def check(board: Board, digits: Digits) -> list[str]:
    """Every rule ``digits`` breaks on ``board``, one message each; empty when valid.

    >>> from cpsolve.models.kakuro.board import parse_grid
    >>> b = parse_grid("- 4, 3,\\n,3 . .\\n,4 . .")
    >>> check(b, (1, 2, 3, 1))
    []
    >>> for broken in check(b, (2, 1, 2, 2)):
    ...     print(broken)
    row 2 holds 2 twice, at row 2, column 1 and row 2, column 2
    column 1 holds 2 twice, at row 1, column 1 and row 2, column 1
    """
    grid = board.grid
    rc, name = grid.rc, grid.where
    if len(digits) != board.cells:
        return [Broken(f"the answer has {len(digits)} cells, the board {board.cells}")]
    errors: list[str] = []
    for cell, digit in enumerate(digits):
        if board.black[cell] and digit:
            errors.append(Broken(f"a digit on the black cell at {name(cell)}", rc(cell)))
        elif not board.black[cell] and not (isinstance(digit, int) and 1 <= digit <= 9):
            errors.append(Broken(f"the white cell at {name(cell)} holds {digit!r}, not a "
                                 "digit from 1 to 9", rc(cell)))
    for way, key, cells in walks(board):
        line = f"row {key[0] + 1}" if way == "across" else f"column {key[1] + 1}"
        first: dict[int, int] = {}
        for cell in cells:
            if digits[cell] in first:
                errors.append(Broken(f"{line} holds {digits[cell]} twice, at "
                                     f"{name(first[digits[cell]])} and {name(cell)}",
                                     rc(first[digits[cell]]), rc(cell)))
            else:
                first[digits[cell]] = cell
        total = board.sums.get((way, key))
        made = sum(digits[cell] for cell in cells)
        if total and made != total:
            errors.append(Broken(f"{where(way, key)} is {total}, its run makes {made}",
                                 *map(rc, cells)))
    return errors
