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

from dataclasses import dataclass

import numpy as np
from numba import njit

from cpsolve.limits import Deadline
from cpsolve.search.ida import IdaSearch, deepen
from cpsolve.search.kernels import CHECK_EVERY, past, record_path
from cpsolve.search.ranking import rank


@njit(cache=True)
def _line_conflict(cells, line, line_cells, line_len, goal_line, key):
    """Linear conflict of one line: twice the fewest of its tiles that must leave it
    for the rest, all at home in this line, to be in goal order (length minus the
    longest increasing run of goal positions)."""
    seq = np.empty(line_len[line], dtype=np.int64)
    n = 0
    for i in range(line_len[line]):
        label = cells[line_cells[line, i]]
        if label > 0 and goal_line[label] == line:
            seq[n] = key[label]
            n += 1
    if n < 2:
        return 0
    best = np.ones(n, dtype=np.int64)
    longest = 1
    for i in range(n):
        for j in range(i):
            if seq[j] < seq[i] and best[j] + 1 > best[i]:
                best[i] = best[j] + 1
        if best[i] > longest:
            longest = best[i]
    return 2 * (n - longest)


@njit(cache=True)
def _iteration(cells, blank, nbr, dist, h0, threshold, weight, count, plans, deadline, lc,
               lc_value, line_cells, line_len, line_ok, row_of, col_of, goal_row, goal_col,
               key_row, key_col):
    """One depth-first pass bounded by f = g + weight * h <= threshold.

    h is the distance sum, plus (with ``lc``) the linear conflicts of the lines in
    ``line_ok``: a vertical move can only change the conflicts of the two rows it
    touches, a horizontal one those of the two columns. Returns (smallest f above the
    threshold, plans found, nodes, timed out). Plans are written to ``plans`` as blank
    positions, one row each, as long as it has room.
    """
    limit = plans.shape[1]
    stack_blank = np.empty(limit, dtype=np.int64)
    stack_h = np.empty(limit, dtype=np.int64)  # the distance sum alone
    stack_lc = np.empty(limit, dtype=np.int64)  # the conflicts' total
    stack_old = np.zeros((limit, 4), dtype=np.int64)  # lines changed and their old values
    stack_next = np.empty(limit, dtype=np.int64)
    depth = 0
    stack_blank[0] = blank
    stack_h[0] = h0
    stack_lc[0] = lc_value.sum()
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
            if lc:
                lc_value[stack_old[depth, 0]] = stack_old[depth, 1]
                lc_value[stack_old[depth, 2]] = stack_old[depth, 3]
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
        conflicts = stack_lc[depth]
        line_a = line_b = old_a = old_b = 0
        if lc:
            cells[b] = label
            cells[nb] = 0
            if col_of[b] == col_of[nb]:  # vertical: the two rows change
                line_a, line_b = row_of[b], row_of[nb]
                goal_line, key = goal_row, key_row
            else:  # horizontal: the two columns change
                line_a, line_b = col_of[b], col_of[nb]
                goal_line, key = goal_col, key_col
            old_a, old_b = lc_value[line_a], lc_value[line_b]
            if line_ok[line_a]:
                lc_value[line_a] = _line_conflict(cells, line_a, line_cells, line_len,
                                                  goal_line, key)
            if line_ok[line_b]:
                lc_value[line_b] = _line_conflict(cells, line_b, line_cells, line_len,
                                                  goal_line, key)
            conflicts += lc_value[line_a] - old_a + lc_value[line_b] - old_b
            cells[nb] = label
            cells[b] = 0
        nodes += 1
        if nodes % CHECK_EVERY == 0 and past(deadline):
            return next_bound, found, nodes, True
        f = depth + 1 + weight * (h + conflicts)
        if f > threshold or depth + 1 >= limit:
            if f > threshold and f < next_bound:
                next_bound = f
            if lc:
                lc_value[line_a] = old_a
                lc_value[line_b] = old_b
            continue
        cells[b] = label
        cells[nb] = 0
        depth += 1
        stack_blank[depth] = nb
        stack_h[depth] = h
        stack_lc[depth] = conflicts
        stack_old[depth, 0] = line_a
        stack_old[depth, 1] = old_a
        stack_old[depth, 2] = line_b
        stack_old[depth, 3] = old_b
        stack_next[depth] = 0
        if h == 0:
            record_path(plans, found, stack_blank, depth)
            found += 1
            if not count:
                return next_bound, found, nodes, False
            stack_next[depth] = 4  # a goal is a leaf
    return next_bound, found, nodes, False


@dataclass
class Lines:
    """What linear conflicts need: the rows (line ids 0..H-1) and columns (H..H+W-1),
    which of them hold no wall, each cell's row and column line, and each label's
    goal lines and its position within them."""

    rows: int
    cells: np.ndarray
    length: np.ndarray
    ok: np.ndarray
    row_of: np.ndarray
    col_of: np.ndarray
    goal_row: np.ndarray
    goal_col: np.ndarray
    key_row: np.ndarray
    key_col: np.ndarray

    @staticmethod
    def of(width: int, height: int, walls: np.ndarray, goal: np.ndarray) -> Lines:
        """``goal[cell]`` is the label at home there (0 the blank, -1 a wall); labels
        must be distinct for the conflicts to be admissible."""
        n = width * height
        size = max(width, height)
        cells = np.zeros((height + width, size), dtype=np.int64)
        length = np.zeros(height + width, dtype=np.int64)
        for r in range(height):
            cells[r, :width] = np.arange(r * width, (r + 1) * width)
            length[r] = width
        for c in range(width):
            cells[height + c, :height] = np.arange(c, n, width)
            length[height + c] = height
        ok = np.array([not walls[cells[i, :length[i]]].any() for i in range(height + width)])
        index = np.arange(n)
        labels = int(goal.max()) + 1
        goal_row = np.full(labels, -1, dtype=np.int64)
        goal_col = np.full(labels, -1, dtype=np.int64)
        key_row = np.zeros(labels, dtype=np.int64)
        key_col = np.zeros(labels, dtype=np.int64)
        for cell in range(n):
            label = goal[cell]
            if label > 0:
                goal_row[label], key_row[label] = cell // width, cell % width
                goal_col[label], key_col[label] = height + cell % width, cell // width
        return Lines(height, cells, length, ok, index // width, height + index % width,
                     goal_row, goal_col, key_row, key_col)

    def values(self, cells: np.ndarray) -> np.ndarray:
        out = np.zeros(len(self.length), dtype=np.int64)
        for line in range(len(self.length)):
            is_row = line < self.rows
            if self.ok[line]:
                out[line] = _line_conflict(cells, line, self.cells, self.length,
                                           self.goal_row if is_row else self.goal_col,
                                           self.key_row if is_row else self.key_col)
        return out


def tile_ida(cells: np.ndarray, blank: int, nbr: np.ndarray, dist: np.ndarray, *,
             weight: float = 1.0, count: bool = False, keep: int = 1000,
             deadline: Deadline | None = None, max_length: int = 10_000,
             lines: Lines | None = None) -> IdaSearch:
    """IDA* on a tile puzzle (see the module docstring for the arrays).

    With ``weight`` 1 the first plan is optimal; with ``count`` every plan at the
    optimal length is counted and up to ``keep`` of them are returned. A ``weight``
    above 1 searches f = g + w h: plans at most w times longer than optimal, found
    with far fewer nodes. ``lines`` adds linear conflicts (distinct labels only).
    """
    cells = np.ascontiguousarray(cells, dtype=np.int64)
    nbr = np.ascontiguousarray(nbr, dtype=np.int64)
    dist = np.ascontiguousarray(dist, dtype=np.int64)
    labels = cells[cells > 0]
    h0 = int(dist[labels, np.nonzero(cells > 0)[0]].sum())
    if lines is None:  # placeholders the kernel never reads
        lines = Lines.of(1, 1, np.zeros(1, dtype=bool), np.zeros(1, dtype=np.int64))
        lc, conflicts = False, np.zeros(2, dtype=np.int64)
    else:
        lc, conflicts = True, lines.values(cells)
    stop = (deadline or Deadline(None)).at

    def iterate(threshold: float, plans: np.ndarray) -> tuple[float, int, int, bool]:
        return _iteration(
            cells.copy(), blank, nbr, dist, h0, threshold, weight, count, plans, stop, lc,
            conflicts.copy(), lines.cells, lines.length, lines.ok, lines.row_of, lines.col_of,
            lines.goal_row, lines.goal_col, lines.key_row, lines.key_col)

    return deepen(iterate, weight * (h0 + int(conflicts.sum())), count, keep, max_length)


@njit(cache=True)
def _pattern_value(table, offset, cells, k, m):
    return table[offset + rank(cells[:k], m)]


@njit(cache=True)
def _iteration_pdb(tiles, blank, nbr, dist, label_of, compact, pat_of, slot_of, pat_cells,
                   pat_k, tables, offsets, pval, man0, rest0, threshold, count, plans,
                   deadline, m):
    """As :func:`_iteration`, with h = max(manhattan, sum of pattern databases +
    manhattan of the tiles in no pattern); tiles are tracked by identity."""
    limit = plans.shape[1]
    stack_blank = np.empty(limit, dtype=np.int64)
    stack_man = np.empty(limit, dtype=np.int64)
    stack_rest = np.empty(limit, dtype=np.int64)
    stack_pdb = np.empty(limit, dtype=np.int64)
    stack_next = np.empty(limit, dtype=np.int64)
    stack_old = np.empty(limit, dtype=np.int64)  # the pattern value a move replaced
    depth = 0
    stack_blank[0] = blank
    stack_man[0] = man0
    stack_rest[0] = rest0
    stack_pdb[0] = pval.sum()
    stack_next[0] = 0
    next_bound = np.inf
    found = 0
    nodes = 0
    if man0 == 0:
        plans[0, 0] = blank
        return next_bound, 1, 1, False
    while depth >= 0:
        if stack_next[depth] == 4:
            if depth == 0:
                break
            here, before = stack_blank[depth], stack_blank[depth - 1]
            tile = tiles[before]
            tiles[here] = tile
            tiles[before] = 0
            p = pat_of[tile]
            if p >= 0:
                pat_cells[p, slot_of[tile]] = compact[here]
                pval[p] = stack_old[depth]
            depth -= 1
            continue
        k = stack_next[depth]
        stack_next[depth] = k + 1
        b = stack_blank[depth]
        nb = nbr[b, k]
        if nb < 0 or (depth > 0 and nb == stack_blank[depth - 1]):
            continue
        tile = tiles[nb]
        label = label_of[tile]
        delta = dist[label, b] - dist[label, nb]
        man = stack_man[depth] + delta
        rest = stack_rest[depth]
        pdb = stack_pdb[depth]
        p = pat_of[tile]
        old = 0
        if p >= 0:
            old = pval[p]
            pat_cells[p, slot_of[tile]] = compact[b]
            new = np.int64(_pattern_value(tables, offsets[p], pat_cells[p], pat_k[p], m))
            pdb += new - old
            pval[p] = new
        else:
            rest += delta
        h = max(man, pdb + rest)
        nodes += 1
        if nodes % CHECK_EVERY == 0 and past(deadline):
            return next_bound, found, nodes, True
        f = depth + 1 + h
        if f > threshold or depth + 1 >= limit:
            if f > threshold and f < next_bound:
                next_bound = f
            if p >= 0:
                pat_cells[p, slot_of[tile]] = compact[nb]
                pval[p] = old
            continue
        tiles[b] = tile
        tiles[nb] = 0
        depth += 1
        stack_blank[depth] = nb
        stack_man[depth] = man
        stack_rest[depth] = rest
        stack_pdb[depth] = pdb
        stack_old[depth] = old
        stack_next[depth] = 0
        if man == 0:
            record_path(plans, found, stack_blank, depth)
            found += 1
            if not count:
                return next_bound, found, nodes, False
            stack_next[depth] = 4
    return next_bound, found, nodes, False


@dataclass
class Patterns:
    """Pattern databases ready for the kernel: which tile is in which pattern (and
    slot), the tables end to end, and their offsets."""

    pat_of: np.ndarray
    slot_of: np.ndarray
    tables: np.ndarray
    offsets: np.ndarray
    sizes: np.ndarray
    free: int


def tile_ida_pdb(tiles: np.ndarray, label_of: np.ndarray, blank: int, nbr: np.ndarray,
                 dist: np.ndarray, compact: np.ndarray, patterns: Patterns, *,
                 count: bool = False, keep: int = 1000, deadline: Deadline | None = None,
                 max_length: int = 10_000) -> IdaSearch:
    """IDA* with additive pattern databases (tiles tracked by identity: ``tiles[cell]``
    a tile id, ``label_of[id]`` its label, 0 the blank)."""
    tiles = np.ascontiguousarray(tiles, dtype=np.int64)
    occupied = np.nonzero(tiles > 0)[0]
    labels = label_of[tiles[occupied]]
    man = int(dist[labels, occupied].sum())
    in_pattern = patterns.pat_of[tiles[occupied]] >= 0
    rest = int(dist[labels[~in_pattern], occupied[~in_pattern]].sum())
    count_p = len(patterns.sizes)
    kmax = int(patterns.sizes.max()) if count_p else 1
    pat_cells = np.zeros((max(count_p, 1), kmax), dtype=np.int64)
    for cell in occupied:
        t = tiles[cell]
        if patterns.pat_of[t] >= 0:
            pat_cells[patterns.pat_of[t], patterns.slot_of[t]] = compact[cell]
    pval = np.array([int(patterns.tables[patterns.offsets[p] + rank(
        pat_cells[p, :patterns.sizes[p]], patterns.free)]) for p in range(count_p)],
        dtype=np.int64)
    h0 = max(man, int(pval.sum()) + rest)
    stop = (deadline or Deadline(None)).at

    def iterate(threshold: float, plans: np.ndarray) -> tuple[float, int, int, bool]:
        return _iteration_pdb(
            tiles.copy(), blank, nbr, dist, label_of, compact, patterns.pat_of,
            patterns.slot_of, pat_cells.copy(), patterns.sizes, patterns.tables,
            patterns.offsets, pval.copy(), man, rest, threshold, count, plans, stop,
            patterns.free)

    return deepen(iterate, float(h0), count, keep, max_length)
