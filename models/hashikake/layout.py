"""How the generator lays out a Hashiwokakero and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): a network grown from one island, each step a bridge
(single, or double three times in ten) from an island picked at random, straight over
free cells to a new island two to six cells away (the nearest more often), never beside
another island, never across a bridge; then bridges between islands that already see
each other, now and then (rings in the network, as published boards have). Every island
is numbered: the published boards give every number. Where the answer is not pinned
down, a bridge there changes: single made double or double single, taken away where the
network holds without it, or split in two by a new island on one of its cells (never
beside another island: published boards have none).
"""

from __future__ import annotations

import numpy as np

from cpsolve.grid.boards import NumberGrid
from cpsolve.grid.layouts import Layout, Settings, python_random
from cpsolve.models.hashikake.check import Bridges
from cpsolve.options import Option

STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
ISLANDS = Option("islands", 0.36, "Share of cells that are islands (janko.at's boards: "
                 "0.2 to 0.38, 0.33 on most)", kind=float, low=0.05, high=0.6)


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

    for _ in range(goal * 200):
        if len(islands) >= goal:
            break
        start = rnd.choice(sorted(islands))
        dr, dc = rnd.choice(STEPS)
        path = [start]
        while len(path) <= 6:
            nxt = grid.step(path[-1], dr, dc)
            if nxt is None or not free(nxt):
                break
            path.append(nxt)
        ends = [k for k in range(2, len(path)) if lonely(path[k], path[k - 1])]
        if not ends:
            continue
        end = ends[0] if rnd.random() < 0.6 else rnd.choice(ends)  # short ones more often
        islands.add(path[end])
        bridge(path[:end + 1], 2 if rnd.random() < 0.3 else 1)
    if len(islands) < 2:
        return None
    for start in rnd.sample(sorted(islands), len(islands)):  # rings now and then
        for dr, dc in STEPS:
            path = [start]
            nxt = grid.step(start, dr, dc)
            while nxt is not None and free(nxt):
                path.append(nxt)
                nxt = grid.step(nxt, dr, dc)
            if nxt is None or nxt not in islands or len(path) < 2 or rnd.random() > 0.45:
                continue
            if (min(start, path[1]), max(start, path[1])) in built:
                continue
            path.append(nxt)
            bridge(path, 2 if rnd.random() < 0.2 else 1)
    answer = frozenset((a, b, n) for (a, b), n in built.items())
    return numbered(settings, islands, answer), answer


def spans(board: NumberGrid, answer: Bridges) -> list[tuple[list[int], int]]:
    """Each bridge of ``answer`` from island to island: its cells, both islands
    included, and its count."""
    count = {(a, b): n for a, b, n in answer}
    cols = board.cols
    out = []
    for start in board.clue_cells:
        for step in (1, cols):
            line = [start]
            while count.get((line[-1], line[-1] + step), 0) and \
                    (len(line) == 1 or board.numbers[line[-1]] is None):
                line.append(line[-1] + step)
            if len(line) > 1:
                out.append((line, count[line[0], line[1]]))
    return out


def joined(islands: set[int], pairs: list[tuple[int, int]]) -> bool:
    """Whether ``pairs`` join every island into one network."""
    near: dict[int, list[int]] = {cell: [] for cell in islands}
    for a, b in pairs:
        near[a].append(b)
        near[b].append(a)
    first = min(islands)
    seen, todo = {first}, [first]
    while todo:
        for other in near[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(islands)


def mend(board: NumberGrid, answer: Bridges, other: Bridges | None,
         cells: set[tuple[int, int]], settings: Settings,
         rng: np.random.Generator) -> tuple[NumberGrid, Bridges] | None:
    """A bridge where the answer is open changed: made single or double, taken away
    where the network holds without it, or split by a new island on one of its cells
    (never beside another island, as published boards have none)."""
    grid = settings.grid
    rnd = python_random(rng)
    islands = set(board.clue_cells)
    near = {grid.cell(r, c) for r, c in cells}
    near |= {o for cell in set(near) for o in grid.neighbours[cell]}
    every = spans(board, answer)
    open_ = [(line, n) for line, n in every if near & set(line)]
    if not open_:
        return None
    line, n = rnd.choice(open_)
    edges = {(min(a, b), max(a, b)) for a, b in zip(line, line[1:])}
    rest = frozenset(e for e in answer if e[:2] not in edges)
    quiet = [c for c in line[1:-1]
             if not any(o in islands for o in grid.neighbours[c])]
    choice = rnd.random()
    if quiet and choice < 0.4:
        return numbered(settings, islands | {rnd.choice(quiet)}, answer), answer
    if choice < 0.7 and joined(islands, [(ln[0], ln[-1]) for ln, _ in every if ln != line]):
        return numbered(settings, islands, rest), rest
    flipped = rest | {(a, b, 3 - n) for a, b in edges}
    return numbered(settings, islands, flipped), flipped


LAYOUT = Layout(make=make, mend=mend, options=(ISLANDS,),
                density=Option("density", 1.0, "Share of the islands' numbers kept at "
                               "least (1: every number, as published boards give them)",
                               kind=float, low=0, high=1),
                symmetries=("none",), smallest=2)
