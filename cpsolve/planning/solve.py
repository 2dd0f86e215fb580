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

Anytime plans: under a time limit, ``auto`` leaves :data:`QUICK_SHARE` of the time to
the family's quick search (:attr:`Planner.quick`: beams, weighted IDA*). When the
method that proves plans shortest runs out of time without a plan, the quick search
runs in what is left, and its plan comes back with both bounds, ``at most N moves, at
least L; not proven optimal``, or the result says that no plan was found in the time.
A method named with ``--method`` runs alone.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Protocol

import numpy as np

from cpsolve.backends.sat import DEFAULT_SOLVER, canonical
from cpsolve.errors import UsageError
from cpsolve.limits import Deadline, TimeUp, building
from cpsolve.options import Candidate, Chosen, Option, choose, merged
from cpsolve.planning.encoders import PlanEncoding, PlanEncodings
from cpsolve.planning.horizons import describe_horizon, shortest_plans
from cpsolve.planning.outcome import Outcome, finish
from cpsolve.result import Result, Stats, Status
from cpsolve.tables import Table
from cpsolve.verdict import Verdict

MODES = ("fresh", "incremental")
# Under a time limit, the share of it that ``auto`` keeps for the quick search (at most
# QUICK_MOST seconds): the method that proves plans shortest has the rest.
QUICK_SHARE = 0.2
QUICK_MOST = 10.0
FACTS = "the analysis before search"
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
    """One run of a planning method: the board and its facts, the options (every one
    the method takes, defaults filled in), the encoding of a horizon method, the
    limits, the statistics to fill, and the log for ``-v`` (lines as they happen)."""

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
    encoding: PlanEncoding | None = None

    @cached_property
    def lower(self) -> int:
        """The facts' lower bound (computed on first use, under the limit's watch:
        :class:`~cpsolve.limits.TimeUp` when it passes), recorded for ``-v``."""
        start = time.perf_counter()
        with building(self.deadline, FACTS, "computed"):
            bound = self.facts.lower_bound or 0
        self.stats.extra["lower_bound"] = bound
        self.log(f"lower bound {bound} ({time.perf_counter() - start:.3f} s)")
        return bound


@dataclass(frozen=True)
class PlanMethod:
    """One way to find plans: its name, what it is, how it runs, the options it takes
    (:class:`~cpsolve.options.Option`), and ``describe(job)``, what it adds to
    ``Result.method`` beside its name and options. A horizon method (:func:`horizon_method`)
    names its ``backend``: it takes the options of the family's encodings for it.
    ``kernels``: the method runs numba kernels, whose first compile the log hears of
    (:func:`cpsolve.search.kernels.compiling`). ``refuse(given)`` says what is wrong
    with options given together that the method would not both use (``None``: they
    are fine), a usage error like an option the method does not take."""

    name: str
    summary: str
    run: Callable[[Job], Outcome]
    options: tuple[Option, ...] = ()
    describe: Callable[[Job], dict[str, Any]] | None = None
    backend: str | None = None
    kernels: bool = False
    refuse: Callable[[dict[str, Any]], str | None] | None = None


# The options every SAT horizon method takes beside its encoding's; CP-SAT's.
MODE = Option("mode", "fresh", "A solver per horizon, or one growing solver (encodings with "
              "an incremental form).", choices=MODES)
SOLVER = Option("solver", DEFAULT_SOLVER, "python-sat solver", normalize=canonical,
                metavar="NAME")
WORKERS = Option("workers", None, "CP-SAT worker threads (default: CP-SAT's own choice)",
                 kind=int, low=1, metavar="N")
# The keywords of every planning solve() beside the methods' options.
CONTROLS = (
    Option("time_limit", None, "seconds (or a Deadline)", kind=object, cli=False),
    Option("method", "auto", "a method of the family's table, or auto", cli=False),
    Option("encoding", None, "a SAT encoding of the family's table", cli=False),
    Option("max_length", None, "longest plan looked for", kind=int, low=0, cli=False),
    Option("count_optimal", False, "count every optimal plan", kind=bool, cli=False),
)
Run = tuple[PlanMethod, "PlanEncoding | None"]  # a method, and its encoding if it has one


def _mode(entry: PlanEncoding) -> Option:
    """The ``mode`` option of a SAT encoding: ``incremental`` only where it has that
    form."""

    def check(mode: str) -> str:
        if mode == "incremental" and entry.incremental is None:
            raise UsageError(f"encoding {entry.name} has no incremental mode")
        return mode

    return MODE.but(normalize=check)


@dataclass(frozen=True)
class Planner:
    """What :func:`solve_plan` needs from a planning family, declared once: its
    ``solve()`` is :meth:`solve`.

    ``facts(board)`` gives its :class:`Facts`; ``check`` and ``length`` are its
    checker and a plan's number of moves; ``methods`` its method table (the kit's
    :func:`horizon_method` and :func:`sweep_method` entries and its own searches,
    each with the options it takes); ``auto(facts, options)`` picks a method for
    ``auto``: its name, options it sets (where the user gave none), and why;
    ``max_length(facts)`` the default longest plan looked for; ``quick(job)`` a fast
    search for some plan, not proven shortest (its outcome has ``optimal`` false and
    the lower bound it proves, if any), for ``auto`` under a time limit (the module's
    anytime plans), and what it is, for ``Result.method``.
    """

    facts: Callable[[Any], Facts]
    check: Callable[[Any, Any], list[str]]
    length: Callable[[Any], int]
    methods: Table[PlanMethod]
    auto: Callable[[Facts, dict[str, Any]], tuple[str, dict[str, Any], str]]
    encodings: PlanEncodings
    max_length: Callable[[Facts], int] = field(default=lambda facts: 100)
    quick: Callable[[Job], Outcome] | None = None
    quick_summary: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        return ("auto", *self.methods.names)

    def candidates(self, first: str | None = None) -> list[Candidate[Run]]:
        """Every method as :func:`cpsolve.options.choose` sees it, a horizon method
        once per encoding of its backend (the table's first first), each with every
        option it takes; the method ``first`` (auto's pick) leads."""
        out: list[Candidate[Run]] = []
        for method in self.methods:
            if method.backend is None:
                out.append(Candidate((method, None), f"--method {method.name}",
                                     method.options))
                continue
            for entry in self.encodings:
                if entry.backend != method.backend:
                    continue
                kit = ((_mode(entry), SOLVER) if method.backend == "sat" else (WORKERS,))
                name = (f"--method {method.name}" if method.backend == "cpsat" else
                        f"--method {method.name} --encoding {entry.name}")
                out.append(Candidate((method, entry), name,
                                     (*method.options, *kit, *entry.options)))
        if first is not None:
            out.sort(key=lambda c: c.method[0].name != first)
        return out

    @property
    def options(self) -> tuple[Option, ...]:
        """Every keyword ``solve()`` takes: the controls and each method's options."""
        return tuple(merged([*CONTROLS, *(o for c in self.candidates()
                                          for o in c.options)]).values())

    def choose(self, method: str, encoding: str | None, given: dict[str, Any],
               first: str | None = None) -> Chosen[Run]:
        """The method, encoding and options that run (see :mod:`cpsolve.options`):
        an unknown method or encoding, a value an option does not take, or an option
        the method does not take, is a :class:`UsageError`."""
        if method != "auto":
            self.method(method)  # an unknown name is refused, naming the known ones
        if encoding is not None:
            entry = self.encodings.get(encoding)
            backend = self.methods.get(method).backend if method != "auto" else "sat"
            if backend != entry.backend:
                raise UsageError(f"encoding {entry.name} is a {entry.backend} model; "
                                 f"--method {method if method != 'auto' else 'sat'} takes "
                                 f"{', '.join(self.encodings.of(backend or 'sat'))}")

        def named(run: Run) -> bool:
            return (method in ("auto", run[0].name)
                    and (encoding is None or (run[1] is not None
                                              and run[1].name == encoding)))

        given = {key: value for key, value in given.items() if value is not None}
        chosen = choose(self.candidates(first), given, named=named)
        refuse = chosen.method[0].refuse
        said = refuse({key: chosen.values[key] for key in given if key in chosen.values}
                      ) if refuse is not None else None
        if said:
            raise UsageError(said)
        return chosen

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The method ``options`` (``solve()``'s keywords) choose (``auto`` as if it
        picked the table's first method that takes them), as its JSON record; a
        :class:`UsageError` for anything ``solve()`` would refuse."""
        given = dict(options)
        controls = {o.name: o for o in CONTROLS}
        for key in ("max_length", "count_optimal"):
            if given.get(key) is not None:
                controls[key].value(given[key])
            given.pop(key, None)
        chosen = self.choose(given.pop("method", None) or "auto", given.pop("encoding", None),
                             given)
        run, entry = chosen.method
        return {"method": run.name, **({"encoding": entry.name} if entry else {}),
                **chosen.values}

    def method(self, name: str) -> PlanMethod:
        """The method called ``name`` (``auto`` is resolved before)."""
        if name == "auto":
            raise UsageError("auto is resolved by the planner")
        try:
            return self.methods.get(name)
        except UsageError:
            raise UsageError(f"unknown method {name!r}; known: {', '.join(self.names)}"
                             ) from None

    def solve(self, board: Any, *, method: str = "auto", encoding: str | None = None,
              max_length: int | None = None, count_optimal: bool = False,
              time_limit: float | Deadline | None = None, log: Log | None = None,
              **options: Any) -> Result:
        """Shortest plans for ``board`` (``count_optimal``: every one counted) by
        ``method`` (``auto``: the planner's choice, or the first method that takes the
        options given), ``encoding`` (horizon methods) and the method's declared
        ``options``, under ``time_limit`` (seconds or a Deadline); every plan replayed
        by the checker. ``log`` receives ``-v`` lines as things happen."""
        from cpsolve.limits import deadline_of

        if max_length is not None:
            CONTROLS[3].value(max_length)
        return solve_plan(self, board, method=method, encoding=encoding, options=options,
                          max_length=max_length, count=count_optimal,
                          deadline=deadline_of(time_limit), log=log)


def solve_plan(planner: Planner, board: Any, *, method: str, options: dict[str, Any],
               max_length: int | None, count: bool, deadline: Deadline,
               encoding: str | None = None, log: Log | None = None) -> Result:
    """Shortest plans for ``board`` by ``method`` (``auto``: the planner's choice, or
    the first method that takes the options given), every plan replayed by the
    checker."""
    log = log or _quiet
    given = {key: value for key, value in options.items() if value is not None}
    planner.choose(method, encoding, given)  # refused before any work
    stats = Stats()
    start = time.perf_counter()
    facts = planner.facts(board)
    try:
        # The facts are plain Python (graphs, distance tables) that can take longer than
        # the limit on a large board: computed under the limit's watch.
        with building(deadline, FACTS, "computed"):
            verdict = facts.verdict
            picked, changes, why = (planner.auto(facts, given) if method == "auto"
                                    else ("", {}, ""))
    except TimeUp as stopped:
        stats.extra["analysis_seconds"] = time.perf_counter() - start
        return Result(Status.UNKNOWN, reason=str(stopped), stats=stats,
                      method={"method": method}, limit_reached=True)
    if method == "auto":
        chosen = planner.choose(method, encoding, given, first=picked)
        if chosen.method[0].name == picked:
            for key, value in changes.items():
                if key not in given and key in chosen.values:
                    chosen.values[key] = value
        else:
            why = chosen.why
        log(f"auto chose {chosen.method[0].name}: {why}")
    else:
        chosen = planner.choose(method, encoding, given)
    entry, plan_encoding = chosen.method
    limit = max_length if max_length is not None else planner.max_length(facts)
    job = Job(planner, board, facts, dict(chosen.values), deadline, stats, limit, count, log,
              defaulted=max_length is None, encoding=plan_encoding)
    described: dict[str, Any] = {"method": entry.name}
    if plan_encoding is not None:
        described["encoding"] = plan_encoding.name
    described.update(chosen.values)
    if entry.describe is not None:
        described.update(entry.describe(job))
    if why:
        described["auto"] = why
    stats.extra["solvability"] = verdict.reason
    stats.extra["analysis_seconds"] = time.perf_counter() - start
    log(f"before search: {verdict.reason} ({stats.extra['analysis_seconds']:.3f} s)")
    if verdict.solvable is False:
        return Result(Status.UNSOLVABLE, reason=verdict.reason, method=described, stats=stats,
                      count=0, complete=True)
    if deadline.expired():
        return Result(Status.UNKNOWN, reason="time limit reached", method=described,
                      stats=stats, limit_reached=True)
    quick = planner.quick if (method == "auto" and not count and deadline.end is not None
                              ) else None
    if quick is not None:
        left = deadline.remaining() or 0.0
        job.deadline = deadline.sooner(min(QUICK_SHARE * left, QUICK_MOST))
    outcome = _run(entry.kernels, lambda: _watched(entry.run, job), log)
    missed = ""  # why the quick search gave no plan
    if quick is not None and outcome.timed_out and not outcome.plans:
        job.deadline = deadline
        summary = planner.quick_summary or "a quick search"
        described["anytime"] = summary
        missed = "no time was left for a quick search"
        if not deadline.expired():
            log(f"{entry.name} stopped with {deadline.remaining() or 0:.1f} s left: "
                f"{summary} for a plan")
            outcome = _anytime(job, outcome, _run(True, lambda: _watched(quick, job), log))
            missed = f"no plan found in the time ({summary})"
    result = finish(board, outcome, check=planner.check, length=planner.length,
                    method=described, stats=stats, max_length=job.max_length,
                    decided=verdict.solvable)
    if missed and not result.solutions and result.status is Status.UNKNOWN:
        result.reason = f"{result.reason}; {missed}" if result.reason else missed
    if result.status.found:
        moves = planner.length(result.solution)
        log(f"{result.status.value}: {moves} move{'s' if moves != 1 else ''}")
    return result


def _run(kernels: bool, run: Callable[[], Outcome], log: Log) -> Outcome:
    """``run()``, the log told when numba kernels compile first (``kernels``; the
    compile takes seconds on a first run, and looks like a hang otherwise)."""
    if not kernels:
        return run()
    from cpsolve.search.kernels import compiling

    with compiling(log) if log is not _quiet else nullcontext():
        return run()


def _watched(run: Callable[[Job], Outcome], job: Job) -> Outcome:
    """``run(job)``: a method whose set-up (the facts it asks for, tables it builds in
    Python) passed the time limit ends as a method that ran out of time."""
    try:
        return run(job)
    except TimeUp:
        return Outcome(timed_out=True)


def _anytime(job: Job, stopped: Outcome, found: Outcome) -> Outcome:
    """The outcome of ``auto`` when its method ``stopped`` at the time limit without a
    plan and the quick search ``found`` what it found: its plan (not proven shortest,
    unless it is as short as the lower bound) with the better of the two lower
    bounds, or the method's outcome when the quick search found none either."""
    if not found.plans:
        return stopped
    length = job.planner.length(found.plans[0])
    if not job.defaulted and length > job.max_length:
        return stopped
    lower = max(stopped.lower_bound or 0, found.lower_bound or 0, job.lower)
    proven = length <= lower
    job.log(f"{'optimal' if proven else 'not proven optimal'}: at most {length} moves, "
            f"at least {min(lower, length)}")
    return replace(found, optimal=proven, lower_bound=min(lower, length),
                   timed_out=not proven, within=None, count=None)


def horizon_method(name: str, backend: str, summary: str) -> PlanMethod:
    """The method that solves horizon after horizon with the family's encodings for
    ``backend``, from the lower bound, by the verdict's step. It takes the options of
    its encoding (for ``sat``, one of the table's SAT encodings; ``cpsat`` takes the
    table's CP-SAT entry), and ``mode`` and ``solver`` (SAT) or ``workers`` (CP-SAT)."""

    def run(job: Job) -> Outcome:
        entry = job.encoding
        assert entry is not None  # a horizon method always runs with its encoding
        given = {o.name: job.options[o.name] for o in entry.options}
        incremental = None
        if job.options.get("mode") == "incremental" and entry.incremental is not None:
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

    return PlanMethod(name, summary, run, backend=backend)


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

    return PlanMethod(name, summary, run, kernels=True)
