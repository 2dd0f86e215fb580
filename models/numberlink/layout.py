"""How the generator lays out a Numberlink and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): every cell starts as a path of its own; paths whose ends
touch are joined at random, never so that a path runs beside itself (a path that does
has a shortcut, or under the fill rule a second way round), until about ``--density``
of the cells are ends; a cell left alone joins a path beside it (under the fill rule)
or stays empty. Where the answer is not pinned down, a path there is cut in two and
the new half gets a number of its own.
"""

from __future__ import annotations

import random

import numpy as np

from cpsolve.grid.generate import Layout, Settings
from cpsolve.grid.geometry import Grid
from cpsolve.grid.randomloop import seeded
from cpsolve.models.numberlink.board import Board, Paths
from cpsolve.options import Option

SHORTEST = 3  # the fewest cells of a path the generator lays out (a shorter one is trivial)


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


def _beside_itself(grid: Grid, first: list[int], second: list[int], owner: list[int],
                   a: int, b: int) -> bool:
    """Whether joining ``first`` (ending at ``a``) and ``second`` (starting at ``b``)
    would put two cells of one path side by side that the path does not join."""
    small, other = (first, second) if len(first) <= len(second) else (second, first)
    mine = owner[other[0]]
    return any(owner[n] == mine and {cell, n} != {a, b}
               for cell in small for n in grid.neighbours[cell])


def random_paths(grid: Grid, target: int, rnd: random.Random) -> list[list[int]]:
    """Paths covering the grid (single cells among them), joined at random while more
    than ``target`` remain."""
    paths: dict[int, list[int]] = {cell: [cell] for cell in range(grid.cells)}
    owner = list(range(grid.cells))
    edges = list(grid.edges)
    joined = True
    while joined and len(paths) > target:
        joined = False
        rnd.shuffle(edges)
        for a, b in edges:
            if len(paths) <= target:
                break
            pa, pb = owner[a], owner[b]
            if pa == pb:
                continue
            first, second = paths[pa], paths[pb]
            if a not in (first[0], first[-1]) or b not in (second[0], second[-1]):
                continue
            if _beside_itself(grid, first, second, owner, a, b):
                continue
            if first[-1] != a:
                first.reverse()
            if second[0] != b:
                second.reverse()
            first.extend(second)
            for cell in second:
                owner[cell] = pa
            del paths[pb]
            joined = True
    return list(paths.values())


def _absorb(grid: Grid, paths: list[list[int]], rnd: random.Random) -> list[list[int]] | None:
    """Every single cell joined to a path beside it: at an end, or by cutting the path
    there (both halves keeping two cells); ``None`` when a cell cannot join."""
    alone = [p[0] for p in paths if len(p) == 1]
    paths = [p for p in paths if len(p) > 1]
    for cell in alone:
        placed = False
        for n in rnd.sample(grid.neighbours[cell], len(grid.neighbours[cell])):
            path = next(p for p in paths if n in p)
            i = path.index(n)
            if i == len(path) - 1:
                path.append(cell)
            elif i == 0:
                path.insert(0, cell)
            elif i + 1 >= 2 and len(path) - i - 1 >= 2:
                paths.remove(path)
                paths += [path[:i + 1] + [cell], path[i + 1:]]
            elif i >= 2:
                paths.remove(path)
                paths += [path[:i], [cell] + path[i:]]
            else:
                continue
            placed = True
            break
        if not placed:
            return None
    return paths


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Paths] | None:
    """Random paths with about ``density`` of the cells for ends; under the fill rule
    every cell on one."""
    rnd = seeded(rng)
    grid = settings.grid
    fill = bool(settings.options.get("fill", False))
    target = max(1, round(settings.density * grid.cells / 2))
    laid = random_paths(grid, target, rnd)
    if fill:
        absorbed = _absorb(grid, laid, rnd)
        if absorbed is None:
            return None
        paths = absorbed
    else:
        paths = [p for p in laid if len(p) >= SHORTEST]
    if not paths:
        return None
    return board_of(settings, paths, fill)


def walk(board: Board, paths: Paths) -> list[list[int]]:
    """The answer's paths, each as its cells from one end to the other."""
    links: list[list[int]] = [[] for _ in range(board.cells)]
    for a, b in paths:
        links[a].append(b)
        links[b].append(a)
    out: list[list[int]] = []
    seen: set[int] = set()
    for start in board.ends:
        if start in seen:
            continue
        path, previous, cell = [start], -1, start
        while True:
            step = [o for o in links[cell] if o != previous]
            if not step:
                break
            previous, cell = cell, step[0]
            path.append(cell)
        seen.update((path[0], path[-1]))
        out.append(path)
    return out


def mend(board: Board, paths: Paths, other: Paths | None, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Paths] | None:
    """A path through (or nearest to) a cell where the answer is open cut in two, the
    half a new pair of numbers; ``None`` when no path there has four cells."""
    rnd = seeded(rng)
    grid = board.grid
    lines = walk(board, paths)
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
    density=Option("density", 0.16, "Share of the cells that hold a number at first "
                   "(mending adds pairs)", kind=float, low=0.02, high=1, metavar="D"),
    clued=False, symmetries=("none",), smallest=2,
)
