"""The whole state space of a sliding puzzle, from its goal: how many positions are
reachable, how many at each distance, the largest distance ("God's number") and the
positions that need it."""

from __future__ import annotations

import time

from cpsolve.errors import UsageError
from cpsolve.progress import Bar
from cpsolve.result import SpaceReport, Stats
from models.sliding.board import BLANK, WALL, Board, Puzzle
from models.sliding.bounds import Analysis


def analyze(puzzle: Puzzle, *, keep: int = 1000, bar: Bar | None = None) -> SpaceReport:
    """Sweep every position reachable from ``puzzle.goal`` (a breadth-first search over
    perfectly ranked arrangements, one byte a state). A space larger than
    :data:`cpsolve.search.bfs.MAX_STATES` arrangements is refused up front, with its size.

    >>> from models.sliding.formats import parse
    >>> report = analyze(parse("1 2 3\\n4 5 0"))
    >>> report.states, report.diameter, report.distribution[:4]
    (360, 21, [1, 2, 3, 5])
    """
    from cpsolve.search.bfs import MAX_STATES, sweep_all
    from models.sliding.search import ranked_space

    analysis = Analysis(Puzzle(puzzle.goal, puzzle.goal))
    size = analysis.state_space
    if size > MAX_STATES:
        raise UsageError(f"{size:,} arrangements: too many to sweep here (at most "
                         f"{MAX_STATES:,}, one byte each)")
    bar = bar or Bar()
    bar.update(total=size)

    start = time.perf_counter()
    root, _, counts, nbr_free = ranked_space(analysis)
    free = analysis.free
    layers = sweep_all(root, counts, nbr_free, keep=keep, on_layer=bar.layer)
    hardest = []
    for state in layers.farthest:
        board = [WALL] * (puzzle.width * puzzle.height)
        for i, cell in enumerate(free):
            board[cell] = analysis.labels[int(state[i])] if state[i] else BLANK
        hardest.append(Board(puzzle.width, puzzle.height, tuple(board)).text())
    bar.update(total=sum(layers.sizes))  # the reachable part: the bar ends full
    stats = Stats(solve_seconds=time.perf_counter() - start)
    stats.extra["arrangements"] = size
    return SpaceReport(states=sum(layers.sizes), diameter=len(layers.sizes) - 1,
                       distribution=layers.sizes, hardest=hardest,
                       hardest_count=layers.sizes[-1], stats=stats)
