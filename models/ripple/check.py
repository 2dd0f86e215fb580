"""The Ripple Effect rules, checked on a filling, independently of every encoding: it
counts each room's numbers and walks each row and column from every cell as far as
its number reaches, as pzprjs's checker states them. It shares nothing with the models
but the board.
"""

from __future__ import annotations

from cpsolve.grid.geometry import Broken
from cpsolve.models.ripple.board import Board, Filling


def check(board: Board, filling: Filling) -> list[str]:
    """Every rule ``filling`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(1, 3, (None,) * 3, (0, 0, 1))
    >>> check(b, (1, 2, 1)), check(b, (2, 1, 1))[0]
    ([], 'the 1s at row 1, column 2 and row 1, column 3 have 0 cells between them, fewer than 1')
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    if len(filling) != board.cells:
        return [Broken(f"the answer fills {len(filling)} cells, the board has {board.cells}")]
    errors: list[str] = []
    for cell, number in enumerate(filling):
        given = board.numbers[cell]
        if given is not None and given > 0 and given != number:
            errors.append(Broken(f"the given {given} at {where(cell)} is written {number}",
                                 rc(cell)))
    for cells in board.region_cells:
        held = sorted(filling[cell] for cell in cells)
        if held != list(range(1, len(cells) + 1)):
            errors.append(Broken(f"the room at {where(cells[0])} of {len(cells)} cells holds "
                                 f"{', '.join(map(str, held))}, not 1 to {len(cells)}",
                                 *map(rc, cells)))
    for cell, number in enumerate(filling):
        r, c = rc(cell)
        for dr, dc in ((0, 1), (1, 0)):
            for step in range(1, max(number, 0) + 1):
                r2, c2 = r + dr * step, c + dc * step
                if r2 >= board.rows or c2 >= board.cols:
                    break
                other = grid.cell(r2, c2)
                if filling[other] == number:
                    errors.append(Broken(
                        f"the {number}s at {where(cell)} and {where(other)} have {step - 1} "
                        f"cell{'' if step == 2 else 's'} between them, fewer than {number}",
                        rc(cell), rc(other)))
    return errors
