"""How the generator lays out a Numberlink and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): paths grown one after another from the free cell with
the fewest free neighbours, each step into the free cell with the fewest free
neighbours that touches no other cell of its own path (a path beside itself has a
shortcut, or under the fill rule often a second way round), about ``2 / --density``
cells long; a cell left alone joins a path beside it, under either rule (an empty cell
beside a path lets it detour where the fill rule does not forbid it). Where the answer
is not pinned down, a path there is cut in two and the new half gets a number of its
own.
"""

from __future__ import annotations

import random

import numpy as np

from cpsolve.grid import loops
from cpsolve.grid.geometry import Grid
from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.models.numberlink.board import Board, Paths
from cpsolve.options import Option


def board_of(settings: Settings, paths: list[list[int]], fill: bool) -> tuple[Board, Paths]:
    """The board whose numbers are the ends of ``paths`` (numbered 1, 2, ... in reading
    order of their first end) and the answer."""
    grid = settings.grid
    numbers: list[int | None] = [None] * grid.cells
    order = sorted((p for p in paths if len(p) >= 2), key=lambda p: min(p[0], p[-1]))
    edges: set[tuple[int, int]] = set()
    for k, path in enumerate(order, 1):
        numbers[path[0]] = numbers[path[-1]] = k
        edges.update((min(a, b), max(a, b)) for a, b in zip(path, path[1:]))
    return Board(grid.rows, grid.cols, tuple(numbers), fill), frozenset(edges)


def grown_paths(grid: Grid, density: float, rnd: random.Random) -> list[list[int]]:
    """Paths grown one after another, each from the free cell with the fewest free
    neighbours, a step at a time into a free neighbour that touches no other cell of its
    own path (the one with the fewest free neighbours first, ties at random: paths hug
    the walls and each other), for about ``2 / density`` cells or until stuck at both
    ends; single cells among them where no path reached."""
    free = set(range(grid.cells))
    owner = [-1] * grid.cells
    longest = max(3, round(2 / max(density, 0.02)))
    paths: list[list[int]] = []

    def onward(cell: int) -> int:
        return sum(1 for n in grid.neighbours[cell] if n in free)

    while free:
        start = min(free, key=lambda c: (onward(c), rnd.random()))
        k = len(paths)
        path = [start]
        free.discard(start)
        owner[start] = k
        turned = False
        goal = rnd.randint(max(3, longest // 2), longest * 3 // 2)
        while len(path) < goal:
            end = path[-1]
            options = [n for n in grid.neighbours[end] if n in free and not any(
                owner[m] == k and m != end for m in grid.neighbours[n])]
            if not options:
                if turned:
                    break
                path.reverse()
                turned = True
                continue
            step = min(options, key=lambda c: (onward(c), rnd.random()))
            path.append(step)
            free.discard(step)
            owner[step] = k
        paths.append(path)
    return paths


def _absorb(grid: Grid, paths: list[list[int]], rnd: random.Random) -> list[list[int]] | None:
    """Every single cell joined to a path beside it: at an end, or by cutting the path
    there (both halves keeping two cells); ``None`` when a cell cannot join."""
    alone = [p[0] for p in paths if len(p) == 1]
    paths = [p for p in paths if len(p) > 1]
    for cell in alone:
        for n in rnd.sample(grid.neighbours[cell], len(grid.neighbours[cell])):
            path = next(p for p in paths if n in p)
            i = path.index(n)
            if i in (0, len(path) - 1):
                path.insert(0 if i == 0 else i + 1, cell)
            elif len(path) - i - 1 >= 2:
                paths.remove(path)
                paths += [path[:i + 1] + [cell], path[i + 1:]]
            elif i >= 2:
                paths.remove(path)
                paths += [path[:i], [cell] + path[i:]]
            else:
                continue
            break
        else:
            return None
    return paths


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Paths] | None:
    """Random paths with about ``density`` of the cells for ends, every cell on one
    (under either rule: an empty cell beside a path lets it detour, where the fill
    rule does not forbid it)."""
    rnd = python_random(rng)
    grid = settings.grid
    fill = bool(settings.options.get("fill", False))
    paths = _absorb(grid, grown_paths(grid, settings.density, rnd), rnd)
    if not paths:
        return None
    return board_of(settings, paths, fill)


def mend(board: Board, paths: Paths, other: Paths | None, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Paths] | None:
    """A path through (or nearest to) a cell where the answer is open cut in two, the
    half a new pair of numbers; ``None`` when no path there has four cells."""
    rnd = python_random(rng)
    grid = board.grid
    lines = loops.lines(loops.linked(grid, paths)[0], board.ends)
    where = {cell: k for k, path in enumerate(lines) for cell in path}
    long = [cell for cell in where if len(lines[where[cell]]) >= 4]
    if not long or not cells:
        return None
    tr, tc = rnd.choice(sorted(cells))
    cell = min(long, key=lambda c: (abs(grid.rc(c)[0] - tr) + abs(grid.rc(c)[1] - tc), c))
    path = lines[where[cell]]
    i = min(max(path.index(cell), 2), len(path) - 2)
    rest = [p for k, p in enumerate(lines) if k != where[cell]]
    return board_of(settings, [*rest, path[:i], path[i:]], board.fill)


LAYOUT: Layout[Board, Paths] = Layout(
    make=make, mend=mend,
    density=Option("density", 0.1, "Share of the cells that hold a number at first "
                   "(mending adds pairs)", kind=float, low=0.02, high=1, metavar="D"),
    clued=False, symmetries=("none",), smallest=2,
)
