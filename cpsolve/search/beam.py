"""Bidirectional beam search for tile puzzles, compiled by numba.

The arrays are those of :mod:`cpsolve.search.tiles` (``cells[i]`` a label, 0 the
blank, -1 a wall; ``nbr[i, k]`` the k-th free neighbour of cell i, -1 padded). Two
beams grow level by level, one from the start towards the goal (scored by
``to_goal[label, cell]`` summed over the tiles) and one from the goal towards the
start (scored by ``to_start``); each keeps the ``width`` children with the lowest
score (all children of one level have the same depth, so this is best g + h). Every
state generated is remembered in its side's hash table (Zobrist keys) together with
how it was reached, so a beam never revisits a state, and a child that the other
side has seen joins the two halves into a plan. Beam search is incomplete and its
plans are not optimal; in return a width of a few thousand finds plans on 6x6 boards
in a fraction of a second. Every state generated (kept or not) can be traced back,
since its parent was kept.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from cpsolve.search.tiles import Lines, _line_conflict


@njit(cache=True, inline="always")  # no call: no reference counts
def _lookup(keys, key):
    """The slot of ``key`` in an open-addressing table, or the empty slot to put it.
    Keys are odd (0 marks an empty slot), so the slot comes from the bits above the
    lowest: taken from the lowest, keys would land on odd slots only and the table
    would fill in long runs."""
    mask = keys.shape[0] - 1
    slot = np.int64((key >> np.uint64(1)) & np.uint64(mask))
    while keys[slot] != 0 and keys[slot] != key:
        slot = (slot + 1) & mask
    return slot


@njit(cache=True)
def _grown(keys, values):
    """The table twice as large, holding the same entries."""
    bigger = np.zeros(2 * keys.shape[0], dtype=np.uint64)
    moved = np.zeros(2 * keys.shape[0], dtype=np.int64)
    for old in range(keys.shape[0]):
        if keys[old] != 0:
            slot = _lookup(bigger, keys[old])
            bigger[slot] = keys[old]
            moved[slot] = values[old]
    return bigger, moved


@njit(cache=True)
def _trace(value, blanks, parents, nbr, width, root_blank):
    """Blank cells from the root to the state encoded by ``value`` (see _beam)."""
    k = value % 4
    i = (value // 4) % width
    level = value // 4 // width
    if level == 0:
        out = np.empty(1, dtype=np.int64)
        out[0] = root_blank
        return out
    out = np.empty(level + 1, dtype=np.int64)
    out[level] = nbr[blanks[level - 1, i], k]
    j = i
    for lv in range(level - 1, -1, -1):
        out[lv] = blanks[lv, j]
        j = parents[lv, j]
    return out


@njit(cache=True)
def _beam(start, goal, nbr, to_goal, to_start, zobrist, width, max_length, bidirectional,
          first_bits, last_bits, noise, seed, lc, line_cells, line_len, row_of, col_of,
          goal_row, goal_col, key_row, key_col):
    """The search; returns (forward blank path, backward blank path) joined at a
    common state (both empty when no plan was found within ``max_length``).

    A table value ``((level * width + i) * 4 + k)`` names a state of depth ``level``
    as move ``k`` from state ``i`` kept at depth ``level - 1``; the root is 0. Each
    side's table starts with ``2**first_bits`` slots and doubles when 70% full, up to
    ``2**last_bits``; past that the side stops remembering new states. Most children
    look in both tables, so the tables are kept as small as they can be: lookups
    in a table that fits the cache are several times faster.
    """
    n = start.shape[0]
    depth_cap = max_length + 1
    lines = line_len.shape[0]
    rows = row_of.max() + 1
    conflicts = np.zeros((2, width, lines), dtype=np.int16)
    nxt_conflicts = np.zeros((width, lines), dtype=np.int16)
    states = np.zeros((2, width, n), dtype=np.int8)
    nxt = np.zeros((width, n), dtype=np.int8)
    h = np.zeros((2, width), dtype=np.int64)
    hashes = np.zeros((2, width), dtype=np.uint64)
    count = np.zeros(2, dtype=np.int64)
    blanks = np.full((2, depth_cap, width), -1, dtype=np.int16)
    parents = np.zeros((2, depth_cap, width), dtype=np.int32)
    np.random.seed(seed)
    filled = np.zeros(2, dtype=np.int64)
    keys0 = np.zeros(1 << first_bits, dtype=np.uint64)
    values0 = np.zeros(1 << first_bits, dtype=np.int64)
    keys1 = np.zeros(1 << first_bits, dtype=np.uint64)
    values1 = np.zeros(1 << first_bits, dtype=np.int64)
    last = 1 << last_bits
    depth = np.zeros(2, dtype=np.int64)
    roots = np.zeros(2, dtype=np.int64)
    for side in range(2):
        board = start if side == 0 else goal
        score = to_goal if side == 0 else to_start
        key = np.uint64(0)
        total = 0
        for c in range(n):
            states[side, 0, c] = board[c]
            if board[c] >= 0:
                key ^= zobrist[c, board[c]]
                if board[c] == 0:
                    roots[side] = c
                else:
                    total += score[board[c], c]
        key |= np.uint64(1)
        if lc:
            for line in range(lines):
                value = _line_conflict(board, line, line_cells, line_len,
                                       goal_row[side] if line < rows else goal_col[side],
                                       key_row[side] if line < rows else key_col[side])
                conflicts[side, 0, line] = value
                total += value
        h[side, 0] = total
        hashes[side, 0] = key
        count[side] = 1
        blanks[side, 0, 0] = roots[side]
        table = keys0 if side == 0 else keys1
        table[_lookup(table, key)] = key  # its value is 0: the root
        filled[side] += 1
    best = max_length + 1
    meet_f = np.int64(-1)
    meet_b = np.int64(-1)
    # the start may be the goal
    if keys1[_lookup(keys1, hashes[0, 0])] == hashes[0, 0]:
        best, meet_f, meet_b = 0, np.int64(0), np.int64(0)
    child_parent = np.empty(4 * width, dtype=np.int64)
    child_move = np.empty(4 * width, dtype=np.int64)
    child_score = np.empty(4 * width, dtype=np.int64)
    child_rank = np.empty(4 * width, dtype=np.int64)  # the score, x4, plus the noise
    child_hash = np.empty(4 * width, dtype=np.uint64)
    child_lines = np.zeros((4 * width, 4), dtype=np.int64)  # two lines, their new values
    side = 0
    while depth[0] + depth[1] + 1 < best:
        if depth[side] + 1 >= depth_cap or count[side] == 0:
            if not bidirectional or side == 1:
                break
            side = 1
            continue
        other = 1 - side
        score = to_goal if side == 0 else to_start
        # room for every child of the level (at most three a state) before it starts:
        # arrays reassigned inside the loops below would cost reference counts there
        while True:
            size = keys0.shape[0] if side == 0 else keys1.shape[0]
            if size >= last or filled[side] + 3 * count[side] < size * 7 // 10:
                break
            if side == 0:
                keys0, values0 = _grown(keys0, values0)
            else:
                keys1, values1 = _grown(keys1, values1)
        own_keys = keys0 if side == 0 else keys1
        own_values = values0 if side == 0 else values1
        capacity = own_keys.shape[0] * 7 // 10
        other_keys = keys1 if side == 0 else keys0
        other_values = values1 if side == 0 else values0
        # views taken once a level and once a parent, not once a child: each view
        # costs an atomic reference count, which dominated the inner loop
        row_goal, row_key = goal_row[side], key_row[side]
        col_goal, col_key = goal_col[side], key_col[side]
        level = depth[side]
        made = 0
        top = 0
        for i in range(count[side]):
            cells = states[side, i]
            b = np.int64(blanks[side, level, i])
            before = np.int64(blanks[side, level - 1, parents[side, level, i]]) if level > 0 \
                else np.int64(-1)
            for k in range(4):
                nb = nbr[b, k]
                if nb < 0 or nb == before:
                    continue
                label = cells[nb]
                key = hashes[side, i] ^ zobrist[b, 0] ^ zobrist[nb, label] \
                    ^ zobrist[b, label] ^ zobrist[nb, 0]
                key |= np.uint64(1)
                slot = _lookup(own_keys, key)
                if own_keys[slot] == key:
                    continue  # reached before, at this depth or less
                value = ((level + 1) * width + i) * 4 + k
                if filled[side] < capacity:
                    own_keys[slot] = key
                    own_values[slot] = value
                    filled[side] += 1
                there = _lookup(other_keys, key)
                if other_keys[there] == key:
                    total = level + 1 + other_values[there] // 4 // width
                    if total < best:
                        best = total
                        meet_f = value if side == 0 else other_values[there]
                        meet_b = other_values[there] if side == 0 else value
                s = h[side, i] + score[label, b] - score[label, nb]
                if lc:
                    cells[b] = label
                    cells[nb] = 0
                    if col_of[b] == col_of[nb]:  # vertical: the tile changes rows
                        la, lb = row_of[b], row_of[nb]
                        va = _line_conflict(cells, la, line_cells, line_len, row_goal, row_key)
                        vb = _line_conflict(cells, lb, line_cells, line_len, row_goal, row_key)
                    else:  # horizontal: it changes columns
                        la, lb = col_of[b], col_of[nb]
                        va = _line_conflict(cells, la, line_cells, line_len, col_goal, col_key)
                        vb = _line_conflict(cells, lb, line_cells, line_len, col_goal, col_key)
                    cells[nb] = label
                    cells[b] = 0
                    s += va - conflicts[side, i, la] + vb - conflicts[side, i, lb]
                    child_lines[made, 0] = la
                    child_lines[made, 1] = va
                    child_lines[made, 2] = lb
                    child_lines[made, 3] = vb
                child_parent[made] = i
                child_move[made] = k
                child_score[made] = s
                rank = s * 4 + (np.random.randint(0, noise) if noise > 0 else 0)
                child_rank[made] = rank
                child_hash[made] = key
                if rank > top:
                    top = rank
                made += 1
        if made == 0:
            count[side] = 0
            continue
        # keep the ``width`` lowest scores: a counting pass finds the cut
        buckets = np.zeros(top + 2, dtype=np.int64)
        for c in range(made):
            buckets[child_rank[c]] += 1
        cut, taken = 0, 0
        while cut <= top and taken + buckets[cut] <= width:
            taken += buckets[cut]
            cut += 1
        room = width - taken  # children with score == cut that still fit
        kept = 0
        for c in range(made):
            rank = child_rank[c]
            if rank < cut or (rank == cut and room > 0):
                if rank == cut:
                    room -= 1
                s = child_score[c]
                i = child_parent[c]
                b = np.int64(blanks[side, level, i])
                nb = nbr[b, child_move[c]]
                for q in range(n):
                    nxt[kept, q] = states[side, i, q]
                nxt[kept, b] = nxt[kept, nb]
                nxt[kept, nb] = 0
                if lc:
                    for q in range(lines):
                        nxt_conflicts[kept, q] = conflicts[side, i, q]
                    nxt_conflicts[kept, child_lines[c, 0]] = child_lines[c, 1]
                    nxt_conflicts[kept, child_lines[c, 2]] = child_lines[c, 3]
                blanks[side, level + 1, kept] = nb
                parents[side, level + 1, kept] = i
                h[side, kept] = s
                hashes[side, kept] = child_hash[c]
                kept += 1
        for c in range(kept):
            for q in range(n):
                states[side, c, q] = nxt[c, q]
            if lc:
                for q in range(lines):
                    conflicts[side, c, q] = nxt_conflicts[c, q]
        count[side] = kept
        depth[side] = level + 1
        if bidirectional:
            side = other
    if meet_f < 0:
        empty = np.empty(0, dtype=np.int64)
        return empty, empty
    forward = _trace(meet_f, blanks[0], parents[0], nbr, width, roots[0])
    backward = _trace(meet_b, blanks[1], parents[1], nbr, width, roots[1])
    return forward, backward


FIRST_BITS = 16  # each side's table starts with 65,536 slots (1 MiB)


@dataclass
class BeamResult:
    """The plan found as the blank's cells from start to goal (empty: none found)."""

    path: list[int]

    @property
    def length(self) -> int | None:
        return len(self.path) - 1 if self.path else None


def beam_search(start: np.ndarray, goal: np.ndarray, nbr: np.ndarray, to_goal: np.ndarray,
                to_start: np.ndarray, *, width: int = 2000, max_length: int = 600,
                bidirectional: bool = True, seed: int = 0, noise: int = 0,
                shape: tuple[int, int] | None = None, table_bits: int | None = None
                ) -> BeamResult:
    """A plan (not necessarily shortest) by beam search; see the module docstring.

    ``to_goal[label, cell]``/``to_start[label, cell]``: moves from a cell to the
    nearest goal/start cell of the label (0 for the blank, label 0). With the board's
    ``shape`` (width, height) and distinct labels, each side's score adds the linear
    conflicts of every row and column (twice the tiles that must leave a line for the
    others to reach their goal order in it), which guides the beams past many of the
    plateaus of the distance sum. ``noise`` adds a random quarter-move up to
    ``noise / 4`` moves to each child's score before the cut, so beams with different
    ``seed`` explore differently (the seed page mixes in random boards too).
    """
    labels = int(max(start.max(), goal.max())) + 1
    rng = np.random.default_rng(seed)
    zobrist = rng.integers(1, 2**63, size=(len(start), labels), dtype=np.int64).astype(
        np.uint64)
    # Room for the states the beams generate, up to a memory cap (16 bytes a slot)
    expected = 3 * width * max_length
    bits = table_bits or max(12, min(23, int(np.ceil(np.log2(expected * 1.5)))))
    tiles = start[start > 0]
    lc = shape is not None and len(np.unique(tiles)) == len(tiles)
    if lc:
        assert shape is not None
        walls = start < 0
        forward_lines = Lines.of(shape[0], shape[1], walls, np.where(goal < 0, -1, goal))
        backward_lines = Lines.of(shape[0], shape[1], walls, np.where(start < 0, -1, start))
    else:
        forward_lines = backward_lines = Lines.of(1, 1, np.zeros(1, dtype=bool),
                                                  np.zeros(1, dtype=np.int64))

    def both(name: str) -> np.ndarray:
        a, b = getattr(forward_lines, name), getattr(backward_lines, name)
        size = max(len(a), len(b))
        out = np.zeros((2, size), dtype=np.int64)
        out[0, :len(a)], out[1, :len(b)] = a, b
        return out

    forward, backward = _beam(np.ascontiguousarray(start, dtype=np.int8),
                              np.ascontiguousarray(goal, dtype=np.int8),
                              np.ascontiguousarray(nbr, dtype=np.int64),
                              np.ascontiguousarray(to_goal, dtype=np.int64),
                              np.ascontiguousarray(to_start, dtype=np.int64),
                              zobrist, width, max_length, bidirectional,
                              min(bits, FIRST_BITS), bits, noise, seed, lc,
                              forward_lines.cells, forward_lines.length,
                              forward_lines.row_of, forward_lines.col_of,
                              both("goal_row"), both("goal_col"), both("key_row"),
                              both("key_col"))
    if len(forward) == 0:
        return BeamResult([])
    return BeamResult([int(c) for c in forward] + [int(c) for c in backward[::-1][1:]])
