"""The Masyu rules, checked on a set of edges, independently of every encoding.

The checker walks the loop: it counts each cell's edges, follows the loop from one
cell around to see that it is one closed loop, and looks at each pearl's own and
neighbouring cells' edges. It shares nothing with the models but the board.
"""

from __future__ import annotations

from cpsolve.grid import loops
from cpsolve.grid.geometry import Broken
from cpsolve.models.masyu.board import WHITE, Board, Loop

STEPS = {(0, -1): "west", (0, 1): "east", (-1, 0): "north", (1, 0): "south"}


def check(board: Board, loop: Loop) -> list[str]:
    """Every rule ``loop`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(2, 2, (1, 0, 0, 0))
    >>> check(b, frozenset({(0, 1), (2, 3), (0, 2), (1, 3)}))
    ['the white pearl at row 1, column 1 is not passed straight through']
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    links, errors = loops.loop_breaks(grid, loop)
    if board.full:
        errors.extend(Broken(f"the loop does not pass the cell at {where(cell)} (it must "
                             "pass every cell)", rc(cell))
                      for cell in range(grid.cells) if not links[cell])
    def linked(cell: int | None, dr: int, dc: int) -> bool:
        other = board.grid.step(cell, dr, dc) if cell is not None else None
        return other is not None and cell is not None and other in links[cell]

    for cell, pearl in enumerate(board.pearls):
        if not pearl:
            continue
        name = "white" if pearl == WHITE else "black"
        if not links[cell]:
            errors.append(Broken(f"the loop does not pass the {name} pearl at "
                                 f"{where(cell)}", rc(cell)))
            continue
        across = linked(cell, 0, -1) and linked(cell, 0, 1)
        down = linked(cell, -1, 0) and linked(cell, 1, 0)
        if pearl == WHITE:
            if not (across or down):
                errors.append(Broken(f"the white pearl at {where(cell)} is not passed "
                                     "straight through", rc(cell)))
                continue
            dr, dc = (0, 1) if across else (1, 0)
            before, after = board.grid.step(cell, -dr, -dc), board.grid.step(cell, dr, dc)
            if linked(before, -dr, -dc) and linked(after, dr, dc):
                errors.append(Broken(f"the loop turns on neither side of the white pearl "
                                     f"at {where(cell)}", rc(cell)))
        else:
            if across or down:
                errors.append(Broken(f"the loop goes straight through the black pearl at "
                                     f"{where(cell)}", rc(cell)))
                continue
            for (dr, dc), name in STEPS.items():
                following = board.grid.step(cell, dr, dc)
                if linked(cell, dr, dc) and not linked(following, dr, dc):
                    assert following is not None  # linked to it
                    errors.append(Broken(f"the loop leaving the black pearl at "
                                         f"{where(cell)} to the {name} does not go straight "
                                         "through the next cell", rc(cell), rc(following)))
    return errors
