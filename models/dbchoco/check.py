"""The Double Choco rules, checked on a division, independently of every encoding:
the areas are flooded from the labels, each split by colour, its halves counted,
flooded and compared by shape under every turn and mirror (as their sorted offsets
from their first cell in reading order), and each number compared with its half.
"""

from __future__ import annotations

from cpsolve.grid.geometry import Broken
from cpsolve.models.dbchoco.board import Board


def _flood(start: int, inside: set[int], neighbours: list[list[int]]) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        for other in neighbours[todo.pop()]:
            if other in inside and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def _forms(cells: list[tuple[int, int]]) -> set[tuple[tuple[int, int], ...]]:
    """Every turn and mirror of a set of cells, each as offsets from its first cell."""
    out = set()
    for flip in (1, -1):
        moved = [(r, c * flip) for r, c in cells]
        for _ in range(4):
            moved = [(c, -r) for r, c in moved]
            first = min(moved)
            out.add(tuple(sorted((r - first[0], c - first[1]) for r, c in moved)))
    return out


def check(board: Board, division: tuple[int, ...]) -> list[str]:
    """Every rule ``division`` (an area label a cell) breaks, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(1, 2, (1, None), (False, True))
    >>> check(b, (1, 1)), check(b, (1, 2))[0]
    ([], 'the area at row 1, column 1 holds no grey cell')
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    if len(division) != board.cells:
        return [Broken(f"the answer divides {len(division)} cells, the board has "
                       f"{board.cells}")]
    errors: list[str] = []
    seen: set[int] = set()
    for start in range(board.cells):
        if start in seen:
            continue
        area = _flood(start, {c for c in range(board.cells) if division[c] == division[start]},
                      grid.neighbours)
        seen |= area
        marked = [rc(c) for c in sorted(area)]
        halves = [sorted(c for c in area if board.grey[c] == dark) for dark in (False, True)]
        for half, colour in zip(halves, ("white", "grey")):
            if not half:
                errors.append(Broken(f"the area at {where(start)} holds no {colour} cell",
                                     *marked))
            elif len(_flood(half[0], set(half), grid.neighbours)) < len(half):
                errors.append(Broken(f"the {colour} half of the area at {where(start)} is "
                                     "not connected", *marked))
            for cell in half:
                number = board.shown(cell)
                if number is not None and number != len(half):
                    errors.append(Broken(f"the {number} at {where(cell)} is in a {colour} "
                                         f"half of {len(half)}", *map(rc, half)))
        white, dark = halves
        if white and dark and (len(white) != len(dark) or not (
                _forms([rc(c) for c in white]) & _forms([rc(c) for c in dark]))):
            errors.append(Broken(f"the halves of the area at {where(start)} are not of "
                                 "one shape", *marked))
    return errors
