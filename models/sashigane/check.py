"""The Sashigane rules, checked on a division, independently of every encoding: it
floods the areas the joins make and measures each one (its bounding box, whether its
cells fill one whole row and one whole column of the box that meet at a corner of it,
the clues in it). It shares nothing with the models but the board.
"""

from __future__ import annotations

from cpsolve.grid.connectivity import components
from cpsolve.grid.geometry import Broken
from cpsolve.models.sashigane.board import ARROWS, ASKED, CIRCLE, STEP, WORDS, Board


def areas(board: Board, joins: frozenset[tuple[int, int]]) -> list[list[int]]:
    """The areas ``joins`` make, each in reading order."""
    linked: list[list[int]] = [[] for _ in range(board.cells)]
    for a, b in joins:
        linked[a].append(b)
        linked[b].append(a)
    return components(range(board.cells), linked)


def corner_of(cols: int, area: list[int]) -> int | None:
    """The corner of ``area`` when it is an L (arms of two cells at least, one cell
    wide), else ``None``."""
    rs = [cell // cols for cell in area]
    cs = [cell % cols for cell in area]
    top, bottom, left, right = min(rs), max(rs), min(cs), max(cs)
    height, width = bottom - top + 1, right - left + 1
    if height < 2 or width < 2 or len(area) != height + width - 1:
        return None
    cells = set(area)
    for r in (top, bottom):
        for c in (left, right):
            if all(r * cols + x in cells for x in range(left, right + 1)) and \
                    all(y * cols + c in cells for y in range(top, bottom + 1)):
                return r * cols + c
    return None


def check(board: Board, joins: frozenset[tuple[int, int]]) -> list[str]:
    """Every rule ``joins`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(2, 2, ("o", "w", "n", None))
    >>> check(b, frozenset({(0, 1), (0, 2)}))
    ['the area at row 2, column 2 is no L of arms two cells long']
    >>> check(b, frozenset({(0, 1), (0, 2), (1, 3)}))[0]
    'a border between row 2, column 1 and row 2, column 2 ends inside an area'
    """
    grid = board.grid
    where, rc, cols = grid.where, grid.rc, board.cols
    pairs = set(grid.pairs)
    errors: list[str] = [Broken(f"cells {a} and {b} are not side by side")
                         for a, b in sorted(joins) if (a, b) not in pairs]
    if errors:
        return errors
    for area in areas(board, joins):
        cells = set(area)
        inner = [(a, b) for a in area for b in grid.neighbours[a] if a < b and b in cells]
        parted = [(a, b) for a, b in inner if (a, b) not in joins]
        if parted:
            a, b = parted[0]
            errors.append(Broken(f"a border between {where(a)} and {where(b)} ends inside "
                                 "an area", rc(a), rc(b)))
        corner = corner_of(cols, area)
        if corner is None:
            errors.append(Broken(f"the area at {where(area[0])} is no L of arms two cells "
                                 "long", *map(rc, area)))
            continue
        for cell in area:
            value = board.clues[cell]
            if value is None or value == ASKED:
                continue
            if value == CIRCLE or isinstance(value, int):
                if cell != corner:
                    errors.append(Broken(f"{board.named(cell)} at {where(cell)} is not its "
                                         "L's corner", rc(cell), rc(corner)))
                elif isinstance(value, int) and value != len(area):
                    errors.append(Broken(f"{board.named(cell)} at {where(cell)} is in an L "
                                         f"of {len(area)} cells, not {value}",
                                         *map(rc, area)))
                continue
            assert value in ARROWS
            dr, dc = STEP[str(value)]
            r, c = divmod(cell, cols)
            ahead = (r + dr) * cols + c + dc
            inside = 0 <= r + dr < board.rows and 0 <= c + dc < cols and ahead in cells
            behind = (r - dr) * cols + c - dc
            further = 0 <= r - dr < board.rows and 0 <= c - dc < cols and behind in cells
            sideways = [n for n in grid.neighbours[cell] if n in cells and n != ahead]
            if not inside or further or sideways or cell == corner:
                errors.append(Broken(f"{board.named(cell)} at {where(cell)} is not an arm's "
                                     f"end pointing {WORDS[str(value)]} to its L's corner",
                                     rc(cell)))
    return errors
