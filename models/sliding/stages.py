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
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import networkx as nx

from cpsolve.limits import Deadline
from cpsolve.models.sliding.board import BLANK, OPPOSITE, WALL, Board, Puzzle

FINAL_CELLS = 12  # a region this small is finished by optimal search


@dataclass(frozen=True)
class Staged:
    """A staged plan: its moves, and the cells of each stage in turn (the last one the
    region finished by optimal search)."""

    moves: str
    stages: tuple[tuple[int, ...], ...]


def good(graph: nx.Graph, cells: Iterable[int]) -> bool:
    """Whether the free ``cells`` form a region where tiles can still be arranged at will
    (up to parity): connected, no cut cell, and not a single cycle.

    >>> g = nx.grid_2d_graph(2, 3)
    >>> g = nx.convert_node_labels_to_integers(g, ordering="sorted")
    >>> good(g, range(6)), good(g, [0, 1, 3, 4]), good(g, [0, 1, 2, 3])
    (True, False, False)
    """
    sub = graph.subgraph(cells)
    if sub.number_of_nodes() < 3 or not nx.is_biconnected(sub):
        return False
    return sub.number_of_edges() > sub.number_of_nodes()  # a cycle has as many as nodes


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


def _ears(graph: nx.Graph, region: set[int], blank_goal: int) -> list[list[int]]:
    """Chains of cells with two free neighbours each (corridors), the blank's goal cell
    left out, the longest first: removing a whole one keeps the rest 2-connected."""
    sub = graph.subgraph(region)
    inner = [c for c in region if sub.degree(c) == 2 and c != blank_goal]
    chains = nx.connected_components(sub.subgraph(inner))
    return sorted((sorted(chain) for chain in chains), key=lambda c: (-len(c), c))


def next_group(graph: nx.Graph, region: set[int], width: int,
               blank_goal: int) -> tuple[int, ...] | None:
    """The cells to put into place next, as people peel a board: an outer row or column
    of what is left (:func:`_lines`) if a good region remains without it; else a
    corridor (:func:`_ears`), alone or with the outer line it ends on; else the free
    cell farthest from the blank's goal whose removal leaves a good region; None if
    there is none."""
    lines = _lines(region, width, blank_goal)
    ears = _ears(graph, region, blank_goal)
    candidates = lines + ears + [sorted(set(e) | set(line)) for e in ears for line in lines]
    for group in candidates:
        if group and good(graph, region - set(group)):
            return tuple(group)
    sub = graph.subgraph(region)
    depth = nx.single_source_shortest_path_length(sub, blank_goal)
    for cell in sorted((c for c in region if c != blank_goal), key=lambda c: (-depth[c], c)):
        if good(graph, region - {cell}):
            return (cell,)
    return None


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
        result = solve(sub, method="bibfs")
        return result.solution if result.status.value == "optimal" else None
    for width in beams:
        if deadline.expired():
            return None
        plan = beam(analysis, width=width, max_length=4 * (analysis.lower_bound or 0) + 80)
        if plan is not None:
            return plan
    return None


SWEEP = 20_000_000  # arrangements a stage searches breadth-first (optimal, seconds)


def finish(puzzle: Puzzle, region: set[int], cells: list[str],
           deadline: Deadline) -> str | None:
    """An optimal plan for the tiles left in ``region`` (everything else a wall), by
    breadth-first search from both ends where the region is small enough, else IDA*;
    None at the deadline."""
    from cpsolve.models.sliding.analysis import Analysis
    from cpsolve.models.sliding.search import ida
    from cpsolve.models.sliding.solve import solve

    sub = Puzzle(_masked(puzzle, region, cells), _masked(puzzle, region, puzzle.goal.cells))
    analysis = Analysis(sub)
    if analysis.state_space <= SWEEP:
        result = solve(sub, method="bibfs")
        return result.solution if result.status.value == "optimal" else None
    plans, _ = ida(analysis, deadline=deadline)
    return plans[0] if plans else None


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


def staged(puzzle: Puzzle, *, deadline: Deadline | None = None,
           final_cells: int = FINAL_CELLS, finish_seconds: float = 2.0,
           beams: tuple[int, ...] = (10_000, 100_000)) -> Staged | None:
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
    graph = analysis.graph
    cells = list(puzzle.start.cells)
    region = set(analysis.free)
    moves = []
    stages = []
    while True:
        if len(region) <= final_cells:
            left = deadline.remaining()
            quick = Deadline(finish_seconds if left is None else min(finish_seconds, left))
            plan = finish(puzzle, region, cells, quick)
            if plan is not None:
                moves.append(plan)
                stages.append(tuple(sorted(region)))
                return Staged("".join(moves), tuple(stages))
        if deadline.expired():
            return None
        group = next_group(graph, region, puzzle.width, puzzle.goal.blank)
        if group is None:  # no stage keeps a good region: optimal search on what is left
            plan = finish(puzzle, region, cells, deadline)
            if plan is None:
                return None
            moves.append(plan)
            stages.append(tuple(sorted(region)))
            return Staged("".join(moves), tuple(stages))
        plan = stage(puzzle, region, cells, group, beams, deadline)
        if plan is None:
            return None
        cells = _replay(cells, puzzle.width, plan)
        moves.append(plan)
        stages.append(group)
        region -= set(group)


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
    return min(found, key=lambda s: len(s.moves), default=None)
