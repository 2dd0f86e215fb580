"""IDA* for sliding puzzles: the board as the flat arrays of the numba kernels."""

from __future__ import annotations

import time

import numpy as np

from cpsolve.search.bfs import Sweep, bfs, bibfs
from cpsolve.search.tiles import Lines, Patterns, TileSearch, tile_ida, tile_ida_pdb
from models.sliding.board import WALL, path_moves
from models.sliding.bounds import Analysis


def arrays(analysis: Analysis) -> tuple[np.ndarray, int, np.ndarray, np.ndarray]:
    """``cells`` (label indices, 0 the blank, -1 walls), the blank, ``nbr`` (free
    neighbours, -1 padded) and ``dist`` (moves from a cell to the nearest goal cell of
    each label, around walls; 0 for the blank, whose moves the tiles' moves pay for)."""
    puzzle = analysis.puzzle
    index = {label: k for k, label in enumerate(analysis.labels)}
    cells = np.array([-1 if c == WALL else index[c] for c in puzzle.start.cells],
                     dtype=np.int64)
    nbr = np.full((len(cells), 4), -1, dtype=np.int64)
    for cell in analysis.free:
        for k, other in enumerate(sorted(analysis.graph.neighbors(cell))):
            nbr[cell, k] = other
    dist = analysis.to_goal.copy()
    dist[0] = 0
    return cells, puzzle.start.blank, nbr, dist


def lines(analysis: Analysis) -> Lines | None:
    """Linear-conflict tables, where they are admissible: every label distinct."""
    puzzle = analysis.puzzle
    if not puzzle.distinct:
        return None
    index = {label: k for k, label in enumerate(analysis.labels)}
    goal = np.array([-1 if c == WALL else index[c] for c in puzzle.goal.cells], dtype=np.int64)
    walls = np.array([c == WALL for c in puzzle.start.cells])
    return Lines.of(puzzle.width, puzzle.height, walls, goal)


def ida(analysis: Analysis, *, weight: float = 1.0, count: bool = False,
        time_limit: float | None = None, max_length: int = 10_000,
        conflicts: bool = True) -> tuple[list[str], TileSearch]:
    """Plans (move strings) by the numba IDA* on wall-aware Manhattan distances, plus
    linear conflicts where admissible (``conflicts``), and the search's record."""
    found = tile_ida(*arrays(analysis), weight=weight, count=count,
                     time_limit=time_limit, max_length=max_length,
                     lines=lines(analysis) if conflicts else None)
    width = analysis.puzzle.width
    return [path_moves(width, path) for path in found.paths], found


# Korf and Felner's 6-6-3 partition of the 15-puzzle, as goal cells.
FIFTEEN_663 = ((0, 4, 5, 8, 9, 12), (6, 7, 10, 11, 13, 14), (1, 2, 3, 15))
MAX_STATES = 100_000_000  # (placements x blank cells) a pattern's search may hold


def partition(analysis: Analysis, max_states: int = MAX_STATES) -> list[list[int]]:
    """Groups of goal cells (each cell's goal label joins that pattern): 6-6-3 on a
    4x4 board without walls, else chunks in row-major order, as large as memory allows."""
    puzzle = analysis.puzzle
    goal_blank = puzzle.goal.blank
    if (puzzle.width, puzzle.height) == (4, 4) and not puzzle.start.walls:
        groups = [[c for c in group if c != goal_blank] for group in FIFTEEN_663]
        return [g for g in groups if g]
    from cpsolve.search.ranking import count

    m = len(analysis.free)
    cells = [c for c in analysis.free if c != goal_blank]
    k = 1
    while k < len(cells) and count(m, k + 1) * m <= max_states:
        k += 1
    return [cells[i:i + k] for i in range(0, len(cells), k)]


def patterns(analysis: Analysis, tile_labels: np.ndarray, use_cache: bool = True,
             deadline: float = float("inf"),
             max_states: int = MAX_STATES) -> tuple[Patterns | None,
                                                      list[dict[str, object]]]:
    """The pattern databases for ``analysis``'s puzzle, tiles numbered as in
    ``tile_labels`` (id -> label index, 0 the blank); ``None`` if the ``deadline``
    (``time.perf_counter``) passed before they were built."""
    from cpsolve.search.pdb import build

    puzzle = analysis.puzzle
    index = {label: k for k, label in enumerate(analysis.labels)}
    goal = [-1 if c == WALL else index[c] for c in puzzle.goal.cells]
    walls = sorted(puzzle.start.walls)
    pat_of = np.full(len(tile_labels), -1, dtype=np.int64)
    slot_of = np.zeros(len(tile_labels), dtype=np.int64)
    free_ids = {label: [t for t in range(1, len(tile_labels)) if tile_labels[t] == label]
                for label in set(tile_labels[1:].tolist())}
    tables, offsets, sizes, records = [], [], [], []
    offset = 0
    for p, group in enumerate(partition(analysis, max_states)):
        labels = [goal[cell] for cell in group]
        for slot, label in enumerate(labels):
            tile = free_ids[label].pop()
            pat_of[tile], slot_of[tile] = p, slot
        table, record = build(puzzle.width, puzzle.height, walls, goal, labels,
                              use_cache=use_cache, time_limit=deadline - time.perf_counter())
        records.append(record)
        if table is None:
            return None, records
        tables.append(table)
        offsets.append(offset)
        sizes.append(len(labels))
        offset += len(table)
    return Patterns(pat_of, slot_of, np.concatenate(tables), np.array(offsets, dtype=np.int64),
                    np.array(sizes, dtype=np.int64), len(analysis.free)), records


def ida_pdb(analysis: Analysis, *, count: bool = False, time_limit: float | None = None,
            max_length: int = 10_000, max_states: int = MAX_STATES,
            use_cache: bool = True) -> tuple[list[str], TileSearch, list[dict[str, object]]]:
    """Plans by IDA* with additive pattern databases (built or loaded first; each
    pattern's search holds at most ``max_states`` states, so smaller is quicker to
    build and weaker). If the time limit runs out while they are built, the rest of it
    goes to Manhattan IDA*."""
    start = time.perf_counter()
    deadline = float("inf") if time_limit is None else start + time_limit
    cells, blank, nbr, dist = arrays(analysis)
    occupied = [c for c in range(len(cells)) if cells[c] > 0]
    if not occupied:  # no tile, no pattern: the blank alone
        plans, found = ida(analysis, count=count, time_limit=time_limit, max_length=max_length)
        return plans, found, []
    tiles = np.where(cells > 0, 0, cells)
    tile_labels = np.zeros(len(occupied) + 1, dtype=np.int64)
    for tile, cell in enumerate(occupied, 1):
        tiles[cell] = tile
        tile_labels[tile] = cells[cell]
    tiles[blank] = 0
    pats, records = patterns(analysis, tile_labels, deadline=deadline,
                             max_states=max_states, use_cache=use_cache)
    if pats is None:
        left = max(0.0, deadline - time.perf_counter())
        plans, found = ida(analysis, count=count, time_limit=left, max_length=max_length)
        return plans, found, records
    compact = np.full(len(cells), -1, dtype=np.int64)
    compact[analysis.free] = np.arange(len(analysis.free))
    remaining = None if time_limit is None else max(0.0, deadline - time.perf_counter())
    found = tile_ida_pdb(tiles, tile_labels, blank, nbr, dist, compact, pats, count=count,
                         time_limit=remaining, max_length=max_length)
    width = analysis.puzzle.width
    return [path_moves(width, path) for path in found.paths], found, records


def ranked_space(analysis: Analysis) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                              np.ndarray]:
    """The puzzle as the breadth-first searches see it, over the free cells only: the
    start and goal arrangements (label indices, 0 the blank), the label counts, and
    each free cell's free neighbours (-1 padded)."""
    cells, _, nbr, _ = arrays(analysis)
    free = analysis.free
    compact = {cell: i for i, cell in enumerate(free)}
    nbr_free = np.full((len(free), 4), -1, dtype=np.int64)
    for cell in free:
        row = [compact[int(n)] for n in nbr[cell] if n >= 0]
        nbr_free[compact[cell], :len(row)] = row
    index = {label: k for k, label in enumerate(analysis.labels)}
    start = np.array([cells[c] for c in free], dtype=np.int64)
    goal = np.array([index[analysis.puzzle.goal.cells[c]] for c in free], dtype=np.int64)
    counts = np.bincount(start, minlength=len(analysis.labels))
    return start, goal, counts, nbr_free


def sweep(analysis: Analysis, *, bidirectional: bool, count: bool,
          max_length: int | None = None,
          time_limit: float | None = None) -> tuple[list[str], Sweep]:
    """A shortest plan (and the number of them) by breadth-first search over ranked
    states; a MemoryError when the space is too large."""
    start, goal, counts, nbr_free = ranked_space(analysis)
    free = analysis.free
    run = bibfs if bidirectional else bfs
    found = run(start, goal, counts, nbr_free, count=count, max_length=max_length,
                time_limit=time_limit)
    path = [free[int(np.nonzero(state == 0)[0][0])] for state in found.path]
    plans = [path_moves(analysis.puzzle.width, path)] if found.length is not None else []
    return plans, found

