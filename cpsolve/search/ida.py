"""IDA* (Korf 1985): the generic form for any puzzle given as callables (readable,
plain Python: :func:`ida_star`), and the outer loop the numba kernels share
(:func:`deepen`; :mod:`cpsolve.search.tiles` for tile puzzles,
:mod:`cpsolve.search.permutation` for permutation puzzles).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

import numpy as np

S = TypeVar("S", bound=Hashable)
M = TypeVar("M")


@dataclass
class Search(Generic[M]):
    """What an IDA* run found: the shortest move lists (all of them with ``count``),
    the final threshold, nodes expanded, and whether a limit stopped it."""

    plans: list[list[M]] = field(default_factory=list)
    threshold: int | None = None
    nodes: int = 0
    timed_out: bool = False


def ida_star(
    start: S,
    successors: Callable[[S], Iterable[tuple[M, S, int]]],
    h: Callable[[S], int],
    is_goal: Callable[[S], bool],
    *,
    bound: int | None = None,
    count: bool = False,
    time_limit: float | None = None,
) -> Search[M]:
    """Iterative deepening A*: depth-first searches bounded by f = g + h, the bound
    raised each time to the smallest f that exceeded it. With an admissible ``h`` the
    first plan found is shortest; with ``count``, every plan at that threshold is
    collected (each a distinct move sequence). ``bound`` stops the search beyond it.

    ``successors(state)`` yields ``(move, next_state, cost)``. States on the current
    path are not revisited.

    >>> # shortest ways from 0 to 5 by steps of +1 or +2
    >>> found = ida_star(0, lambda s: [(d, s + d, 1) for d in (1, 2) if s + d <= 5],
    ...                  lambda s: (5 - s + 1) // 2, lambda s: s == 5, count=True)
    >>> found.threshold, sorted(found.plans)
    (3, [[1, 2, 2], [2, 1, 2], [2, 2, 1]])
    """
    result: Search[M] = Search()
    end = None if time_limit is None else time.perf_counter() + time_limit
    threshold = h(start)
    path: list[M] = []
    on_path = {start}

    def dfs(state: S, g: int) -> float:
        result.nodes += 1
        if end is not None and result.nodes % 4096 == 0 and time.perf_counter() > end:
            raise TimeoutError
        f = g + h(state)
        if f > threshold:
            return f
        if is_goal(state):
            result.plans.append(list(path))
            return -1 if not count else float("inf")
        smallest = float("inf")
        for move, nxt, cost in successors(state):
            if nxt in on_path:
                continue
            path.append(move)
            on_path.add(nxt)
            found = dfs(nxt, g + cost)
            on_path.discard(nxt)
            path.pop()
            if found == -1:
                return -1
            smallest = min(smallest, found)
        return smallest

    while bound is None or threshold <= bound:
        try:
            nxt = dfs(start, 0)
        except TimeoutError:
            result.timed_out = True
            return result
        if result.plans:
            result.threshold = threshold
            return result
        if nxt == float("inf"):
            return result  # the goal cannot be reached
        threshold = int(nxt)
    return result


@dataclass
class IdaSearch:
    """What a kernel IDA* found: shortest plans as paths (cells or move indices), the
    final threshold (the plan length for ``weight`` 1), how many plans were found at
    it, nodes, and whether time ran out."""

    paths: list[list[int]] = field(default_factory=list)
    length: int | None = None
    found: int = 0
    nodes: int = 0
    iterations: int = 0
    timed_out: bool = False
    bound: float = 0.0  # the last threshold searched: no plan is shorter (weight 1)


def deepen(iterate: Callable[[float, np.ndarray], tuple[float, int, int, bool]],
           threshold: float, count: bool, keep: int, max_length: int,
           log: Callable[[str], None] | None = None) -> IdaSearch:
    """The IDA* outer loop: one bounded pass per threshold, each raised to the smallest
    f that passed the last, until plans are found, time runs out, nothing is left, or
    the threshold passes ``max_length``. ``log`` hears a line per pass as it ends
    (:func:`pass_line`: ``-v``)."""
    out = IdaSearch()
    while threshold <= max_length:
        out.iterations += 1
        out.bound = threshold
        plans = np.full((keep if count else 1, int(threshold) + 2), -1, dtype=np.int64)
        began = time.perf_counter()
        nxt, found, nodes, timed_out = iterate(threshold, plans)
        out.nodes += nodes
        if log is not None:
            log(pass_line(threshold, nodes, time.perf_counter() - began, found, timed_out))
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
    out.bound = threshold  # the first threshold past max_length
    return out


def pass_line(threshold: float, nodes: int, seconds: float, found: int,
              timed_out: bool) -> str:
    """What ``-v`` says of one IDA* pass: its threshold (on f = g + h: the length
    bound of this pass; with a weight, on g + W h), nodes, time and how it ended.

    >>> pass_line(52, 1234567, 3.14159, 0, False)
    'IDA* threshold 52: 1,234,567 nodes, 3.14 s'
    >>> pass_line(54.5, 10, 0.01, 3, False)
    'IDA* threshold 54.5: 10 nodes, 0.01 s; 3 plans found'
    >>> pass_line(56, 9, 60, 0, True)
    'IDA* threshold 56: 9 nodes, 60.00 s; stopped by the time limit'
    """
    said = f"IDA* threshold {threshold:g}: {nodes:,} nodes, {seconds:.2f} s"
    if found:
        said += f"; {found} plan{'s' if found != 1 else ''} found"
    elif timed_out:
        said += "; stopped by the time limit"
    return said
