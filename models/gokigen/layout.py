"""How the generator lays out a Gokigen Naname (the loop is the kit's,
:mod:`cpsolve.grid.generate`): diagonals drawn cell by cell in random order, each the
way that closes no loop (at random where both do not), and every point numbered by the
diagonals that touch it. With every point numbered the answer is the only one (each
number left to fill is forced, point by point in reading order), so there is nothing to
mend; the kit then takes numbers away while one answer stays (``--density``: a share kept
at random first). The layout has no symmetry unless asked (``--symmetry``): published
boards have none.
"""

from __future__ import annotations

import numpy as np

from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.models.gokigen.board import BACKSLASH, SLASH, Answer, Board
from cpsolve.models.gokigen.rules import Forest
from cpsolve.options import Option

TRIES = 50


def numbered(rows: int, cols: int, answer: Answer) -> Board:
    """The board with every point numbered by the diagonals of ``answer``."""
    bare = Board(rows, cols, (None,) * ((rows + 1) * (cols + 1)))
    counts = [0] * len(bare.numbers)
    for cell, d in enumerate(answer):
        for point in bare.ends(cell, d):
            counts[point] += 1
    return Board(rows, cols, tuple(counts))


def diagonals(rows: int, cols: int, rnd: object) -> Answer | None:
    """Diagonals without a loop, drawn in random order (``None`` when a cell is left
    where both ways close one)."""
    import random

    assert isinstance(rnd, random.Random)
    bare = Board(rows, cols, (None,) * ((rows + 1) * (cols + 1)))
    forest = Forest(len(bare.numbers))
    order = list(range(rows * cols))
    rnd.shuffle(order)
    answer = [SLASH] * (rows * cols)
    for cell in order:
        ways = [SLASH, BACKSLASH]
        rnd.shuffle(ways)
        free = [d for d in ways if not forest.joined(*bare.ends(cell, d))]
        if not free:
            return None
        answer[cell] = free[0]
        forest.add(*bare.ends(cell, free[0]), cell)
    return tuple(answer)


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Answer] | None:
    rnd = python_random(rng)
    for _ in range(TRIES):
        answer = diagonals(settings.rows, settings.cols, rnd)
        if answer is not None:
            return numbered(settings.rows, settings.cols, answer), answer
    return None


def mend(board: Board, answer: Answer, other: Answer | None, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Answer] | None:
    """Never called on a board with every point numbered; ``None``: start again."""
    return None


LAYOUT: Layout[Board, Answer] = Layout(
    make=make, mend=mend,
    density=Option("density", 0.0, "Share of the points' numbers kept at random first",
                   kind=float, low=0, high=1, metavar="D"),
    unsymmetric=True,  # none of the 780 janko.at boards of the data set is symmetric
)
