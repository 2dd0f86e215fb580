"""Every Masyu loop of a tiny board, by brute force: every set of edges whose cells
all have 0 or 2 of them, kept when the family's checker accepts it."""

from __future__ import annotations

from itertools import product

from cpsolve.models.masyu import Board, check


def solutions(board: Board) -> set[frozenset[tuple[int, int]]]:
    """Every valid loop of ``board`` (boards of up to about 17 edges)."""
    edges = board.grid.edges
    found = set()
    for bits in product((False, True), repeat=len(edges)):
        degree = [0] * board.cells
        for (a, b), on in zip(edges, bits):
            if on:
                degree[a] += 1
                degree[b] += 1
        if any(d not in (0, 2) for d in degree):
            continue
        loop = frozenset(edge for edge, on in zip(edges, bits) if on)
        if loop and not check(board, loop):
            found.add(loop)
    return found
