"""cpsolve's graph algorithms against networkx's, on grids with walls and on random
graphs: components, depths, two-colourings, cut nodes, 2-connectivity, and the
pebble-motion verdicts they decide."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from cpsolve.graphs import (
    Graph,
    articulation_points,
    colouring,
    components,
    depths,
    grid_graph,
    is_biconnected,
    pebble_motion,
)


def graphs(seed: int) -> tuple[Graph, nx.Graph]:
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
        ours = Graph({node: list(theirs.neighbors(node)) for node in theirs})
    return ours, theirs


@pytest.mark.parametrize("seed", range(60))
def test_the_algorithms_agree_with_networkx(seed):
    ours, theirs = graphs(seed)
    assert sorted(ours.edges()) == sorted(tuple(sorted(e)) for e in theirs.edges())
    assert sorted(map(sorted, components(ours))) == sorted(
        map(sorted, nx.connected_components(theirs)))
    assert articulation_points(ours) == sorted(nx.articulation_points(theirs))
    assert is_biconnected(ours) == nx.is_biconnected(theirs)
    sides = colouring(ours)
    assert (sides is not None) == nx.is_bipartite(theirs)
    if sides is not None:
        assert all(sides[a] != sides[b] for a, b in ours.edges())
    for source in list(ours)[:3]:
        assert depths(ours, source) == nx.single_source_shortest_path_length(theirs, source)
    cells = [node for node in ours if random.Random(seed).random() < 0.7]
    assert sorted(ours.subgraph(cells).edges()) == sorted(
        tuple(sorted(e)) for e in theirs.subgraph(cells).edges())


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
    verdict = pebble_motion(graph, start, goal, start_hole, goal_hole)
    seen = {(start_hole, tuple(sorted(start.items())))}
    queue = [(start_hole, start)]
    while queue:
        hole, now = queue.pop()
        for other in graph.neighbors(hole):
            moved = dict(now)
            moved[hole] = moved.pop(other)
            key = (other, tuple(sorted(moved.items())))
            if key not in seen:
                seen.add(key)
                queue.append((other, moved))
    reachable = (goal_hole, tuple(sorted(goal.items()))) in seen
    assert verdict.solvable in (None, reachable)
