"""How the generator lays out a Balance Loop: a random loop with the symmetry asked for
(:func:`cpsolve.grid.randomloop.loop_layout`), then a circle on every cell of it whose
whole orbit lies on it: white where its two segments are equal, black where not, each
with the sum of their lengths. The kit's loop then takes circles and numbers away while
the answer stays the only one.
"""

from __future__ import annotations

from cpsolve.grid.layouts import Settings
from cpsolve.grid.randomloop import loop_layout
from cpsolve.models.balance.board import BLACK, WHITE, Board, Loop, code
from cpsolve.models.balance.check import segments

TRIES = 20
SHORTEST = 2  # a circle on a corner of two single steps tells little: none there


def circles(settings: Settings, loop: Loop) -> Board:
    """The board of a numbered circle on every cell of ``loop`` whose orbit is on it."""
    grid = settings.grid
    links: list[list[int]] = [[] for _ in range(grid.cells)]
    for a, b in loop:
        links[a].append(b)
        links[b].append(a)
    numbers: list[int | None] = [None] * grid.cells
    for cell in range(grid.cells):
        if all(links[o] for o in grid.orbit(cell, settings.symmetry)):
            first, second = segments(Board(grid.rows, grid.cols, tuple(numbers)), links, cell)
            if first + second > SHORTEST:
                numbers[cell] = code(WHITE if first == second else BLACK, first + second)
    return Board(grid.rows, grid.cols, tuple(numbers))


LAYOUT = loop_layout(circles, clues="circles", tries=TRIES, adopt=True)
