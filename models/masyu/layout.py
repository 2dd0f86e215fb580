"""How the generator lays out a Masyu and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`; the layout :func:`cpsolve.grid.randomloop.loop_layout`): a
random loop first, laid out with the symmetry asked for, then a pearl on every cell
where the loop allows one (a black one where it turns with straight legs, a white one
where it goes straight with a turn beside it): the pearls of a symmetric loop stand
symmetrically.

Where another loop fits the pearls, that loop becomes the one to pin down when its
own pearls (on whole orbits) are more: it passes every pearl so far, so the sets only
grow until one loop is the only one. Otherwise, and where the reasoning of a grade
leaves cells open, the loop is pushed out beside them, which changes the pearls there.
"""

from __future__ import annotations

from cpsolve.grid.geometry import DIRECTIONS, Grid
from cpsolve.grid.layouts import Settings
from cpsolve.grid.randomloop import loop_layout, random_loop
from cpsolve.models.masyu.board import BLACK, EMPTY, WHITE, Board, Loop

TRIES = 20  # loops tried for one that allows a pearl


def candidates(rows: int, cols: int, loop: Loop) -> dict[int, int]:
    """Cells where a pearl fits ``loop``: BLACK where it turns and goes straight on
    through the next cell on both legs, WHITE where it goes straight and turns in a
    neighbour on the line."""
    grid = Grid(rows, cols)

    def on(cell: int | None, dr: int, dc: int) -> bool:
        other = grid.step(cell, dr, dc) if cell is not None else None
        return other is not None and cell is not None and (
            min(cell, other), max(cell, other)) in loop

    def straight(cell: int | None) -> bool:
        return cell is not None and ((on(cell, 0, -1) and on(cell, 0, 1))
                                     or (on(cell, -1, 0) and on(cell, 1, 0)))

    out = {}
    for cell in sorted({c for edge in loop for c in edge}):
        if straight(cell):
            dr, dc = (0, 1) if on(cell, 0, 1) else (1, 0)
            if not (straight(grid.step(cell, dr, dc)) and straight(grid.step(cell, -dr, -dc))):
                out[cell] = WHITE
        elif all(on(grid.step(cell, dr, dc), dr, dc) for dr, dc in DIRECTIONS
                 if on(cell, dr, dc)):
            out[cell] = BLACK
    return out


def pearls(settings: Settings, loop: Loop) -> Board:
    """The board of every pearl ``loop`` allows whose whole orbit under the symmetry
    allows one too."""
    fits, grid = candidates(settings.rows, settings.cols, loop), settings.grid
    return Board(settings.rows, settings.cols, tuple(
        fits.get(cell, EMPTY) if all(o in fits for o in grid.orbit(cell, settings.symmetry))
        else EMPTY for cell in range(grid.cells)))


def too_small(rows: int, cols: int) -> str | None:
    """Why no Masyu of ``rows`` x ``cols`` can be made: a 2x2 loop turns in every
    cell, and neither pearl sits on a turn without a straight leg beside it.

    >>> too_small(2, 2), too_small(2, 3)
    ('no 2x2 Masyu has a pearl on its loop: the smallest boards are 2x3 and 3x2', None)
    """
    if rows * cols < 6:
        return (f"no {cols}x{rows} Masyu has a pearl on its loop: the smallest boards are "
                "2x3 and 3x2")
    return None


LAYOUT = loop_layout(pearls, clues="pearls", tries=TRIES, adopt=True, too_small=too_small)

__all__ = ["LAYOUT", "candidates", "pearls", "random_loop"]
