"""How the generator lays out a Hashiwokakero and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): a network grown from one island, each step a bridge
(single, or double two times in five) from an island picked at random, straight over
free cells to a new island two to six cells away, never beside another island, never
across a bridge; then bridges between islands that already see each other, now and
then (rings in the network, as published boards have). Every island is numbered: the
published boards give every number. Where the answer is not pinned down, a cell on a
bridge there becomes an island of its own, splitting the bridge in two (the answer
stays, the new island numbered by it).
"""

from __future__ import annotations

import numpy as np

from cpsolve.grid.boards import NumberGrid
from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.models.hashikake.check import Bridges
from cpsolve.options import Option

STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
ISLANDS = Option("islands", 0.3, "Share of cells that are islands (janko.at's boards: "
                 "0.2 to 0.37, 0.32 on most)", kind=float, low=0.05, high=0.6)


def numbered(settings: Settings, islands: set[int], bridges: Bridges) -> NumberGrid:
    """The board whose islands are numbered by ``bridges``."""
    grid = settings.grid
    count = dict.fromkeys(islands, 0)
    for a, b, n in bridges:
        for cell in (a, b):
            if cell in count:
                count[cell] += n
    return NumberGrid(grid.rows, grid.cols, tuple(count.get(cell) for cell in range(grid.cells)))


def make(settings: Settings, rng: np.random.Generator) -> tuple[NumberGrid, Bridges] | None:
    """A network of islands and bridges grown at random (see the module)."""
    grid = settings.grid
    rnd = python_random(rng)
    share = settings.options.get("islands", ISLANDS.default)
    goal = max(2, round(share * grid.cells))
    islands = {rnd.randrange(grid.cells)}
    used: set[int] = set()  # cells a bridge crosses
    built: dict[tuple[int, int], int] = {}

    def free(cell: int) -> bool:
        return cell not in islands and cell not in used

    def lonely(cell: int, source: int) -> bool:
        return all(o == source or o not in islands for o in grid.neighbours[cell])

    def bridge(path: list[int], n: int) -> None:
        used.update(path[1:-1])
        for a, b in zip(path, path[1:]):
            built[min(a, b), max(a, b)] = n

    for _ in range(goal * 40):
        if len(islands) >= goal:
            break
        start = rnd.choice(sorted(islands))
        dr, dc = rnd.choice(STEPS)
        length = rnd.randint(2, 6)
        path = [start]
        while len(path) <= length:
            nxt = grid.step(path[-1], dr, dc)
            if nxt is None or not free(nxt):
                break
            path.append(nxt)
        if len(path) <= length or not lonely(path[-1], path[-2]):
            continue
        islands.add(path[-1])
        bridge(path, 2 if rnd.random() < 0.4 else 1)
    if len(islands) < 2:
        return None
    for start in rnd.sample(sorted(islands), len(islands)):  # rings now and then
        for dr, dc in STEPS:
            path = [start]
            nxt = grid.step(start, dr, dc)
            while nxt is not None and free(nxt):
                path.append(nxt)
                nxt = grid.step(nxt, dr, dc)
            if nxt is None or nxt not in islands or len(path) < 2 or rnd.random() > 0.25:
                continue
            if (min(start, path[1]), max(start, path[1])) in built:
                continue
            path.append(nxt)
            bridge(path, 2 if rnd.random() < 0.3 else 1)
    answer = frozenset((a, b, n) for (a, b), n in built.items())
    return numbered(settings, islands, answer), answer


def mend(board: NumberGrid, answer: Bridges, other: Bridges | None,
         cells: set[tuple[int, int]], settings: Settings,
         rng: np.random.Generator) -> tuple[NumberGrid, Bridges] | None:
    """A cell on a bridge where the answer is open (or beside one) made an island."""
    grid = settings.grid
    rnd = python_random(rng)
    islands = set(board.clue_cells)
    crossed = {cell for a, b, _ in answer for cell in (a, b)} - islands
    near = {grid.cell(r, c) for r, c in cells}
    near |= {o for cell in set(near) for o in grid.neighbours[cell]}
    options = sorted(near & crossed)
    if not options:
        return None
    quiet = [c for c in options if not any(o in islands for o in grid.neighbours[c])]
    cell = rnd.choice(quiet or options)
    return numbered(settings, islands | {cell}, answer), answer


LAYOUT = Layout(make=make, mend=mend, options=(ISLANDS,),
                density=Option("density", 1.0, "Share of the islands' numbers kept at "
                               "least (1: every number, as published boards give them)",
                               kind=float, low=0, high=1),
                symmetries=("none",), smallest=2)
