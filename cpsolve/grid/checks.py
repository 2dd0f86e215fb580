"""Checks that families' checkers share, written once: plain comparisons and floods
over the grid, sharing nothing with any encoding (a checker must not be able to hide a
fault of the models).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from cpsolve.grid.connectivity import components
from cpsolve.grid.geometry import Broken, Grid


def off_board(cells: int, shading: Iterable[int]) -> list[str]:
    """The shaded cells of an answer that are not on a board of ``cells`` cells, each
    named (an answer read from a program, not from text, may hold any number).

    >>> off_board(4, {1, 7, -1})
    ['shaded cell -1 is outside the board', 'shaded cell 7 is outside the board']
    """
    return [Broken(f"shaded cell {cell} is outside the board")
            for cell in sorted(shading) if not 0 <= cell < cells]


def shading_breaks(grid: Grid, shaded: Sequence[bool]) -> list[str]:
    """What a shading breaks of the rules shading genres share (Heyawake, Hitori):
    shaded cells side by side, each pair once; unshaded cells cut off from the first
    unshaded one, once, naming them all.

    >>> grid = Grid(1, 3)
    >>> shading_breaks(grid, [False, True, False])
    ['the unshaded cell at row 1, column 3 is cut off from the one at row 1, column 1']
    >>> shading_breaks(grid, [True, True, False])
    ['shaded cells at row 1, column 1 and row 1, column 2 touch']
    """
    where, rc = grid.where, grid.rc
    errors: list[str] = []
    for a, b in grid.pairs:
        if shaded[a] and shaded[b]:
            errors.append(Broken(f"shaded cells at {where(a)} and {where(b)} touch",
                                 rc(a), rc(b)))
    white = [cell for cell in range(grid.cells) if not shaded[cell]]
    if white:
        first = set(components(white, grid.neighbours)[0])  # the one of white[0]
        apart = [cell for cell in white if cell not in first]
        if apart:
            errors.append(Broken(f"the unshaded cell at {where(apart[0])} is cut off from "
                                 f"the one at {where(white[0])}", *map(rc, apart)))
    return errors


def sea_breaks(grid: Grid, shading: frozenset[int]) -> list[str]:
    """What a shading breaks of the rules genres of one shaded sea share (Nurikabe,
    Tapa): shaded cells cut off from the first part of them, once, naming them all; a
    2x2 block all shaded.

    >>> sea_breaks(Grid(2, 3), frozenset({0, 1, 3, 4}))
    ['the 2x2 block at row 1, column 1 is all shaded']
    >>> sea_breaks(Grid(1, 3), frozenset({0, 2}))
    ['the shaded cell at row 1, column 3 is cut off from the one at row 1, column 1']
    """
    where, rc = grid.where, grid.rc
    errors: list[str] = []
    sea = [cell for cell in range(grid.cells) if cell in shading]
    parts = components(sea, grid.neighbours)
    if len(parts) > 1:
        errors.append(Broken(f"the shaded cell at {where(parts[1][0])} is cut off from the "
                             f"one at {where(parts[0][0])}",
                             *(rc(c) for part in parts[1:] for c in part)))
    for a, b, c, d in grid.blocks:
        if {a, b, c, d} <= shading:
            errors.append(Broken(f"the 2x2 block at {where(a)} is all shaded",
                                 rc(a), rc(b), rc(c), rc(d)))
    return errors


def number_breaks(grid: Grid, numbers: Sequence[object], givens: Sequence[int | None],
                  most: int, units: Sequence[Sequence[int]],
                  unit_name: Callable[[int], str]) -> list[str]:
    """What a number in every cell breaks of the rules number genres share (Sudoku, a
    Latin square): a cell without a number from 1 to ``most``, a given number
    (``givens[cell]``, ``None`` for none) written otherwise, a unit (``unit_name(u)``
    names unit ``u`` of ``units``) holding a number twice.

    >>> for broken in number_breaks(Grid(1, 2), (1, 1), (None, 2), 2, [[0, 1]], "unit {}".format):
    ...     print(broken)
    the given 2 at row 1, column 2 holds 1
    unit 0 holds 1 twice, at row 1, column 1 and row 1, column 2
    """
    where, rc = grid.where, grid.rc
    if len(numbers) != grid.cells:
        return [Broken(f"the answer has {len(numbers)} cells, the board {grid.cells}")]
    errors: list[str] = []
    for cell, value in enumerate(numbers):
        if not isinstance(value, int) or not 1 <= value <= most:
            errors.append(Broken(f"the cell at {where(cell)} holds {value!r}, not a number "
                                 f"from 1 to {most}", rc(cell)))
        given = givens[cell]
        if given is not None and given != value:
            errors.append(Broken(f"the given {given} at {where(cell)} holds {value}",
                                 rc(cell)))
    for unit, cells in enumerate(units):
        first: dict[object, int] = {}
        for cell in cells:
            value = numbers[cell]
            if value in first:
                errors.append(Broken(f"{unit_name(unit)} holds {value} twice, at "
                                     f"{where(first[value])} and {where(cell)}",
                                     rc(first[value]), rc(cell)))
            else:
                first[value] = cell
    return errors
