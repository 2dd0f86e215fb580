"""The whole state space of a rotation puzzle, from its goal: how many arrangements
are reachable, how many at each distance, the largest distance ("God's number") and
the arrangements that need it."""

from __future__ import annotations

import time

from cpsolve.errors import UsageError
from cpsolve.progress import Bar
from cpsolve.result import SpaceReport, Stats
from models.rotation.board import Puzzle
from models.rotation.space import Space


def analyze(puzzle: Puzzle, *, keep: int = 1000, bar: Bar | None = None) -> SpaceReport:
    """Sweep every arrangement reachable from ``puzzle.goal`` (breadth-first over
    perfectly ranked arrangements, one byte each). A space larger than
    :data:`cpsolve.search.bfs.MAX_STATES` is refused up front, with its size.

    >>> from models.rotation.formats import parse
    >>> report = analyze(parse("1 2\\n3 4"))
    >>> report.states, report.diameter, report.distribution
    (4, 2, [1, 2, 1])
    """
    from cpsolve.search.bfs import MAX_STATES, NO_NEIGHBOURS, sweep_all

    space = Space(puzzle)
    if space.arrangements > MAX_STATES:
        raise UsageError(f"{space.arrangements:,} arrangements: too many to sweep here (at "
                         f"most {MAX_STATES:,}, one byte each)")
    bar = bar or Bar()
    bar.update(total=space.arrangements)

    start = time.perf_counter()
    layers = sweep_all(space.goal, space.counts, NO_NEIGHBOURS, perms=space.perms, keep=keep,
                       on_layer=bar.layer)
    bar.update(total=sum(layers.sizes))  # the reachable part: the bar ends full
    stats = Stats(solve_seconds=time.perf_counter() - start)
    stats.extra["arrangements"] = space.arrangements
    return SpaceReport(states=sum(layers.sizes), diameter=len(layers.sizes) - 1,
                       distribution=layers.sizes,
                       hardest=[space.text(state) for state in layers.farthest],
                       hardest_count=layers.sizes[-1], stats=stats)
