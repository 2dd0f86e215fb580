"""Breadth-first distances on small graphs given as neighbour tables, compiled: the
tables every planning family computes before search (all-pairs cell distances of a
sliding board, how far each label is from its goal cells under a rotation puzzle's
moves), which in Python took longer than any time limit on the largest boards (a
50x50 board's 6,250,000 distances, a 1,000-cell rotation board's labels times cells
times moves).

A graph is ``nbr[cell, j]``: the cells one step from ``cell``, padded with -1
(:func:`cpsolve.graphs.neighbour_table`).

Also :func:`two_connected`, :func:`cpsolve.graphs.two_connected` compiled: the test
every region the sliding stages consider goes through.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cpsolve.interrupts import kernels
from cpsolve.search.lowpoints import low_points

_low_points = njit(cache=True)(low_points)


@njit(cache=True)
def two_connected(nbr, inside):  # type: ignore[no-untyped-def]
    """:func:`cpsolve.graphs.two_connected` over a neighbour table and a Boolean mask.

    >>> from cpsolve.graphs import grid_graph, neighbour_table
    >>> two_connected(neighbour_table(grid_graph(3, 2), 6), np.ones(6, dtype=bool))
    True
    """
    cells = nbr.shape[0]
    return _low_points(nbr, inside, np.full(cells, -1, dtype=np.int64),
                       np.zeros(cells, dtype=np.int64), np.zeros(cells, dtype=np.int64),
                       np.zeros(cells, dtype=np.int64), np.zeros(cells, dtype=np.int64))


@njit(cache=True)
def layers(nbr, seeds, out):  # type: ignore[no-untyped-def]
    """:func:`distances` into ``out`` (filled with -1), the kernel itself: for a hot loop
    that has loaded it once under :func:`~cpsolve.interrupts.kernels` (its calls are
    too short for Ctrl-C to need more)."""
    m, width = nbr.shape
    queue = np.empty(m, dtype=np.int64)
    for row in range(seeds.shape[0]):
        head = 0
        tail = 0
        for cell in range(m):
            if seeds[row, cell]:
                out[row, cell] = 0
                queue[tail] = cell
                tail += 1
        while head < tail:
            cell = queue[head]
            head += 1
            for j in range(width):
                other = nbr[cell, j]
                if other >= 0 and out[row, other] < 0:
                    out[row, other] = out[row, cell] + 1
                    queue[tail] = other
                    tail += 1


def distances(nbr: np.ndarray, seeds: np.ndarray, dtype: type = np.int64) -> np.ndarray:
    """``out[row, cell]``: the fewest steps from a cell of ``seeds[row]`` (a Boolean
    row per source set) to ``cell`` along ``nbr``; -1 where none reaches it.

    >>> nbr = np.array([[1, -1], [0, 2], [1, -1], [-1, -1]])
    >>> distances(nbr, np.eye(4, dtype=bool)).tolist()[0]
    [0, 1, 2, -1]
    >>> distances(nbr, np.array([[True, False, True, False]])).tolist()
    [[0, 1, 0, -1]]
    """
    out: np.ndarray = np.full(seeds.shape, -1, dtype=dtype)
    if seeds.size:
        # Ctrl-C while numba loads or compiles the kernel is raised inside llvmlite's
        # callback, which swallows it: kernels() keeps it and raises it after the call.
        with kernels():
            layers(np.ascontiguousarray(nbr, dtype=np.int64),
                   np.ascontiguousarray(seeds, dtype=np.bool_), out)
    return out

