"""How the generator lays out a Sashigane and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): Ls laid at random, each on the first cell no L holds
yet in a random order of the cells, of a random size up to ``--largest`` (the best of a
few layings, the one leaving the fewest cells); the cells no L could take are then left
to the rules' own solver, led by the Ls laid (the answer nearest them,
:meth:`~cpsolve.grid.rules.Statement.nearest`, on a board without clues). A share
``--clued`` of the Ls gets a circle on its corner (numbered at the rate ``--numbered``)
and an arrow on each arm's end; where the answer is open, mending clues the Ls holding
those cells so. The kit then takes clues away while the answer stays pinned down.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from cpsolve.grid.geometry import Grid
from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.models.sashigane.board import CIRCLE, Board, Value
from cpsolve.models.sashigane.rules import STATEMENT, Joins, Shape, cells_of
from cpsolve.options import Option

TRIES = 30  # placements tried for one cell before it is left to the solver
LAYINGS = 8  # layings tried, the one leaving the fewest cells kept


def shapes_at(grid: Grid, cell: int, free: set[int], largest: int,
              rnd: random.Random) -> Shape | None:
    """A random L on free cells that holds ``cell``, of at most ``largest`` cells."""
    cols = grid.cols
    r, c = divmod(cell, cols)
    for _ in range(TRIES):
        size = rnd.randint(3, max(3, largest))
        a = rnd.randint(1, size - 2)
        b = size - 1 - a
        dv, dh = rnd.choice((-1, 1)), rnd.choice((-1, 1))
        cr = r - rnd.choice((0, a)) * dv  # the cell on the vertical arm or the corner
        cc = c
        if rnd.random() < 0.5:
            cr, cc = r, c - rnd.randint(0, b) * dh
        if not (0 <= cr < grid.rows and 0 <= cc < cols and 0 <= cr + a * dv < grid.rows
                and 0 <= cc + b * dh < cols):
            continue
        shape = (cr * cols + cc, dv, a, dh, b)
        cells = cells_of(cols, shape)
        if cell in cells and all(x in free for x in cells):
            return shape
    return None


def joined(grid: Grid, label: list[int]) -> Joins:
    return frozenset((a, b) for a, b in grid.pairs if label[a] == label[b])


def laid(settings: Settings, rnd: random.Random) -> list[int]:
    """Ls laid at random, a label a cell (-1 where none could go)."""
    grid = settings.grid
    free = set(range(grid.cells))
    label = [-1] * grid.cells
    order = list(range(grid.cells))
    rnd.shuffle(order)
    for k, cell in enumerate(order):
        if cell not in free:
            continue
        shape = shapes_at(grid, cell, free, settings.options["largest"], rnd)
        if shape is None:
            continue
        for x in cells_of(grid.cols, shape):
            free.discard(x)
            label[x] = k
    return label


def division(settings: Settings, rnd: random.Random) -> Joins | None:
    """The best of a few random layings of Ls (the fewest cells left), its cells left
    taken into Ls by the rules' solver, led by the Ls laid."""
    grid = settings.grid
    label = min((laid(settings, rnd) for _ in range(LAYINGS)), key=lambda x: x.count(-1))
    led = joined(grid, [x if x >= 0 else -2 - i for i, x in enumerate(label)])
    empty = Board(grid.rows, grid.cols, (None,) * grid.cells)
    found = STATEMENT.nearest(empty, led)
    return found if isinstance(found, frozenset) else None


def ls(grid: Grid, joins: Joins) -> list[tuple[int, list[tuple[int, str]]]]:
    """Each L of a division: its corner, and its arms' ends each with the way an arrow
    there points (to the corner)."""
    label = grid.label_regions(lambda a, b: (a, b) not in joins)
    members: dict[int, list[int]] = {}
    for cell, k in enumerate(label):
        members.setdefault(k, []).append(cell)
    out = []
    for cells in members.values():
        linked = {x: [n for n in grid.neighbours[x] if label[n] == label[x]] for x in cells}
        corner = next(x for x in cells if len(linked[x]) == 2
                      and linked[x][0] // grid.cols != linked[x][1] // grid.cols
                      and linked[x][0] % grid.cols != linked[x][1] % grid.cols)
        cr, cc = divmod(corner, grid.cols)
        tips = []
        for x in cells:
            if len(linked[x]) == 1:
                xr, xc = divmod(x, grid.cols)
                tips.append((x, "n" if xr > cr else "s" if xr < cr else "w" if xc > cc else "e"))
        out.append((corner, tips))
    return out


def clued(grid: Grid, joins: Joins, numbered: float, rnd: random.Random,
          share: float = 1.0) -> Board:
    """A circle on the corner of each L (numbered at the rate ``numbered``) and an arrow
    on each of its arms' ends, on a share ``share`` of the Ls (the others bare)."""
    clues: list[Value] = [None] * grid.cells
    for corner, tips in ls(grid, joins):
        if rnd.random() >= share:
            continue
        size = 1 + sum(abs(x // grid.cols - corner // grid.cols)
                       + abs(x % grid.cols - corner % grid.cols) for x, _ in tips)
        clues[corner] = size if rnd.random() < numbered else CIRCLE
        for x, arrow in tips:
            clues[x] = arrow
    return Board(grid.rows, grid.cols, tuple(clues))


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Joins] | None:
    """Ls laid at random, the corner and arms' ends of a share ``--clued`` of them clued."""
    rnd = python_random(rng)
    joins = division(settings, rnd)
    if joins is None:
        return None
    return clued(settings.grid, joins, settings.options["numbered"], rnd,
                 settings.options["clued"]), joins


def mend(board: Board, joins: Joins, other: Any, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Joins] | None:
    """The Ls holding a cell where the answer is open get their corner's circle and their
    arms' arrows; ``None`` when they have them all."""
    grid, rnd = board.grid, python_random(rng)
    open_cells = {grid.cell(r, c) for r, c in cells}
    changes: dict[int, Value] = {}
    label = grid.label_regions(lambda a, b: (a, b) not in joins)
    touched = {label[x] for x in open_cells}
    for corner, tips in ls(grid, joins):
        if label[corner] not in touched:
            continue
        if board.clues[corner] is None:
            size = sum(1 for x in range(grid.cells) if label[x] == label[corner])
            changes[corner] = size if rnd.random() < settings.options["numbered"] else CIRCLE
        changes.update({x: arrow for x, arrow in tips if board.clues[x] is None})
    if not changes:
        return None
    return board.changed(changes), joins


LAYOUT: Layout[Board, Joins] = Layout(
    make=make, mend=mend,
    density=Option("density", 0.2, "Share of the clues kept at least", kind=float,
                   low=0, high=1, metavar="D"),
    options=(Option("largest", 7, "Most cells in an L as first laid out", kind=int, low=3,
                    metavar="N"),
             Option("numbered", 0.8, "Share of the circles numbered as first laid out",
                    kind=float, low=0, high=1, metavar="P"),
             Option("clued", 0.3, "Share of the Ls clued as first laid out (mending clues "
                    "more where the answer is open)", kind=float, low=0, high=1,
                    metavar="P")),
    symmetries=("none",), smallest=2,
)

__all__ = ["LAYOUT", "clued", "division", "make", "mend"]
