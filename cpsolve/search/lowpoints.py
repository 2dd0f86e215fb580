"""Hopcroft and Tarjan's low points, in one plain function that runs both as Python
(:func:`cpsolve.graphs.two_connected`) and compiled by numba
(:func:`cpsolve.search.distances.two_connected`): it imports nothing, so both can.
"""

from __future__ import annotations

from typing import Any


def low_points(nbr: Any, inside: Any, index: Any, low: Any, node: Any, parent: Any,
               slot: Any) -> bool:
    """Whether the cells marked ``inside`` form a 2-connected graph along ``nbr``
    (:func:`cpsolve.graphs.two_connected`), by an explicit stack, in the working
    sequences its callers give (each as long as ``nbr``): lists in Python, arrays
    where numba compiles this same code."""
    members, root = 0, -1
    for cell in range(len(nbr)):
        if inside[cell]:
            members += 1
            if root < 0:
                root = cell
    if members < 2:
        return False
    # index: the order in which the search finds each cell; low: the earliest found
    # that a back edge from the cell's subtree reaches; node, parent, slot: the stack
    # (the path from the root, each one's parent, the next neighbour each looks at)
    index[root] = low[root] = 0
    found, top, children = 1, 0, 0
    node[0], parent[0], slot[0] = root, -1, 0
    while top >= 0:
        here = node[top]
        around = nbr[here]
        if slot[top] < len(around):
            other = around[slot[top]]
            slot[top] += 1
            if other < 0 or not inside[other] or other == parent[top]:
                continue
            if index[other] < 0:
                index[other] = low[other] = found
                found += 1
                top += 1
                node[top], parent[top], slot[top] = other, here, 0
            elif index[other] < low[here]:
                low[here] = index[other]
            continue
        top -= 1
        above = parent[top + 1]
        if above < 0:
            continue
        if low[here] < low[above]:
            low[above] = low[here]
        if above == root:
            children += 1
        elif low[here] >= index[above]:
            return False  # nothing below ``here`` reaches above ``above``: a cut cell
    return found == members and children == 1


__all__ = ["low_points"]
