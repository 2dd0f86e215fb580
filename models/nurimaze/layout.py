"""How the generator lays out a Nurimaze and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): a maze grown at random (an unshaded cell added beside
exactly one unshaded cell, so they stay a tree, where it leaves no 2x2 block all
unshaded) until no cell fits, kept when no 2x2 block is all shaded; S and G on two of
its dead ends, far apart; regions grown inside the shaded cells and inside the
unshaded cells, a few cells each; a circle on every cell of the way from S to G and a
triangle on a share of the other unshaded cells (the kit then takes away those the
answer does not need: triangles on every cell would leave few circles, where published
boards have as many circles as triangles). Where the answer is not pinned down, the
region of a cell there joins a region beside it of the same shade (the answer still
holds: fewer regions, fewer shadings).

Mazes are grown without symmetry: a tree has no rotation but about a cell or a side.
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np

from cpsolve.grid.geometry import Grid, renumbered
from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.models.nurimaze.board import CIRCLE, NONE, TRIANGLE, Board
from cpsolve.models.nurimaze.check import route
from cpsolve.options import Option

Shading = frozenset[int]
TRIES = 30  # mazes grown for one layout
REGION = 1.8  # the regions' mean size grown (published 10x10 boards: 1.2 to 2.4 cells)
TRIANGLES = 0.2  # the share of the unshaded cells off the way that get a triangle


def maze(grid: Grid, rnd: random.Random) -> set[int] | None:
    """Unshaded cells grown from a random cell, each added beside exactly one of
    them and closing no 2x2 block, until none fits; ``None`` when a 2x2 block is left
    all shaded."""
    open_ = {rnd.randrange(grid.cells)}
    blocks = [[b for b in grid.blocks if cell in b] for cell in range(grid.cells)]

    def fits(cell: int) -> bool:
        return cell not in open_ and sum(o in open_ for o in grid.neighbours[cell]) == 1 \
            and not any(all(o in open_ or o == cell for o in b) for b in blocks[cell])

    frontier = {o for c in open_ for o in grid.neighbours[c]}
    while True:
        fitting = sorted(c for c in frontier if fits(c))
        if not fitting:
            break
        cell = rnd.choice(fitting)
        open_.add(cell)
        frontier.discard(cell)
        frontier.update(o for o in grid.neighbours[cell] if o not in open_)
    if any(not any(c in open_ for c in b) for b in grid.blocks):
        return None
    return open_


def divided(grid: Grid, open_: set[int], size: float, rnd: random.Random) -> list[int]:
    """Regions of one shade each: from a random cell not yet in one, a region grows
    into cells of its shade beside it to a size drawn around ``size``."""
    label = [-1] * grid.cells
    count = 0
    for cell in rnd.sample(range(grid.cells), grid.cells):
        if label[cell] >= 0:
            continue
        side = cell in open_
        members = [cell]
        label[cell] = count
        want = max(1, round(rnd.expovariate(1 / size))) if size > 1 else 1
        while len(members) < want:
            near = [o for c in members for o in grid.neighbours[c]
                    if label[o] < 0 and (o in open_) == side]
            if not near:
                break
            members.append(rnd.choice(near))
            label[members[-1]] = count
        count += 1
    return renumbered(label)


def ends(grid: Grid, open_: set[int], rnd: random.Random) -> tuple[int, int]:
    """S and G: two dead ends of the maze, the second the farthest from the first of
    a few tried."""
    dead = sorted(c for c in open_ if sum(o in open_ for o in grid.neighbours[c]) <= 1)
    rnd.shuffle(dead)
    best: tuple[int, int, int] | None = None
    for start in dead[:4]:
        far = {start: 0}
        queue = [start]
        for cell in queue:
            for o in grid.neighbours[cell]:
                if o in open_ and o not in far:
                    far[o] = far[cell] + 1
                    queue.append(o)
        goal = max((c for c in dead if c != start), key=lambda c: far[c], default=None)
        if goal is not None and (best is None or far[goal] > best[0]):
            best = (far[goal], start, goal)
    assert best is not None  # a tree of two cells or more has two dead ends
    return best[1], best[2]


def marked(board: Board, shading: Shading, share: float, rnd: random.Random) -> Board:
    """``board`` with a circle on every cell of the way from S to G, a triangle on
    ``share`` of the other unshaded cells (at random)."""
    way = set(route(board, shading) or ())
    marks = tuple(NONE if c in (board.start, board.goal) or c in shading else
                  CIRCLE if c in way else TRIANGLE if rnd.random() < share else NONE
                  for c in range(board.cells))
    return replace(board, marks=marks)


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    grid, rnd = settings.grid, python_random(rng)
    for _ in range(TRIES):
        open_ = maze(grid, rnd)
        if open_ is not None and len(open_) >= 2:
            break
    else:
        return None
    start, goal = ends(grid, open_, rnd)
    region = divided(grid, open_, settings.options.get("region", REGION), rnd)
    shading = frozenset(c for c in range(grid.cells) if c not in open_)
    board = Board(grid.rows, grid.cols, tuple(region), start, goal, (NONE,) * grid.cells)
    return marked(board, shading, settings.options.get("triangles", TRIANGLES), rnd), shading


def mend(board: Board, shading: Shading, other: Shading | None, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """The region of a cell where solutions differ (or beside one) joined to a region
    beside it of the same shade; ``None`` when none can join."""
    grid, rnd = board.grid, python_random(rng)
    near = sorted(grid.cell(r, c) for r, c in cells)
    around = sorted({o for c in near for o in grid.neighbours[c]} - set(near))
    for tier in (near, around):
        rnd.shuffle(tier)
        for cell in tier:
            mine = board.region[cell]
            joins = sorted({board.region[o] for c in board.region_cells[mine]
                            for o in grid.neighbours[c]
                            if board.region[o] != mine and (o in shading) == (c in shading)})
            if joins:
                into = rnd.choice(joins)
                region = renumbered([mine if k == into else k for k in board.region])
                return replace(board, region=tuple(region)), shading
    return None


LAYOUT: Layout[Board, Shading] = Layout(
    make=make, mend=mend,
    density=Option("density", 0.0, "Share of the circles and triangles kept at least",
                   kind=float, low=0, high=1, metavar="D"),
    options=(Option("region", REGION, "The regions' mean size a layout grows them to, before "
                    "mending joins some", kind=float, low=1, high=50, metavar="N"),
             Option("triangles", TRIANGLES, "The share of the unshaded cells off the way "
                    "from S to G a layout gives a triangle (every cell on it a circle)",
                    kind=float, low=0, high=1, metavar="T")),
    symmetries=("none",),
    smallest=2,
)
