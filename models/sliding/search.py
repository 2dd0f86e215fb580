"""Searches for sliding puzzles: the board as the flat arrays of the numba kernels
(IDA* with Manhattan distances, linear conflicts or pattern databases; breadth-first
search; beams), and the whole-space sweep of ``cpsolve analyze slide``."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import numpy as np

from cpsolve.errors import UsageError
from cpsolve.limits import Deadline
from cpsolve.models.sliding.analysis import Analysis
from cpsolve.models.sliding.board import BLANK, WALL, Board, Puzzle, path_moves
from cpsolve.planning.outcome import Outcome
from cpsolve.planning.solve import Job, PlanMethod, Ranked, sweep_method
from cpsolve.progress import Bar
from cpsolve.result import SpaceReport
from cpsolve.search.ida import IdaSearch

if TYPE_CHECKING:  # the numba kernels are compiled or loaded only when a search runs
    from cpsolve.search.tiles import Lines, Patterns


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
    from cpsolve.search.tiles import Lines

    puzzle = analysis.puzzle
    if not puzzle.distinct:
        return None
    index = {label: k for k, label in enumerate(analysis.labels)}
    goal = np.array([-1 if c == WALL else index[c] for c in puzzle.goal.cells], dtype=np.int64)
    walls = np.array([c == WALL for c in puzzle.start.cells])
    return Lines.of(puzzle.width, puzzle.height, walls, goal)


def ida(analysis: Analysis, *, weight: float = 1.0, count: bool = False,
        deadline: Deadline | None = None, max_length: int = 10_000,
        conflicts: bool = True) -> tuple[list[str], IdaSearch]:
    """Plans (move strings) by the numba IDA* on wall-aware Manhattan distances, plus
    linear conflicts where admissible (``conflicts``), and the search's record."""
    from cpsolve.search.tiles import tile_ida

    found = tile_ida(*arrays(analysis), weight=weight, count=count,
                     deadline=deadline, max_length=max_length,
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
             deadline: Deadline | None = None,
             max_states: int = MAX_STATES) -> tuple[Patterns | None,
                                                      list[dict[str, object]]]:
    """The pattern databases for ``analysis``'s puzzle, tiles numbered as in
    ``tile_labels`` (id -> label index, 0 the blank); ``None`` if the ``deadline``
    passed before they were built."""
    from cpsolve.search.pdb import build
    from cpsolve.search.tiles import Patterns

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
                              use_cache=use_cache, deadline=deadline)
        records.append(record)
        if table is None:
            return None, records
        tables.append(table)
        offsets.append(offset)
        sizes.append(len(labels))
        offset += len(table)
    return Patterns(pat_of, slot_of, np.concatenate(tables), np.array(offsets, dtype=np.int64),
                    np.array(sizes, dtype=np.int64), len(analysis.free)), records


def ida_pdb(analysis: Analysis, *, count: bool = False, deadline: Deadline | None = None,
            max_length: int = 10_000, max_states: int = MAX_STATES,
            use_cache: bool = True) -> tuple[list[str], IdaSearch, list[dict[str, object]]]:
    """Plans by IDA* with additive pattern databases (built or loaded first; each
    pattern's search holds at most ``max_states`` states, so smaller is quicker to
    build and weaker). If the deadline passes while they are built, Manhattan IDA*
    gets what is left of it."""
    from cpsolve.search.tiles import tile_ida_pdb

    deadline = deadline or Deadline(None)
    cells, blank, nbr, dist = arrays(analysis)
    occupied = [c for c in range(len(cells)) if cells[c] > 0]
    if not occupied:  # no tile, no pattern: the blank alone
        plans, found = ida(analysis, count=count, deadline=deadline, max_length=max_length)
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
        plans, found = ida(analysis, count=count, deadline=deadline, max_length=max_length)
        return plans, found, records
    compact = np.full(len(cells), -1, dtype=np.int64)
    compact[analysis.free] = np.arange(len(analysis.free))
    found = tile_ida_pdb(tiles, tile_labels, blank, nbr, dist, compact, pats, count=count,
                         deadline=deadline, max_length=max_length)
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


def ranked(job: Job) -> Ranked:
    """The puzzle for the kit's breadth-first searches (:func:`ranked_space`)."""
    analysis: Analysis = job.facts  # type: ignore[assignment]
    start, goal, counts, nbr_free = ranked_space(analysis)
    free = analysis.free

    def plan(path: list[np.ndarray]) -> str:
        blanks = [free[int(np.nonzero(state == 0)[0][0])] for state in path]
        return path_moves(analysis.puzzle.width, blanks)

    return Ranked(start, goal, counts, nbr_free, None, plan)


def _ida(job: Job) -> Outcome:
    """``--method ida``: pattern databases (``heuristic`` pdb) or Manhattan distance and
    linear conflicts; a ``weight`` above 1 gives plans at most that factor longer."""
    analysis: Analysis = job.facts  # type: ignore[assignment]
    weight = float(job.options.get("weight", 1.0))
    heuristic = job.options.get("heuristic", "pdb")
    if weight < 1:
        raise UsageError("--weight must be at least 1")
    start = time.perf_counter()
    if heuristic == "pdb" and weight == 1:
        plans, search, records = ida_pdb(analysis, count=job.count, deadline=job.deadline,
                                         max_length=job.max_length)
        job.stats.extra["pattern_databases"] = records
        job.stats.build_seconds = sum(float(str(r["seconds"])) for r in records)
        for record in records:
            job.log(f"pattern database {record['source']} in "
                    f"{float(str(record['seconds'])):.2f} s: {record['path']}")
    else:
        plans, search = ida(analysis, weight=weight, count=job.count, deadline=job.deadline,
                            max_length=job.max_length)
    job.stats.solve_seconds = time.perf_counter() - start - job.stats.build_seconds
    job.stats.nodes = search.nodes
    job.stats.extra["iterations"] = search.iterations
    optimal = weight == 1
    return Outcome(plans=plans, optimal=optimal,
                   count=search.found if job.count and plans and optimal else None,
                   complete=True, timed_out=search.timed_out,
                   lower_bound=int(search.bound) if optimal and search.bound else None,
                   cut=not plans and not search.timed_out and search.bound > job.max_length,
                   exhausted=(not plans and not search.timed_out
                              and search.bound <= job.max_length))


def _describe_ida(job: Job) -> dict[str, Any]:
    weight = float(job.options.get("weight", 1.0))
    heuristic = "manhattan" if weight > 1 else job.options.get("heuristic", "pdb")
    distinct = job.facts.puzzle.distinct  # type: ignore[attr-defined]
    return {"heuristic": heuristic + (" + linear conflict" if distinct else ""),
            "weight": weight}


IDA = PlanMethod("ida", "IDA* (numba) with pattern databases or Manhattan distance", _ida,
                 describe=_describe_ida)
BFS = sweep_method("bfs", "breadth-first search over ranked arrangements", ranked,
                   bidirectional=False)
BIBFS = sweep_method("bibfs", "breadth-first search from both ends", ranked,
                     bidirectional=True)


def analyze(puzzle: Puzzle, *, keep: int = 1000, bar: Bar | None = None) -> SpaceReport:
    """Sweep every position reachable from ``puzzle.goal`` (a breadth-first search over
    perfectly ranked arrangements, one byte a state; a space too large is refused up
    front, with its size).

    >>> from cpsolve.models.sliding.formats import parse
    >>> report = analyze(parse("1 2 3\\n4 5 0"))
    >>> report.states, report.diameter, report.distribution[:4]
    (360, 21, [1, 2, 3, 5])
    """
    from cpsolve.search.bfs import space_report

    analysis = Analysis(Puzzle(puzzle.goal, puzzle.goal))
    root, _, counts, nbr_free = ranked_space(analysis)

    def describe(state: np.ndarray) -> str:
        board = [WALL] * (puzzle.width * puzzle.height)
        for i, cell in enumerate(analysis.free):
            board[cell] = analysis.labels[int(state[i])] if state[i] else BLANK
        return Board(puzzle.width, puzzle.height, tuple(board)).text()

    return space_report(root, counts, nbr_free, describe=describe, keep=keep, bar=bar)


def beam_arrays(analysis: Analysis) -> tuple[np.ndarray, ...]:
    """Start and goal (label indices, 0 the blank, -1 walls), free neighbours, and the
    distance tables to the goal and to the start (0 for the blank)."""
    puzzle = analysis.puzzle
    index = {label: k for k, label in enumerate(analysis.labels)}
    start, _, nbr, to_goal = arrays(analysis)
    goal = np.array([-1 if c == WALL else index[c] for c in puzzle.goal.cells], dtype=np.int64)
    to_start = analysis.from_start.copy()
    to_start[0] = 0
    return start, goal, nbr, to_goal, to_start


def beam(analysis: Analysis, *, width: int = 2000, bidirectional: bool = True,
         max_length: int = 600, seed: int = 0, noise: int = 0,
         conflicts: bool = True) -> str | None:
    """A plan by beam search (the blank's moves), or None if the beams found none:
    near-optimal plans for boards too large to prove optimal.

    >>> from cpsolve.models.sliding.check import check
    >>> from cpsolve.models.sliding.generate import random_puzzle
    >>> puzzle = random_puzzle(5, 4, walls=2, seed=1)
    >>> check(puzzle, beam(Analysis(puzzle), width=200))
    []
    """
    from cpsolve.search.beam import beam_search

    # the hash tables hold about three children per kept state and level, for plans
    # of up to twice the lower bound (past that, beams stop remembering new states)
    expected = 3 * width * (2 * (analysis.lower_bound or 0) + 40) * (1 + bidirectional)
    bits = max(12, min(22, int(expected * 1.4).bit_length()))
    found = beam_search(*beam_arrays(analysis), width=width, max_length=max_length,
                        table_bits=bits,
                        bidirectional=bidirectional, seed=seed, noise=noise,
                        shape=(analysis.puzzle.width, analysis.puzzle.height) if conflicts
                        else None)
    if found.length is None:
        return None
    return path_moves(analysis.puzzle.width, found.path)
