"""The Shikaku rules, checked on a division, independently of every encoding: it floods
the areas the joins make and measures each one (its bounding box, the joins inside it
against the pairs a rectangle of its size has, the numbers it holds). It shares
nothing with the models but the board.
"""

from __future__ import annotations

from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.connectivity import components
from cpsolve.grid.geometry import Broken


def areas(board: Board, joins: frozenset[tuple[int, int]]) -> list[list[int]]:
    """The areas ``joins`` make: cells linked by joins, each in reading order, in the
    order of their first cells."""
    linked: list[list[int]] = [[] for _ in range(board.cells)]
    for a, b in joins:
        linked[a].append(b)
        linked[b].append(a)
    return components(range(board.cells), linked)


def check(board: Board, joins: frozenset[tuple[int, int]]) -> list[str]:
    """Every rule ``joins`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(1, 3, (2, None, 1))
    >>> check(b, frozenset({(0, 1)}))
    []
    >>> check(b, frozenset({(1, 2)}))[0]
    'the 2 at row 1, column 1 is in a rectangle of 1 cell, not 2'
    """
    grid = board.grid
    where, rc, cols = grid.where, grid.rc, board.cols
    pairs = set(grid.pairs)
    errors: list[str] = [Broken(f"cells {a} and {b} are not side by side")
                         for a, b in sorted(joins) if (a, b) not in pairs]
    if errors:
        return errors
    found = areas(board, joins)
    label = [0] * board.cells
    for k, area in enumerate(found):
        for cell in area:
            label[cell] = k
    inner = [0] * len(found)  # the joins inside each area
    for a, _ in joins:
        inner[label[a]] += 1
    numbered: list[list[int]] = [[] for _ in found]
    for cell in board.clue_cells:
        numbered[label[cell]].append(cell)
    for k, area in enumerate(found):
        first = where(area[0]) if len(numbered[k]) != 1 or board.shown(numbered[k][0]) \
            not in (None, len(area)) else ""
        rs = [cell // cols for cell in area]
        cs = [cell % cols for cell in area]
        height, width = max(rs) - min(rs) + 1, max(cs) - min(cs) + 1
        if height * width != len(area):
            errors.append(Broken(f"the area at {where(area[0])} is no rectangle", *map(rc, area)))
            continue
        if inner[k] < height * (width - 1) + (height - 1) * width:
            cells = set(area)
            a, b = next((a, b) for a in area for b in grid.neighbours[a]
                        if a < b and b in cells and (a, b) not in joins)
            errors.append(Broken(f"a border between {where(a)} and {where(b)} ends inside "
                                 "a rectangle", rc(a), rc(b)))
        if not numbered[k]:
            errors.append(Broken(f"the rectangle at {first} holds no number", *map(rc, area)))
        elif len(numbered[k]) > 1:
            errors.append(Broken(f"the rectangle at {first} holds {len(numbered[k])} numbers",
                                 *map(rc, numbered[k])))
        else:
            number = board.shown(numbered[k][0])
            if number is not None and number != len(area):
                errors.append(Broken(f"the {number} at {where(numbered[k][0])} is in a "
                                     f"rectangle of {len(area)} cell"
                                     f"{'s' if len(area) != 1 else ''}, not {number}",
                                     *map(rc, area)))
    return errors
