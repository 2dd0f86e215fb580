"""The Nurimisaki rules, checked on a shading, independently of every encoding: it
counts each unshaded cell's unshaded neighbours, walks each number's run, floods the
unshaded cells and looks at every 2x2 block. It shares nothing with the models but the
board.
"""

from __future__ import annotations

from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.checks import off_board
from cpsolve.grid.connectivity import components
from cpsolve.grid.geometry import Broken


def check(board: Board, shading: frozenset[int]) -> list[str]:
    """Every rule ``shading`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(2, 3, (3, None, None, None, None, -2))
    >>> check(b, frozenset({3, 4}))
    []
    >>> check(b, frozenset({3}))[-1]
    'the circle at row 2, column 3 has 2 unshaded neighbours, not one'
    >>> check(Board(2, 3, (3,) + (None,) * 5), frozenset({3, 4}))
    ['the cell at row 2, column 3 is a cape without a circle']
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    errors: list[str] = off_board(board.cells, shading)
    if not shading:
        errors.append(Broken("no cell is shaded"))
    for a, b, c, d in grid.blocks:
        inside = len({a, b, c, d} & shading)
        if inside in (0, 4):
            errors.append(Broken(f"the 2x2 block at {where(a)} is all "
                                 f"{'shaded' if inside else 'unshaded'}",
                                 rc(a), rc(b), rc(c), rc(d)))
    land = [cell for cell in range(board.cells) if cell not in shading]
    parts = components(land, grid.neighbours)
    if len(parts) > 1:
        errors.append(Broken(f"the unshaded cell at {where(parts[1][0])} is cut off from "
                             f"the one at {where(parts[0][0])}",
                             *(rc(c) for part in parts[1:] for c in part)))
    for cell, number in enumerate(board.numbers):
        open_ = [o for o in grid.neighbours[cell] if o not in shading]
        if number is None:
            if cell not in shading and len(open_) == 1:
                errors.append(Broken(f"the cell at {where(cell)} is a cape without a circle",
                                     rc(cell)))
            continue
        if cell in shading:
            errors.append(Broken(f"the circle at {where(cell)} is shaded", rc(cell)))
        elif len(open_) != 1:
            errors.append(Broken(f"the circle at {where(cell)} has {len(open_)} unshaded "
                                 "neighbours, not one", rc(cell)))
        elif number >= 0:
            r, c = grid.rc(cell)
            dr, dc = grid.rc(open_[0])[0] - r, grid.rc(open_[0])[1] - c
            run = 1
            while grid.contains(r + run * dr, c + run * dc) and \
                    grid.cell(r + run * dr, c + run * dc) not in shading:
                run += 1
            if run != number:
                errors.append(Broken(f"the {number} at {where(cell)} sees a run of {run} "
                                     f"cell{'s' if run != 1 else ''}", rc(cell)))
    return errors
