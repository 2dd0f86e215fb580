"""The Nurikabe rules, checked on a shading, independently of every encoding: it floods
the shaded cells (one sea) and each unshaded area (one number, its size), and looks at
every 2x2 block. It shares nothing with the models but the board.
"""

from __future__ import annotations

from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.checks import off_board, sea_breaks
from cpsolve.grid.connectivity import components
from cpsolve.grid.geometry import Broken


def check(board: Board, shading: frozenset[int]) -> list[str]:
    """Every rule ``shading`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(2, 3, (2, None, None, None, None, 1))
    >>> check(b, frozenset({1, 2, 4}))
    []
    >>> check(b, frozenset({2, 4}))[-1]
    'the island of the 2 at row 1, column 1 has 3 cells'
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    errors: list[str] = off_board(board.cells, shading)
    errors.extend(sea_breaks(grid, shading))
    land = [cell for cell in range(board.cells) if cell not in shading]
    for island in components(land, grid.neighbours):
        clues = [cell for cell in island if board.numbers[cell] is not None]
        cells = [rc(cell) for cell in island]
        if not clues:
            errors.append(Broken(f"the island at {where(island[0])} has no number", *cells))
        elif len(clues) > 1:
            errors.append(Broken(f"the island at {where(island[0])} has "
                                 f"{len(clues)} numbers", *cells))
        else:
            size = board.shown(clues[0])
            if size is not None and size != len(island):
                errors.append(Broken(f"the island of the {size} at {where(clues[0])} has "
                                     f"{len(island)} cell{'s' if len(island) != 1 else ''}",
                                     *cells))
    return errors
