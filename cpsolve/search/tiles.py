"""IDA* kernels for tile puzzles, compiled by numba.

A tile puzzle here is flat arrays: ``cells[i]`` the label of cell i (0 the blank),
``nbr[i, k]`` the k-th neighbour of cell i (-1 for none or a wall), and
``dist[label, cell]`` an admissible estimate of the moves that label needs from that
cell (wall-aware distance to the nearest goal cell of the label, so repeated labels
work). The heuristic is the sum over tiles, updated incrementally: a move changes
one tile's term. The inner loop allocates nothing; ``cache=True`` keeps the compiled
code on disk, so the compile cost is paid once per machine.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np
from numba import njit, objmode

CHECK_EVERY = 1 << 20  # nodes between two looks at the clock


@njit(cache=True)
def _iteration(cells, blank, nbr, dist, h0, threshold, weight, count, plans, deadline):
    """One depth-first pass bounded by f = g + weight * h <= threshold.

    Returns (smallest f above the threshold, plans found, nodes, timed out). Plans
    are written to ``plans`` as blank positions, one row each, as long as it has room.
    """
    limit = plans.shape[1]
    stack_blank = np.empty(limit, dtype=np.int64)
    stack_h = np.empty(limit, dtype=np.int64)
    stack_next = np.empty(limit, dtype=np.int64)
    depth = 0
    stack_blank[0] = blank
    stack_h[0] = h0
    stack_next[0] = 0
    next_bound = np.inf
    found = 0
    nodes = 0
    if h0 == 0:
        plans[0, 0] = blank
        return next_bound, 1, 1, False
    while depth >= 0:
        if stack_next[depth] == 4:
            if depth == 0:
                break
            here, before = stack_blank[depth], stack_blank[depth - 1]
            cells[here] = cells[before]
            cells[before] = 0
            depth -= 1
            continue
        k = stack_next[depth]
        stack_next[depth] = k + 1
        b = stack_blank[depth]
        nb = nbr[b, k]
        if nb < 0 or (depth > 0 and nb == stack_blank[depth - 1]):
            continue
        label = cells[nb]
        h = stack_h[depth] + dist[label, b] - dist[label, nb]
        nodes += 1
        if nodes % CHECK_EVERY == 0:
            with objmode(now="float64"):
                now = time.perf_counter()
            if now > deadline:
                return next_bound, found, nodes, True
        f = depth + 1 + weight * h
        if f > threshold:
            if f < next_bound:
                next_bound = f
            continue
        if depth + 1 >= limit:
            continue
        cells[b] = label
        cells[nb] = 0
        depth += 1
        stack_blank[depth] = nb
        stack_h[depth] = h
        stack_next[depth] = 0
        if h == 0:
            if found < plans.shape[0]:
                for d in range(depth + 1):
                    plans[found, d] = stack_blank[d]
                for d in range(depth + 1, limit):
                    plans[found, d] = -1
            found += 1
            if not count:
                return next_bound, found, nodes, False
            stack_next[depth] = 4  # a goal is a leaf
    return next_bound, found, nodes, False


@dataclass
class TileSearch:
    """Shortest plans as blank paths (cells), the final threshold (the plan length for
    ``weight`` 1), how many plans were found at it, nodes, and whether time ran out."""

    paths: list[list[int]] = field(default_factory=list)
    length: int | None = None
    found: int = 0
    nodes: int = 0
    iterations: int = 0
    timed_out: bool = False
    bound: float = 0.0  # the last threshold searched: no plan is shorter (weight 1)


def tile_ida(cells: np.ndarray, blank: int, nbr: np.ndarray, dist: np.ndarray, *,
             weight: float = 1.0, count: bool = False, keep: int = 1000,
             time_limit: float | None = None, max_length: int = 10_000) -> TileSearch:
    """IDA* on a tile puzzle (see the module docstring for the arrays).

    With ``weight`` 1 the first plan is optimal; with ``count`` every plan at the
    optimal length is counted and up to ``keep`` of them are returned. A ``weight``
    above 1 searches f = g + w h: plans at most w times longer than optimal, found
    with far fewer nodes.
    """
    cells = np.ascontiguousarray(cells, dtype=np.int64)
    nbr = np.ascontiguousarray(nbr, dtype=np.int64)
    dist = np.ascontiguousarray(dist, dtype=np.int64)
    labels = cells[cells > 0]
    h0 = int(dist[labels, np.nonzero(cells > 0)[0]].sum())
    deadline = np.inf if time_limit is None else time.perf_counter() + time_limit
    out = TileSearch()
    threshold = float(weight * h0)
    while threshold <= max_length:
        out.iterations += 1
        out.bound = threshold
        plans = np.full((keep if count else 1, int(threshold) + 2), -1, dtype=np.int64)
        nxt, found, nodes, timed_out = _iteration(cells.copy(), blank, nbr, dist, h0,
                                                  threshold, weight, count, plans,
                                                  deadline)
        out.nodes += nodes
        if found:
            rows = plans[:min(found, plans.shape[0])]
            out.paths = [[int(c) for c in row if c >= 0] for row in rows]
            out.found = found
            out.length = len(out.paths[0]) - 1
            return out
        if timed_out:
            out.timed_out = True
            return out
        if nxt == np.inf:
            return out  # nothing more to search: no plan
        threshold = float(nxt)
    return out
