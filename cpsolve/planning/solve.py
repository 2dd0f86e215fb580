"""The planning driver every planning family's ``solve()`` calls: facts before search,
the method (``auto`` resolved), one :class:`~cpsolve.limits.Deadline` for all of it,
and :func:`~cpsolve.planning.outcome.finish`.

A family describes itself once, as a :class:`Planner`: how to compute its
:class:`Facts` (verdict, lower bound, size of the space), its checker, its table of
plan encodings and its table of :class:`PlanMethod` entries. The kit supplies the
methods every planning family shares: the horizon methods ``sat`` and ``cpsat``
(:func:`horizon_method`) and breadth-first search from one or both ends
(:func:`sweep_method`). The time a family spends on its facts is charged to the
limit like any other work, and recorded as ``analysis_seconds``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol

import numpy as np

from cpsolve.backends.sat import DEFAULT_SOLVER
from cpsolve.errors import UsageError
from cpsolve.limits import Deadline
from cpsolve.planning.encoders import PlanEncoding, PlanEncodings
from cpsolve.planning.horizons import describe_horizon, shortest_plans
from cpsolve.planning.outcome import Outcome, finish
from cpsolve.result import Result, Stats, Status
from cpsolve.tables import Table
from cpsolve.verdict import Verdict

MODES = ("fresh", "incremental")
Log = Callable[[str], None]


def _quiet(_: str) -> None:
    """A log that says nothing (no ``-v``)."""


class Facts(Protocol):
    """What a planning family knows before any search (computed lazily, once):
    whether the goal can be reached, an admissible lower bound on the plan length
    (``None``: the goal is out of reach), and the number of arrangements."""

    @property
    def verdict(self) -> Verdict: ...

    @property
    def lower_bound(self) -> int | None: ...

    @property
    def state_space(self) -> int: ...


@dataclass
class Job:
    """One run of a planning method: the board and its facts, the options, the limits,
    the statistics to fill, and the log for ``-v`` (lines as they happen)."""

    planner: Planner
    board: Any
    facts: Facts
    options: dict[str, Any]
    deadline: Deadline
    stats: Stats
    max_length: int
    count: bool
    log: Log = _quiet
    defaulted: bool = True  # max_length was not given: horizons may go past it

    @cached_property
    def lower(self) -> int:
        """The facts' lower bound (computed on first use), recorded for ``-v``."""
        start = time.perf_counter()
        bound = self.facts.lower_bound or 0
        self.stats.extra["lower_bound"] = bound
        self.log(f"lower bound {bound} ({time.perf_counter() - start:.3f} s)")
        return bound


@dataclass(frozen=True)
class PlanMethod:
    """One way to find plans: its name, what it is, how it runs, and the options that
    describe it in ``Result.method`` (beside the method's name)."""

    name: str
    summary: str
    run: Callable[[Job], Outcome]
    shows: tuple[str, ...] = ()
    describe: Callable[[Job], dict[str, Any]] | None = None


@dataclass(frozen=True)
class Planner:
    """What :func:`solve_plan` needs from a planning family.

    ``facts(board)`` gives its :class:`Facts`; ``check`` and ``length`` are its
    checker and a plan's number of moves; ``methods`` its method table (the kit's
    :func:`horizon_method` and :func:`sweep_method` entries and its own searches);
    ``auto(facts, options)`` picks a method for ``auto``: its name, options to
    change, and why; ``max_length(facts)`` the default longest plan looked for;
    ``choices`` the allowed values of options, checked before any work.
    """

    facts: Callable[[Any], Facts]
    check: Callable[[Any, Any], list[str]]
    length: Callable[[Any], int]
    methods: Table[PlanMethod]
    auto: Callable[[Facts, dict[str, Any]], tuple[str, dict[str, Any], str]]
    encodings: PlanEncodings
    max_length: Callable[[Facts], int] = field(default=lambda facts: 100)
    choices: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        return ("auto", *self.methods.names)

    def check_options(self, options: dict[str, Any]) -> None:
        """Refuse, before any work, an option value that does not exist, or an
        encoding and mode that do not fit together (whatever method runs)."""
        from cpsolve.cnf import CARDS

        for key, allowed in {"card": CARDS, **self.choices}.items():
            if options.get(key) is not None and options[key] not in allowed:
                what = "cardinality encoding" if key == "card" else key
                raise UsageError(f"unknown {what} {options[key]!r}; known: "
                                 f"{', '.join(allowed)}")
        name = options.get("encoding")
        entry = self.encodings.get(name) if name else self.encodings.for_backend("sat")
        if entry.backend != "sat":
            raise UsageError(f"--encoding names a SAT encoding: "
                             f"{', '.join(self.encodings.of('sat'))}")
        mode = options.get("mode") or "fresh"
        if mode not in MODES:
            raise UsageError(f"unknown mode {mode!r}; known: {', '.join(MODES)}")
        if mode == "incremental" and entry.incremental is None:
            able = [e.name for e in self.encodings.entries if e.incremental is not None]
            raise UsageError(f"encoding {entry.name} has no incremental mode "
                             f"({', '.join(able) or 'no encoding'} has)")

    def method(self, name: str) -> PlanMethod:
        """The method called ``name`` (``auto`` is resolved before)."""
        if name == "auto":
            raise UsageError("auto is resolved by the planner")
        try:
            return self.methods.get(name)
        except UsageError:
            raise UsageError(f"unknown method {name!r}; known: {', '.join(self.names)}"
                             ) from None


def solve_plan(planner: Planner, board: Any, *, method: str, options: dict[str, Any],
               max_length: int | None, count: bool, deadline: Deadline,
               log: Log | None = None) -> Result:
    """Shortest plans for ``board`` by ``method`` (``auto``: the planner's choice),
    every plan replayed by the checker."""
    log = log or _quiet
    if method != "auto":
        planner.method(method)  # an unknown name is refused before any work
    planner.check_options(options)
    stats = Stats()
    start = time.perf_counter()
    facts = planner.facts(board)
    verdict = facts.verdict
    options = dict(options)
    chosen = ""
    if method == "auto":
        method, changes, chosen = planner.auto(facts, options)
        options.update(changes)
        log(f"auto chose {method}: {chosen}")
    entry = planner.method(method)
    limit = max_length if max_length is not None else planner.max_length(facts)
    job = Job(planner, board, facts, options, deadline, stats, limit, count, log,
              defaulted=max_length is None)
    described: dict[str, Any] = {"method": method,
                                 **{key: options[key] for key in entry.shows if key in options}}
    if entry.describe is not None:
        described.update(entry.describe(job))
    if chosen:
        described["auto"] = chosen
    stats.extra["solvability"] = verdict.reason
    stats.extra["analysis_seconds"] = time.perf_counter() - start
    log(f"before search: {verdict.reason} ({stats.extra['analysis_seconds']:.3f} s)")
    if verdict.solvable is False:
        return Result(Status.UNSOLVABLE, reason=verdict.reason, method=described, stats=stats,
                      count=0, complete=True)
    if deadline.expired():
        return Result(Status.UNKNOWN, reason="time limit reached", method=described,
                      stats=stats, limit_reached=True)
    outcome = entry.run(job)
    result = finish(board, outcome, check=planner.check, length=planner.length,
                    method=described, stats=stats, max_length=job.max_length,
                    decided=verdict.solvable)
    if result.status.found:
        log(f"{result.status.value}: {planner.length(result.solution)} moves")
    return result


def horizon_method(name: str, backend: str, summary: str) -> PlanMethod:
    """The method that solves horizon after horizon with the family's encodings for
    ``backend``, from the lower bound, by the verdict's step. Options: ``encoding``
    (for ``sat``: one of the table's SAT encodings; ``cpsat`` takes the table's
    CP-SAT entry), ``mode`` (``fresh`` or ``incremental``), ``solver``, ``workers``,
    and whatever the encoding's builders take."""

    def entry_of(job: Job) -> PlanEncoding:
        table = job.planner.encodings
        chosen = job.options.get("encoding") if backend == "sat" else None
        entry = table.get(chosen) if chosen else table.for_backend(backend)
        if entry.backend != backend:
            raise UsageError(f"encoding {entry.name} is a {entry.backend} model; --method "
                             f"{name} takes {', '.join(table.of(backend))}")
        return entry

    def describe(job: Job) -> dict[str, Any]:
        entry = entry_of(job)
        out: dict[str, Any] = {"encoding": entry.name}
        if backend == "sat":
            out |= {"mode": job.options.get("mode") or "fresh",
                    "solver": job.options.get("solver") or DEFAULT_SOLVER}
        out |= {key: job.options[key] for key in entry.options if key in job.options}
        return out

    def run(job: Job) -> Outcome:
        entry = entry_of(job)
        mode = job.options.get("mode") or "fresh"
        given = {key: job.options[key] for key in entry.options if key in job.options}
        incremental = None
        if mode == "incremental" and entry.incremental is not None:
            incremental = entry.incremental(job.facts, **given)
        lower = job.lower
        if job.defaulted:
            job.max_length = max(job.max_length, lower)

        def build(horizon: int) -> Any:
            entry.will_fit(job.facts, horizon)
            return entry.build(job.facts, horizon, **given)

        def said(record: dict[str, Any]) -> None:
            job.log(describe_horizon(record))

        found = shortest_plans(build, lower=lower, step=job.facts.verdict.step,
                               max_length=job.max_length, incremental=incremental,
                               solver=job.options.get("solver") or DEFAULT_SOLVER,
                               limit=None if job.count else 1, deadline=job.deadline,
                               workers=job.options.get("workers"), stats=job.stats,
                               on_horizon=said)
        return Outcome(plans=list(found.plans), optimal=True,
                       count=len(found.plans) if job.count and found.plans else None,
                       complete=found.complete,
                       lower_bound=found.horizon if found.plans else found.proven_below,
                       timed_out=found.timed_out, cut=found.exhausted)

    return PlanMethod(name, summary, run, describe=describe)


@dataclass(frozen=True)
class Ranked:
    """A puzzle as the breadth-first searches see it (:mod:`cpsolve.search.bfs`): the
    start and goal arrangements (label indices), the label counts, the neighbours of
    each cell for blank moves (-1 padded, or :data:`~cpsolve.search.bfs.NO_NEIGHBOURS`)
    and the moves as permutations of cells (``None``: blank moves only); ``plan``
    turns the search's path of arrangements into a plan."""

    start: np.ndarray
    goal: np.ndarray
    counts: np.ndarray
    nbr: np.ndarray
    perms: np.ndarray | None
    plan: Callable[[list[np.ndarray]], Any]


def sweep_method(name: str, summary: str, ranked: Callable[[Job], Ranked], *,
                 bidirectional: bool) -> PlanMethod:
    """Breadth-first search over perfectly ranked arrangements, from the start alone
    or from both ends; exact counts of optimal plans; a space too large for memory is
    refused with its size."""

    def run(job: Job) -> Outcome:
        from cpsolve.search.bfs import bfs, bibfs

        arrays = ranked(job)
        search = bibfs if bidirectional else bfs
        start = time.perf_counter()
        try:
            found = search(arrays.start, arrays.goal, arrays.counts, arrays.nbr,
                           perms=arrays.perms, count=job.count, max_length=job.max_length,
                           deadline=job.deadline)
        except MemoryError as error:
            raise UsageError(f"breadth-first search: {error}; use --method ida or sat"
                             ) from None
        job.stats.solve_seconds = time.perf_counter() - start
        job.stats.nodes = found.expanded
        if found.length is None:
            return Outcome(timed_out=found.timed_out, cut=found.cut,
                           lower_bound=found.bound,
                           exhausted=not found.timed_out and not found.cut)
        return Outcome(plans=[arrays.plan(found.path)],
                       count=found.count if job.count else None, complete=True)

    return PlanMethod(name, summary, run)
