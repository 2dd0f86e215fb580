"""How the generator lays out a Slitherlink and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`; the layout :func:`cpsolve.grid.randomloop.loop_layout`): a
random loop through the board's corners, laid out with the symmetry asked for (on the
grid of points, whose symmetries are the board's), then every cell numbered with the
count of its sides on the loop: the numbers of a symmetric loop stand symmetrically.
Where the answer is not pinned down, the loop is pushed out beside those cells, which
changes the numbers there.
"""

from __future__ import annotations

from cpsolve.grid.layouts import Settings, counted
from cpsolve.grid.randomloop import loop_layout
from cpsolve.models.slitherlink.board import Board, Loop


def numbered(settings: Settings, loop: Loop) -> Board:
    """The board of every number ``loop`` gives.

    >>> numbered(Settings(1, 2, "none", 0.0), frozenset({(0, 1), (3, 4), (0, 3), (1, 4)}))
    Board(rows=1, cols=2, numbers=(4, 1), full=False)
    """
    empty = Board(settings.rows, settings.cols, (None,) * (settings.rows * settings.cols))
    on = {empty.points.edge_at[pair] for pair in loop}
    return Board(settings.rows, settings.cols, tuple(counted(empty.side_table, on)))


LAYOUT = loop_layout(numbered, clues="numbers", points=True)

__all__ = ["LAYOUT", "numbered"]
