"""How the generator lays out a Shakashaka and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): black cells first, an orbit at a time under the
symmetry, at random, then the rules' answer nearest a random spread of triangles
(:meth:`~cpsolve.grid.rules.Statement.nearest`), and every black cell numbered by the
triangles beside it. Where a second solution differs, one of those cells (with its
images) turns black, the answer nearest the old one is found again and the numbers
counted anew.
"""

from __future__ import annotations

import numpy as np

from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.models.shakashaka.rules import STATEMENT, Answer
from cpsolve.options import Option

BLACK = -2  # a black cell not yet numbered (the kit's "?")


def numbered(board: Board, answer: Answer) -> Board:
    """Every black cell of ``board`` numbered by the triangles of ``answer`` beside it."""
    grid = board.grid
    return board.renumbered({cell: sum(1 for o in grid.neighbours[cell] if answer[o])
                             for cell, n in enumerate(board.numbers) if n is not None})


def solved(board: Board, near: Answer, settings: Settings) -> tuple[Board, Answer] | None:
    """The rules' answer of ``board`` (its black cells, none numbered) nearest ``near``,
    and the board numbered by it; ``None`` when the black cells allow none."""
    bare = board.renumbered({cell: BLACK for cell in board.clue_cells})
    answer = STATEMENT.nearest(bare, near)
    return None if answer is None else (numbered(bare, answer), answer)


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Answer] | None:
    """Black cells with the symmetry, and the answer nearest random triangles."""
    rnd = python_random(rng)
    grid = settings.grid
    black: set[int] = set()
    order = list(range(grid.cells))
    rnd.shuffle(order)
    for cell in order:
        if len(black) >= settings.options["black"] * grid.cells:
            break
        black.update(grid.orbit(cell, settings.symmetry))
    board = Board(grid.rows, grid.cols, tuple(BLACK if c in black else None
                                              for c in range(grid.cells)))
    share = settings.options["triangles"]
    near = tuple(rnd.choice((2, 3, 4, 5)) if rnd.random() < share else 0
                 for _ in range(grid.cells))
    return solved(board, near, settings)


def mend(board: Board, answer: Answer, other: Answer | None, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Answer] | None:
    """A cell where solutions differ (and its images) turns black; the answer nearest
    the old one is found again. ``None`` when the board then has no answer."""
    rnd = python_random(rng)
    grid = board.grid
    chosen = [grid.cell(r, c) for r, c in sorted(cells)]
    cell = rnd.choice(chosen)
    changed = board.renumbered({o: BLACK for o in grid.orbit(cell, settings.symmetry)})
    return solved(changed, answer, settings)


LAYOUT: Layout[Board, Answer] = Layout(
    make=make, mend=mend,
    density=Option("density", 0.7, "Share of the black cells' numbers kept at least",
                   kind=float, low=0, high=1, metavar="D"),
    options=(Option("black", 0.07, "Share of black cells laid out at first", kind=float,
                    low=0, high=0.6, metavar="B"),
             Option("triangles", 0.1, "Share of cells the first answer is asked to hold "
                    "triangles in", kind=float, low=0, high=1, metavar="T"),),
)

__all__ = ["LAYOUT", "make", "mend", "numbered"]
