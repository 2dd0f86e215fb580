"""Additive disjoint pattern databases for tile puzzles, built by breadth-first search
over abstract states, stored in four bits an entry, cached on disk.

A pattern is a set of tiles. Its database holds, for every placement of those tiles
on the free cells (ranked perfectly, :mod:`cpsolve.search.ranking`), the fewest moves
*of those tiles* needed to bring them home, the other tiles being indistinguishable
(Korf and Felner 2002). Patterns that share no tile count disjoint sets of moves, so
their values add up and stay admissible.

The search is a 0-1 breadth-first search over (placement, blank): a move of the blank
into a cell of no pattern tile costs nothing, so the blank's whole region of such
cells is one abstract state, kept as one bit per placement (the region's first cell,
numbered among the cells the pattern leaves empty); a move of a pattern tile costs
one. It starts from every goal placement (tiles with the same label may swap homes)
with the blank at its goal cell, goes level by level, and keeps for each placement
the level at which any of its regions was first reached (the minimum over the blank).

Every entry is at least the pattern's distance sum (each move carries one tile one
step), so a table stores only what the database adds to it: ``value = distance sum +
(entry << shift)``, four bits an entry. ``shift`` is 1 when every move of a pattern
tile changes the distance sum by exactly one (each label's goal cells on one colour
of the board's chessboard colouring): the excess is then always even. An excess too
large for four bits is stored as 15, which only lowers a value: still admissible.

Files live under the user's cache directory (``$CPSOLVE_CACHE``, else
``$XDG_CACHE_HOME/cpsolve``, else ``~/.cache/cpsolve``), named by a hash of the board
shape, walls, goal and pattern, with that key and a checksum inside: a file that is
corrupt, from another format or for another puzzle is rebuilt, never used.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import os
import tempfile
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from numba import njit

from cpsolve.errors import CacheWarning
from cpsolve.graphs import distance_table, grid_graph
from cpsolve.limits import Deadline
from cpsolve.search.ranking import count, lowest, popcount, rank_bits, select, unrank_bits

FORMAT = 2
MAX_CELLS = 63  # cells of a board whose databases this module builds (masks of 64 bits)
CHUNK = 1 << 20  # placements scanned between two returns to Python (clock, progress)
# Seconds per placement and level-visit of the builder, measured on the machine of the
# README's figures (numba, one core): what a database's expected build time is made of.
SECONDS_PER_ENTRY = 7e-7


@njit(cache=True)
def _flood(seed: int, allowed: int, width: int, not_first: int, not_last: int) -> int:
    """The cells of ``allowed`` (a mask over row-major cells) connected to ``seed``
    (a mask inside it): the blank's region. ``not_first``/``not_last`` mask out the
    first/last column, so a shift by one never wraps to the next row."""
    region = seed
    while True:
        grown = (region | ((region << 1) & not_first) | ((region >> 1) & not_last)
                 | (region << width) | (region >> width)) & allowed
        if grown == region:
            return region
        region = grown


@njit(cache=True)
def _expand(lo: int, hi: int, level: int, m: int, k: int, full_of: np.ndarray,
            free_mask: int, nbr_mask: np.ndarray, home: np.ndarray, width: int,
            not_first: int, not_last: int, shift: int, state: np.ndarray,
            table: np.ndarray) -> tuple[int, int]:
    """Expand the placements ranked ``lo`` to ``hi`` whose regions are in the frontier
    (at distance ``level``): every move of a pattern tile into a cell of the region
    reaches (placement, region) at ``level + 1``. ``state[r]`` holds three masks side
    by side (one memory access): the regions visited, and the frontiers of even and
    odd levels; the frontier expanded is cleared. A placement reached for the first
    time gets its table entry. Returns the placements and the regions reached first."""
    pos = np.empty(k, dtype=np.int64)
    cell = np.empty(k, dtype=np.int64)
    now = 1 + (level & 1)
    later = 3 - now
    new = 0
    regions = 0
    for r in range(lo, hi):
        todo = np.int64(state[r, now])
        if todo == 0:
            continue
        state[r, now] = 0
        unrank_bits(r, m, k, pos)
        occupied = np.int64(0)
        md = 0
        for i in range(k):
            cell[i] = full_of[pos[i]]
            occupied |= np.int64(1) << cell[i]
            md += home[i, cell[i]]
        empty = free_mask & ~occupied
        while todo != 0:
            j = lowest(todo)
            todo &= todo - 1
            region = _flood(np.int64(1) << select(empty, j), empty, width, not_first,
                            not_last)
            for i in range(k):
                here = cell[i]
                targets = nbr_mask[here] & region
                while targets != 0:
                    there = lowest(targets)
                    targets &= targets - 1
                    # tile i moves into the region; the blank takes its cell
                    after = (empty & ~(np.int64(1) << there)) | (np.int64(1) << here)
                    reached = _flood(np.int64(1) << here, after, width, not_first, not_last)
                    first = lowest(reached)
                    bit = np.int64(1) << popcount(after & ((np.int64(1) << first) - 1))
                    pos_i = pos[i]
                    pos[i] = there - popcount(~free_mask & ((np.int64(1) << there) - 1))
                    r2 = rank_bits(pos, m)
                    pos[i] = pos_i
                    seen = np.int64(state[r2, 0])
                    if seen & bit:
                        continue
                    state[r2, 0] = seen | bit
                    state[r2, later] = np.int64(state[r2, later]) | bit
                    regions += 1
                    if seen == 0:
                        excess = level + 1 - (md - home[i, here] + home[i, there])
                        value = min(excess >> shift, 15)
                        table[r2 >> 1] |= value << ((r2 & 1) * 4)
                        new += 1
    return new, regions


@njit(cache=True)
def _entries(table: np.ndarray) -> np.ndarray:
    """The four-bit entries of a packed table, one byte each (for tests and reports)."""
    out = np.empty(table.shape[0] * 2, dtype=np.uint8)
    for i in range(table.shape[0]):
        out[2 * i] = table[i] & 15
        out[2 * i + 1] = table[i] >> 4
    return out


@dataclass(frozen=True)
class Geometry:
    """A board as the builder sees it: free cells in compact (row-major) numbering and
    as masks over all cells, each cell's neighbours as a mask, distances between cells
    around the walls (-1: apart), the chessboard colour of each cell."""

    width: int
    height: int
    walls: tuple[int, ...]
    full_of: np.ndarray = field(repr=False)
    free_mask: int = field(repr=False)
    nbr_mask: np.ndarray = field(repr=False)
    dist: np.ndarray = field(repr=False)

    @staticmethod
    def of(width: int, height: int, walls: list[int] | tuple[int, ...]) -> Geometry:
        n = width * height
        if n > MAX_CELLS:
            raise ValueError(f"pattern databases take boards of at most {MAX_CELLS} cells")
        graph = grid_graph(width, height, walls)
        free = sorted(graph)
        nbr_mask = np.zeros(n, dtype=np.int64)
        for c, around in graph.items():
            for other in around:
                nbr_mask[c] |= 1 << other
        dist = distance_table(graph, n).astype(np.int64)
        return Geometry(width, height, tuple(sorted(set(walls))),
                        np.array(free, dtype=np.int64), sum(1 << c for c in free), nbr_mask,
                        dist)

    @property
    def cells(self) -> int:
        """The number of free cells (``m``)."""
        return len(self.full_of)

    def columns(self) -> tuple[int, int]:
        """Masks of the cells not in the first column, and not in the last."""
        first = sum(1 << (r * self.width) for r in range(self.height))
        last = first << (self.width - 1)
        everything = (1 << (self.width * self.height)) - 1
        return everything & ~first, everything & ~last

    def homes(self, goal: list[int], label: int) -> list[int]:
        """The goal cells of ``label`` (cells of the whole board)."""
        return [c for c, x in enumerate(goal) if x == label]


@dataclass(frozen=True)
class Database:
    """One pattern's table: ``labels`` in slot order (a placement lists the cells of
    the pattern's tiles in that order, compact numbering), ``home[i, cell]`` the
    distance from a cell (whole-board numbering) to the nearest goal cell of slot i's
    label, the packed four-bit ``table`` and its ``shift``."""

    labels: tuple[int, ...]
    cells: int
    home: np.ndarray = field(repr=False)
    table: np.ndarray = field(repr=False)
    shift: int

    @property
    def entries(self) -> int:
        return count(self.cells, len(self.labels))

    def entry(self, rank: int) -> int:
        """The four-bit entry of the placement of that rank."""
        return int(self.table[rank >> 1] >> ((rank & 1) * 4)) & 15

    def value(self, placement: np.ndarray, full_of: np.ndarray) -> int:
        """The database's estimate for the tiles at ``placement`` (compact cells, slot
        order): their distance sum plus the stored excess."""
        placement = np.asarray(placement, dtype=np.int64)
        distance = sum(int(self.home[i, full_of[c]]) for i, c in enumerate(placement))
        return distance + (self.entry(rank_bits(placement, self.cells)) << self.shift)

    def unpacked(self) -> np.ndarray:
        """Every entry, one byte each."""
        return _entries(self.table)[:self.entries]


def cache_dir() -> Path:
    root = os.environ.get("CPSOLVE_CACHE")
    if root:
        return Path(root)
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except (RuntimeError, KeyError):  # no home directory: a cache nobody has
            user = getattr(os, "getuid", lambda: 0)()
            base = os.path.join(tempfile.gettempdir(), f"cpsolve-{user}")
    return Path(base) / "cpsolve"


def _key(width: int, height: int, walls: list[int], goal: list[int],
         pattern: list[int]) -> str:
    text = json.dumps({"format": FORMAT, "width": width, "height": height, "walls": walls,
                       "goal": goal, "pattern": pattern}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def path_of(width: int, height: int, walls: list[int], goal_labels: list[int],
            pattern_labels: list[int]) -> tuple[Path, str]:
    """Where the database of that pattern is cached, and its key."""
    key = _key(width, height, sorted(walls), list(goal_labels), list(pattern_labels))
    return cache_dir() / f"pdb-{key}.npz", key


def _load(path: Path, key: str, size: int) -> tuple[np.ndarray, int] | None:
    try:
        with np.load(path, allow_pickle=False) as data:
            if (int(data["format"]) != FORMAT or str(data["key"]) != key
                    or data["table"].shape != (size,)):
                return None
            table = np.array(data["table"], dtype=np.uint8)
            digest = hashlib.sha256(table.tobytes()).hexdigest()
            if digest != str(data["digest"]):
                return None
            return table, int(data["shift"])
    except Exception:  # a damaged or foreign file: rebuild it
        return None


def expected_seconds(cells: int, k: int) -> float:
    """About how long building a database of ``k`` tiles on ``cells`` free cells takes
    on one core (from measurements: the work grows with the placements)."""
    return count(cells, k) * SECONDS_PER_ENTRY


def cached(width: int, height: int, walls: list[int], goal_labels: list[int],
           pattern_labels: list[int]) -> bool:
    """Whether the database is in the cache (a file with its name; whether it is whole
    is checked when it is loaded)."""
    try:
        return path_of(width, height, walls, goal_labels, pattern_labels)[0].exists()
    except OSError:  # a cache that cannot be looked into: as good as empty
        return False


Progress = Callable[[int, int], None]


def build(width: int, height: int, walls: list[int], goal_labels: list[int],
          pattern_labels: list[int], *, use_cache: bool = True,
          deadline: Deadline | None = None, budget: float | None = None,
          progress: Progress | None = None) -> tuple[Database | None, dict]:
    """The database of the tiles whose labels are ``pattern_labels`` (one entry per
    tile, in slot order: a label twice means two tiles of it), for the goal
    ``goal_labels`` (a label per cell, 0 the blank, -1 walls), loaded from the cache
    or built. ``progress(reached, entries)`` is called as the build advances.

    Returns the database and a record of how it was obtained (``source``: cache,
    built, or stopped by the time limit; ``seconds``; ``entries``; ``bytes``;
    ``path``). The database is ``None`` when the ``deadline`` passed, or the build
    took more than ``budget`` seconds, before it finished (nothing is cached then)."""
    start = time.perf_counter()
    geometry = Geometry.of(width, height, walls)
    m, k = geometry.cells, len(pattern_labels)
    entries = count(m, k)
    size = (entries + 1) // 2
    path, key = path_of(width, height, walls, goal_labels, pattern_labels)
    record: dict[str, object] = {"labels": list(pattern_labels), "entries": entries,
                                 "bytes": size, "path": str(path)}
    home = np.zeros((k, width * height), dtype=np.int64)
    colours = []
    for i, label in enumerate(pattern_labels):
        goals = geometry.homes(goal_labels, label)
        reach = geometry.dist[goals]
        home[i] = np.where(reach < 0, 1 << 20, reach).min(axis=0)
        colours.append({(c // width + c % width) % 2 for c in goals})
    shift = 1 if all(len(c) == 1 for c in colours) else 0
    if use_cache:
        loaded = _load(path, key, size)
        if loaded is not None:
            record.update(source="cache", seconds=time.perf_counter() - start)
            return Database(tuple(pattern_labels), m, home, loaded[0], loaded[1]), record
    stop = (deadline or Deadline(None)).at
    if budget is not None:
        stop = min(stop, start + budget)
    table = _search(geometry, goal_labels, pattern_labels, home, shift, stop, progress)
    if table is None:
        record.update(source="stopped by the time limit", seconds=time.perf_counter() - start)
        return None, record
    if use_cache:
        _save(path, key, table, shift)
    record.update(source="built", seconds=time.perf_counter() - start)
    return Database(tuple(pattern_labels), m, home, table, shift), record


def _save(path: Path, key: str, table: np.ndarray, shift: int) -> None:
    """Keep a database in the cache; a cache that cannot be written (a file in its
    place, a read-only home, a full disk) is warned about once (:class:`CacheWarning`)
    and the solve goes on with the database it has."""
    partial = path.with_suffix(f".{os.getpid()}.tmp.npz")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez(partial, format=FORMAT, key=key, table=table, shift=shift,
                 digest=hashlib.sha256(table.tobytes()).hexdigest())
        os.replace(partial, path)  # atomic: readers see the old file or the whole new one
    except OSError as error:
        with contextlib.suppress(OSError):
            partial.unlink()
        warnings.warn(CacheWarning(f"cannot write the pattern database cache in "
                                   f"{path.parent} ({error.strerror or error}): going on "
                                   "without it (set CPSOLVE_CACHE to a writable directory)"),
                      stacklevel=2)


def _mask_type(bits: int) -> type:
    for dtype in (np.uint8, np.uint16, np.uint32):
        if bits <= np.iinfo(dtype).bits:
            return dtype
    return np.uint64


def _search(geometry: Geometry, goal_labels: list[int], pattern_labels: list[int],
            home: np.ndarray, shift: int, stop: float,
            progress: Progress | None) -> np.ndarray | None:
    """The packed table, level by level, in chunks of :data:`CHUNK` placements (the
    clock and ``progress`` are looked at between chunks); ``None`` past ``stop``."""
    m, k = geometry.cells, len(pattern_labels)
    entries = count(m, k)
    compact = {int(c): i for i, c in enumerate(geometry.full_of)}
    masks = _mask_type(m - k)  # one bit per cell the pattern leaves empty
    state: np.ndarray = np.zeros((entries, 3), dtype=masks)
    table = np.zeros((entries + 1) // 2, dtype=np.uint8)
    not_first, not_last = geometry.columns()
    blank = goal_labels.index(0)
    # every way to send same-label pattern tiles to their label's goal cells
    choices = [geometry.homes(goal_labels, label) for label in pattern_labels]
    reached = 0
    for cells in itertools.product(*choices):
        if len(set(cells)) < k:
            continue
        placement = np.array([compact[c] for c in cells], dtype=np.int64)
        r = rank_bits(placement, m)
        empty = geometry.free_mask & ~sum(1 << c for c in cells)
        region = _flood(1 << blank, empty, geometry.width, not_first, not_last)
        first = (region & -region).bit_length() - 1
        bit = 1 << bin(empty & ((1 << first) - 1)).count("1")
        if state[r, 0] == 0:
            reached += 1
        state[r, 0] |= bit
        state[r, 1] |= bit
    level = 0
    while True:
        found = grown = 0
        for lo in range(0, entries, CHUNK):
            if time.perf_counter() > stop:
                return None
            placements, regions = _expand(
                lo, min(entries, lo + CHUNK), level, m, k, geometry.full_of,
                geometry.free_mask, geometry.nbr_mask, home, geometry.width, not_first,
                not_last, shift, state, table)
            found += placements
            grown += regions
            if progress is not None:
                progress(reached + found, entries)
            if reached + found == entries:  # every placement has its value
                return table
        reached += found
        if grown == 0:
            return table
        level += 1
