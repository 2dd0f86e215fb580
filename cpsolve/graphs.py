"""Graphs of grid cells (networkx): walls, distances, reachability, bounds, and when
tokens sliding through one hole can reach a goal arrangement.

The framework knows no particular puzzle: cells are integers ``r * width + c``,
walls are cells left out of the graph, tokens are any hashable labels. Sliding-tile
puzzles are "pebble motion" on the free-cell graph: one hole (the blank), every move
swaps it with a neighbouring token.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TYPE_CHECKING

import numpy as np

from cpsolve.combinatorics import permutation_parity
from cpsolve.verdict import Verdict

if TYPE_CHECKING:  # networkx is imported where it is used: it takes a while to load
    import networkx as nx

UNREACHABLE = -1


def grid_graph(width: int, height: int, walls: Iterable[int] = ()) -> nx.Graph:
    """The 4-neighbour graph of the cells that are not walls.

    >>> sorted(grid_graph(2, 2, walls=[3]).edges())
    [(0, 1), (0, 2)]
    """
    import networkx as nx

    blocked = set(walls)
    graph = nx.Graph()
    for cell in range(width * height):
        if cell in blocked:
            continue
        graph.add_node(cell)
        r, c = divmod(cell, width)
        if c + 1 < width and cell + 1 not in blocked:
            graph.add_edge(cell, cell + 1)
        if r + 1 < height and cell + width not in blocked:
            graph.add_edge(cell, cell + width)
    return graph


COMPILED_FROM = 400  # cells: larger boards' distance tables are found by compiled code


def distance_table(graph: nx.Graph, cells: int) -> np.ndarray:
    """All shortest-path lengths (BFS around the walls); -1 where unreachable.

    >>> distance_table(grid_graph(3, 1, walls=[1]), 3).tolist()
    [[0, -1, -1], [-1, -1, -1], [-1, -1, 0]]
    """
    neighbours = [sorted(graph.neighbors(cell)) if cell in graph else []
                  for cell in range(cells)]
    if cells <= COMPILED_FROM:
        # Small boards in Python: loading numba and the compiled search would cost a
        # second on every solve of a board that takes milliseconds.
        out = np.full((cells, cells), -1, dtype=np.int32)
        for source in (cell for cell in graph.nodes if 0 <= cell < cells):
            row, layer, steps = out[source], [source], 0
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
    from cpsolve.search.distances import distances, table

    # Compiled breadth-first search from every cell: networkx's all-pairs lengths, a
    # Python dict per cell, took 15 s on a 50x50 board.
    nbr = table(neighbours)
    seeds = np.zeros((cells, cells), dtype=bool)
    nodes = [cell for cell in graph.nodes if 0 <= cell < cells]
    seeds[nodes, nodes] = True
    return distances(nbr, seeds, np.int32)


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


def _around(cycle: nx.Graph) -> list[int]:
    """The nodes of a cycle graph in one fixed orientation, from the smallest."""
    first = min(cycle.nodes)
    order = [first, min(cycle.neighbors(first))]
    while True:
        nxt = next(n for n in cycle.neighbors(order[-1]) if n != order[-2])
        if nxt == first:
            return order
        order.append(nxt)


def _is_rotation(a: list[Hashable], b: list[Hashable]) -> bool:
    return len(a) == len(b) and (not a or any(a[k:] + a[:k] == b for k in range(len(a))))


def pebble_motion(graph: nx.Graph, start: Mapping[int, Hashable], goal: Mapping[int, Hashable],
                  hole_start: int, hole_goal: int,
                  name: Callable[[int], str] = str) -> Verdict:
    """Decide, where a known rule applies, whether tokens sliding through one hole can
    go from ``start`` to ``goal`` (both map every non-hole node to its label).

    Rules, in order: tokens in a component without the hole cannot move; the hole's
    component must hold the same labels in both; on a cycle the tokens can only rotate;
    on a bipartite graph with distinct labels the permutation parity must equal the
    parity of the hole's displacement (every move is one transposition and moves the
    hole to the other colour); and by Wilson's theorem (1974), on a 2-connected
    bipartite graph that is not a cycle that parity condition is also sufficient, and
    with a repeated label every arrangement is reachable.
    """
    import networkx as nx

    hole_part = nx.node_connected_component(graph, hole_start)
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
    part = graph.subgraph(hole_part)
    bipartite = nx.is_bipartite(part)
    step = 2 if bipartite else 1
    moving_start = {c: lab for c, lab in start.items() if c in hole_part}
    moving_goal = {c: lab for c, lab in goal.items() if c in hole_part}
    if moving_start == moving_goal and hole_start == hole_goal:
        return Verdict(True, "the start is the goal", step)
    if len(part) > 2 and all(degree == 2 for _, degree in part.degree()):
        order = _around(part)  # the same orientation for both: tiles only rotate along it
        turns = _is_rotation([moving_start[c] for c in order if c != hole_start],
                             [moving_goal[c] for c in order if c != hole_goal])
        return Verdict(turns, "on a cycle the tiles can only rotate" + (
            "" if turns else ", and the goal is not a rotation of the start"), step)
    distinct = len(set(moving_start.values())) == len(moving_start)
    if bipartite and distinct:
        colour = nx.bipartite.color(part)
        where_goal = {lab: c for c, lab in moving_goal.items()}
        mapping = {c: where_goal[lab] for c, lab in moving_start.items()} | {
            hole_start: hole_goal}
        if permutation_parity(mapping) != (colour[hole_start] != colour[hole_goal]):
            return Verdict(False, "parity: the permutation of the tiles and the blank's "
                                  "distance to its goal have different parities", step)
    if len(part) > 2 and nx.is_biconnected(part) and bipartite:
        return Verdict(True, "Wilson's theorem: 2-connected, bipartite, not a cycle, "
                             "and the parity agrees" if distinct else
                             "Wilson's theorem: 2-connected, not a cycle, and a label "
                             "repeats", step)
    return Verdict(None, "no rule decides this board", step)
