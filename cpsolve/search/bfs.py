"""Breadth-first search for puzzles whose state spaces fit in memory, over perfectly
ranked states (arrangements of a label multiset, :mod:`cpsolve.search.ranking`): numpy
arrays indexed by rank, not dicts. Shortest plan length, a shortest path, and the
number of shortest move sequences.

Two kinds of move: a blank (label 0) swapping with a neighbouring cell (``nbr``, the
sliding puzzles), or fixed permutations of the cells (``perms``, row k: the cell each
cell takes its label from after move k; rotation and other permutation puzzles). A
move set must contain the inverse of each of its moves, so that a search from the
goal counts the same plans as one from the start.

:func:`bfs` sweeps from the start; :func:`bibfs` grows both ends a layer at a time,
always the smaller frontier, and stops at the first layer where they meet.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from cpsolve.combinatorics import arrangements
from cpsolve.errors import TooLarge
from cpsolve.interrupts import kernels
from cpsolve.limits import Deadline, TimeUp, fits
from cpsolve.progress import Bar
from cpsolve.search.kernels import CHECK_EVERY, past
from cpsolve.search.ranking import (
    push,
    rank,
    rank_multiset,
    unrank,
    unrank_multiset,
)

if TYPE_CHECKING:
    from cpsolve.result import SpaceReport

# Distances are stored plus one, so 0 means unseen and the arrays can start as
# np.zeros: the operating system maps their pages only when a search touches them,
# and a bidirectional search that meets early costs little memory in a huge space.
UNSEEN = 0
MAX_STATES = 400_000_000  # arrangements a search may index
LONGEST = 253  # the longest plan a byte per state can hold (distance + 2 <= 255)


NO_NEIGHBOURS = np.zeros((1, 0), dtype=np.int64)  # ``nbr`` of a puzzle without a blank


def no_perms(m: int) -> np.ndarray:
    """``perms`` of a puzzle whose moves are the blank's."""
    return np.zeros((0, m), dtype=np.int64)


@njit(cache=True)
def _distinct(counts: np.ndarray, m: int) -> bool:
    """Whether the m labels are all different (every count 1)."""
    return counts.shape[0] == m and counts.min() == 1


@njit(cache=True)
def _rank(state: np.ndarray, counts: np.ndarray, distinct: bool) -> int:
    """The multiset rank; for distinct labels the same number by the cheaper
    permutation rank (both lexicographic)."""
    if distinct:
        return rank(state, state.shape[0])
    return rank_multiset(state, counts)


@njit(cache=True)
def _unrank(r: int, counts: np.ndarray, distinct: bool, out: np.ndarray) -> None:
    if distinct:
        unrank(r, out.shape[0], out.shape[0], out)
    else:
        unrank_multiset(r, counts, out)


@njit(cache=True)
def _neighbours(state: np.ndarray, nbr: np.ndarray, perms: np.ndarray, counts: np.ndarray,
                distinct: bool, out: np.ndarray, scratch: np.ndarray) -> int:
    """Ranks of the states one move away, in move order; returns how many."""
    if perms.shape[0] > 0:
        for k in range(perms.shape[0]):
            for i in range(state.shape[0]):
                scratch[i] = state[perms[k, i]]
            out[k] = _rank(scratch, counts, distinct)
        return perms.shape[0]
    blank = 0
    for i in range(state.shape[0]):
        if state[i] == 0:
            blank = i
    found = 0
    for j in range(nbr.shape[1]):
        other = nbr[blank, j]
        if other < 0:
            continue
        state[blank] = state[other]
        state[other] = 0
        out[found] = _rank(state, counts, distinct)
        found += 1
        state[other] = state[blank]
        state[blank] = 0
    return found


@njit(cache=True)
def _layer(frontier, size, dist, ways, level, counts, nbr, perms, m, counting, stop):
    """Expand one layer: the next frontier and its size; size -1 when the clock
    passed ``stop`` (a ``time.perf_counter()`` value) first."""
    state = np.empty(m, dtype=np.int64)
    scratch = np.empty(m, dtype=np.int64)
    out = np.empty(max(nbr.shape[1], perms.shape[0]), dtype=np.int64)
    distinct = _distinct(counts, m)
    following = np.empty(max(16, size), dtype=np.int64)
    nsize = 0
    for i in range(size):
        if i % CHECK_EVERY == 0 and past(stop):
            return following, -1
        s = frontier[i]
        _unrank(s, counts, distinct, state)
        found = _neighbours(state, nbr, perms, counts, distinct, out, scratch)
        for j in range(found):
            t = out[j]
            if dist[t] == UNSEEN:
                dist[t] = level + 2
                if counting:
                    ways[t] = ways[s]
                following = push(following, nsize, t)
                nsize += 1
            elif counting and dist[t] == level + 2:
                ways[t] += ways[s]
    return following, nsize


@dataclass
class Sweep:
    """What a breadth-first search found: the length (None: unreachable), the number of
    shortest move sequences (None when not counted), a shortest path of states (as
    label arrangements), and the states it expanded."""

    length: int | None = None
    count: int | None = None
    path: list[np.ndarray] = field(default_factory=list)
    expanded: int = 0
    cut: bool = False  # stopped at max_length
    timed_out: bool = False
    bound: int = 0  # when stopped: no plan is shorter than this


def _path(meet: int, dist_a: np.ndarray, dist_b: np.ndarray | None, counts: np.ndarray,
          nbr: np.ndarray, perms: np.ndarray, m: int) -> list[int]:
    """Ranks from side a's root to side b's root through ``meet``."""
    out = np.empty(max(nbr.shape[1], perms.shape[0]), dtype=np.int64)
    state = np.empty(m, dtype=np.int64)
    scratch = np.empty(m, dtype=np.int64)
    distinct = bool(_distinct(counts, m))

    def back(s: int, dist: np.ndarray) -> list[int]:
        chain = [s]
        while dist[chain[-1]] > 1:
            _unrank(chain[-1], counts, distinct, state)
            found = _neighbours(state, nbr, perms, counts, distinct, out, scratch)
            chain.append(next(int(t) for t in out[:found]
                              if dist[t] == dist[chain[-1]] - 1))
        return chain

    head = back(meet, dist_a)[::-1]
    return head if dist_b is None else head + back(meet, dist_b)[1:]


def shown(count: int) -> str:
    """A count for a message, however large: digits up to 30 of them, else its order
    of magnitude (Python refuses to write an integer of more than 4,300 digits).

    >>> shown(181_440), shown(10**5000 * 3)
    ('181,440', 'about 3.0 x 10^5000')
    """
    if count < 10**30:
        return f"{count:,}"
    exponent = math.log10(count)
    whole = math.floor(exponent)
    return f"about {10 ** (exponent - whole):.1f} x 10^{whole}"


def _sized(counts: np.ndarray) -> int:
    total = arrangements(int(c) for c in counts)
    if total > MAX_STATES:
        # a memory limit reached (exit 3), refused before any table is allocated
        raise TooLarge(f"{shown(total)} states do not fit (at most {MAX_STATES:,})")
    return total


def bfs(start: np.ndarray, goal: np.ndarray, counts: np.ndarray, nbr: np.ndarray, *,
        perms: np.ndarray | None = None, count: bool = True, max_length: int | None = None,
        deadline: Deadline | None = None) -> Sweep:
    """Sweep from ``start`` until ``goal``'s layer is complete (labels per free cell,
    0 the blank; ``nbr`` in the same numbering). A MemoryError above
    :data:`MAX_STATES` arrangements."""
    counts = np.asarray(counts, dtype=np.int64)
    m = len(start)
    perms = no_perms(m) if perms is None else perms
    total = _sized(counts)
    dist = np.zeros(total, dtype=np.uint8)
    ways = np.zeros(total if count else 1, dtype=np.int64)
    s0 = rank_multiset(np.asarray(start, dtype=np.int64), counts)
    g0 = rank_multiset(np.asarray(goal, dtype=np.int64), counts)
    dist[s0] = 1
    ways[s0 if count else 0] = 1
    frontier, size, level, out = np.array([s0], dtype=np.int64), 1, 0, Sweep()
    deadline = deadline or Deadline(None)
    while size and dist[g0] == UNSEEN:
        out.bound = level + 1
        if level >= min(LONGEST, max_length if max_length is not None else LONGEST):
            out.cut = True
            return out
        if deadline.expired():
            out.timed_out = True
            return out
        out.expanded += size
        with kernels():
            frontier, size = _layer(frontier, size, dist, ways, level, counts, nbr, perms,
                                    m, count, deadline.at)
        if size < 0:
            out.timed_out = True
            return out
        level += 1
    if dist[g0] == UNSEEN:
        return out
    out.length = int(dist[g0]) - 1
    out.count = int(ways[g0]) if count else None
    out.path = _states(_path(g0, dist, None, counts, nbr, perms, m), counts, m)
    return out


def bibfs(start: np.ndarray, goal: np.ndarray, counts: np.ndarray, nbr: np.ndarray, *,
          perms: np.ndarray | None = None, count: bool = True,
          max_length: int | None = None, deadline: Deadline | None = None) -> Sweep:
    """Grow both ends a layer at a time (the smaller frontier first) until they meet.
    Every shortest path crosses the layer just grown at a state the other side has
    seen (that side's layers are complete), so the first meeting layer gives the
    length, and the products of the two sides' path counts there give the count."""
    counts = np.asarray(counts, dtype=np.int64)
    m = len(start)
    perms = no_perms(m) if perms is None else perms
    total = _sized(counts)
    roots = [rank_multiset(np.asarray(x, dtype=np.int64), counts) for x in (start, goal)]
    dist = [np.zeros(total, dtype=np.uint8) for _ in range(2)]
    ways = [np.zeros(total if count else 1, dtype=np.int64) for _ in range(2)]
    frontier = [np.array([r], dtype=np.int64) for r in roots]
    sizes, levels = [1, 1], [0, 0]
    for side in (0, 1):
        dist[side][roots[side]] = 1
        ways[side][roots[side] if count else 0] = 1
    out = Sweep()
    if roots[0] == roots[1]:
        out.length, out.count = 0, 1 if count else None
        out.path = _states([roots[0]], counts, m)
        return out
    deadline = deadline or Deadline(None)
    while sizes[0] and sizes[1]:
        out.bound = levels[0] + levels[1] + 1
        if levels[0] + levels[1] >= min(LONGEST, max_length if max_length is not None
                                        else LONGEST):
            out.cut = True
            return out
        if deadline.expired():
            out.timed_out = True
            return out
        side = 0 if sizes[0] <= sizes[1] else 1
        out.expanded += sizes[side]
        with kernels():
            frontier[side], sizes[side] = _layer(frontier[side], sizes[side], dist[side],
                                                 ways[side], levels[side], counts, nbr,
                                                 perms, m, count, deadline.at)
        if sizes[side] < 0:
            out.timed_out = True
            return out
        levels[side] += 1
        new = frontier[side][:sizes[side]]
        met = new[dist[1 - side][new] != UNSEEN]
        if len(met):
            totals = dist[1 - side][met].astype(np.int64) - 1 + levels[side]
            out.length = int(totals.min())
            best = met[totals == out.length]
            if count:
                out.count = int((ways[0][best] * ways[1][best]).sum())
            out.path = _states(_path(int(best[0]), dist[0], dist[1], counts, nbr, perms, m),
                               counts, m)
            return out
    return out


def _states(ranks: list[int], counts: np.ndarray, m: int) -> list[np.ndarray]:
    out = []
    for r in ranks:
        state = np.empty(m, dtype=np.int64)
        unrank_multiset(r, counts, state)
        out.append(state)
    return out


@dataclass
class Layers:
    """A whole reachable space swept from one root: positions per distance, and the
    states at the largest distance (as label arrangements)."""

    sizes: list[int] = field(default_factory=list)
    farthest: list[np.ndarray] = field(default_factory=list)


def sweep_all(root: np.ndarray, counts: np.ndarray, nbr: np.ndarray, *,
              perms: np.ndarray | None = None, keep: int = 1000,
              on_layer: Callable[[int, int], None] | None = None,
              deadline: Deadline | None = None) -> Layers:
    """Every state reachable from ``root``, layer by layer (one byte per state); up to
    ``keep`` of the farthest ones are returned. ``on_layer(distance, positions)`` is
    called as each layer is complete. :class:`~cpsolve.limits.TimeUp` when the
    deadline passes first."""
    layers, _ = _sweep(root, counts, nbr, perms, keep, on_layer, deadline)
    return layers


def distances(root: np.ndarray, counts: np.ndarray, nbr: np.ndarray, *,
              perms: np.ndarray | None = None) -> np.ndarray:
    """Every arrangement's distance from ``root``, indexed by rank, plus one (0:
    unreachable): a pattern database when the labels are an abstraction of a
    puzzle's."""
    _, dist = _sweep(root, counts, nbr, perms, 0, None, None)
    return dist


def _sweep(root: np.ndarray, counts: np.ndarray, nbr: np.ndarray, perms: np.ndarray | None,
           keep: int, on_layer: Callable[[int, int], None] | None,
           deadline: Deadline | None) -> tuple[Layers, np.ndarray]:
    counts = np.asarray(counts, dtype=np.int64)
    m = len(root)
    perms = no_perms(m) if perms is None else perms
    total = _sized(counts)
    # A whole-space sweep touches every byte of its table: refused before it starts
    # when that cannot fit (a search between two positions may meet early, and its
    # tables' untouched pages cost nothing).
    fits(total, f"the table of {shown(total)} positions")
    dist = np.zeros(total, dtype=np.uint8)
    r0 = rank_multiset(np.asarray(root, dtype=np.int64), counts)
    dist[r0] = 1
    ways = np.zeros(1, dtype=np.int64)
    frontier, size, level = np.array([r0], dtype=np.int64), 1, 0
    out = Layers()
    while size:
        out.sizes.append(size)
        if on_layer is not None:
            on_layer(level, size)
        if level == 254:
            from cpsolve.errors import UsageError

            raise UsageError("positions more than 254 moves away: their distances do not "
                             "fit one byte")
        last, last_size = frontier, size
        with kernels():
            frontier, size = _layer(frontier, size, dist, ways, level, counts, nbr, perms,
                                    m, False, math.inf if deadline is None else deadline.at)
        if size < 0:
            raise TimeUp(f"time limit reached while sweeping the positions {level + 1} "
                         f"move{'s' if level else ''} from the goal")
        level += 1
    out.farthest = _states([int(r) for r in last[:min(last_size, keep)]], counts, m)
    return out, dist


def space_report(root: np.ndarray, counts: np.ndarray, nbr: np.ndarray, *,
                 describe: Callable[[np.ndarray], str], perms: np.ndarray | None = None,
                 keep: int = 1000, bar: Bar | None = None,
                 deadline: Deadline | None = None) -> SpaceReport:
    """The whole space reachable from ``root`` (a puzzle's goal) as ``cpsolve analyze``
    reports it: positions, positions per distance, the largest distance and the
    positions at it (``describe`` writes one as text). A space of more than
    :data:`MAX_STATES` arrangements is refused up front, with its size; ``bar``
    advances layer by layer."""
    import time

    from cpsolve.errors import UsageError
    from cpsolve.result import SpaceReport, Stats

    size = arrangements(int(c) for c in counts)
    if size > MAX_STATES:
        raise UsageError(f"{shown(size)} arrangements: too many to sweep here (at most "
                         f"{MAX_STATES:,}, one byte each)")
    bar = bar or Bar()
    bar.update(total=size)
    start = time.perf_counter()
    layers = sweep_all(root, counts, nbr, perms=perms, keep=keep, on_layer=bar.layer,
                       deadline=deadline)
    bar.update(total=sum(layers.sizes))  # the reachable part: the bar ends full
    stats = Stats(solve_seconds=time.perf_counter() - start)
    stats.extra["arrangements"] = size
    return SpaceReport(states=sum(layers.sizes), diameter=len(layers.sizes) - 1,
                       distribution=layers.sizes,
                       hardest=[describe(state) for state in layers.farthest],
                       hardest_count=layers.sizes[-1], stats=stats)
