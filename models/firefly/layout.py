"""How the generator lays out a Hotaru Beam and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): a network of lines grown a firefly at a time, until about
``--density`` of the cells are fireflies. The first firefly stands at random. A firefly
whose dot has no line yet sends one on a random walk through free cells (straight ahead
more often than not, a few cells long, never into a pocket it cannot leave) that ends at
a new firefly, or at a body beside it once the network is large enough; half the time a
new firefly comes in from outside instead, its line a walk out of a free side of the
network's fireflies. A firefly stuck where its dot has nowhere to go takes back the line
that made it. Every firefly gets the number of its line's turns, and the kit takes the
smallest away first. Where the answer is not pinned down (cells another answer's line
runs through first), a line is bent through a free such cell and a free neighbour; else
a new firefly stands on a free such cell, its line winding into the network; else a line
through such a cell (or beside it) is cut there by a new firefly whose dot carries it
on. Bending first keeps the fireflies few and their numbers as large as published ones
(10x10, seeds 1-6: a mean number of 1.64 in the median, where cutting alone left 0.6).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from cpsolve.grid.arrows import STEPS, Arrow, ArrowGrid
from cpsolve.grid.geometry import Grid
from cpsolve.grid.hints import Clue
from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.options import Option

Lines = frozenset[tuple[int, int]]
Path = list[int]  # a line's cells, from the firefly whose dot it leaves to a body
WAYS = {STEPS[name]: name for name in STEPS}
AHEAD = 0.3  # how often a walk goes straight on by choice (it may also by chance)
SPROUT = 6  # cells a mending firefly's line winds through before it may end
GROWTHS = 4  # walks tried from a free open cell


def turns(grid: Grid, path: Path) -> int:
    """How often ``path`` turns."""
    return sum(1 for a, b, c in zip(path, path[1:], path[2:]) if b - a != c - b)


def board_of(grid: Grid, paths: list[Path]) -> tuple[ArrowGrid, Lines]:
    """The board whose fireflies are the paths' ends, each with its dot towards its own
    line and that line's turns for its number, and the answer."""
    clues: list[Arrow | None] = [None] * grid.cells
    for path in paths:
        for end in (path[0], path[-1]):
            clues[end] = clues[end] or Arrow(None, None)
    lines: set[tuple[int, int]] = set()
    for path in paths:
        (r0, c0), (r1, c1) = grid.rc(path[0]), grid.rc(path[1])
        clues[path[0]] = Arrow(turns(grid, path), WAYS[r1 - r0, c1 - c0])
        lines.update((min(a, b), max(a, b)) for a, b in zip(path, path[1:]))
    return ArrowGrid(grid.rows, grid.cols, tuple(clues)), frozenset(lines)


def paths_of(board: ArrowGrid, lines: Lines) -> list[Path]:
    """The answer's lines, each walked from its firefly's dot to a body."""
    grid = board.grid
    near: dict[int, list[int]] = {cell: [] for cell in range(grid.cells)}
    for a, b in lines:
        near[a].append(b)
        near[b].append(a)
    found: list[Path] = []
    for cell in board.clue_cells:
        clue = board.clues[cell]
        if clue is None or clue.direction is None:
            continue
        nxt = grid.step(cell, *STEPS[clue.direction])
        if nxt is None:
            continue
        path = [cell, nxt]
        while board.clues[path[-1]] is None:
            path.append(next(o for o in near[path[-1]] if o != path[-2]))
        found.append(path)
    return found


def _walk(grid: Grid, start: int, taken: set[int], circles: dict[int, str | None],
          grow: bool, rnd: random.Random) -> Path | None:
    """A line from the firefly at ``start``: a random walk through free cells, ending
    at a body beside it (a side that is not a dot) or, with ``grow``, at a new
    firefly."""
    path = [start]
    goal = rnd.randint(3, 8)
    while True:
        here = path[-1]
        bodies = [o for o in grid.neighbours[here] if o in circles and o != start
                  and not _faces(grid, o, here, circles)]
        free = [o for o in grid.neighbours[here] if o not in taken and o not in circles
                and o not in path]
        if len(path) > 1 and bodies and (not grow or not free or (
                len(path) > goal and rnd.random() < 0.25)):
            return [*path, rnd.choice(bodies)]
        if not free:
            if len(path) > 2:
                return path  # the last cell becomes a new firefly
            return [*path, bodies[0]] if bodies else None

        def onward(cell: int, here: int = here) -> int:
            return sum(1 for o in grid.neighbours[cell] if o != here and (
                (o not in taken and o not in circles and o not in path)
                or (o in circles and o != start and not _faces(grid, o, cell, circles))))

        free = [o for o in free if onward(o)] or free  # no step into a pocket
        if grow and len(path) > goal and rnd.random() < 0.5:
            return [*path, rnd.choice(free)]
        ahead = [o for o in free if len(path) > 1 and o - here == here - path[-2]]
        step = ahead[0] if ahead and rnd.random() < AHEAD else rnd.choice(free)
        path.append(step)


def _faces(grid: Grid, circle: int, cell: int, circles: dict[int, str | None]) -> bool:
    way = circles[circle]
    return way is not None and grid.step(circle, *STEPS[way]) == cell


def _branch(grid: Grid, taken: set[int], circles: dict[int, str | None],
            rnd: random.Random) -> Path | None:
    """A new firefly whose line ends at a body of the network: a random walk out of a
    firefly's free side (not its dot) through free cells, the new firefly where it
    stops, its line the walk back."""
    sides = [(c, o) for c in circles for o in grid.neighbours[c]
             if o not in taken and o not in circles and not _faces(grid, c, o, circles)]
    if not sides:
        return None
    body, cell = rnd.choice(sides)
    walk = [body, cell]
    for _ in range(rnd.randint(1, 7)):
        here = walk[-1]
        free = [o for o in grid.neighbours[here] if o not in taken and o not in circles
                and o not in walk and not any(n in walk[:-1] for n in grid.neighbours[o]
                                              if n != here)]
        if not free:
            break
        ahead = [o for o in free if o - here == here - walk[-2]]
        walk.append(ahead[0] if ahead and rnd.random() < AHEAD else rnd.choice(free))
    return walk[::-1]


def grown(grid: Grid, density: float, rnd: random.Random) -> list[Path] | None:
    """A network of lines grown a firefly at a time (see the module docstring)."""
    first = rnd.randrange(grid.cells)
    circles: dict[int, str | None] = {first: None}
    taken: set[int] = set()
    waiting = [first]
    paths: list[Path] = []
    tries = 4 * grid.cells
    while waiting or len(circles) < density * grid.cells:
        grow = len(circles) < density * grid.cells
        if grow and (not waiting or rnd.random() < 0.5):
            path = _branch(grid, taken, circles, rnd)
            if path is None:
                if not waiting:
                    break
                continue
        else:
            here = waiting.pop(rnd.randrange(len(waiting)))
            path = _walk(grid, here, taken, circles, grow, rnd)
            if path is None or len(path) < 2:
                # Stuck in a pocket: the line that made this firefly is taken back,
                # and the firefly it left sends another.
                tries -= 1
                ending = [p for p in paths if p[-1] == here]
                if len(ending) != 1 or tries <= 0:
                    return None  # the firefly holds other lines too
                made = ending[0]
                paths.remove(made)
                taken.difference_update(made[1:-1])
                del circles[here]
                circles[made[0]] = None
                waiting.append(made[0])
                continue
        start, end = path[0], path[-1]
        (r0, c0), (r1, c1) = grid.rc(start), grid.rc(path[1])
        circles[start] = WAYS[r1 - r0, c1 - c0]
        taken.update(path[1:-1])
        if end not in circles:
            circles[end] = None
            waiting.append(end)
        paths.append(path)
    return paths


def make(settings: Settings, rng: np.random.Generator) -> tuple[ArrowGrid, Lines] | None:
    """A grown network, every firefly numbered."""
    rnd = python_random(rng)
    grid = settings.grid
    paths = grown(grid, settings.density, rnd)
    if paths is None or len(paths) < 2:
        return None
    return board_of(grid, paths)


def _sprout(grid: Grid, start: int, taken: set[int], circles: dict[int, str | None],
            rnd: random.Random) -> Path | None:
    """A new firefly on the free cell ``start``, its line a random walk through free
    cells, turning more often than not, into a body beside it (a side that is not a
    dot); ``None`` when the walk finds none."""
    path = [start]
    for _ in range(2 * SPROUT):
        here = path[-1]
        bodies = [o for o in grid.neighbours[here] if o in circles
                  and not _faces(grid, o, here, circles)]
        if len(path) > 1 and bodies and (len(path) > SPROUT or rnd.random() < 0.3):
            return [*path, rnd.choice(bodies)]
        free = [o for o in grid.neighbours[here] if o not in taken and o not in circles
                and o not in path]
        if not free:
            return None
        turning = [o for o in free if len(path) < 2 or o - here != here - path[-2]]
        path.append(rnd.choice(turning if turning and rnd.random() < 0.7 else free))
    return None


def _detour(grid: Grid, paths: list[Path], cell: int, free: set[int],
            circles: dict[int, str | None], rnd: random.Random) -> list[Path] | None:
    """The paths with one line bent through the free cell ``cell`` and a free
    neighbour of it: a step a-b of the line beside them becomes a-cell-x-b (two more
    turns, the room another answer's line took filled, no firefly added)."""
    rc = grid.rc
    found = []
    for x in grid.neighbours[cell]:
        if x not in free:
            continue
        for k, path in enumerate(paths):
            for i, (a, b) in enumerate(zip(path, path[1:])):
                for one, two in ((cell, x), (x, cell)):
                    if (a in grid.neighbours[one] and b in grid.neighbours[two]
                            and (rc(a)[0] - rc(one)[0], rc(a)[1] - rc(one)[1])
                            == (rc(b)[0] - rc(two)[0], rc(b)[1] - rc(two)[1])
                            and not (i + 2 == len(path) and _faces(grid, b, two, circles))):
                        found.append((k, i, one, two))
    if not found:
        return None
    k, i, one, two = rnd.choice(sorted(found))
    bent = list(paths)
    bent[k] = [*paths[k][:i + 1], one, two, *paths[k][i + 1:]]
    return bent


def mend(board: ArrowGrid, lines: Lines, other: Lines | None, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[ArrowGrid, Lines] | None:
    """Where the answer is open (cells another answer's line runs through first): a
    line bent through a free such cell and a free neighbour; else a new firefly on a
    free such cell, its line winding into the network; else a line through such a
    cell (or beside one) cut there by a new firefly; ``None`` when none is found."""
    rnd = python_random(rng)
    grid = board.grid
    paths = paths_of(board, lines)
    on = {cell: (k, i) for k, path in enumerate(paths) for i, cell in enumerate(path[1:-1], 1)}
    circles: dict[int, str | None] = {
        cell: None if clue is None else clue.direction
        for cell, clue in enumerate(board.clues) if clue is not None}
    open_ = sorted(grid.cell(r, c) for r, c in cells)
    rnd.shuffle(open_)
    crossed = {cell for pair in other or () for cell in pair}
    open_.sort(key=lambda cell: cell not in crossed)  # where another answer's line runs
    free = {cell for cell in range(grid.cells) if cell not in on and cell not in circles}
    for cell in open_:
        if cell in free and (bent := _detour(grid, paths, cell, free, circles, rnd)):
            return board_of(grid, bent)
    for cell in open_:
        if cell not in free:
            continue
        for _ in range(GROWTHS):
            path = _sprout(grid, cell, set(on), circles, rnd)
            if path is not None:
                return board_of(grid, [*paths, path])
    for cell in open_:
        near = [cell] + [o for o in grid.neighbours[cell]]
        hit = [o for o in near if o in on]
        if not hit:
            continue
        k, i = on[hit[0]]
        path = paths[k]
        paths[k:k + 1] = [path[:i + 1], path[i:]]
        return board_of(grid, paths)
    return None


def first(clues: Sequence[Clue], lines: Lines) -> list[float]:
    """Small numbers are taken away first: a line's turns left to count are what a
    solver works out, a straight line's 0 is read at a glance."""
    return [-(clue.number or 0) for clue in clues]


LAYOUT: Layout[ArrowGrid, Lines] = Layout(
    make=make, mend=mend, first=first,
    density=Option("density", 0.14, "Share of cells that are fireflies", kind=float,
                   low=0.02, high=0.6),
    clued=False, symmetries=("none",))
