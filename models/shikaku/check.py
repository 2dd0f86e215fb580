"""The Shikaku rules, checked on a division, independently of every encoding: it floods
the areas the joins make and measures each one (its bounding box, the pairs inside it
left apart, the numbers it holds). It shares nothing with the models but the board.
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
    where, rc = grid.where, grid.rc
    errors: list[str] = []
    pairs = set(grid.pairs)
    for a, b in sorted(joins):
        if (a, b) not in pairs:
            errors.append(Broken(f"cells {a} and {b} are not side by side"))
    if errors:
        return errors
    for area in areas(board, joins):
        cells = set(area)
        marks = [rc(cell) for cell in area]
        rs = [r for r, _ in marks]
        cs = [c for _, c in marks]
        first = where(area[0])
        if (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1) != len(area):
            errors.append(Broken(f"the area at {first} is no rectangle", *marks))
            continue
        apart = [(a, b) for a in area for b in grid.neighbours[a]
                 if a < b and b in cells and (a, b) not in joins]
        if apart:
            a, b = apart[0]
            errors.append(Broken(f"a border between {where(a)} and {where(b)} ends inside "
                                 "a rectangle", rc(a), rc(b)))
        numbered = [cell for cell in area if board.numbers[cell] is not None]
        if not numbered:
            errors.append(Broken(f"the rectangle at {first} holds no number", *marks))
        elif len(numbered) > 1:
            errors.append(Broken(f"the rectangle at {first} holds {len(numbered)} numbers",
                                 *(rc(cell) for cell in numbered)))
        else:
            number = board.shown(numbered[0])
            if number is not None and number != len(area):
                errors.append(Broken(f"the {number} at {where(numbered[0])} is in a rectangle "
                                     f"of {len(area)} cell{'s' if len(area) != 1 else ''}, not "
                                     f"{number}", *marks))
    return errors
