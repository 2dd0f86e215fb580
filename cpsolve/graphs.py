"""Graphs of grid cells: walls, distances, reachability, bounds, and when tokens
sliding through one hole can reach a goal arrangement.

The framework knows no particular puzzle: cells are integers ``r * width + c``,
walls are cells left out of the graph, tokens are any hashable labels. Sliding-tile
puzzles are "pebble motion" on the free-cell graph: one hole (the blank), every move
swaps it with a neighbouring token.

:class:`Graph` and its algorithms are plain Python, the little these rules and the
stages need: importing networkx took a quarter of a sliding solve's start-up (0.3 s
of 1.4 s on the 8-puzzle). The tests hold them to networkx's answers.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping

import numpy as np

from cpsolve.combinatorics import permutation_parity
from cpsolve.verdict import Verdict

UNREACHABLE = -1


class Graph:
    """An undirected simple graph of integer nodes, in increasing order, each node's
    neighbours in increasing order too (so every walk over it is the same on every run).

    >>> g = Graph({0: (1, 2), 1: (0,), 2: (0,)})
    >>> g.nodes, g.edges(), g.degree(0), 2 in g, len(g)
    ((0, 1, 2), [(0, 1), (0, 2)], 2, True, 3)
    >>> g.subgraph([0, 1]).edges()
    [(0, 1)]
    """

    __slots__ = ("_adjacency",)

    def __init__(self, adjacency: Mapping[int, Iterable[int]]) -> None:
        self._adjacency = {node: tuple(sorted(adjacency[node])) for node in sorted(adjacency)}

    @property
    def nodes(self) -> tuple[int, ...]:
        return tuple(self._adjacency)

    def __contains__(self, node: object) -> bool:
        return node in self._adjacency

    def __iter__(self) -> Iterator[int]:
        return iter(self._adjacency)

    def __len__(self) -> int:
        return len(self._adjacency)

    @property
    def adjacency(self) -> Mapping[int, tuple[int, ...]]:
        """Each node's neighbours (:mod:`cpsolve.grid.connectivity` reads them so)."""
        return self._adjacency

    def neighbors(self, node: int) -> tuple[int, ...]:
        return self._adjacency[node]

    def degree(self, node: int) -> int:
        return len(self._adjacency[node])

    def number_of_edges(self) -> int:
        return sum(len(around) for around in self._adjacency.values()) // 2

    def edges(self) -> list[tuple[int, int]]:
        return [(node, other) for node, around in self._adjacency.items()
                for other in around if node < other]

    def subgraph(self, nodes: Iterable[int]) -> Graph:
        """The graph induced by ``nodes`` (those of this graph among them)."""
        keep = set(nodes)
        return Graph({node: [other for other in around if other in keep]
                      for node, around in self._adjacency.items() if node in keep})


def grid_graph(width: int, height: int, walls: Iterable[int] = ()) -> Graph:
    """The 4-neighbour graph of the cells that are not walls.

    >>> grid_graph(2, 2, walls=[3]).edges()
    [(0, 1), (0, 2)]
    """
    blocked = set(walls)
    adjacency: dict[int, list[int]] = {}
    for cell in range(width * height):
        if cell in blocked:
            continue
        r, c = divmod(cell, width)
        adjacency[cell] = [other for other, inside in (
            (cell - width, r > 0), (cell - 1, c > 0), (cell + 1, c + 1 < width),
            (cell + width, r + 1 < height)) if inside and other not in blocked]
    return Graph(adjacency)


def depths(graph: Graph, source: int) -> dict[int, int]:
    """The number of edges from ``source`` to each node it reaches (breadth first).

    >>> depths(grid_graph(3, 1), 0)
    {0: 0, 1: 1, 2: 2}
    """
    found = {source: 0}
    queue = deque([source])
    while queue:
        node = queue.popleft()
        for other in graph.neighbors(node):
            if other not in found:
                found[other] = found[node] + 1
                queue.append(other)
    return found


def components(graph: Graph) -> list[list[int]]:
    """The connected components, each sorted, in the order of their smallest nodes.

    >>> components(grid_graph(3, 1, walls=[1]))
    [[0], [2]]
    """
    from cpsolve.grid.connectivity import components as joined

    return joined(graph, graph.adjacency)


def colouring(graph: Graph) -> dict[int, int] | None:
    """Each node's side (0 or 1) with every edge between the two sides, or None if the
    graph is not bipartite (an odd cycle): the parity of each node's depth from the
    first node of its component.

    >>> colouring(grid_graph(2, 2)), colouring(Graph({0: (1, 2), 1: (0, 2), 2: (0, 1)}))
    ({0: 0, 1: 1, 2: 1, 3: 0}, None)
    """
    side: dict[int, int] = {}
    for root in graph:
        if root not in side:
            side.update((node, depth % 2) for node, depth in depths(graph, root).items())
    if any(side[a] == side[b] for a, b in graph.edges()):
        return None
    return dict(sorted(side.items()))


def articulation_points(graph: Graph) -> list[int]:
    """The nodes whose removal leaves more components than before, in increasing order
    (Hopcroft and Tarjan's low points, by an explicit stack: grids of thousands of
    cells are deeper than Python's recursion).

    >>> articulation_points(grid_graph(3, 2, walls=[0, 2]))
    [4]
    """
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    cuts: set[int] = set()
    for root in graph:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        children = 0
        stack: list[tuple[int, int | None, Iterator[int]]] = [
            (root, None, iter(graph.neighbors(root)))]
        while stack:
            node, parent, around = stack[-1]
            for other in around:
                if other == parent:
                    continue
                if other in index:
                    low[node] = min(low[node], index[other])
                else:
                    index[other] = low[other] = len(index)
                    stack.append((other, node, iter(graph.neighbors(other))))
                    break
            else:
                stack.pop()
                if parent is None:
                    continue
                low[parent] = min(low[parent], low[node])
                if parent == root:
                    children += 1
                elif low[node] >= index[parent]:
                    cuts.add(parent)
        if children > 1:
            cuts.add(root)
    return sorted(cuts)


def is_biconnected(graph: Graph) -> bool:
    """Connected, at least two nodes, and no node whose removal disconnects it.

    >>> is_biconnected(grid_graph(2, 2)), is_biconnected(grid_graph(3, 1))
    (True, False)
    """
    return (len(graph) >= 2 and len(components(graph)) == 1
            and not articulation_points(graph))


COMPILED_FROM = 400  # cells: larger boards' distance tables are found by compiled code


def distance_table(graph: Graph, cells: int) -> np.ndarray:
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


def _around(cycle: Graph) -> list[int]:
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


def pebble_motion(graph: Graph, start: Mapping[int, Hashable], goal: Mapping[int, Hashable],
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
    hole_part = set(depths(graph, hole_start))
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
    colour = colouring(part)
    bipartite = colour is not None
    step = 2 if bipartite else 1
    moving_start = {c: lab for c, lab in start.items() if c in hole_part}
    moving_goal = {c: lab for c, lab in goal.items() if c in hole_part}
    if moving_start == moving_goal and hole_start == hole_goal:
        return Verdict(True, "the start is the goal", step)
    if len(part) > 2 and all(part.degree(node) == 2 for node in part):
        order = _around(part)  # the same orientation for both: tiles only rotate along it
        turns = _is_rotation([moving_start[c] for c in order if c != hole_start],
                             [moving_goal[c] for c in order if c != hole_goal])
        return Verdict(turns, "on a cycle the tiles can only rotate" + (
            "" if turns else ", and the goal is not a rotation of the start"), step)
    distinct = len(set(moving_start.values())) == len(moving_start)
    if colour is not None and distinct:
        where_goal = {lab: c for c, lab in moving_goal.items()}
        mapping = {c: where_goal[lab] for c, lab in moving_start.items()} | {
            hole_start: hole_goal}
        if permutation_parity(mapping) != (colour[hole_start] != colour[hole_goal]):
            return Verdict(False, "parity: the permutation of the tiles and the blank's "
                                  "distance to its goal have different parities", step)
    if len(part) > 2 and is_biconnected(part) and bipartite:
        return Verdict(True, "Wilson's theorem: 2-connected, bipartite, not a cycle, "
                             "and the parity agrees" if distinct else
                             "Wilson's theorem: 2-connected, not a cycle, and a label "
                             "repeats", step)
    return Verdict(None, "no rule decides this board", step)
