"""IDA* for permutation puzzles (rotation puzzles and any puzzle whose moves are fixed
permutations of cells), compiled by numba.

The state is ``state[cell]``, a label index; move k sends the label of cell
``perms[k, i]`` to cell i. The bound is the larger of two admissible estimates:

- cells: ``celldist[label, cell]`` is the fewest moves that carry a label from the
  cell to a goal cell of its kind; a move carries at most ``span`` labels one step, so
  the plan is at least the largest term and at least the sum over ``span``;
- pattern databases: each keeps some label classes and blurs the rest into one, and
  stores every abstract arrangement's exact distance to the abstract goal (a
  breadth-first sweep, :func:`cpsolve.search.bfs.distances`); any plan for the puzzle
  is a plan for the abstraction, so the largest value over the databases is a bound.

Sequences that are never optimal are cut: a move followed by its inverse, and a run of
the same turn longer than half its cycle. Counting optimal plans is unaffected.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import factorial

import numpy as np
from numba import njit

from cpsolve.interrupts import kernels
from cpsolve.limits import Deadline
from cpsolve.search.bfs import NO_NEIGHBOURS, distances
from cpsolve.search.ida import IdaSearch, deepen
from cpsolve.search.kernels import CHECK_EVERY, past, record_path
from cpsolve.search.ranking import rank_multiset

PATTERN_STATES = 100_000  # largest abstract space one database may hold
# The most work (states times moves) all the databases of one puzzle may take to build:
# each is swept breadth-first by a compiled kernel that no time limit interrupts, so
# on a large board (1,000 cells, 1,872 moves) they are kept to a few seconds.
PATTERN_WORK = 200_000_000


@dataclass
class Databases:
    """Pattern databases for the kernel: ``maps[p, label]`` the abstract label of a
    label in database p, ``counts[p]`` the abstract label counts (zero padded), the
    tables end to end (distance plus one, as bytes) and their offsets."""

    maps: np.ndarray
    counts: np.ndarray
    tables: np.ndarray
    offsets: np.ndarray

    @property
    def size(self) -> int:
        return len(self.offsets)


def _arrangements(counts: list[int]) -> int:
    out = factorial(sum(counts))
    for c in counts:
        out //= factorial(c)
    return out


def databases(goal: np.ndarray, counts: np.ndarray, perms: np.ndarray, *,
              limit: int = PATTERN_STATES) -> Databases:
    """Pattern databases for the puzzle solved at ``goal`` (label indices per cell,
    label multiplicities ``counts``): label classes are grouped in order, as many to a
    group as keep its abstract space within ``limit`` arrangements."""
    nlabels, m = len(counts), len(goal)
    groups: list[list[int]] = []
    for label in range(nlabels):
        if _arrangements([m - int(counts[label]), int(counts[label])]) > limit:
            continue  # too many places for this class alone: no database keeps it
        trial = (groups[-1] if groups else []) + [label]
        kept = [int(counts[c]) for c in trial]
        if groups and _arrangements([m - sum(kept), *kept]) <= limit:
            groups[-1] = trial
        else:
            groups.append([label])
    # A database of one label alone is its cell distances, which the bound has
    # anyway; the rest are kept while their work fits PATTERN_WORK.
    kept_groups, work = [], 0
    for group in groups:
        if len(group) == 1 and int(counts[group[0]]) == 1:
            continue
        kept = [int(counts[c]) for c in group]
        work += _arrangements([m - sum(kept), *kept]) * max(1, len(perms))
        if work > PATTERN_WORK:
            break
        kept_groups.append(group)
    groups = kept_groups
    maps = np.zeros((len(groups), nlabels), dtype=np.int64)
    pcounts = np.zeros((len(groups), nlabels + 1), dtype=np.int64)
    if not groups:
        return _empty(nlabels)
    tables, offsets, start = [], [], 0
    for p, group in enumerate(groups):
        for slot, label in enumerate(group, 1):
            maps[p, label] = slot
            pcounts[p, slot] = counts[label]
        pcounts[p, 0] = m - sum(int(counts[c]) for c in group)
        table = distances(maps[p][goal], pcounts[p, :len(group) + 1], NO_NEIGHBOURS,
                          perms=perms)
        tables.append(table)
        offsets.append(start)
        start += len(table)
    return Databases(maps, pcounts, np.concatenate(tables),
                     np.array(offsets, dtype=np.int64))


def cell_distances(goal: np.ndarray, nlabels: int, perms: np.ndarray) -> np.ndarray:
    """``out[label, cell]``: the fewest moves carrying a label from the cell to a goal
    cell of that label (-1 when none can)."""
    from cpsolve.search.distances import distances

    m = len(goal)
    # A label reaches ``cell`` from perms[k, cell]: searched back from the goal cells,
    # compiled, over each cell's few distinct sources (a move leaves most cells where
    # they are; a loop over every move for every label and cell took minutes at 1,000
    # cells).
    sources = np.sort(np.asarray(perms, dtype=np.int64).reshape(-1, m).T, axis=1)
    distinct = sources != np.arange(m)[:, None]
    distinct[:, 1:] &= sources[:, 1:] != sources[:, :-1]
    width = int(distinct.sum(axis=1).max()) if sources.size else 0
    nbr = -np.sort(-np.where(distinct, sources, -1), axis=1)[:, :max(1, width)]
    seeds = np.asarray(goal)[None, :] == np.arange(nlabels)[:, None]
    return distances(nbr, seeds)


@njit(cache=True)
def _bound(state, celldist, span, maps, pcounts, offsets, tables, scratch):
    total = 0
    far = 0
    for i in range(state.shape[0]):
        d = celldist[state[i], i]
        total += d
        if d > far:
            far = d
    best = max(far, (total + span - 1) // span)
    for p in range(offsets.shape[0]):
        for i in range(state.shape[0]):
            scratch[i] = maps[p, state[i]]
        d = np.int64(tables[offsets[p] + rank_multiset(scratch, pcounts[p])]) - 1
        if d > best:
            best = d
    return best


@njit(cache=True, nogil=True)  # others (a status line) run meanwhile
def _iteration(state, perms, inverse, run_cap, celldist, span, maps, pcounts, offsets,
               tables, threshold, weight, count, plans, deadline):
    """One bounded depth-first pass, f = g + ``weight`` h; returns (next threshold,
    plans found, nodes, timed out). Row r of ``plans`` gets a dummy 0 then the moves
    of plan r."""
    limit = plans.shape[1]
    m = state.shape[0]
    nmoves = perms.shape[0]
    states = np.empty((limit, m), dtype=np.int64)
    states[0] = state
    stack_move = np.zeros(limit, dtype=np.int64)
    stack_run = np.zeros(limit, dtype=np.int64)
    stack_next = np.zeros(limit, dtype=np.int64)
    scratch = np.empty(m, dtype=np.int64)
    next_bound = np.inf
    found = 0
    nodes = 0
    if _bound(state, celldist, span, maps, pcounts, offsets, tables, scratch) == 0:
        plans[0, 0] = 0
        return next_bound, 1, 1, False
    depth = 0
    while depth >= 0:
        k = stack_next[depth]
        if k == nmoves:
            depth -= 1
            continue
        stack_next[depth] = k + 1
        run = 1
        if depth > 0:
            last = stack_move[depth]
            if k == inverse[last]:
                continue
            if k == last:
                run = stack_run[depth] + 1
                if run > run_cap[k]:
                    continue
        child = states[depth + 1]
        parent = states[depth]
        for i in range(m):
            child[i] = parent[perms[k, i]]
        nodes += 1
        if nodes % CHECK_EVERY == 0 and past(deadline):
            return next_bound, found, nodes, True
        h = _bound(child, celldist, span, maps, pcounts, offsets, tables, scratch)
        f = depth + 1 + weight * h
        if f > threshold or depth + 1 >= limit:
            if f > threshold and f < next_bound:
                next_bound = f
            continue
        depth += 1
        stack_move[depth] = k
        stack_run[depth] = run
        stack_next[depth] = 0
        if h == 0:  # every label on a goal cell of its kind: the goal
            record_path(plans, found, stack_move, depth)
            found += 1
            if not count:
                return next_bound, found, nodes, False
            stack_next[depth] = nmoves
    return next_bound, found, nodes, False


def _empty(nlabels: int) -> Databases:
    return Databases(np.zeros((0, nlabels), dtype=np.int64),
                     np.zeros((0, nlabels + 1), dtype=np.int64),
                     np.zeros(1, dtype=np.uint8), np.zeros(0, dtype=np.int64))


def _span(perms: np.ndarray) -> int:
    """The most labels one move carries."""
    return max(1, int(max(np.count_nonzero(row != np.arange(len(row))) for row in perms)))


def initial_bound(state: np.ndarray, goal: np.ndarray, counts: np.ndarray,
                  perms: np.ndarray, *, pdb: Databases | None = None) -> int:
    """The search's admissible bound at ``state`` with the databases ``pdb`` (None:
    cell distances alone); -1 when a label can never reach a goal cell of its kind."""
    state = np.ascontiguousarray(state, dtype=np.int64)
    goal = np.ascontiguousarray(goal, dtype=np.int64)
    celldist = cell_distances(goal, len(counts), perms)
    if (celldist[state, np.arange(len(state))] < 0).any():
        return -1
    pdb = pdb if pdb is not None else _empty(len(counts))
    return int(_bound(state, celldist, _span(perms), pdb.maps, pdb.counts, pdb.offsets,
                      pdb.tables, np.empty(len(state), dtype=np.int64)))


def permutation_ida(state: np.ndarray, goal: np.ndarray, counts: np.ndarray,
                    perms: np.ndarray, inverse: np.ndarray, cycle: np.ndarray, *,
                    pdb: Databases | None = None, count: bool = False, keep: int = 1000,
                    deadline: Deadline | None = None, max_length: int = 10_000,
                    weight: float = 1.0, log: Callable[[str], None] | None = None
                    ) -> tuple[list[list[int]], IdaSearch]:
    """Shortest plans (lists of move indices) from ``state`` to ``goal`` (label
    indices per cell; ``counts`` the label multiplicities; ``cycle[k]`` the length of
    the cycle move k turns), and the search's record. ``pdb``: pattern databases
    (:func:`databases`; None: cell distances alone). With ``count`` every optimal
    plan is counted and up to ``keep`` returned. An unreachable goal gives no plan
    once the threshold passes ``max_length`` (callers decide reachability first). A
    ``weight`` above 1 searches f = g + w h: plans at most w times longer than the
    shortest, found with far fewer nodes (the thresholds, and ``max_length``, bound
    f). ``log`` hears a line per pass (``-v``)."""
    state = np.ascontiguousarray(state, dtype=np.int64)
    goal = np.ascontiguousarray(goal, dtype=np.int64)
    perms = np.ascontiguousarray(perms, dtype=np.int64)
    celldist = cell_distances(goal, len(counts), perms)
    if (celldist[state, np.arange(len(state))] < 0).any():
        return [], IdaSearch()  # a label can never reach a goal cell of its kind
    span = _span(perms)
    run_cap = np.maximum(1, np.asarray(cycle, dtype=np.int64) // 2)
    pdb = pdb if pdb is not None else _empty(len(counts))
    scratch = np.empty(len(state), dtype=np.int64)
    h0 = _bound(state, celldist, span, pdb.maps, pdb.counts, pdb.offsets, pdb.tables, scratch)
    stop = (deadline or Deadline(None)).at
    inverse = np.ascontiguousarray(inverse, dtype=np.int64)

    def iterate(threshold: float, plans: np.ndarray) -> tuple[float, int, int, bool]:
        with kernels():  # Ctrl-C: the kernel stops at its next look at the clock
            return _iteration(state.copy(), perms, inverse, run_cap, celldist, span,
                              pdb.maps, pdb.counts, pdb.offsets, pdb.tables, threshold,
                              float(weight), count, plans, stop)

    found = deepen(iterate, float(weight * h0), count, keep, max_length, log)
    return [path[1:] for path in found.paths], found
