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


def check(board: Board, walls: frozenset[tuple[int, int]]) -> list[str]:
    """Every rule the borders ``walls`` (pairs of neighbours ``(a, b)``, ``a < b``)
    break, one message each (a :class:`~cpsolve.grid.geometry.Broken` naming its
    cells); empty when valid.

    >>> b = Board(1, 2, (1, None), (False, True))
    >>> check(b, frozenset()), check(b, frozenset({(0, 1)}))[0]
    ([], 'the area at row 1, column 1 holds no grey cell')
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    if not walls <= set(grid.pairs):
        return [Broken("the answer draws a border between cells that are not neighbours")]
    division = [0] * board.cells  # each cell's area, flooded across the pairs left open
    for start in range(board.cells):
        if not division[start]:
            todo = [start]
            division[start] = start + 1
            while todo:
                cell = todo.pop()
                for other in grid.neighbours[cell]:
                    if not division[other] and (min(cell, other), max(cell, other)) not in walls:
                        division[other] = start + 1
                        todo.append(other)
    errors: list[str] = [Broken(f"a border inside an area between {where(a)} and {where(b)}",
                                rc(a), rc(b)) for a, b in sorted(walls)
                         if division[a] == division[b]]
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
