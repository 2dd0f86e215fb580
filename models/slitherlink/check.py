"""The Slitherlink rules, checked on a set of edges, independently of every encoding:
the loop walked round (:func:`cpsolve.grid.loops.loop_breaks`) and each number's
sides counted."""

from __future__ import annotations

from cpsolve.grid import loops
from cpsolve.grid.geometry import Broken
from cpsolve.models.slitherlink.board import Board, Loop


def check(board: Board, loop: Loop) -> list[str]:
    """Every rule ``loop`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(1, 2, (3, None))
    >>> check(b, frozenset({(0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (2, 5)}))
    []
    >>> check(b, frozenset({(0, 1), (3, 4), (0, 3), (1, 4)}))
    ['the 3 at row 1, column 1 has 4 sides on the loop']
    """
    links, errors = loops.loop_breaks(board.points, loop, where=board.corner, noun="point",
                                      mark=lambda point: (board.corner_cell(point),))
    if board.full:
        errors.extend(Broken(f"the loop does not pass {board.corner(point)} (it must pass "
                             "every grid point)", board.corner_cell(point))
                      for point in range(board.points.cells) if not links[point])
    edges = board.points.edges
    on = {k for k, pair in enumerate(edges) if pair in loop}
    for cell in board.clue_cells:
        number = board.numbers[cell]
        drawn = sum(1 for k in board.side_table[cell] if k in on)
        if drawn != number:
            side = "side" if drawn == 1 else "sides"
            errors.append(Broken(f"the {number} at {board.grid.where(cell)} has {drawn} "
                                 f"{side} on the loop", board.grid.rc(cell)))
    return errors
