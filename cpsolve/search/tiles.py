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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit

from cpsolve.interrupts import kernels
from cpsolve.limits import Deadline
from cpsolve.search.ida import IdaSearch, deepen
from cpsolve.search.kernels import CHECK_EVERY, past, record_path
from cpsolve.search.ranking import rank_bits


@njit(cache=True, inline="always")  # no call: no reference counts
def _line_conflict(cells, line, line_cells, line_len, goal_line, key):
    """Linear conflict of one line: twice the fewest of its tiles that must leave it
    for the rest, all at home in this line, to be in goal order (length minus the
    longest increasing run of goal positions).

    The run is found by patience sorting on a bit set: ``tails`` holds, for each run
    length, the smallest goal position ending such a run (positions are distinct and
    below 64, see :meth:`Lines.of`); a position replaces the smallest tail above it,
    or lengthens the longest run. Nothing is allocated: the kernels call this twice
    a move.
    """
    tails = np.uint64(0)
    tiles = 0
    longest = 0
    for i in range(line_len[line]):
        label = cells[line_cells[line, i]]
        if label > 0 and goal_line[label] == line:
            tiles += 1
            bit = np.uint64(1) << np.uint64(key[label])
            above = tails & ~(bit - np.uint64(1))
            if above:
                tails ^= above & (~above + np.uint64(1))  # its lowest set bit
            else:
                longest += 1
            tails |= bit
    return 2 * (tiles - longest)


@njit(cache=True, nogil=True)  # others (a status line) run meanwhile
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
            # (no array is chosen into a variable here: one reassigned in the loop
            # costs atomic reference counts at every node)
            vertical = col_of[b] == col_of[nb]  # the two rows change, else two columns
            line_a = row_of[b] if vertical else col_of[b]
            line_b = row_of[nb] if vertical else col_of[nb]
            old_a, old_b = lc_value[line_a], lc_value[line_b]
            for line in (line_a, line_b):
                if line_ok[line]:
                    if vertical:
                        lc_value[line] = _line_conflict(cells, line, line_cells, line_len,
                                                        goal_row, key_row)
                    else:
                        lc_value[line] = _line_conflict(cells, line, line_cells, line_len,
                                                        goal_col, key_col)
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
        if size > 64:
            raise ValueError("linear conflicts need lines of at most 64 cells")
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
             lines: Lines | None = None, log: Callable[[str], None] | None = None
             ) -> IdaSearch:
    """IDA* on a tile puzzle (see the module docstring for the arrays).

    With ``weight`` 1 the first plan is optimal; with ``count`` every plan at the
    optimal length is counted and up to ``keep`` of them are returned. A ``weight``
    above 1 searches f = g + w h: plans at most w times longer than optimal, found
    with far fewer nodes. ``lines`` adds linear conflicts (distinct labels only).
    ``log`` hears a line per pass (``-v``).
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
        with kernels():  # Ctrl-C while numba loads its kernel is swallowed without it
            lc, conflicts = True, lines.values(cells)
    stop = (deadline or Deadline(None)).at

    def iterate(threshold: float, plans: np.ndarray) -> tuple[float, int, int, bool]:
        with kernels():  # Ctrl-C: the kernel stops at its next look at the clock
            return _iteration(
                cells.copy(), blank, nbr, dist, h0, threshold, weight, count, plans, stop,
                lc, conflicts.copy(), lines.cells, lines.length, lines.ok, lines.row_of,
                lines.col_of, lines.goal_row, lines.goal_col, lines.key_row, lines.key_col)

    return deepen(iterate, weight * (h0 + int(conflicts.sum())), count, keep, max_length,
                  log)


@njit(cache=True, inline="always")
def _moved(u, a, b, board, comp, pat_of, slot_of, label_of, dist, weights, offsets, shifts,
           tables, rank, md, entry, h):
    """Tile ``u`` moves from cell ``a`` to the blank's cell ``b`` of ``board``: its
    pattern, and that pattern's new rank, distance sum and entry, and the new estimate
    ``h``. The rank changes by the tile's own digit, and, when cells lie between a and
    b in row-major order (a vertical move), by one step for each tile of the pattern
    passed over: no move needs a full ranking."""
    p = pat_of[u]
    s = slot_of[u]
    label = label_of[u]
    md_p = md[p] + dist[label, b] - dist[label, a]
    ca = comp[a]
    cb = comp[b]
    step = weights[p, s]
    delta = (cb - ca) * step
    if b > a + 1 or a > b + 1:
        sign = 1 if cb > ca else -1
        lo = a + 1 if a < b else b + 1
        hi = b if a < b else a
        for c in range(lo, hi):
            x = board[c]
            if x > 0 and pat_of[x] == p:
                other = slot_of[x]
                if other < s:  # an earlier tile passed over: one cell fewer for u's digit
                    delta -= sign * step
                else:  # a later tile's digit counts u among the cells before it
                    delta += sign * weights[p, other]
    r = rank[p] + delta
    i = offsets[p] + r
    e = (np.int64(tables[i >> 1]) >> ((i & 1) << 2)) & 15
    sh = shifts[p]
    return p, r, md_p, e, h - md[p] - (entry[p] << sh) + md_p + (e << sh)


@njit(cache=True, nogil=True)  # others (a status line) run meanwhile
def _iteration_pdb(tiles, blank, nbr, label_of, comp, cell_of, tile_of, board, pat_of,
                   slot_of, weights, offsets, shifts, tables, dist, ranks, mds, entries, hs,
                   threshold, count, plans, deadline):
    """One depth-first pass bounded by f = g + h <= threshold, h the larger of the sum
    of pattern database values of the position and, when the goal has a symmetry
    (two views), of its image: the image is looked up only when the position's own
    value does not already cut the move. Returns (smallest f above the threshold,
    plans found, nodes, timed out); plans are written to ``plans`` as blank
    positions."""
    mirror = cell_of.shape[0] > 1
    last = cell_of.shape[0] - 1
    image = cell_of[last]
    twin = tile_of[last]
    board1 = board[last].copy()
    limit = plans.shape[1]
    stack_blank = np.empty(limit, dtype=np.int64)
    stack_next = np.empty(limit, dtype=np.int64)
    saved = np.empty((limit, 8), dtype=np.int64)  # what each move replaced, both views
    rank0, md0, entry0, h0 = ranks[0].copy(), mds[0].copy(), entries[0].copy(), hs[0]
    rank1, md1 = ranks[last].copy(), mds[last].copy()
    entry1, h1 = entries[last].copy(), hs[last]
    depth = 0
    stack_blank[0] = blank
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
            u = tiles[before]
            tiles[here] = u
            tiles[before] = 0
            p = pat_of[u]
            rank0[p], md0[p], entry0[p], h0 = (saved[depth, 0], saved[depth, 1],
                                              saved[depth, 2], saved[depth, 3])
            if mirror:
                w = twin[u]
                q = pat_of[w]
                rank1[q], md1[q], entry1[q], h1 = (saved[depth, 4], saved[depth, 5],
                                                  saved[depth, 6], saved[depth, 7])
                board1[image[here]] = w
                board1[image[before]] = 0
            depth -= 1
            continue
        k = stack_next[depth]
        stack_next[depth] = k + 1
        b = stack_blank[depth]
        a = nbr[b, k]
        if a < 0 or (depth > 0 and a == stack_blank[depth - 1]):
            continue
        u = tiles[a]
        nodes += 1
        if nodes % CHECK_EVERY == 0 and past(deadline):
            return next_bound, found, nodes, True
        g = depth + 1
        p, r, m, e, h = _moved(u, a, b, tiles, comp, pat_of, slot_of, label_of, dist,
                               weights, offsets, shifts, tables, rank0, md0, entry0, h0)
        if g + h > threshold:
            if g + h < next_bound:
                next_bound = g + h
            continue
        q = r1 = m1 = e1 = hm = 0
        if mirror:
            q, r1, m1, e1, hm = _moved(twin[u], image[a], image[b], board1, comp, pat_of,
                                       slot_of, label_of, dist, weights, offsets, shifts,
                                       tables, rank1, md1, entry1, h1)
            if g + hm > threshold:
                if g + hm < next_bound:
                    next_bound = g + hm
                continue
        if g >= limit:
            continue
        tiles[b] = u
        tiles[a] = 0
        depth = g
        saved[depth, 0], saved[depth, 1], saved[depth, 2], saved[depth, 3] = (
            rank0[p], md0[p], entry0[p], h0)
        rank0[p], md0[p], entry0[p], h0 = r, m, e, h
        if mirror:
            saved[depth, 4], saved[depth, 5], saved[depth, 6], saved[depth, 7] = (
                rank1[q], md1[q], entry1[q], h1)
            rank1[q], md1[q], entry1[q], h1 = r1, m1, e1, hm
            board1[image[b]] = twin[u]
            board1[image[a]] = 0
        stack_blank[depth] = a
        stack_next[depth] = 0
        if h0 == 0:
            record_path(plans, found, stack_blank, depth)
            found += 1
            if not count:
                return next_bound, found, nodes, False
            stack_next[depth] = 4
    return next_bound, found, nodes, False


@dataclass
class Patterns:
    """Pattern databases ready for the kernel.

    Tiles are numbered 1..T (0 the blank); every tile is in one pattern: ``pat_of``
    and ``slot_of`` (its place in the pattern's placements), ``label_of``. Each
    pattern's ``weights`` (its rank's mixed radix), the offset of its entries in
    ``tables`` (packed four-bit entries end to end, in entries) and its ``shifts``
    (:mod:`cpsolve.search.pdb`). ``cell_of[v]`` and ``tile_of[v]`` are the views: row
    0 the identity, each further row a symmetry of the goal (a cell's image, a tile's
    image with the image label), whose image of a position is another position at the
    same distance from the goal, so its estimate bounds this position's too.
    """

    label_of: np.ndarray
    pat_of: np.ndarray
    slot_of: np.ndarray
    sizes: np.ndarray
    weights: np.ndarray
    offsets: np.ndarray
    shifts: np.ndarray
    tables: np.ndarray
    cell_of: np.ndarray
    tile_of: np.ndarray
    free: int

    @staticmethod
    def of(label_of: np.ndarray, groups: list[list[int]], databases: list[Any],
           cell_of: np.ndarray, tile_of: np.ndarray) -> Patterns:
        """``groups[p]`` lists pattern p's tiles in slot order; ``databases[p]`` its
        :class:`~cpsolve.search.pdb.Database`."""
        from cpsolve.search.ranking import weights as rank_weights

        count = len(label_of)
        pat_of = np.full(count, -1, dtype=np.int64)
        slot_of = np.zeros(count, dtype=np.int64)
        for p, group in enumerate(groups):
            for s, tile in enumerate(group):
                pat_of[tile], slot_of[tile] = p, s
        if (pat_of[1:] < 0).any():
            raise ValueError("every tile must be in a pattern")
        free = databases[0].cells
        sizes = np.array([len(g) for g in groups], dtype=np.int64)
        weights = np.zeros((len(groups), int(sizes.max())), dtype=np.int64)
        for p, group in enumerate(groups):
            weights[p, :len(group)] = rank_weights(free, len(group))
        offsets = np.zeros(len(groups), dtype=np.int64)
        for p in range(1, len(groups)):
            offsets[p] = offsets[p - 1] + 2 * len(databases[p - 1].table)
        return Patterns(label_of, pat_of, slot_of, sizes, weights, offsets,
                        np.array([d.shift for d in databases], dtype=np.int64),
                        np.concatenate([d.table for d in databases]), cell_of, tile_of,
                        free)

    def state(self, tiles: np.ndarray, dist: np.ndarray, compact: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The kernel's incremental state for the position ``tiles`` (a tile id per
        cell, 0 the blank, -1 walls): each view's board, and per view and pattern the
        rank, the distance sum and the entry, and each view's estimate."""
        views, patterns = self.cell_of.shape[0], len(self.sizes)
        board = np.full((views, len(tiles)), -1, dtype=np.int64)
        ranks = np.zeros((views, patterns), dtype=np.int64)
        mds = np.zeros((views, patterns), dtype=np.int64)
        entries = np.zeros((views, patterns), dtype=np.int64)
        hs = np.zeros(views, dtype=np.int64)
        _state(np.ascontiguousarray(tiles, dtype=np.int64), dist, compact, self.cell_of,
               self.tile_of, self.label_of, self.pat_of, self.slot_of, self.sizes,
               self.offsets, self.shifts, self.tables, self.free, board, ranks, mds,
               entries, hs)
        return board, ranks, mds, entries, hs


@njit(cache=True)
def _state(tiles, dist, compact, cell_of, tile_of, label_of, pat_of, slot_of, sizes, offsets,
           shifts, tables, free, board, ranks, mds, entries, hs):
    """Fill the arrays of :meth:`Patterns.state`."""
    placements = np.zeros((sizes.shape[0], sizes.max()), dtype=np.int64)
    for v in range(cell_of.shape[0]):
        for cell in range(tiles.shape[0]):
            if tiles[cell] >= 0:
                board[v, cell_of[v, cell]] = tile_of[v, tiles[cell]]
        for cell in range(tiles.shape[0]):
            tile = board[v, cell]
            if tile > 0:
                p = pat_of[tile]
                placements[p, slot_of[tile]] = compact[cell]
                mds[v, p] += dist[label_of[tile], cell]
        h = 0
        for p in range(sizes.shape[0]):
            ranks[v, p] = rank_bits(placements[p, :sizes[p]], free)
            i = offsets[p] + ranks[v, p]
            entries[v, p] = (np.int64(tables[i >> 1]) >> ((i & 1) << 2)) & 15
            h += mds[v, p] + (entries[v, p] << shifts[p])
        hs[v] = h


def tile_ida_pdb(tiles: np.ndarray, blank: int, nbr: np.ndarray, dist: np.ndarray,
                 compact: np.ndarray, patterns: Patterns, *, count: bool = False,
                 keep: int = 1000, deadline: Deadline | None = None,
                 max_length: int = 10_000, log: Callable[[str], None] | None = None
                 ) -> IdaSearch:
    """IDA* with additive pattern databases, looked up in every view (tiles tracked by
    identity: ``tiles[cell]`` a tile id, 0 the blank, -1 walls; ``compact[cell]`` the
    free cell's number in the databases' placements); ``log`` hears a line per pass."""
    tiles = np.ascontiguousarray(tiles, dtype=np.int64)
    board, ranks, mds, entries, hs = patterns.state(tiles, dist, compact)
    stop = (deadline or Deadline(None)).at

    def iterate(threshold: float, plans: np.ndarray) -> tuple[float, int, int, bool]:
        with kernels():  # Ctrl-C: the kernel stops at its next look at the clock
            return _iteration_pdb(
                tiles.copy(), blank, nbr, patterns.label_of, compact, patterns.cell_of,
                patterns.tile_of, board.copy(), patterns.pat_of, patterns.slot_of,
                patterns.weights, patterns.offsets, patterns.shifts, patterns.tables, dist,
                ranks.copy(), mds.copy(), entries.copy(), hs.copy(), threshold, count,
                plans, stop)

    return deepen(iterate, float(hs.max()), count, keep, max_length, log)


def symmetries(width: int, height: int, goal: np.ndarray) -> list[tuple[np.ndarray,
                                                                         dict[int, int]]]:
    """The symmetries of the board that keep the goal (``goal[cell]`` a label, 0 the
    blank, -1 walls) up to renaming labels: each as the image of every cell and the
    renaming. Walls must map to walls, the blank's goal cell to itself, and cells of
    one label to cells of one label. The image of any position under such a symmetry
    is as far from the goal as the position itself.

    >>> goal = np.array([0, 1, 2, 3, 4, 5, 6, 7, 8])  # the blank in a corner
    >>> [cells.tolist() for cells, _ in symmetries(3, 3, goal)]
    [[0, 3, 6, 1, 4, 7, 2, 5, 8]]
    """
    maps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (height - 1 - r, width - 1 - c),  # half turn
        lambda r, c: (r, width - 1 - c),  # mirror left-right
        lambda r, c: (height - 1 - r, c),  # mirror top-bottom
    ]
    if width == height:
        maps = [lambda r, c: (c, r),  # the main diagonal
                lambda r, c: (width - 1 - c, width - 1 - r),  # the other diagonal
                lambda r, c: (c, width - 1 - r),  # quarter turns
                lambda r, c: (width - 1 - c, r), *maps]
    out = []
    for transform in maps:
        image = np.empty(width * height, dtype=np.int64)
        for cell in range(width * height):
            r, c = transform(*divmod(cell, width))
            image[cell] = r * width + c
        rename: dict[int, int] = {}
        ok = True
        for cell in range(width * height):
            a, b = int(goal[cell]), int(goal[image[cell]])
            if (a < 0) != (b < 0) or (a == 0) != (b == 0) or rename.setdefault(a, b) != b:
                ok = False
                break
        if ok and len(set(rename.values())) == len(rename):
            out.append((image, rename))
    return out
