"""What cpsolve.graphs still computes itself, against networkx and brute force: the grid
graphs, the 2-connectivity test (in Python and compiled) on grids with walls and on
random graphs, and the pebble-motion verdicts it and the distance table decide."""

from __future__ import annotations

import random

import networkx as nx
import numpy as np
import pytest

from cpsolve.graphs import (
    distance_table,
    grid_graph,
    neighbour_table,
    pebble_motion,
    two_connected,
)
from cpsolve.search.distances import two_connected as compiled


def graphs(seed: int) -> tuple[dict[int, tuple[int, ...]], nx.Graph]:
    """A grid with random walls (even seeds) or a random graph (odd), both ways."""
    rng = random.Random(seed)
    if seed % 2 == 0:
        width, height = rng.randint(1, 8), rng.randint(1, 8)
        walls = rng.sample(range(width * height), rng.randint(0, width * height // 3))
        ours = grid_graph(width, height, walls)
        theirs = nx.grid_2d_graph(height, width)
        theirs = nx.relabel_nodes(theirs, {(r, c): r * width + c for r, c in theirs})
        theirs.remove_nodes_from(walls)
    else:
        theirs = nx.gnp_random_graph(rng.randint(1, 14), rng.uniform(0.1, 0.5),
                                     seed=rng.randrange(10**6))
        ours = {node: tuple(sorted(theirs.neighbors(node))) for node in sorted(theirs)}
    return ours, theirs


@pytest.mark.parametrize("seed", range(60))
def test_two_connectivity_agrees_with_networkx(seed):
    ours, theirs = graphs(seed)
    assert sorted((a, b) for a in ours for b in ours[a] if a < b) == sorted(
        tuple(sorted(e)) for e in theirs.edges())
    cells = max(ours, default=-1) + 1
    table = neighbour_table(ours, cells)
    lists = [ours.get(cell, ()) for cell in range(cells)]
    rng = random.Random(seed)
    for members in (list(ours), [node for node in ours if rng.random() < 0.7]):
        expected = nx.is_biconnected(theirs.subgraph(members))
        inside = np.zeros(cells, dtype=bool)
        inside[members] = True
        assert two_connected(lists, inside.tolist()) == expected
        assert two_connected(table, inside) == expected
        assert compiled(table, inside) == expected


@pytest.mark.parametrize("seed", range(30))
def test_pebble_motion_verdicts_by_brute_force(seed):
    """On small boards, every verdict the rules reach is what a breadth-first search
    over the arrangements finds."""
    rng = random.Random(seed)
    width, height = rng.randint(2, 3), rng.randint(2, 3)
    walls = rng.sample(range(width * height), rng.randint(0, 2))
    graph = grid_graph(width, height, walls)
    free = list(graph)
    if len(free) < 2:
        return
    labels = [rng.choice("ab") if seed % 3 == 0 else str(k) for k in range(len(free) - 1)]
    start_hole, goal_hole = rng.choice(free), rng.choice(free)
    start = dict(zip([c for c in free if c != start_hole], labels))
    shuffled = labels[:]
    rng.shuffle(shuffled)
    goal = dict(zip([c for c in free if c != goal_hole], shuffled))
    reach = distance_table(graph, width * height)[start_hole]
    verdict = pebble_motion(graph, reach, start, goal, start_hole, goal_hole)
    seen = {(start_hole, tuple(sorted(start.items())))}
    queue = [(start_hole, start)]
    while queue:
        hole, now = queue.pop()
        for other in graph[hole]:
            moved = dict(now)
            moved[hole] = moved.pop(other)
            key = (other, tuple(sorted(moved.items())))
            if key not in seen:
                seen.add(key)
                queue.append((other, moved))
    reachable = (goal_hole, tuple(sorted(goal.items()))) in seen
    assert verdict.solvable in (None, reachable)
