"""Graphs of grid cells: walls, distances, bounds, and when tokens sliding through one
hole can reach a goal arrangement.

The framework knows no particular puzzle: cells are integers ``r * width + c``,
walls are cells left out of the graph, tokens are any hashable labels. Sliding-tile
puzzles are "pebble motion" on the free-cell graph: one hole (the blank), every move
swaps it with a neighbouring token.

A graph here is plain data, each node's neighbours (:data:`Adjacency`), which
``networkx.from_dict_of_lists`` reads as it is: graph algorithms come from networkx,
imported by the code that runs them (:mod:`cpsolve.models.sliding.stages`), never on
the way to a solve (importing networkx takes 0.19 s of CPU; a whole ``cpsolve slide``
of a 3x3 board by SAT takes 0.34 s). What every solve needs before its search comes
from kernels: the all-pairs distance table (:func:`distance_table`), whose rows say
what the blank reaches and, by their parities, whether the graph is two-coloured; and
:func:`two_connected`, which the stages compile for their inner loop (hundreds of
thousands of candidate regions on the DevQuiz boards) and a verdict runs once as it
is. The tests hold both to networkx's answers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence

import numpy as np

from cpsolve.combinatorics import permutation_parity
from cpsolve.search.lowpoints import low_points
from cpsolve.verdict import Verdict

# Each node's neighbours, nodes and neighbours in increasing order (so every walk over
# a graph is the same on every run): what networkx.from_dict_of_lists takes.
Adjacency = Mapping[int, tuple[int, ...]]


def grid_graph(width: int, height: int, walls: Iterable[int] = ()) -> dict[int, tuple[int, ...]]:
    """The 4-neighbour graph of the cells that are not walls, as each cell's neighbours.

    >>> grid_graph(2, 2, walls=[3])
    {0: (1, 2), 1: (0,), 2: (0,)}
    """
    blocked = set(walls)
    adjacency: dict[int, tuple[int, ...]] = {}
    for cell in range(width * height):
        if cell in blocked:
            continue
        r, c = divmod(cell, width)
        adjacency[cell] = tuple(other for other, inside in (
            (cell - width, r > 0), (cell - 1, c > 0), (cell + 1, c + 1 < width),
            (cell + width, r + 1 < height)) if inside and other not in blocked)
    return adjacency


def neighbour_table(graph: Adjacency, cells: int) -> np.ndarray:
    """``nbr[cell, j]``: the neighbours of each of ``cells`` cells, padded with -1 (a
    cell outside the graph has none): the graph as the kernels read it.

    >>> neighbour_table(grid_graph(3, 1, walls=[2]), 3).tolist()
    [[1], [0], [-1]]
    """
    width = max((len(around) for around in graph.values()), default=0)
    out = np.full((cells, max(1, width)), -1, dtype=np.int64)
    for cell, around in graph.items():
        if 0 <= cell < cells:
            out[cell, :len(around)] = around
    return out


def two_connected(nbr: Sequence[Sequence[int]], inside: Sequence[bool]) -> bool:
    """Whether the cells marked ``inside`` form a 2-connected graph along ``nbr`` (each
    cell's neighbours, maybe padded with -1, as in a :func:`neighbour_table`): at
    least two, connected, and no cell whose removal disconnects the rest (networkx's
    ``is_biconnected``). Compiled: :func:`cpsolve.search.distances.two_connected`.

    >>> nbr = list(grid_graph(3, 2).values())
    >>> two_connected(nbr, [True] * 6), two_connected(nbr, [True, True, False, True, True, True])
    (True, False)
    """
    cells = len(nbr)
    return low_points(nbr, inside, [-1] * cells, [0] * cells, [0] * cells, [0] * cells,
                      [0] * cells)


COMPILED_FROM = 400  # cells: larger boards' distance tables are found by compiled code


def distance_table(graph: Adjacency, cells: int,
                   sources: Sequence[int] | None = None) -> np.ndarray:
    """All shortest-path lengths (BFS around the walls); -1 where unreachable: a row
    for each of ``cells`` cells, or for each of ``sources`` (those rows alone).

    >>> distance_table(grid_graph(3, 1, walls=[1]), 3).tolist()
    [[0, -1, -1], [-1, -1, -1], [-1, -1, 0]]
    >>> distance_table(grid_graph(3, 1), 3, sources=[2]).tolist()
    [[2, 1, 0]]
    """
    rows = range(cells) if sources is None else sources
    if cells <= COMPILED_FROM:
        # Small boards in Python: loading numba and the compiled search would cost a
        # second on every solve of a board that takes milliseconds.
        neighbours = [graph.get(cell, ()) for cell in range(cells)]
        out = np.full((len(rows), cells), -1, dtype=np.int32)
        for row, source in zip(out, rows):
            if source not in graph:
                continue
            layer, steps = [source], 0
            row[source] = 0
            while layer:
                steps += 1
                following = []
                for cell in layer:
                    for other in neighbours[cell]:
                        if row[other] < 0:
                            row[other] = steps
                            following.append(other)
                layer = following
        return out
    from cpsolve.search.distances import distances

    # Compiled breadth-first search from every cell: networkx's all-pairs lengths, a
    # Python dict per cell, took 15 s on a 50x50 board.
    seeds = np.zeros((len(rows), cells), dtype=bool)
    for index, source in enumerate(rows):
        seeds[index, source] = source in graph
    return distances(neighbour_table(graph, cells), seeds, np.int32)


def nearest_goal_bound(dist: np.ndarray, start: Mapping[int, Hashable],
                       goal: Mapping[int, Hashable]) -> int | None:
    """Sum over tokens of the distance to the nearest goal cell holding the same label.

    Admissible: a move shifts one token by one cell. ``None`` when some token cannot
    reach any goal cell of its label.
    """
    goals: dict[Hashable, list[int]] = {}
    for cell, label in goal.items():
        goals.setdefault(label, []).append(cell)
    total = 0
    for cell, label in start.items():
        reach = [int(dist[cell, g]) for g in goals.get(label, []) if dist[cell, g] >= 0]
        if not reach:
            return None
        total += min(reach)
    return total


def _around(cycle: Adjacency, nodes: Iterable[int]) -> list[int]:
    """The ``nodes`` of a cycle in one fixed orientation, from the smallest."""
    first = min(nodes)
    order = [first, min(cycle[first])]
    while True:
        nxt = next(n for n in cycle[order[-1]] if n != order[-2])
        if nxt == first:
            return order
        order.append(nxt)


def _is_rotation(a: list[Hashable], b: list[Hashable]) -> bool:
    return len(a) == len(b) and (not a or any(a[k:] + a[:k] == b for k in range(len(a))))


def pebble_motion(graph: Adjacency, reach: Sequence[int], start: Mapping[int, Hashable],
                  goal: Mapping[int, Hashable], hole_start: int, hole_goal: int,
                  name: Callable[[int], str] = str) -> Verdict:
    """Decide, where a known rule applies, whether tokens sliding through one hole can
    go from ``start`` to ``goal`` (both map every non-hole node to its label);
    ``reach`` is the hole's distance to each cell, -1 where it cannot get (its row of
    the :func:`distance_table`).

    Rules, in order: tokens in a component without the hole cannot move; the hole's
    component must hold the same labels in both; on a cycle the tokens can only rotate;
    on a bipartite graph with distinct labels the permutation parity must equal the
    parity of the hole's displacement (every move is one transposition and moves the
    hole to the other colour); and by Wilson's theorem (1974), on a 2-connected
    bipartite graph that is not a cycle that parity condition is also sufficient, and
    with a repeated label every arrangement is reachable.

    The hole's component and its two colours are read from ``reach``: the cells at a
    distance, and the parities of the distances, which colour the component properly
    exactly when no edge joins two cells at the same distance.
    """
    reach = [int(at) for at in reach]
    hole_part = {cell for cell in graph if reach[cell] >= 0}
    if hole_goal not in hole_part:
        return Verdict(False, f"the blank at {name(hole_start)} cannot reach its goal "
                              f"{name(hole_goal)}")
    for cell, label in sorted(start.items()):
        if cell not in hole_part and goal[cell] != label:
            return Verdict(False, f"tile {label} at {name(cell)} cannot move (no blank in its "
                                  f"part of the board) and is not at its goal")
    inside = Counter(label for cell, label in start.items() if cell in hole_part)
    wanted = Counter(label for cell, label in goal.items() if cell in hole_part)
    if inside != wanted:
        label = sorted((inside - wanted) or (wanted - inside), key=str)[0]
        cell = next((c for c, lab in sorted(start.items()) if lab == label), hole_start)
        return Verdict(False, f"tile {label} at {name(cell)} cannot reach a goal cell of its "
                              "label")
    bipartite = all((reach[cell] - reach[other]) % 2
                    for cell in hole_part for other in graph[cell])
    step = 2 if bipartite else 1
    moving_start = {c: lab for c, lab in start.items() if c in hole_part}
    moving_goal = {c: lab for c, lab in goal.items() if c in hole_part}
    if moving_start == moving_goal and hole_start == hole_goal:
        return Verdict(True, "the start is the goal", step)
    if len(hole_part) > 2 and all(len(graph[node]) == 2 for node in hole_part):
        order = _around(graph, hole_part)  # one orientation for both: tiles only rotate
        turns = _is_rotation([moving_start[c] for c in order if c != hole_start],
                             [moving_goal[c] for c in order if c != hole_goal])
        return Verdict(turns, "on a cycle the tiles can only rotate" + (
            "" if turns else ", and the goal is not a rotation of the start"), step)
    distinct = len(set(moving_start.values())) == len(moving_start)
    if bipartite and distinct:
        where_goal = {lab: c for c, lab in moving_goal.items()}
        mapping = {c: where_goal[lab] for c, lab in moving_start.items()} | {
            hole_start: hole_goal}
        if permutation_parity(mapping) != (reach[hole_start] % 2 != reach[hole_goal] % 2):
            return Verdict(False, "parity: the permutation of the tiles and the blank's "
                                  "distance to its goal have different parities", step)
    if (len(hole_part) > 2 and bipartite
            and two_connected([graph.get(cell, ()) for cell in range(len(reach))],
                              [at >= 0 for at in reach])):
        return Verdict(True, "Wilson's theorem: 2-connected, bipartite, not a cycle, "
                             "and the parity agrees" if distinct else
                             "Wilson's theorem: 2-connected, not a cycle, and a label "
                             "repeats", step)
    return Verdict(None, "no rule decides this board", step)
