"""The numba kernels behind :func:`cpsolve.grid.connectivity.connected_partial` and
:func:`~cpsolve.grid.connectivity.loop_partial`: what connectivity and "one loop" say
about a partial assignment, looked at after every propagation while a board is graded
(hundreds of thousands of times on a large board), so written over flat arrays.

Both return clauses as one flat array of codes and the offsets where each clause
starts; the caller turns codes into literals. Loaded only when a board is graded.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def _outside(cells: np.ndarray, state: np.ndarray, nbr: np.ndarray, mark: np.ndarray,
             stamp: int, out: np.ndarray, used: int) -> int:
    """Write the codes of the outside cells next to ``cells`` (each once: ``mark``
    holds ``stamp`` for those written) from ``out[used]`` on; the new end."""
    for j in range(cells.shape[0]):
        cell = cells[j]
        for k in range(nbr.shape[1]):
            other = nbr[cell, k]
            if other >= 0 and state[other] == 0 and mark[other] != stamp:
                mark[other] = stamp
                out[used] = other + 1
                used += 1
    return used


@njit(cache=True)
def connected_kernel(state: np.ndarray, nbr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Clauses of :func:`~cpsolve.grid.connectivity.connected_partial`. ``state`` per
    cell: 1 inside, 0 outside, -1 open; ``nbr`` the neighbours of each cell, -1 padded.
    A code ``c + 1`` is "cell c is inside", ``-(c + 1)`` its negation."""
    n = state.shape[0]
    comp = np.full(n, -1, np.int64)
    queue = np.empty(n, np.int64)
    out = np.empty(8 * n + 8, np.int64)
    starts = np.empty(n + 1, np.int64)
    mark = np.zeros(n, np.int64)
    stamp = 0
    used = 0
    clauses = 0
    comps = 0
    holding = 0
    anchor = -1
    # Components of the open and inside cells; the first holding an inside cell anchors.
    for start in range(n):
        if state[start] == 0 or comp[start] >= 0:
            continue
        head, tail = 0, 1
        queue[0] = start
        comp[start] = comps
        inner = -1
        while head < tail:
            cell = queue[head]
            head += 1
            if state[cell] == 1 and inner < 0:
                inner = cell
            for k in range(nbr.shape[1]):
                other = nbr[cell, k]
                if other >= 0 and state[other] != 0 and comp[other] < 0:
                    comp[other] = comps
                    queue[tail] = other
                    tail += 1
        if inner >= 0:
            holding += 1
            if anchor < 0:
                anchor = inner
            else:
                # Cut off from the anchor: not this cell, not the anchor, or some outside
                # cell next to this component.
                stamp += 1
                starts[clauses] = used
                clauses += 1
                out[used] = -(inner + 1)
                out[used + 1] = -(anchor + 1)
                used += 2
                used = _outside(queue[:tail], state, nbr, mark, stamp, out, used)
        comps += 1
    if holding != 1:
        starts[clauses] = used
        return out[:used], starts[:clauses + 1]
    # One component holds every inside cell: its open cut vertices that separate two
    # of them (Tarjan's low points, by an iterative depth-first search from the anchor).
    root = anchor
    total = 0
    for cell in range(n):
        if state[cell] == 1:
            total += 1
    if total < 2:
        starts[0] = 0
        return out[:0], starts[:1]
    disc = np.full(n, -1, np.int64)
    low = np.zeros(n, np.int64)
    parent = np.full(n, -1, np.int64)
    held = np.zeros(n, np.int64)
    size = np.zeros(n, np.int64)
    order = np.empty(n, np.int64)
    edge_at = np.zeros(n, np.int64)  # the next neighbour slot to look at
    stack = np.empty(n, np.int64)
    disc[root] = 0
    low[root] = 0
    order[0] = root
    count = 1
    held[root] = 1
    size[root] = 1
    top = 0
    stack[0] = root
    while top >= 0:
        cell = stack[top]
        advanced = False
        while edge_at[cell] < nbr.shape[1]:
            other = nbr[cell, edge_at[cell]]
            edge_at[cell] += 1
            if other < 0 or state[other] == 0:
                continue
            if disc[other] < 0:
                disc[other] = count
                low[other] = count
                order[count] = other
                count += 1
                parent[other] = cell
                held[other] = 1 if state[other] == 1 else 0
                size[other] = 1
                top += 1
                stack[top] = other
                advanced = True
                break
            if other != parent[cell] and disc[other] < low[cell]:
                low[cell] = disc[other]
        if advanced:
            continue
        top -= 1
        up = parent[cell]
        if up < 0:
            continue
        if low[cell] < low[up]:
            low[up] = low[cell]
        held[up] += held[cell]
        size[up] += size[cell]
        if (up != root and state[up] == -1 and low[cell] >= disc[up] and held[cell] > 0
                and total - held[cell] > 0):
            first = disc[cell]
            inner = -1
            for j in range(first, first + size[cell]):
                if state[order[j]] == 1:
                    inner = order[j]
                    break
            if used + 3 + 4 * size[cell] > out.shape[0]:
                grown = np.empty(2 * out.shape[0] + 4 * size[cell], np.int64)
                grown[:used] = out[:used]
                out = grown
            stamp += 1
            starts[clauses] = used
            clauses += 1
            out[used] = up + 1
            out[used + 1] = -(inner + 1)
            out[used + 2] = -(root + 1)
            used += 3
            used = _outside(order[first:first + size[cell]], state, nbr, mark, stamp, out,
                            used)
    starts[clauses] = used
    return out[:used], starts[:clauses + 1]


@njit(cache=True)
def loop_kernel(on: np.ndarray, ends: np.ndarray, incident: np.ndarray,
                passed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Clauses of :func:`~cpsolve.grid.connectivity.loop_partial`. ``on`` per edge: 1
    chosen, 0 not, -1 open; ``ends`` the two cells of each edge; ``incident`` each
    cell's edges, -1 padded; ``passed`` per cell (1: on the loop), or empty. Every
    literal of these clauses is negative: a code ``k < len(on)`` is "not edge k", a
    code ``len(on) + c`` "not passed c"."""
    m = on.shape[0]
    cells = incident.shape[0]
    chosen = 0
    for k in range(m):
        if on[k] == 1:
            chosen += 1
    out = np.empty(3 * m + 8, np.int64)
    starts = np.empty(m + 2, np.int64)
    used = 0
    clauses = 0
    seen = np.zeros(m, np.bool_)
    in_chain = np.zeros(m, np.int64)  # the chain number + 1 of each edge
    cell_chain = np.zeros(cells, np.int64)
    path = np.empty(m, np.int64)
    chain = 0
    for start in range(m):
        if on[start] != 1 or seen[start]:
            continue
        chain += 1
        seen[start] = True
        length = 1
        path[0] = start
        in_chain[start] = chain
        closed = False
        tips = np.empty(2, np.int64)
        for side in range(2):
            cell = ends[start, 1 - side]
            came = start
            while True:
                cell_chain[cell] = chain
                nxt = -1
                degree = 0
                for k in range(incident.shape[1]):
                    j = incident[cell, k]
                    if j >= 0 and on[j] == 1 and j != came:
                        degree += 1
                        nxt = j
                if degree != 1:
                    break
                if seen[nxt]:
                    closed = nxt == start or closed
                    break
                seen[nxt] = True
                in_chain[nxt] = chain
                path[length] = nxt
                length += 1
                came = nxt
                cell = ends[nxt, 1] if ends[nxt, 0] == cell else ends[nxt, 0]
            tips[side] = cell
            if closed:
                break
        if not closed and tips[0] == tips[1] and length > 2:
            closed = True
        # A witness off the chain: another chosen edge, or a passed cell.
        witness = -1
        if chosen > length:
            for k in range(m):
                if on[k] == 1 and in_chain[k] != chain:
                    witness = k
                    break
        elif passed.shape[0] > 0:
            for c in range(cells):
                if passed[c] == 1 and cell_chain[c] != chain:
                    witness = m + c
                    break
        if witness < 0:
            continue
        if closed:
            starts[0] = 0
            for j in range(length):
                out[j] = path[j]
            out[length] = witness
            starts[1] = length + 1
            return out[:length + 1], starts[:2]
        a, b = tips[0], tips[1]
        between = -1
        for k in range(incident.shape[1]):
            j = incident[a, k]
            if j >= 0 and (ends[j, 0] == b or ends[j, 1] == b):
                between = j
        if between >= 0 and on[between] == -1:
            starts[clauses] = used
            clauses += 1
            out[used] = between
            used += 1
            for j in range(length):
                out[used] = path[j]
                used += 1
            out[used] = witness
            used += 1
    starts[clauses] = used
    return out[:used], starts[:clauses + 1]
