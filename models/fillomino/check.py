"""The Fillomino rules, checked on a filling, independently of every encoding: it
floods the areas of equal numbers and compares each area's size with its number, every
given number with the filling, and the numbers either side of each border drawn in the
board. It shares nothing with the models but the board.
"""

from __future__ import annotations

from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.connectivity import components
from cpsolve.grid.geometry import Broken


def areas(board: Board, filling: tuple[int, ...]) -> list[list[int]]:
    """The areas of ``filling``: connected cells of one number, each in reading order,
    in the order of their first cells."""
    found = [area for number in set(filling) for area in components(
        [cell for cell in range(board.cells) if filling[cell] == number], board.grid.neighbours)]
    return sorted(found)


def check(board: Board, filling: tuple[int, ...]) -> list[str]:
    """Every rule ``filling`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(1, 3, (1, None, None))
    >>> check(b, (1, 2, 2)), check(b, (1, 2, 3))[0]
    ([], 'the 2 at row 1, column 2 is in an area of 1 cell, not 2')
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    if len(filling) != board.cells:
        return [Broken(f"the answer fills {len(filling)} cells, the board has {board.cells}")]
    errors: list[str] = []
    for cell, number in enumerate(filling):
        if number < 1:
            errors.append(Broken(f"the cell at {where(cell)} holds {number}, not a number "
                                 f"from 1", rc(cell)))
        given = board.numbers[cell]
        if given is not None and given > 0 and given != number:
            errors.append(Broken(f"the given {given} at {where(cell)} is written {number}",
                                 rc(cell)))
    for a, b in sorted(getattr(board, "drawn", ())):
        if filling[a] == filling[b]:
            errors.append(Broken(f"the cells at {where(a)} and {where(b)}, either side of a "
                                 f"border drawn in the board, both hold {filling[a]}",
                                 rc(a), rc(b)))
    for area in areas(board, filling):
        number = filling[area[0]]
        if getattr(board, "tri", False) and len(area) > 3:
            errors.append(Broken(f"the area of {len(area)} cells at {where(area[0])} is "
                                 "larger than 3 (the tri rule)", *map(rc, area)))
        if number >= 1 and len(area) != number:
            errors.append(Broken(f"the {number} at {where(area[0])} is in an area of "
                                 f"{len(area)} cell{'s' if len(area) != 1 else ''}, not "
                                 f"{number}", *map(rc, area)))
    return errors
