"""Additive disjoint pattern databases for tile puzzles, built by breadth-first search
over abstract states, cached on disk.

A pattern is a set of tiles. Its database holds, for every placement of those tiles
(ranked perfectly, :mod:`cpsolve.search.ranking`), the fewest moves *of those tiles*
needed to bring them home, the other tiles being indistinguishable: the search is
over (placement, blank cell) with cost 1 when the blank swaps with a pattern tile and
0 otherwise (a 0-1 BFS, level by level), from every goal placement (tiles with the
same label may swap homes), then minimised over the blank. Patterns that share no
tile count disjoint sets of moves, so their values add up and stay admissible
(Korf and Felner 2002).

Files live under the user's cache directory (``$CPSOLVE_CACHE``, else
``$XDG_CACHE_HOME/cpsolve``, else ``~/.cache/cpsolve``), named by a hash of the
board shape, walls, goal and pattern, with that key and a checksum inside: a file
that is corrupt, from another format or for another puzzle is rebuilt, never used.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numba import njit

from cpsolve.limits import Deadline
from cpsolve.search.kernels import past
from cpsolve.search.ranking import count, push, rank, unrank

FORMAT = 1
UNSEEN = 255


@njit(cache=True)
def _bfs(m: int, k: int, nbr: np.ndarray, starts: np.ndarray, blank: int,
         deadline: float) -> np.ndarray:
    """Moves of the pattern's tiles from every (placement, blank) to the goal, min over
    the blank: one byte per placement. An empty table when the deadline passed."""
    states = count_nb(m, k) * m
    dist = np.full(states, UNSEEN, dtype=np.uint8)
    current = np.empty(1 << 16, dtype=np.int64)
    following = np.empty(1 << 16, dtype=np.int64)
    size = 0
    for row in range(starts.shape[0]):
        s = rank(starts[row], m) * m + blank
        if dist[s] != 0:
            dist[s] = 0
            current = push(current, size, s)
            size += 1
    pos = np.empty(k, dtype=np.int64)
    level = 0
    while size > 0:
        nsize = 0
        i = 0
        while i < size:
            if i % 262144 == 0 and past(deadline):
                return np.empty(0, dtype=np.uint8)
            s = current[i]
            i += 1
            if dist[s] != level:
                continue
            r = s // m
            b = s % m
            unrank(r, m, k, pos)
            for j in range(nbr.shape[1]):
                nb = nbr[b, j]
                if nb < 0:
                    continue
                t = -1
                for q in range(k):
                    if pos[q] == nb:
                        t = q
                if t < 0:
                    ns = r * m + nb
                    if dist[ns] > level:
                        dist[ns] = level
                        current = push(current, size, ns)
                        size += 1
                else:
                    pos[t] = b
                    ns = rank(pos, m) * m + nb
                    pos[t] = nb
                    if dist[ns] > level + 1:
                        dist[ns] = level + 1
                        following = push(following, nsize, ns)
                        nsize += 1
        current, following = following, current
        size = nsize
        level += 1
    table = np.full(count_nb(m, k), UNSEEN, dtype=np.uint8)
    for s in range(states):
        r = s // m
        if dist[s] < table[r]:
            table[r] = dist[s]
    return table


@njit(cache=True)
def count_nb(n: int, k: int) -> int:
    total = 1
    for i in range(k):
        total *= n - i
    return total


@dataclass(frozen=True)
class Pattern:
    """One pattern database: the tiles (by label and home cells) and the table."""

    key: str
    tiles: tuple[int, ...]  # tile ids in the searching kernel's numbering
    table: np.ndarray


def cache_dir() -> Path:
    root = os.environ.get("CPSOLVE_CACHE")
    if root:
        return Path(root)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cpsolve"


def _key(width: int, height: int, walls: list[int], goal: list[int],
         pattern: list[int]) -> str:
    text = json.dumps({"format": FORMAT, "width": width, "height": height, "walls": walls,
                       "goal": goal, "pattern": pattern}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _load(path: Path, key: str, size: int) -> np.ndarray | None:
    try:
        with np.load(path, allow_pickle=False) as data:
            if (int(data["format"]) != FORMAT or str(data["key"]) != key
                    or data["table"].shape != (size,)):
                return None
            table = np.array(data["table"], dtype=np.uint8)
            digest = hashlib.sha256(table.tobytes()).hexdigest()
            return table if digest == str(data["digest"]) else None
    except Exception:  # a damaged or foreign file: rebuild it
        return None


def build(width: int, height: int, walls: list[int], goal_labels: list[int],
          pattern_labels: list[int], *, use_cache: bool = True,
          deadline: Deadline | None = None) -> tuple[np.ndarray | None, dict]:
    """The database of the tiles whose labels are ``pattern_labels`` (one entry per
    tile: a label twice means two tiles of it), for the goal ``goal_labels`` (a label
    per cell, 0 the blank, -1 walls). Returns the table over placements of the pattern
    tiles on the free cells (compact numbering, row-major), and a record of how it was
    obtained (built or loaded, seconds). The table is ``None`` when the ``deadline``
    passed before the build finished (nothing is cached then)."""
    start = time.perf_counter()
    free = [c for c in range(width * height) if c not in set(walls)]
    compact = {cell: i for i, cell in enumerate(free)}
    m, k = len(free), len(pattern_labels)
    key = _key(width, height, sorted(walls), goal_labels, sorted(pattern_labels))
    path = cache_dir() / f"pdb-{key}.npz"
    size = count(m, k)
    if use_cache:
        table = _load(path, key, size)
        if table is not None:
            return table, {"source": "cache", "seconds": time.perf_counter() - start,
                           "path": str(path)}
    nbr = np.full((m, 4), -1, dtype=np.int64)
    for cell in free:
        r, c = divmod(cell, width)
        around = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        j = 0
        for i, jj in around:
            other = i * width + jj
            if 0 <= i < height and 0 <= jj < width and other in compact:
                nbr[compact[cell], j] = compact[other]
                j += 1
    homes: dict[int, list[int]] = {}
    for cell, label in enumerate(goal_labels):
        if label > 0:
            homes.setdefault(label, []).append(compact[cell])
    # Every way to send same-label pattern tiles to their label's home cells.
    choices = []
    for label in pattern_labels:
        choices.append(homes[label])
    starts = [p for p in itertools.product(*choices) if len(set(p)) == len(p)]
    blank = compact[goal_labels.index(0)]
    table = _bfs(m, k, nbr, np.array(starts, dtype=np.int64).reshape(len(starts), k), blank,
                 (deadline or Deadline(None)).at)
    if len(table) == 0:
        return None, {"source": "stopped by the time limit",
                      "seconds": time.perf_counter() - start, "path": str(path)}
    if use_cache:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(partial, format=FORMAT, key=key, table=table,
                 digest=hashlib.sha256(table.tobytes()).hexdigest())
        os.replace(partial, path)  # atomic: readers see the old file or the whole new one
    return table, {"source": "built", "seconds": time.perf_counter() - start,
                   "path": str(path)}
