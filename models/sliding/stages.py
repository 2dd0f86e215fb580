"""Solving a sliding puzzle in stages, as people do: put a few tiles into place, treat
them as walls from then on, and go on with the smaller board that remains.

A plan found this way is not optimal (it is usually well under twice the lower bound
on DevQuiz boards), but it is found in seconds on boards where optimal searches and
beams find nothing: boards whose walls leave long corridors or loops, where a tile
must travel round the board and every estimate misleads.

Why each stage can succeed: the cells still free always form a 2-connected graph
that is not a single cycle. By Wilson's theorem (1974) a blank and distinct tiles on
such a graph reach every arrangement of the right parity; grid graphs are bipartite,
so the parity is the one the whole puzzle already has. So a puzzle that is solvable
stays solvable after each stage, and a stage's search (over the blank and the few
tiles it places, the other tiles interchangeable) always finds its goal.

Choosing the stages is a hot loop (:class:`Peeling`: hundreds of thousands of candidate
regions on the DevQuiz boards): what every region and candidate goes through
(2-connectivity, degrees, depths) is compiled (:class:`FreeCells`); the questions asked
now and then (corridors, the parts that hang by a cut cell) are networkx's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import chain
from typing import TYPE_CHECKING

import numpy as np

from cpsolve.graphs import Adjacency, grid_graph, neighbour_table
from cpsolve.limits import Deadline
from cpsolve.models.sliding.board import BLANK, OPPOSITE, WALL, Board, Puzzle

if TYPE_CHECKING:
    import networkx as nx

FINAL_CELLS = 12  # a region this small is finished by optimal search
FAR_CELLS = 12  # the most cells of a stage that takes the cells farthest from the blank


@dataclass(frozen=True)
class Staged:
    """A staged plan: its moves, and the cells of each stage in turn (the last one the
    region finished by optimal search)."""

    moves: str
    stages: tuple[tuple[int, ...], ...]


class FreeCells:
    """A board's free cells as the stages look at them: networkx's graph of them
    (``graph``: corridors, cut cells), and compiled kernels over their neighbour table
    for what every region and every candidate stage goes through (2-connectivity,
    degrees, depths), regions given as Boolean masks over the cells (:meth:`inside`)."""

    def __init__(self, adjacency: Adjacency) -> None:
        import networkx as nx

        from cpsolve.interrupts import kernels
        from cpsolve.search.distances import layers, two_connected

        self.adjacency = adjacency
        self.graph: nx.Graph = nx.from_dict_of_lists(adjacency)
        self.table = neighbour_table(adjacency, max(adjacency, default=-1) + 1)
        self._two_connected, self._layers = two_connected, layers
        with kernels():  # numba loads the kernels here, where Ctrl-C is kept for after them
            everything = self.inside(adjacency)
            self.two_connected(everything)
            if adjacency:
                self.depths(everything, min(adjacency))

    def subgraph(self, cells: Iterable[int]) -> nx.Graph:
        """The graph of ``cells`` (a view)."""
        return self.graph.subgraph(cells)

    def inside(self, cells: Iterable[int]) -> np.ndarray:
        """``cells`` as a mask over the table's rows."""
        out = np.zeros(len(self.table), dtype=np.bool_)
        out[list(cells)] = True
        return out

    def two_connected(self, inside: np.ndarray) -> bool:
        """Whether the cells of the mask ``inside`` form a 2-connected graph."""
        return bool(self._two_connected(self.table, inside))

    def degrees(self, inside: np.ndarray) -> np.ndarray:
        """Each cell's neighbours in the mask ``inside``."""
        table = self.table
        return np.count_nonzero(inside[table] & (table >= 0), axis=1)

    def depths(self, inside: np.ndarray, source: int) -> list[int]:
        """The fewest steps from ``source`` to each cell, through cells of the mask
        ``inside`` only (-1 where none reaches)."""
        table = np.where((self.table >= 0) & inside[self.table], self.table, -1)
        out = np.full((1, len(table)), -1, dtype=np.int64)
        seeds = np.zeros(out.shape, dtype=np.bool_)
        seeds[0, source] = True
        self._layers(table, seeds, out)
        return out[0].tolist()


def good(free: FreeCells, cells: Iterable[int]) -> bool:
    """Whether the free ``cells`` form a region where tiles can still be arranged at will
    (up to parity): connected, no cut cell, and not a single cycle.

    >>> g = FreeCells(grid_graph(3, 2))
    >>> good(g, range(6)), good(g, [0, 1, 3, 4]), good(g, [0, 1, 2, 3])
    (True, False, False)
    """
    return _good(free, free.inside(cells))


def _good(free: FreeCells, inside: np.ndarray) -> bool:
    """:func:`good` for the cells of the mask ``inside``."""
    nodes = int(np.count_nonzero(inside))
    if nodes < 3 or not free.two_connected(inside):
        return False
    # twice the edges against twice the cells: a cycle has as many edges as cells
    return int(free.degrees(inside)[inside].sum()) > 2 * nodes


def _lines(region: set[int], width: int, blank_goal: int) -> list[list[int]]:
    """The outer rows and columns of ``region`` that do not hold the blank's goal cell:
    across the longer side first, then the farthest from that cell first."""
    rows = {c // width for c in region}
    columns = {c % width for c in region}
    goal_row, goal_column = divmod(blank_goal, width)
    sides = []
    for horizontal, line, distance in (
            (True, min(rows), goal_row - min(rows)),
            (True, max(rows), max(rows) - goal_row),
            (False, min(columns), goal_column - min(columns)),
            (False, max(columns), max(columns) - goal_column)):
        if distance > 0:
            longer = (len(rows) >= len(columns)) == horizontal
            sides.append((not longer, -distance, horizontal, line))
    return [sorted(c for c in region if (c // width if horizontal else c % width) == line)
            for _, _, horizontal, line in sorted(sides)]


def _ears(free: FreeCells, region: set[int], blank_goal: int) -> list[list[int]]:
    """Chains of cells with two free neighbours each (corridors), the blank's goal cell
    left out, the longest first: removing a whole one keeps the rest 2-connected."""
    import networkx as nx

    degree = free.degrees(free.inside(region))
    inner = [c for c in region if degree[c] == 2 and c != blank_goal]
    chains = nx.connected_components(free.subgraph(inner))
    return sorted((sorted(chain) for chain in chains), key=lambda c: (-len(c), c))


def _hanging(free: FreeCells, region: set[int], inside: np.ndarray,
             blank_goal: int) -> list[list[int]]:
    """The parts of ``region`` (the mask ``inside``) that hang by one cell (a cut cell)
    and do not hold the blank's goal cell, the smallest first; the cut cells in
    increasing order, the parts of each in order of their first cells. None where the
    region is 2-connected."""
    import networkx as nx

    if free.two_connected(inside):
        return []
    sub = free.subgraph(region)
    return sorted((part for cut in sorted(nx.articulation_points(sub))
                   for part in sorted(map(sorted, nx.connected_components(
                       sub.subgraph(region - {cut}))))
                   if blank_goal not in part), key=len)


def _later(make: Callable[[], Iterable[list[int]]]) -> Iterator[list[int]]:
    """The groups ``make()`` gives, made only when the first is asked for."""
    yield from make()


def groups(free: FreeCells, region: set[int], width: int,
           blank_goal: int) -> Iterator[tuple[int, ...]]:
    """The groups of cells that may be put into place next, in the order people would
    try them, each leaving a good region (:func:`good`): a part that hangs by one cell
    (where the region is not 2-connected); an outer row or column of
    what is left (:func:`_lines`); a corridor (:func:`_ears`), alone or with an outer
    line it ends on; the cells farthest from the blank's goal cell; a single cell,
    farthest first; two neighbouring cells. Lazily, each kind found only when the
    kinds before it have all been tried: the first usually serves."""
    inside = free.inside(region)
    lines = _lines(region, width, blank_goal)

    @cache
    def ears() -> list[list[int]]:
        return _ears(free, region, blank_goal)

    @cache
    def depth() -> list[int]:
        return free.depths(inside, blank_goal)

    @cache
    def singles() -> list[int]:
        reach = depth()
        return sorted((c for c in region if c != blank_goal), key=lambda c: (-reach[c], c))

    def far() -> list[list[int]]:
        # the cells farthest from the blank's goal cell, as many as a stage places at once
        reach = depth()
        return [[c for c in region if c != blank_goal and reach[c] >= d]
                for d in sorted({reach[c] for c in region})]

    def pairs() -> Iterator[list[int]]:
        reach = depth()
        return ([c, d] for c in singles() for d in free.adjacency[c]
                if inside[d] and d != blank_goal and (reach[d], d) < (reach[c], c))

    seen: set[tuple[int, ...]] = set()
    for group in chain(_later(lambda: _hanging(free, region, inside, blank_goal)), lines,
                       _later(ears),
                       _later(lambda: (sorted(set(e) | set(line)) for e in ears()
                                       for line in lines)),
                       _later(lambda: (g for g in far() if 2 <= len(g) <= FAR_CELLS)),
                       _later(lambda: ([c] for c in singles())), _later(pairs)):
        key = tuple(sorted(group))
        if not key or key in seen:
            continue
        rest = inside.copy()
        rest[list(key)] = False
        if _good(free, rest):
            seen.add(key)
            yield key


def next_group(free: FreeCells, region: set[int], width: int,
               blank_goal: int) -> tuple[int, ...] | None:
    """The first of :func:`groups`, or None if there is none."""
    return next(groups(free, region, width, blank_goal), None)


class Peeling:
    """Which regions can still be peeled down to ``final_cells`` cells or fewer, each
    step leaving a good region (a depth-first search over :func:`groups`, remembered;
    after ``budget`` regions it stops looking and answers yes)."""

    def __init__(self, free: FreeCells, width: int, blank_goal: int, final_cells: int,
                 budget: int = 300) -> None:
        self.free, self.width, self.blank_goal = free, width, blank_goal
        self.final_cells, self.budget = final_cells, budget
        self.known: dict[frozenset[int], bool] = {}

    def options(self, region: set[int]) -> Iterator[tuple[int, ...]]:
        """The groups whose removal leaves a region that can still be peeled."""
        return (g for g in groups(self.free, region, self.width, self.blank_goal)
                if self.can(frozenset(region - set(g))))

    def can(self, region: frozenset[int]) -> bool:
        if len(region) <= self.final_cells:
            return True
        if region not in self.known:
            if self.budget <= 0:
                return True
            self.budget -= 1
            self.known[region] = any(
                self.can(frozenset(region - set(g)))
                for g in groups(self.free, set(region), self.width, self.blank_goal))
        return self.known[region]


ANY = "~"  # the label of the tiles a stage does not place: interchangeable


def _masked(puzzle: Puzzle, region: set[int], cells: Iterable[str],
            keep: set[str] | None = None) -> Board:
    """``cells`` with everything outside ``region`` a wall, and the tiles whose labels
    are not in ``keep`` (if given) relabelled :data:`ANY`."""
    return Board(puzzle.width, puzzle.height, tuple(
        WALL if k not in region else
        c if keep is None or c in keep or c == BLANK else ANY
        for k, c in enumerate(cells)))


def stage(puzzle: Puzzle, region: set[int], cells: list[str], group: tuple[int, ...],
          beams: tuple[int, ...], deadline: Deadline) -> str | None:
    """Moves within ``region`` that bring the tiles for the ``group`` cells onto them
    and the blank onto its goal cell, every other tile interchangeable: breadth-first
    from both ends where that space is small (optimal), else beams of the given
    widths in turn; None if none finds a plan."""
    from cpsolve.models.sliding.analysis import Analysis
    from cpsolve.models.sliding.search import beam
    from cpsolve.models.sliding.solve import solve

    keep = {puzzle.goal.cells[c] for c in group}
    goal = list(puzzle.goal.cells)
    for k, c in enumerate(goal):  # the tiles of the rest are interchangeable
        if k in region and c not in keep and c != BLANK:
            goal[k] = ANY
    sub = Puzzle(_masked(puzzle, region, cells, keep), _masked(puzzle, region, goal))
    analysis = Analysis(sub)
    if analysis.state_space <= SWEEP:
        result = solve(sub, method="bibfs", max_length=1_000)
        return result.solution if result.status.value == "optimal" else None
    for width in beams:
        if deadline.expired():
            return None
        plan = beam(analysis, width=width, max_length=4 * (analysis.lower_bound or 0) + 300)
        if plan is not None:
            return plan
    return None


SWEEP = 20_000_000  # arrangements a stage searches breadth-first (optimal, seconds)
STEP = 2  # cells a long stage adds at a time when the beams cannot place it at once


def stage_gradually(puzzle: Puzzle, region: set[int], cells: list[str],
                    group: tuple[int, ...], beams: tuple[int, ...],
                    deadline: Deadline) -> str | None:
    """:func:`stage` for a long group (a corridor that closes a ring: its tiles must be
    threaded in order): at once if the narrowest beam can, else a few cells at a time,
    the farthest from the blank's goal cell first, the cells placed before kept in
    place by every later step (nothing becomes a wall until the whole group is in)."""
    first = stage(puzzle, region, cells, group, beams[:1], deadline)
    if first is not None or len(group) <= 2 * STEP:
        return first if first is not None else stage(puzzle, region, cells, group,
                                                     beams[1:], deadline)
    import networkx as nx

    width = puzzle.width
    grid = nx.from_dict_of_lists(grid_graph(width, puzzle.height))
    depth = nx.single_source_shortest_path_length(grid.subgraph(region), puzzle.goal.blank)
    order = sorted(group, key=lambda c: (-depth[c], c))
    moves = []
    current = list(cells)
    for size in range(STEP, len(order) + STEP, STEP):
        part = tuple(sorted(order[:size]))
        plan = stage(puzzle, region, current, part, beams, deadline)
        if plan is None:
            return None
        current = _replay(current, width, plan)
        moves.append(plan)
    return "".join(moves)


def finish(puzzle: Puzzle, region: set[int], cells: list[str], deadline: Deadline,
           beams: tuple[int, ...] = (), until: Deadline | None = None) -> str | None:
    """A plan for the tiles left in ``region`` (everything else a wall): optimal by
    breadth-first search from both ends where the region is small enough, else by IDA*
    until the ``deadline``; then by beams of the given widths, each started only
    before ``until``; None if none finds one."""
    from cpsolve.models.sliding.analysis import Analysis
    from cpsolve.models.sliding.search import beam, ida
    from cpsolve.models.sliding.solve import solve

    sub = Puzzle(_masked(puzzle, region, cells), _masked(puzzle, region, puzzle.goal.cells))
    analysis = Analysis(sub)
    if analysis.state_space <= SWEEP:
        result = solve(sub, method="bibfs", max_length=1_000)
        return result.solution if result.status.value == "optimal" else None
    plans, _ = ida(analysis, deadline=deadline)
    if plans:
        return plans[0]
    for width in beams:
        if until is not None and until.expired():
            break
        plan = beam(analysis, width=width, max_length=4 * (analysis.lower_bound or 0) + 300)
        if plan is not None:
            return plan
    return None


def _replay(cells: list[str], width: int, moves: str) -> list[str]:
    board = Board(width, len(cells) // width, tuple(cells))
    for move in moves:
        board = board.apply(move)
    return list(board.cells)


def reverse(moves: str) -> str:
    """The moves that undo ``moves``.

    >>> reverse("LLU")
    'DRR'
    """
    return "".join(OPPOSITE[m] for m in reversed(moves))


FINISH_SECONDS = 2.0  # optimal search on the last region at most this long
BEAMS = (10_000, 100_000)  # the widths of a stage's beams, in turn


def staged(puzzle: Puzzle, *, deadline: Deadline | None = None,
           final_cells: int = FINAL_CELLS, finish_seconds: float = FINISH_SECONDS,
           beams: tuple[int, ...] = BEAMS) -> Staged | None:
    """A plan for ``puzzle`` (distinct tiles) in stages, or None (at the ``deadline``,
    or where the stages find none): groups of cells (:func:`next_group`) put into
    place in turn (:func:`stage`), until ``final_cells`` free cells or fewer remain;
    then optimal search (for ``finish_seconds`` at most) finishes, or more stages
    first."""
    from cpsolve.models.sliding.analysis import Analysis

    deadline = deadline or Deadline(None)
    analysis = Analysis(puzzle)
    if not puzzle.distinct or analysis.verdict.solvable is False:
        return None
    cells = list(puzzle.start.cells)
    region = set(analysis.free)
    free = FreeCells(analysis.graph)
    # the smallest last region the groups can peel down to (a ring of corridors through
    # the blank's goal cell keeps some boards' last regions large)
    for final in (final_cells, final_cells + 4, final_cells + 8, final_cells + 12):
        peeling = Peeling(free, puzzle.width, puzzle.goal.blank, final)
        if peeling.can(frozenset(region)):
            break
    moves = []
    stages = []
    while True:
        options = peeling.options(region)
        first = next(options, None)
        if len(region) <= peeling.final_cells or first is None:
            # small enough, or no stage leaves a region that can be peeled further
            quick = deadline.within(finish_seconds)
            small = len(region) <= peeling.final_cells
            plan = finish(puzzle, region, cells, quick, beams, deadline)
            if plan is not None:
                moves.append(plan)
                stages.append(tuple(sorted(region)))
                return Staged("".join(moves), tuple(stages))
            if not small:
                return None
        if deadline.expired():
            return None
        # the groups in turn: a stage the beams cannot do may be done in smaller steps
        for group in chain([first] if first else [], options):
            plan = stage_gradually(puzzle, region, cells, group, beams, deadline)
            if plan is not None or deadline.expired():
                break
        if plan is None:
            return None
        cells = _replay(cells, puzzle.width, plan)
        moves.append(plan)
        stages.append(group)
        region -= set(group)


def shortcut(board: Board, moves: str) -> str:
    """``moves`` without the detours that come back to a board already passed (stages
    often undo a little of what the one before did): the same end, never longer.

    >>> shortcut(Board(2, 2, ("1", "2", "3", "0")), "LR" + "ULDR" * 3 + "U")
    'U'
    """
    seen = {board.cells: 0}
    kept: list[str] = []
    for move in moves:
        board = board.apply(move)
        kept.append(move)
        if board.cells in seen:  # a loop: back to where the board was then
            del kept[seen[board.cells]:]
            seen = {cells: at for cells, at in seen.items() if at <= len(kept)}
        else:
            seen[board.cells] = len(kept)
    return "".join(kept)


def solve_in_stages(puzzle: Puzzle, *, deadline: Deadline | None = None,
                    **options: object) -> Staged | None:
    """The shorter of the staged plans (:func:`staged`) from the start to the goal and,
    undone, from the goal to the start: the two peel the board from different ends
    (a corridor that holds the blank's goal cannot be peeled, but can from the start's
    side). None if neither finds one before the ``deadline``.

    >>> from cpsolve.models.sliding.formats import parse
    >>> from cpsolve.models.sliding.check import check
    >>> puzzle = parse("4,4,32465871FAC0=9BE")
    >>> check(puzzle, solve_in_stages(puzzle).moves)
    []
    """
    deadline = deadline or Deadline(None)
    found = []
    forward = staged(puzzle, deadline=deadline, **options)  # type: ignore[arg-type]
    if forward is not None:
        found.append(forward)
    if not deadline.expired():
        backward = staged(Puzzle(puzzle.goal, puzzle.start), deadline=deadline,
                          **options)  # type: ignore[arg-type]
        if backward is not None:
            found.append(Staged(reverse(backward.moves), backward.stages[::-1]))
    found = [Staged(shortcut(puzzle.start, s.moves), s.stages) for s in found]
    return min(found, key=lambda s: len(s.moves), default=None)
