"""The Yajilin rules, checked on a loop, independently of every encoding: the loop
walked round (:func:`cpsolve.grid.loops.loop_breaks`), the cells it leaves out looked
at one by one, and each arrow's shaded cells counted along its ray."""

from __future__ import annotations

from cpsolve.grid import loops
from cpsolve.grid.arrows import WORDS
from cpsolve.grid.arrows import ArrowGrid as Board
from cpsolve.grid.geometry import Broken, Edge


def check(board: Board, loop: frozenset[Edge]) -> list[str]:
    """Every rule ``loop`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid. The
    cells the loop leaves out that are not clue cells are the shaded ones.

    >>> from cpsolve.grid.arrows import Arrow
    >>> b = Board(2, 3, (None, None, None, Arrow(1, "e"), None, None))
    >>> check(b, frozenset({(1, 2), (1, 4), (2, 5), (4, 5)}))
    ['the 1 at row 2, column 1 points right at 0 shaded cells']
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    links, errors = loops.loop_breaks(grid, loop)
    for cell in board.clue_cells:
        if links[cell]:
            errors.append(Broken(f"the loop passes the clue cell at {where(cell)}", rc(cell)))
    shaded = {cell for cell in board.open_cells if not links[cell]}
    for a, b in grid.edges:
        if a in shaded and b in shaded:
            errors.append(Broken(f"shaded cells side by side at {where(a)} and {where(b)}",
                                 rc(a), rc(b)))
    for cell in board.clue_cells:
        clue = board.clues[cell]
        assert clue is not None
        if not clue.counts:
            continue
        found = sum(1 for other in board.ray(cell) if other in shaded)
        if found != clue.number:
            errors.append(Broken(f"the {clue.number} at {where(cell)} points "
                                 f"{WORDS[clue.direction or 'n']} at {found} shaded cells",
                                 rc(cell)))
    return errors
