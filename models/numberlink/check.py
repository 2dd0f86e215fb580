"""The Numberlink rules, checked on an answer's edges, independently of the rules'
statement: each cell's lines counted, each line walked from end to end
(:func:`cpsolve.grid.loops.lines`)."""

from __future__ import annotations

from cpsolve.grid.geometry import Broken
from cpsolve.grid.loops import lines, linked, walked
from cpsolve.models.numberlink.board import Board, Paths


def check(board: Board, paths: Paths) -> list[str]:
    """Every rule ``paths`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(2, 2, (1, None, None, 1))
    >>> check(b, frozenset({(0, 1), (1, 3)}))
    []
    >>> for error in check(b, frozenset({(0, 1)})):
    ...     print(error)
    a line ends at row 1, column 2, which holds no number
    the 1 at row 2, column 2 has no line
    """
    grid, numbers = board.grid, board.numbers
    where, rc = grid.where, grid.rc
    links, errors = linked(grid, paths)
    for cell, others in enumerate(links):
        number = numbers[cell]
        if number is not None and len(others) != 1:
            said = "has no line" if not others else f"has {len(others)} lines"
            errors.append(Broken(f"the {number} at {where(cell)} {said}", rc(cell)))
        elif number is None and len(others) == 1:
            errors.append(Broken(f"a line ends at {where(cell)}, which holds no number",
                                 rc(cell)))
        elif number is None and len(others) > 2:
            errors.append(Broken(f"lines cross or branch at {where(cell)}", rc(cell)))
        elif number is None and not others and board.fill:
            errors.append(Broken(f"no path passes {where(cell)} (every cell is on a path)",
                                 rc(cell)))
    if errors:
        return errors
    seen = [False] * board.cells
    for line in lines(links, board.ends):  # each line from an end to the other
        first, last = line[0], line[-1]
        for cell in line:
            seen[cell] = True
        if numbers[last] != numbers[first]:
            errors.append(Broken(f"a line joins the {numbers[first]} at {where(first)} to the "
                                 f"{numbers[last]} at {where(last)}", rc(first), rc(last)))
    for cell in range(board.cells):
        if links[cell] and not seen[cell]:
            ring = walked(links, cell)
            errors.append(Broken(f"a line through {where(cell)} closes on itself without "
                                 "reaching a number", *(rc(c) for c in ring)))
            for c in ring:
                seen[c] = True
    return errors
