"""Searches for sliding puzzles: the board as the flat arrays of the numba kernels
(IDA* with Manhattan distances, linear conflicts or pattern databases; breadth-first
search; beams), and the whole-space sweep of ``cpsolve analyze slide``."""

from __future__ import annotations

import math
import time
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any

import numpy as np

from cpsolve.limits import Deadline
from cpsolve.models.sliding.analysis import Analysis
from cpsolve.models.sliding.board import BLANK, WALL, Board, Puzzle, path_moves
from cpsolve.options import Option
from cpsolve.planning.outcome import Outcome
from cpsolve.planning.solve import Job, Log, PlanMethod, Ranked, sweep_method
from cpsolve.progress import Bar
from cpsolve.result import SpaceReport
from cpsolve.search.ida import IdaSearch

if TYPE_CHECKING:  # the numba kernels are compiled or loaded only when a search runs
    from cpsolve.search.tiles import Lines, Patterns


def _quiet(_: str) -> None:
    """A log that says nothing."""


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
        for k, other in enumerate(analysis.graph[cell]):
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
        conflicts: bool = True, log: Log | None = None) -> tuple[list[str], IdaSearch]:
    """Plans (move strings) by the numba IDA* on wall-aware Manhattan distances, plus
    linear conflicts where admissible (``conflicts``), and the search's record;
    ``log`` hears a line per pass (``-v``)."""
    from cpsolve.search.tiles import tile_ida

    # The thresholds bound f = g + weight h, not lengths: a plan of at most max_length
    # moves has f at most weight * max_length all along it (h is admissible).
    found = tile_ida(*arrays(analysis), weight=weight, count=count,
                     deadline=deadline, max_length=math.ceil(max_length * weight),
                     lines=lines(analysis) if conflicts else None, log=log)
    width = analysis.puzzle.width
    return [path_moves(width, path) for path in found.paths], found


# How large each pattern's database may be, in placements (entries), by heuristic:
# ``pdb`` builds in seconds (6-6-3 on the 15-puzzle: two databases of 5.8 million
# entries), ``pdb-large`` in minutes (7-8: 58 and 519 million entries, 288 MB).
ENTRIES = {"pdb": 15_000_000, "pdb-large": 600_000_000}
BUILD_SHARE = 0.5  # under a time limit, the share of what is left a build may take


def _sizes(tiles: int, largest: int) -> list[int]:
    """Group sizes: as many of the largest as the tiles fill, the rest in one more
    (6-6-3 for 15 tiles and groups of 6): larger groups see more of the interactions
    between tiles, which is what makes a database stronger than distances."""
    sizes = [largest] * (tiles // largest)
    return sizes + [tiles % largest] if tiles % largest else sizes


def partition(analysis: Analysis, max_entries: int = ENTRIES["pdb"]) -> list[list[int]]:
    """Groups of goal cells (each cell's goal label joins that pattern) for the goal at
    hand, each group's database of at most ``max_entries`` placements: every free cell
    but the blank's goal cell in one group. Distinct labels: :func:`strips`. Repeated
    labels: :func:`whole_labels`."""
    from cpsolve.search.ranking import count

    puzzle = analysis.puzzle
    m = len(analysis.free)
    cells = [c for c in analysis.free if c != puzzle.goal.blank]
    if not cells:
        return []
    k = 1
    while k < len(cells) and count(m, k + 1) <= max_entries:
        k += 1
    groups = strips(puzzle.width, puzzle.height, cells, _sizes(len(cells), k),
                    puzzle.goal.blank)
    if puzzle.distinct:
        return groups
    return whole_labels([c for g in groups for c in g], list(puzzle.goal.cells), k)


def whole_labels(cells: list[int], goal: list[str], largest: int) -> list[list[int]]:
    """Groups of at most ``largest`` of ``cells`` (in that order of preference) that keep
    all the goal cells of a label together where they fit: first fit, each label (or
    single cell of a label seen once) into the first group with room for it.

    A pattern's tiles may end on any goal cell of their label, so with a label split
    between patterns each pattern lets its tiles take the others' goal cells; with
    the label whole, every tile of it is in the pattern and the goal cells are theirs
    alone. On the line puzzle's goal 3 (four labels, four tiles each but B) the four
    labels apart need 253,711 nodes to count the three optimal plans; 6-6-3 strips,
    which split them, 927,140.

    >>> whole_labels([0, 1, 2, 3, 4], ["A", "B", "A", "B", "C", "0"], 3)
    [[0, 2, 4], [1, 3]]
    """
    units: dict[str, list[int]] = {}
    for cell in cells:
        units.setdefault(goal[cell], []).append(cell)
    pieces = [unit[i:i + largest] for unit in units.values()
              for i in range(0, len(unit), largest)]
    groups: list[list[int]] = []
    for piece in pieces:
        for group in groups:
            if len(group) + len(piece) <= largest:
                group += piece
                break
        else:
            groups.append(list(piece))
    return [sorted(g) for g in groups]


def strips(width: int, height: int, cells: list[int], sizes: list[int],
           blank: int, columns: bool | None = None) -> list[list[int]]:
    """Split ``cells`` into groups of ``sizes``: the board cut into strips two cells
    wide (``columns``, or rows), the strip of the blank's goal cell first. Each group
    but the last takes the cells of a strip nearest that goal cell, the largest group
    that fits in what is left of the strip (a strip too short for any group is set
    aside, or joined to the next); the last group takes what is left. Unless told,
    the strips run across an even side when only one side is even (so that they
    tile the board), else parallel to the edge nearest the blank's goal cell, else to
    the longer side (columns on a square board).

    Chosen by measurement (the mean estimate over random positions, and nodes on
    Korf's 100): on the 15-puzzle with the blank in a corner, 6-6-3 cut this way
    averages 43.09 with the mirror lookup and needs 41 million nodes, Felner, Korf and
    Hanan's 6-6-3 42.99 and 56 million, 2x3 blocks (which keep the most neighbouring
    cells together) 42.07 and 120 million; with the blank on an edge, strips along
    that edge average 42.09, across it 41.53. On 155 DevQuiz-like boards (3x5 to 6x4,
    most with walls; groups of four tiles) these strips average 53.94, row-major
    groups 52.68, strips always along the longer side 53.59; 3x6 boards alone: 51.41
    with rows, 49.70 with columns.

    >>> strips(4, 4, list(range(1, 16)), [6, 6, 3], 0)
    [[1, 4, 5, 8, 9, 12], [2, 3, 6, 7, 10, 11], [13, 14, 15]]
    """
    row, column = divmod(blank, width)
    to_side = min(column, width - 1 - column)  # the blank's distance to a side edge
    to_end = min(row, height - 1 - row)  # and to the top or bottom edge
    if columns is None and width % 2 != height % 2:
        columns = width % 2 == 0
    if columns is None:
        columns = to_side < to_end or (to_side == to_end and height >= width)

    def strip(cell: int) -> int:
        r, c = divmod(cell, width)
        return (c if columns else r) // 2

    def far(cell: int) -> tuple[int, int, int]:
        """Distance from the blank's goal cell, then along the strip (the cells a group
        leaves behind form a line across the far end), then the cell."""
        rows, cols = abs(cell // width - blank // width), abs(cell % width - blank % width)
        return (rows + cols, rows if columns else cols, cell)

    first = strip(blank)
    numbers = sorted({strip(c) for c in cells}, key=lambda j: (abs(j - first), j))
    pool = [sorted((c for c in cells if strip(c) == j), key=far) for j in numbers]
    current: list[int] = []
    aside: list[int] = []
    groups = []
    left = sorted(sizes, reverse=True)
    while len(left) > 1:
        if len(current) < left[-1]:  # too little of this strip for any group: set aside
            aside += current
            current = []
            while pool and len(current) < left[-1]:
                current += pool.pop(0)
            if len(current) < left[-1]:  # the strips ran out: take back what was set aside
                current, aside = sorted(aside + current, key=far), []
        size = max(s for s in left if s <= len(current))
        left.remove(size)
        groups.append(sorted(current[:size]))
        current = current[size:]
    return groups + [sorted(aside + current + [c for rest in pool for c in rest])]


def _views(analysis: Analysis, tile_labels: np.ndarray, goal: np.ndarray,
           reflect: bool) -> tuple[np.ndarray, np.ndarray]:
    """The identity and, with ``reflect``, the symmetries that keep the goal: each
    cell's image and each tile's (a tile of the image label)."""
    from cpsolve.search.tiles import symmetries

    n = len(goal)
    cell_rows = [np.arange(n, dtype=np.int64)]
    tile_rows = [np.arange(len(tile_labels), dtype=np.int64)]
    if reflect:
        by_label: dict[int, list[int]] = {}
        for tile in range(1, len(tile_labels)):
            by_label.setdefault(int(tile_labels[tile]), []).append(tile)
        for image, rename in symmetries(analysis.puzzle.width, analysis.puzzle.height,
                                        goal)[:1]:
            tile_of = np.zeros(len(tile_labels), dtype=np.int64)
            for label, tiles in by_label.items():
                for i, tile in enumerate(tiles):
                    tile_of[tile] = by_label[rename[label]][i]
            cell_rows.append(image)
            tile_rows.append(tile_of)
    return np.array(cell_rows), np.array(tile_rows)


def prepare(analysis: Analysis, groups: list[list[int]], *, use_cache: bool = True,
            deadline: Deadline | None = None, budget: float | None = None,
            reflect: bool = True, log: Log | None = None,
            show: bool = False) -> tuple[Patterns | None, list[dict[str, object]]]:
    """The pattern databases of ``groups`` (goal cells) for ``analysis``'s goal, loaded
    or built in turn, ready for the kernel (for every start with that goal); ``None``
    if the ``deadline`` passed, or the build took more than ``budget`` seconds, before
    they were all there. ``log`` hears a line per database (its tiles, size and
    expected time before a build, then how it was obtained and how long it took);
    ``show`` draws a progress bar while one builds (on a terminal only:
    :mod:`cpsolve.progress`)."""
    from cpsolve.progress import progress
    from cpsolve.search import pdb
    from cpsolve.search.ranking import count
    from cpsolve.search.tiles import Patterns

    puzzle = analysis.puzzle
    index = {label: k for k, label in enumerate(analysis.labels)}
    goal = [-1 if c == WALL else index[c] for c in puzzle.goal.cells]
    walls = sorted(puzzle.start.walls)
    m = len(analysis.free)
    _, tile_labels = _numbered(analysis)
    free_ids: dict[int, list[int]] = {}  # a label's tiles, the first last (they pop)
    for tile in range(len(tile_labels) - 1, 0, -1):
        free_ids.setdefault(int(tile_labels[tile]), []).append(tile)
    tile_groups = [[free_ids[goal[cell]].pop() for cell in group] for group in groups]
    databases, records = [], []
    started = time.perf_counter()
    say = log or _quiet
    for number, group in enumerate(groups, 1):
        labels = [goal[cell] for cell in group]
        entries = count(m, len(labels))
        names = " ".join(analysis.labels[label] for label in labels)
        expected = pdb.expected_seconds(m, len(labels))
        building = not (use_cache and pdb.cached(puzzle.width, puzzle.height, walls, goal,
                                                 labels))
        if building:
            say(f"pattern database {number} of {len(groups)}: tiles {names}, {entries:,} "
                f"entries ({(entries + 1) // 2 / 1e6:.1f} MB), about {_duration(expected)} "
                "to build")
        left = None if budget is None else budget - (time.perf_counter() - started)
        with progress(f"pattern database {number}/{len(groups)}", entries,
                      unit="entries") if show and building else nullcontext(Bar()) as bar:
            database, record = pdb.build(
                puzzle.width, puzzle.height, walls, goal, labels, use_cache=use_cache,
                deadline=deadline, budget=left,
                progress=lambda done, _: bar.update(completed=done))
            if database is not None:
                bar.update(completed=entries)
        record["tiles"] = names
        record["expected_seconds"] = round(expected, 1)
        records.append(record)
        say(f"pattern database {number} of {len(groups)} ({names}): {record['source']} "
            f"in {_duration(float(record['seconds']))}")
        if database is None:
            return None, records
        databases.append(database)
    cell_of, tile_of = _views(analysis, tile_labels, np.array(goal), reflect)
    return Patterns.of(tile_labels, tile_groups, databases, cell_of, tile_of), records


def _duration(seconds: float) -> str:
    """Seconds as people read them.

    >>> _duration(0.04), _duration(7.3), _duration(363)
    ('0.04 s', '7.3 s', '6 min')
    """
    if seconds < 1:
        return f"{seconds:.2f} s"
    return f"{seconds:.1f} s" if seconds < 120 else f"{seconds / 60:.0f} min"


def _numbered(analysis: Analysis, board: Board | None = None) -> tuple[np.ndarray,
                                                                       np.ndarray]:
    """Tiles by identity: a tile id per cell of ``board`` (the start by default; 0 the
    blank, -1 walls), and each id's label. Ids go by label, then by the order of the
    tiles of one label on the board, so they depend only on the labels: databases
    prepared for one position serve all."""
    index = {label: k for k, label in enumerate(analysis.labels)}
    cells = [-1 if c == WALL else index[c] for c in (board or analysis.puzzle.start).cells]
    counts = np.bincount([c for c in cells if c > 0], minlength=len(analysis.labels))
    tile_labels = np.concatenate([[0], np.repeat(np.arange(len(counts)), counts)])
    next_id = np.concatenate([[0], np.cumsum(counts)[:-1]]) + 1  # each label's first id
    tiles = np.array([min(c, 0) for c in cells], dtype=np.int64)
    for cell, label in enumerate(cells):
        if label > 0:
            tiles[cell] = next_id[label]
            next_id[label] += 1
    return tiles, tile_labels


def plan_databases(analysis: Analysis, *, heuristic: str = "pdb",
                   max_states: int | None = None) -> list[list[int]]:
    """The groups (goal cells) of ``heuristic``'s databases for this board;
    ``max_states`` (placements times free cells, as breadth-first searches count
    states) caps their size instead."""
    m = len(analysis.free)
    entries = ENTRIES[heuristic] if max_states is None else max_states // m
    return partition(analysis, entries)


def estimates(analysis: Analysis, prepared: Patterns, board: Board) -> list[int]:
    """The databases' estimate of the moves from ``board`` to ``analysis``'s goal, in
    each view (the position itself, then its mirror image where the goal has one): IDA*
    takes the largest. For tests and measurements; the kernels update it move by move.

    >>> from cpsolve.models.sliding.formats import parse
    >>> analysis = Analysis(parse("3 1 2\\n4 5 0"))  # 14 moves; distances say 4
    >>> prepared, _ = prepare(analysis, plan_databases(analysis))
    >>> estimates(analysis, prepared, analysis.puzzle.start)  # one database of all five
    [14]
    """
    tiles, _ = _numbered(analysis, board)
    dist = analysis.to_goal.copy()
    dist[0] = 0
    compact = np.full(len(tiles), -1, dtype=np.int64)
    compact[analysis.free] = np.arange(len(analysis.free))
    return [int(h) for h in prepared.state(tiles, dist, compact)[4]]


def ida_pdb(analysis: Analysis, *, count: bool = False, deadline: Deadline | None = None,
            max_length: int = 10_000, max_states: int | None = None,
            use_cache: bool = True, heuristic: str = "pdb",
            groups: list[list[int]] | None = None, reflect: bool = True,
            log: Log | None = None, show: bool = False, prepared: Patterns | None = None,
            ) -> tuple[list[str], IdaSearch, dict[str, Any]]:
    """Plans by IDA* with additive pattern databases (``heuristic`` ``pdb`` or
    ``pdb-large``, or explicit ``groups`` of goal cells), looked up also in the mirror
    image of the position where the goal allows (``reflect``); loaded, or built first
    (:func:`prepare`), unless ``prepared`` for this goal already.

    Under a time limit, a build expected to take more than half of what is left is
    not started, and one that takes more is stopped: IDA* with Manhattan distances
    and linear conflicts gets the time instead. The report says which heuristic ran
    (``heuristic``), why (``reason``, when the databases were not used), and what
    happened to each database (``databases``: tiles, entries, bytes, source,
    seconds, expected seconds, path)."""
    from cpsolve.search import pdb
    from cpsolve.search.tiles import tile_ida_pdb

    deadline = deadline or Deadline(None)
    say = log or _quiet
    tiles, tile_labels = _numbered(analysis)
    puzzle = analysis.puzzle
    report: dict[str, Any] = {"databases": []}
    if len(tile_labels) == 1 or puzzle.width * puzzle.height > pdb.MAX_CELLS:
        report["reason"] = ("no tile" if len(tile_labels) == 1
                            else f"boards of more than {pdb.MAX_CELLS} cells have none")
    elif prepared is None:
        if groups is None:
            groups = plan_databases(analysis, heuristic=heuristic, max_states=max_states)
        index = {label: k for k, label in enumerate(analysis.labels)}
        goal = [-1 if c == WALL else index[c] for c in puzzle.goal.cells]
        walls = sorted(puzzle.start.walls)
        m = len(analysis.free)
        expected = sum(pdb.expected_seconds(m, len(g)) for g in groups if not (
            use_cache and pdb.cached(puzzle.width, puzzle.height, walls, goal,
                                     [goal[c] for c in g])))
        remaining = deadline.remaining()
        budget = None if remaining is None else BUILD_SHARE * remaining
        if remaining is not None and budget is not None and expected > budget:
            report["reason"] = (f"pattern databases not built: about {_duration(expected)} "
                                f"expected, {_duration(remaining)} left")
        else:
            prepared, report["databases"] = prepare(
                analysis, groups, use_cache=use_cache, deadline=deadline, budget=budget,
                reflect=reflect, log=log, show=show)
            if prepared is None:
                report["reason"] = ("pattern databases stopped by the time limit"
                                    if deadline.expired() else
                                    "pattern databases stopped at half the time left")
    if prepared is None:
        report["heuristic"] = "manhattan" + (" + linear conflict"
                                             if analysis.puzzle.distinct else "")
        if "reason" in report:
            say(f"{report['reason']}: IDA* with {report['heuristic']}")
        plans, found = ida(analysis, count=count, deadline=deadline, max_length=max_length,
                           log=log)
        return plans, found, report
    report["heuristic"] = ("pdb " + "-".join(str(k) for k in sorted(prepared.sizes)[::-1])
                           + (" + mirror" if len(prepared.cell_of) > 1 else ""))
    compact = np.full(len(tiles), -1, dtype=np.int64)
    compact[analysis.free] = np.arange(len(analysis.free))
    _, blank, nbr, dist = arrays(analysis)
    found = tile_ida_pdb(tiles, blank, nbr, dist, compact, prepared, count=count,
                         deadline=deadline, max_length=max_length, log=log)
    return [path_moves(puzzle.width, path) for path in found.paths], found, report


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
    """``--method ida``: pattern databases (``heuristic`` pdb or pdb-large) or
    Manhattan distance and linear conflicts; a ``weight`` above 1 gives plans at most
    that factor longer. What ran is recorded in the statistics (``heuristic``, and
    ``pattern_databases``: each database's size, source and seconds)."""
    analysis: Analysis = job.facts  # type: ignore[assignment]
    weight = float(job.options["weight"])
    heuristic = job.options["heuristic"]
    start = time.perf_counter()
    if heuristic in ENTRIES and weight == 1:
        plans, search, report = ida_pdb(analysis, count=job.count, deadline=job.deadline,
                                        max_length=job.max_length, heuristic=heuristic,
                                        log=job.log, show=True)
        job.stats.extra["heuristic"] = report["heuristic"]
        if "reason" in report:
            job.stats.extra["heuristic_reason"] = report["reason"]
        job.stats.extra["pattern_databases"] = report["databases"]
        job.stats.build_seconds = sum(float(r["seconds"]) for r in report["databases"])
    else:
        plans, search = ida(analysis, weight=weight, count=job.count, deadline=job.deadline,
                            max_length=job.max_length, log=job.log)
    job.stats.solve_seconds = time.perf_counter() - start - job.stats.build_seconds
    job.stats.nodes = search.nodes
    job.stats.extra["iterations"] = search.iterations
    optimal = weight == 1
    lower = int(search.bound) if optimal and search.bound else None
    if not optimal and plans:
        lower = weighted_bound(len(plans[0]), weight, job.lower, job.facts.verdict.step)
    return Outcome(plans=plans, optimal=optimal,
                   count=search.found if job.count and plans and optimal else None,
                   complete=True, timed_out=search.timed_out, lower_bound=lower,
                   within=None if optimal else weight,
                   cut=not plans and not search.timed_out and search.bound > job.max_length,
                   exhausted=(not plans and not search.timed_out
                              and search.bound <= job.max_length))


def weighted_bound(length: int, weight: float, lower: int, step: int) -> int:
    """What a plan of ``length`` moves found with f = g + ``weight`` h proves about a
    shortest plan: it is at least ``length / weight`` moves long (the plan is at most
    ``weight`` times a shortest one), and at least ``lower`` (the distances' bound),
    with the parity every plan shares when ``step`` is 2.

    >>> weighted_bound(62, 2.0, 30, 2), weighted_bound(62, 2.0, 34, 2), weighted_bound(9, 3.0, 1, 2)
    (32, 34, 3)
    """
    bound = max(lower, math.ceil(length / weight - 1e-9))
    if step == 2 and (length - bound) % 2:
        bound += 1
    return min(bound, length)


def _describe_ida(job: Job) -> dict[str, Any]:
    """The heuristic asked for (what ran, when the databases could not be used, is in
    the statistics: ``heuristic``)."""
    weight = float(job.options["weight"])
    heuristic = "manhattan" if weight > 1 else job.options["heuristic"]
    distinct = job.facts.puzzle.distinct  # type: ignore[attr-defined]
    if heuristic == "manhattan" and distinct:
        heuristic += " + linear conflict"
    return {"heuristic": heuristic, "weight": weight}


HEURISTICS = ("pdb", "pdb-large", "manhattan")
HEURISTIC = Option("heuristic", "pdb", "Bound for IDA*: pattern databases (pdb; pdb-large, "
                   "larger, built once in minutes) or Manhattan distance with linear "
                   "conflicts.", choices=HEURISTICS)
WEIGHT = Option("weight", 1.0, "f = g + W h: plans at most W times optimal, faster "
                "(Manhattan distance).", kind=float, low=1, metavar="W")


def _refuse_ida(given: dict[str, Any]) -> str | None:
    """Pattern databases asked for beside a weight: weighted IDA* runs on Manhattan
    distances and linear conflicts, so the databases would be ignored.

    >>> print(_refuse_ida({"heuristic": "pdb", "weight": 3.0}))  # doctest: +ELLIPSIS
    --heuristic pdb does not apply with --weight above 1 (weighted IDA* runs on ...
    >>> _refuse_ida({"heuristic": "pdb", "weight": 1.0}), _refuse_ida({"weight": 2.0})
    (None, None)
    """
    heuristic = given.get("heuristic")
    if heuristic in ENTRIES and given.get("weight", 1.0) > 1:
        return (f"--heuristic {heuristic} does not apply with --weight above 1 (weighted "
                "IDA* runs on Manhattan distances): give --heuristic manhattan or no "
                "--heuristic")
    return None


IDA = PlanMethod("ida", "IDA* (numba) with pattern databases or Manhattan distance", _ida,
                 options=(HEURISTIC, WEIGHT), describe=_describe_ida, kernels=True,
                 refuse=_refuse_ida)
BFS = sweep_method("bfs", "breadth-first search over ranked arrangements", ranked,
                   bidirectional=False)
BIBFS = sweep_method("bibfs", "breadth-first search from both ends", ranked,
                     bidirectional=True)


# The quick search of ``auto`` under a time limit (the planning kit's anytime plans):
# a bidirectional beam of QUICK_BEAM (0.3 s on the 24-puzzle, 0.6 s on 6x6 boards;
# its plans 107 moves on Korf's first 24-puzzle board, where weighted IDA* finds 215),
# when at least QUICK_BEAM_SECONDS are left (a beam does not look at the clock), then
# weighted IDA* (weight QUICK_WEIGHT) until the time is up.
QUICK_BEAM = 500
QUICK_BEAM_SECONDS = 1.0
QUICK_WEIGHT = 3.0
QUICK_SUMMARY = f"beam search (width {QUICK_BEAM}), else IDA* with weight {QUICK_WEIGHT:g}"


def quick(job: Job) -> Outcome:
    """A plan fast, not proven shortest: a beam, else weighted IDA* until the
    deadline (:data:`QUICK_SUMMARY`); the lower bound a weighted plan proves."""
    analysis: Analysis = job.facts  # type: ignore[assignment]
    longest = 10_000 if job.defaulted else job.max_length
    if (job.deadline.remaining() or 0.0) >= QUICK_BEAM_SECONDS:
        start = time.perf_counter()
        plan = beam(analysis, width=QUICK_BEAM,
                    max_length=min(longest, 4 * (analysis.lower_bound or 0) + 300))
        job.log(f"beam search (width {QUICK_BEAM}): "
                + (f"{len(plan)} moves" if plan else "no plan")
                + f" ({time.perf_counter() - start:.2f} s)")
        if plan:
            return Outcome(plans=[plan], optimal=False)
    start = time.perf_counter()
    plans, search = ida(analysis, weight=QUICK_WEIGHT, deadline=job.deadline,
                        max_length=longest, log=job.log)
    job.log(f"IDA* with weight {QUICK_WEIGHT:g}: "
            + (f"{len(plans[0])} moves" if plans else "no plan")
            + f" ({time.perf_counter() - start:.2f} s)")
    if not plans:
        return Outcome(timed_out=search.timed_out)
    lower = weighted_bound(len(plans[0]), QUICK_WEIGHT, job.lower, job.facts.verdict.step)
    return Outcome(plans=plans[:1], optimal=False, lower_bound=lower)


def analyze(puzzle: Puzzle, *, keep: int = 1000, bar: Bar | None = None,
            deadline: Deadline | None = None) -> SpaceReport:
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

    return space_report(root, counts, nbr_free, describe=describe, keep=keep, bar=bar,
                        deadline=deadline)


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
