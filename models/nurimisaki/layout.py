"""How the generator lays out a Nurimisaki and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): the unshaded cells are grown as a maze from one cell
(with its images under the symmetry), orbit by orbit, each new cell beside the maze and
never closing a 2x2 block of unshaded cells, the cells of 2x2 blocks still all shaded
taken first, until no such block is left and the maze has its share of the board
(``--unshaded``; each cell more is a branch, and a cape more); a layout whose maze is
not in one piece is tried again. Every cape of the maze gets a circle with its run's
length; the kit then takes numbers away (circles stay) while the answer stays pinned
down. Where it is not, the cell there or beside it whose change of side circles the
most cells there changes (with its images, the shading kept valid), and the circles are
drawn again.
"""

from __future__ import annotations

import random

import numpy as np

from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.connectivity import components
from cpsolve.grid.geometry import Grid
from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.options import Option

Shading = frozenset[int]
TRIES = 30  # mazes tried before giving a layout up


def _blocks_of(grid: Grid) -> list[list[tuple[int, int, int, int]]]:
    """The 2x2 blocks each cell is in."""
    out: list[list[tuple[int, int, int, int]]] = [[] for _ in range(grid.cells)]
    for block in grid.blocks:
        for cell in block:
            out[cell].append(block)
    return out


def valid(grid: Grid, open_: set[int]) -> bool:
    """Whether the unshaded cells ``open_`` make a shading the rules allow, circles
    apart: a cell shaded, no 2x2 block all of one side, the unshaded cells connected."""
    return (0 < len(open_) < grid.cells
            and all(0 < len(open_.intersection(b)) < 4 for b in grid.blocks)
            and len(components(sorted(open_), grid.neighbours)) == 1)


def maze(grid: Grid, symmetry: str, rnd: random.Random, share: float = 0.0
         ) -> set[int] | None:
    """Unshaded cells grown as the module docstring says, on while they are fewer than
    ``share`` of the board and a cell fits (``None``: not in one piece)."""
    blocks_of = _blocks_of(grid)
    open_: set[int] = set()

    def fits(orbit: list[int]) -> bool:
        after = open_.union(orbit)
        return all(y not in open_ for y in orbit) and not any(
            set(b) <= after for y in orbit for b in blocks_of[y])

    seed = grid.orbit(rnd.randrange(grid.cells), symmetry)
    if not fits(seed):
        return None
    open_.update(seed)
    while True:
        shaded_blocks = [b for b in grid.blocks if not open_.intersection(b)]
        if not shaded_blocks and len(open_) >= share * grid.cells:
            break
        in_block = {c for b in shaded_blocks for c in b}
        frontier = [c for c in range(grid.cells) if c not in open_
                    and any(o in open_ for o in grid.neighbours[c])]
        rnd.shuffle(frontier)
        frontier.sort(key=lambda c: c not in in_block)
        for cell in frontier:
            orbit = grid.orbit(cell, symmetry)
            if fits(orbit):
                open_.update(orbit)
                break
        else:
            if shaded_blocks:
                return None
            break  # no cell fits any more: the maze stays short of its share
    return open_ if valid(grid, open_) else None


def circled(grid: Grid, open_: set[int]) -> tuple[int | None, ...]:
    """Every cape of the unshaded cells ``open_`` circled, with its run's length."""
    numbers: list[int | None] = [None] * grid.cells
    for cell in open_:
        near = [o for o in grid.neighbours[cell] if o in open_]
        if len(near) != 1:
            continue
        (r, c), (nr, nc) = grid.rc(cell), grid.rc(near[0])
        run = 1
        for other in grid.ray(cell, nr - r, nc - c):
            if other not in open_:
                break
            run += 1
        numbers[cell] = run
    return tuple(numbers)


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """A maze with the symmetry, its capes circled and numbered (``None``: none found)."""
    rnd = python_random(rng)
    grid = settings.grid
    for _ in range(TRIES):
        open_ = maze(grid, settings.symmetry, rnd, settings.options["unshaded"])
        if open_ is not None:
            return (Board(grid.rows, grid.cols, circled(grid, open_)),
                    frozenset(range(grid.cells)) - open_)
    return None


def mend(board: Board, shading: Shading, other: Shading | None, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """A cell where the answer is open, or beside one, changed to the other side with
    its images, where the shading stays valid: of those changes, one that circles most
    cells there (a cape where solutions differed pins them down; ties at random); the
    circles drawn again (``None``: no cell could change)."""
    rnd = python_random(rng)
    grid = board.grid
    near = [grid.cell(r, c) for r, c in sorted(cells)]
    around = sorted({o for cell in near for o in grid.neighbours[cell]} - set(near))
    place = set(near) | set(around)
    open_ = set(range(grid.cells)) - shading
    best: list[tuple[float, set[int]]] = []
    for cell in near + around:
        orbit = set(grid.orbit(cell, settings.symmetry))
        changed = open_ - orbit if cell in open_ else open_ | orbit
        if valid(grid, changed):
            numbers = circled(grid, changed)
            best.append((sum(numbers[c] is not None for c in place) + rnd.random(), changed))
    if not best:
        return None
    changed = max(best, key=lambda pair: pair[0])[1]
    return (Board(grid.rows, grid.cols, circled(grid, changed)),
            frozenset(range(grid.cells)) - changed)


LAYOUT: Layout[Board, Shading] = Layout(
    make=make, mend=mend,
    density=Option("density", 0.0, "Share of the circles' numbers kept at least", kind=float,
                   low=0, high=1, metavar="D"),
    options=(Option("unshaded", 0.6, "Share of the board the maze grows to, where cells "
                    "fit (janko.at's 10x10 boards: 0.47 to 0.64)", kind=float, low=0, high=1,
                    metavar="S"),),
)

__all__ = ["LAYOUT", "circled", "make", "maze", "mend", "valid"]
