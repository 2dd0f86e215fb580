"""SAT backend: CNF models solved by any python-sat solver.

A :class:`CnfModel` is what a SAT encoder returns: clauses (as lists, or as 2-D
integer arrays of same-length clauses, which encoders build with numpy), the number
of variables, and the projection, the variables whose values make a solution.
:func:`enumerate_solutions` solves it, blocks each solution found on the projection
variables only, and solves again, incrementally, in the same solver.

A model may also carry *lazy* constraints (``refine``): rules too large to write out
in full (connectivity, a single loop) are checked on each candidate the solver
finds; a candidate that breaks one returns clauses that cut it (and every candidate
broken the same way) off, and the solver goes on, incrementally, without counting it.
Only candidates that ``refine`` accepts are solutions, so counting, uniqueness and
every other use of the model see the full rules.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

from cpsolve.backends import Enumeration
from cpsolve.errors import TooLarge, UsageError
from cpsolve.interrupts import start_quiet
from cpsolve.limits import (
    BYTES,
    MODEL_SHARE,
    Deadline,
    TimeUp,
    building,
    memory_available,
    resident,
)
from cpsolve.result import Stats

# The SAT solver for large models and for every question but a grid solve's (the
# setter's tools, grades, certificates, plans): the fastest in the Akari and
# sliding-puzzle benchmarks (see the README).
DEFAULT_SOLVER = "cadical153"
# Variables up to which MiniSat 2.2 beats CaDiCaL on a grid genre's models: it starts
# faster and takes clauses a third faster, and CaDiCaL's start sometimes stalls for
# milliseconds (benchmarks/akari.py; on the runner's boards of every genre, CPU time,
# MiniSat's median 0.76 to 0.97 of CaDiCaL's: docs/figures.md, "The SAT solver").
SMALL_MODEL = 2500


def by_size(model: CnfModel) -> str:
    """The SAT solver of a grid solve when neither the user nor the genre names one:
    MiniSat 2.2 up to :data:`SMALL_MODEL` variables, :data:`DEFAULT_SOLVER` beyond.

    >>> by_size(CnfModel(100, range(1, 101))), by_size(CnfModel(10_000, [1]))
    ('minisat22', 'cadical153')
    """
    return "minisat22" if model.nvars <= SMALL_MODEL else DEFAULT_SOLVER


def by_search(model: CnfModel) -> str:
    """:data:`DEFAULT_SOLVER` whatever the model's size: the SAT solver of a genre whose
    hard boards' cut loops CaDiCaL's search wins (MiniSat took up to 5.2 times as long
    on a Numberlink, 3.9 on a Fillomino: docs/figures.md, "The SAT solver").

    >>> by_search(CnfModel(100, range(1, 101)))
    'cadical153'
    """
    return DEFAULT_SOLVER

Refine = Callable[[tuple[bool, ...]], list[list[int]]]
Partial = Callable[[Any], list[list[int]]]  # an int8 array by variable: 1, 0, -1 open


@dataclass
class CnfModel:
    """A CNF formula with the variables that matter.

    ``groups`` is a list of clause groups; each group is either a list of clauses
    (lists of non-zero ints) or a 2-D array whose rows are clauses of one length.
    ``refine`` (optional) checks a candidate's projection values against the lazy
    rules and returns the clauses that cut it off (empty: a solution); ``partial``
    (optional, beside ``refine``) looks at a partial assignment (an int8 array by
    variable: 1 true, 0 false, -1 open) and returns clauses of the lazy rules that are
    falsified or unit under it, for reasoning that never sees a whole candidate
    (grading, and the search of a solver that takes a propagator:
    :mod:`cpsolve.backends.propagate`), reading the variables ``1 .. observed`` only;
    ``search_inside``: its partial checks are measured to pay inside the search (a
    set connected, one loop, Fillomino's areas' sizes; not Double Choco's areas: a
    board 1.0 s between calls took 18 s inside), where a solve of many cut rounds
    moves them; ``names`` say what variables mean, for ``--dump-cnf`` (``c var 17
    light r3c5``).
    """

    nvars: int
    projection: Sequence[int]
    groups: list[Any] = field(default_factory=list)
    refine: Refine | None = None
    names: Mapping[int, str] = field(default_factory=dict)
    partial: Partial | None = None
    observed: int = 0
    search_inside: bool = False

    def add(self, clauses: Any) -> None:
        """Append a group of clauses (a list of lists or a 2-D int array)."""
        if len(clauses):
            self.groups.append(clauses)

    @property
    def num_clauses(self) -> int:
        return sum(len(group) for group in self.groups)

    def clauses(self) -> Iterator[list[int]]:
        """Every clause as a list of ints."""
        for group in self.groups:
            yield from _as_lists(group)

    def to_dimacs(self, comments: Sequence[str] = ()) -> str:
        """The formula in DIMACS CNF: the projection as a ``c p show`` line, then
        ``comments``, then a ``c var N meaning`` line per named variable.

        >>> print(CnfModel(2, [1], [[[1, -2]]], names={1: "light r1c1"}).to_dimacs(), end="")
        p cnf 2 1
        c p show 1 0
        c var 1 light r1c1
        1 -2 0
        """
        lines = [f"p cnf {self.nvars} {self.num_clauses}"]
        lines.append("c p show " + " ".join(map(str, self.projection)) + " 0")
        lines.extend(f"c {line}" for line in comments)
        if self.refine is not None:
            lines.append("c lazy rules (checked on each model, not written here) also "
                         "apply: a model of these clauses may break them")
        lines.extend(f"c var {var} {name}" for var, name in sorted(self.names.items()))
        lines.extend(" ".join(map(str, clause)) + " 0" for clause in self.clauses())
        return "\n".join(lines) + "\n"


# Solvers that cannot take clauses after a solve (kissat aborts the process): each
# call starts a new solver with the blocking clauses found so far.
NON_INCREMENTAL = frozenset({"kissat404"})
BUDGET_SLICE = 1000  # conflicts per call when a deadline is kept by budgets
# With no deadline, slices grow (to 10 * BUDGET_SLICE at most) towards calls of about
# this many seconds: Ctrl-C is answered between two calls (see _python_sigint).
SLICE_SECONDS = 0.5
WATCH_SOLVE = 0.25  # seconds between the looks of a solver call's watch
# A call with more than this many seconds left first runs one slice of BUDGET_SLICE
# conflicts unwatched (milliseconds on the models measured; Ctrl-C raises as it
# returns).
QUICK_MARGIN = 1.0


def literals(groups: Sequence[Any]) -> int:
    """How many literals clause groups hold.

    >>> import numpy as np
    >>> literals([[[1, -2], [3]], np.ones((4, 3))])
    15
    """
    return sum(int(group.size) if hasattr(group, "size") else sum(map(len, group))
               for group in groups)


def solver_names() -> list[str]:
    """The canonical names of the SAT solvers python-sat provides."""
    from pysat.solvers import SolverNames

    return sorted(name for name in vars(SolverNames) if not name.startswith("_"))


@cache
def canonical(name: str) -> str:
    """The canonical name of a python-sat solver given by any of its aliases.

    >>> canonical("cd19"), canonical("glucose4")
    ('cadical195', 'glucose4')
    """
    from pysat.solvers import SolverNames

    for canon, aliases in vars(SolverNames).items():
        if not canon.startswith("_") and (name == canon or name in aliases):
            return canon
    raise UsageError(f"unknown SAT solver {name!r}; known: {', '.join(solver_names())}")


def _supports(method: Any, *args: Any) -> bool:
    try:
        method(*args)
    except NotImplementedError:
        return False
    return True


class SatSession:
    """One SAT solver fed clause groups over time, solved under assumptions and a
    deadline. Solvers that cannot take clauses after a solve are rebuilt, with
    every clause so far, before the next call."""

    def __init__(self, solver: str = DEFAULT_SOLVER, stats: Stats | None = None, *,
                 proof: bool = False) -> None:
        self.name = canonical(solver)
        self.proving = proof  # the solver logs a DRAT proof (see proof())
        self.stats = stats if stats is not None else Stats()
        self.groups: list[Any] = []
        self.nvars = 0
        self._conflicts: int | None = 0
        self._solver: Any = None
        self._stale = True
        self.phases: list[int] = []  # values the solver tries first (see prefer)
        self.lazy: CnfModel | None = None  # whose lazy rules run inside the search
        self._later: tuple[CnfModel, int, float] | None = None  # see search_with
        self.rounds = 0  # candidates cut off between calls
        self._rules: Any = None  # their propagator, on the solver now
        self.literals = 0
        self.clauses = 0  # kept as groups come: counting them again on every call is quadratic
        # What the clauses may take in all: the memory this process may use when the
        # session opens (cuts added later by lazy rules must fit in it too).
        self.budget = MODEL_SHARE * memory_available()

    @property
    def incremental(self) -> bool:
        return self.name not in NON_INCREMENTAL

    def add(self, groups: list[Any], nvars: int = 0) -> None:
        """Add clause groups (lists of clauses or 2-D int arrays)."""
        start = time.perf_counter()
        self.literals += literals(groups)
        if self.literals * BYTES["sat"] > self.budget:
            raise TooLarge(f"the SAT model ({self.literals:,} literals with the clauses "
                           f"added while solving) would need more memory than this machine "
                           f"can give it")
        self.nvars = max(self.nvars, nvars)
        self.groups.extend(groups)
        self.clauses += sum(len(group) for group in groups)
        if self._solver is not None and self.incremental:
            _feed(self._solver, groups)
        else:
            self._stale = True
        self.stats.build_seconds += time.perf_counter() - start

    def _ready(self) -> Any:
        if self._stale:
            from pysat.solvers import Solver

            start = time.perf_counter()
            self._retire()
            try:
                self._solver = (Solver(name=self.name, with_proof=True) if self.proving
                                else Solver(name=self.name))
            except MemoryError:
                raise
            except Exception as error:  # python-sat raises several kinds
                raise UsageError(f"SAT solver {self.name!r} is not available here "
                                 f"({error})") from None
            _feed(self._solver, self.groups)
            self._attach()
            if self.phases:
                self._solver.set_phases(self.phases)
            self._stale = not self.incremental
            self.stats.build_seconds += time.perf_counter() - start
        return self._solver

    def search_with(self, model: CnfModel, after: int | None = None) -> None:
        """Run ``model``'s lazy rules inside the search where the solver takes an
        external propagator (:mod:`cpsolve.backends.propagate`) and the rules have
        partial checks; elsewhere they stay cuts between calls (:func:`solve_in`).
        With ``after``, a session whose solver takes none moves to
        :data:`~cpsolve.backends.propagate.INSIDE` once ``after`` candidates were cut
        off between calls and the calls took long enough (:meth:`cut_round`)."""
        from cpsolve.backends.propagate import PROPAGATING

        if (model.partial is None or model.refine is None or not model.observed
                or self.proving):
            return
        if self.name in PROPAGATING:
            self.lazy = model
            if self._solver is not None:
                self._attach()
        elif after is not None and model.search_inside:
            self._later = (model, after, time.process_time())

    def cut_round(self) -> None:
        """Count a candidate cut off between calls. From the round :meth:`search_with`
        named on, once the rounds took :data:`~cpsolve.backends.propagate.LOADING`
        seconds of CPU (at once where the compiled partial checks are loaded: a board
        of many cheap rounds is not worth their load), the lazy rules move inside the
        search of a new solver, given every clause so far (the cuts and blocking
        clauses too). Where the time falls changes the solver, never the answers."""
        from cpsolve.backends.propagate import INSIDE, LOADING

        self.rounds += 1
        if self._later is None or self.rounds < self._later[1]:
            return
        loaded = "cpsolve.grid.partial" in sys.modules
        if not loaded and time.process_time() - self._later[2] < LOADING:
            return
        model, self._later = self._later[0], None
        self._retire()
        self.name, self.lazy, self._stale = INSIDE, model, True
        self.stats.extra["rules_inside_after"] = self.rounds

    def _attach(self) -> None:
        if self.lazy is None:
            return
        from cpsolve.backends.propagate import LazyRules

        lazy = self.lazy
        self._rules = LazyRules(lazy.refine, lazy.partial, lazy.observed,
                                _sequence(lazy.projection))
        self._solver.connect_propagator(self._rules)
        self._rules.setup_observe(self._solver)

    def prefer(self, literals: list[int]) -> None:
        """Have the solver try these values first (its phases): with random phases,
        each solve finds a random answer, which generators start from."""
        self.phases = list(literals)
        if self._solver is not None:
            self._solver.set_phases(self.phases)

    def solve(self, assumptions: list[int] | None = None,
              deadline: Deadline | None = None) -> bool | None:
        """True, False, or None when the deadline passed first."""
        if not self.clauses and not assumptions:
            self.stats.variables = max(self.stats.variables or 0, self.nvars)
            self.stats.clauses = 0
            return True  # nothing to satisfy (some solvers crash on an empty formula)
        if self._stale and self.literals > LOAD_UNWATCHED:
            try:
                # Loading a large model into the solver takes seconds and memory of its
                # own: watched like a build (TimeUp: the deadline passed first).
                with building(deadline or Deadline(None), "the SAT solver's clauses",
                              "loaded"):
                    self._ready()
            except TimeUp:
                self._retire()
                self._stale = True
                return None
        sat = self._ready()
        if assumptions and not self.incremental:
            raise UsageError(f"SAT solver {self.name} does not take assumptions")
        self.stats.variables = max(self.stats.variables or 0, self.nvars)
        self.stats.clauses = self.clauses
        try:
            if not self.incremental:
                return self._solve_afresh(sat, deadline or Deadline(None))
            if self._rules is None:
                return _solve_once(sat, self.name, deadline or Deadline(None), self.stats,
                                   assumptions or [])
            return self._solve_propagated(sat, deadline or Deadline(None), assumptions or [])
        except BaseException as error:
            if self._rules is not None:
                # Raised inside the propagator's callback (Ctrl-C lands there too):
                # python-sat stops the solver mid-search, which is not used again.
                _abandon(self._solver)
                self._solver, self._conflicts, self._stale = None, None, True
                raise
            if "keyboard interrupt" not in str(error).lower():
                raise
            # python-sat's own SIGINT handler jumped (longjmp) out of the solver
            # mid-search (calls not made under _python_sigint): the solver is left
            # half-updated, so it is never read nor freed (freeing it was a double
            # free), and python-sat's handler, left installed, is replaced by Python's.
            _abandon(self._solver)
            self._solver, self._conflicts, self._stale = None, None, True
            signal.signal(signal.SIGINT, signal.getsignal(signal.SIGINT))
            raise KeyboardInterrupt from None
        finally:
            if self._rules is not None:  # its cuts since the last call, into the stats
                extra = self.stats.extra
                extra["lazy_cuts"] = extra.get("lazy_cuts", 0) + self._rules.cuts
                self._rules.cuts = 0

    def _solve_propagated(self, sat: Any, deadline: Deadline,
                          assumptions: list[int]) -> bool | None:
        """A call with the lazy rules inside the search, which the propagator stops
        at the deadline (by the empty clause: the solver is then retired)."""
        rules = self._rules
        rules.deadline = deadline
        try:
            outcome = _solve_once(sat, self.name, deadline, self.stats, assumptions)
        finally:
            rules.deadline = None
        if rules.stopped:
            self._retire()
            self._stale = True
            return None
        return outcome

    def _solve_afresh(self, sat: Any, deadline: Deadline) -> bool | None:
        """A solver that takes one call only (kissat aborts the process on a second):
        calls of a budget of conflicts, each in a new solver given every clause, the
        budget doubling from call to call (at most twice the work of one call that
        runs to the end), the clock and Ctrl-C looked at between them. Under a
        deadline a call's budget is no more than the conflicts the last call's pace
        fits in the time left."""
        budget = BUDGET_SLICE
        while True:
            start = time.perf_counter()
            try:
                sat.conf_budget(budget)
                with _python_sigint():
                    outcome = sat.solve_limited()
            finally:
                took = time.perf_counter() - start
                self.stats.add_solve(took)
            self._stale = True  # the next call, here or after, takes a new solver
            left = deadline.remaining()
            if outcome is not None or deadline.expired():
                return outcome
            budget *= 2
            if left is not None:
                budget = max(BUDGET_SLICE, min(budget, int(budget / 2 * left / max(took, 1e-3))))
            sat = self._ready()

    def spend(self, conflicts: int) -> tuple[bool | None, int]:
        """One call of at most ``conflicts`` conflicts, a budget of work counted the
        same on every machine: True, False or ``None`` (spent), and the conflicts the
        session's solver has had in all. Ctrl-C stops it; a clock does not (the budget
        bounds it)."""
        sat = self._ready()
        sat.conf_budget(max(1, conflicts))
        try:
            with _python_sigint():
                outcome = sat.solve_limited()
        finally:
            sat.conf_budget(-1)
        return outcome, int((sat.accum_stats() or {}).get("conflicts", 0))

    def values(self, variables: Sequence[int] | Any) -> tuple[bool, ...]:
        """The values of ``variables`` (a sequence or an array of them) in the last
        model."""
        model = (self._solver.get_model() if self._solver is not None else None) or []
        if not len(variables):
            return ()
        top = (variables[-1] if isinstance(variables, range) and variables.step > 0
               else int(variables.max()) if hasattr(variables, "max") else max(variables))
        part = model[:top]  # the variables past the last asked for are never read
        if (isinstance(variables, range) and variables.start == 1 and variables.step == 1
                and len(part) == top):  # the usual projection: the first variables
            return tuple([v > 0 for v in part])
        if len(variables) <= VALUES_IN_PYTHON:
            known = len(part)
            return tuple(bool(v <= known and part[v - 1] > 0) for v in variables)
        import numpy as np

        signs = np.zeros(top + 1, dtype=bool)
        signs[1:len(part) + 1] = np.fromiter(part, dtype=np.int64, count=len(part)) > 0
        if isinstance(variables, range) and variables.step > 0:
            return tuple(signs[variables.start:variables.stop:variables.step].tolist())
        return tuple(signs[np.asarray(variables)].tolist())

    def fresh(self, count: int = 1) -> int:
        """The first of ``count`` new variables, numbered after every variable so far
        (selectors and switches that guard clauses added later).

        >>> session = SatSession()
        >>> session.add([[[1, 2]]], nvars=2)
        >>> session.fresh(), session.fresh(2), session.nvars
        (3, 4, 5)
        """
        first = self.nvars + 1
        self.nvars += count
        return first

    def model(self) -> list[int]:
        """The last model, every variable as a literal (empty when there is none)."""
        return list((self._solver.get_model() if self._solver is not None else None) or [])

    def proof(self) -> list[str]:
        """After a call that found no solution (a session opened with ``proof``): the
        solver's DRAT proof that the clauses have none, one step a line."""
        if not self.proving or self._solver is None:
            raise ValueError("no proof: the session was not opened to log one")
        return list(self._solver.get_proof() or [])

    def core(self) -> list[int]:
        """After a call that found no solution under assumptions: the assumptions the
        proof used (a subset that cannot all hold; empty when the clauses alone have no
        solution)."""
        found = self._solver.get_core() if self._solver is not None else None
        return list(found or [])

    def _retire(self) -> None:
        if self._solver is not None:
            solver, self._solver = self._solver, None
            count = _conflicts(solver)
            self._conflicts = (None if count is None or self._conflicts is None
                               else self._conflicts + count)
            try:
                solver.delete()
            except BaseException:
                # Ctrl-C raised again as the native solver was freed (a build's watch
                # looks at its limits on a timer): python-sat had no time to forget
                # it, and would free it twice as the process ends.
                _abandon(solver)
                raise

    def close(self) -> None:
        self._retire()
        self.stats.conflicts = self._conflicts

    def __enter__(self) -> SatSession:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


# Literals up to which a model is loaded into the solver without the watch of a build
# (tens of milliseconds at most; starting the watch cost a tenth of a small solve).
LOAD_UNWATCHED = 100_000
# Rows of a clause array handed to the solver at a time: a whole array as Python lists
# takes several times the array's memory, and the watch of a load looks between slices.
FEED_ROWS = 65_536
# A model's values are read in Python up to this many variables, with numpy beyond.
VALUES_IN_PYTHON = 2_000


# python-sat's solver classes whose clauses go straight to the native call, one C call
# a clause (its ``append_formula`` makes two Python calls a clause around it: a fifth
# of loading a small model): the class, the attribute holding the native handle, and
# the call, which returns False once the clauses have no model.
NATIVE_ADD = {"Minisat22": ("minisat", "minisat22_add_cl"),
              "Glucose3": ("glucose", "glucose3_add_cl"),
              "Glucose4": ("glucose", "glucose41_add_cl"),
              "Cadical153": ("cadical", "cadical153_add_cl"),
              "Cadical195": ("cadical", "cadical195_add_cl"),
              "MapleChrono": ("maplesat", "maplechrono_add_cl")}


def _adder(solver: Any) -> Callable[[list[list[int]]], None]:
    """How clauses are added to ``solver`` (a python-sat ``Solver``): natively where
    :data:`NATIVE_ADD` knows its class, else by its ``append_formula``."""
    inner = solver.solver
    attribute, call = NATIVE_ADD.get(type(inner).__name__, ("", ""))
    import pysolvers

    handle = getattr(inner, attribute, None) if attribute else None
    native = getattr(pysolvers, call, None) if call else None
    if handle is None or native is None:
        return inner.append_formula  # type: ignore[no-any-return]
    add = partial(native, handle)

    def append(clauses: list[list[int]]) -> None:
        if False in list(map(add, clauses)):  # every clause added, as python-sat does
            inner.status = False  # and as its add_clause records it

    return append


def _is_array(group: Any) -> bool:
    """Whether ``group`` is a numpy array (without importing numpy for a model built
    of lists, which a small Akari board is: the import is a third of the start-up)."""
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(group, numpy.ndarray)


def _feed(solver: Any, groups: list[Any]) -> None:
    """Give ``solver`` clause groups, each array slice by slice."""
    append = _adder(solver)
    for group in groups:
        if not _is_array(group):
            append(group)
            continue
        for first in range(0, len(group), FEED_ROWS):
            append(group[first:first + FEED_ROWS].tolist())


def _as_lists(group: Any) -> Any:
    return group.tolist() if _is_array(group) else group


def _conflicts(sat: Any) -> int | None:
    try:
        return int(sat.accum_stats().get("conflicts", 0))
    except NotImplementedError:  # kissat exposes no statistics
        return None


def enumerate_solutions(
    model: CnfModel,
    *,
    solver: str = DEFAULT_SOLVER,
    limit: int | None = 1,
    deadline: Deadline | None = None,
    stats: Stats | None = None,
    accept: Callable[[tuple[bool, ...]], bool] | None = None,
    inside_after: int | None = None,
) -> Enumeration:
    """Find up to ``limit`` (``None``: all) distinct solutions of ``model``; each one
    is given to ``accept`` as it is found, which ends the enumeration by saying no.

    Solutions are distinct on the projection: after each one a clause excluding that
    projection assignment is added, so auxiliary variables never multiply the count.
    The deadline is kept by interrupting the solver from a timer where the solver
    allows it, and otherwise by solving in slices of a conflict budget. The lazy
    rules run inside the search where the solver takes a propagator, or from
    ``inside_after`` cut rounds on (:meth:`SatSession.search_with`); the enumeration's
    ``solver`` is the one that ended it.
    """
    with SatSession(solver, stats) as session:
        session.add(model.groups, model.nvars)
        session.search_with(model, inside_after)
        found = enumerate_in(session, _sequence(model.projection), limit=limit,
                             deadline=deadline, refine=model.refine, accept=accept)
        found.solver = session.name
        return found


def _sequence(projection: Sequence[int]) -> Sequence[int]:
    """A model's projection as a sequence that can be read again: a range as it is
    (:meth:`SatSession.values` reads the first variables fast), else a list."""
    return projection if isinstance(projection, range) else list(projection)


def solve_in(session: SatSession, projection: Sequence[int], *,
             assumptions: list[int] | None = None, deadline: Deadline | None = None,
             refine: Refine | None = None, rounds: int | None = None
             ) -> tuple[bool, ...] | bool | None:
    """One solution's projection values in an open session, under the lazy rules
    ``refine`` (the cuts they add stay in the session): the values, ``False`` when
    there is none, ``None`` when the deadline passed first, or when ``rounds``
    candidates were cut off and the call gave up (a budget of work counted, not timed:
    the same on every machine)."""
    indices: Any = projection
    if len(projection) > VALUES_IN_PYTHON:
        import numpy as np

        indices = np.asarray(projection, dtype=np.int64)  # once, not per candidate
    while True:
        outcome = session.solve(assumptions, deadline)
        if not outcome:
            return outcome
        chosen = session.values(indices)
        if refine is None:
            return chosen
        try:
            with building(deadline or Deadline(None), "the lazy rules' cuts"):
                cuts = refine(chosen)
        except TimeUp:
            return None
        if not cuts:
            return chosen
        session.add([cuts])  # kept when the call gives up: they hold in every answer
        session.stats.extra["lazy_cuts"] = session.stats.extra.get("lazy_cuts", 0) + len(cuts)
        session.cut_round()
        if rounds is not None:
            rounds -= 1
            if rounds <= 0:
                return None


def sample(model: CnfModel, phases: list[int], *, solver: str = DEFAULT_SOLVER,
           deadline: Deadline | None = None) -> tuple[bool, ...] | bool | None:
    """One answer of ``model`` (its lazy rules kept), the solver trying the values
    ``phases`` first: projection values, ``False`` when there is none, ``None`` when
    the deadline passed. Random phases give random answers, for generators."""
    with SatSession(solver) as session:
        session.add(model.groups, model.nvars)
        session.prefer(phases)
        return solve_in(session, _sequence(model.projection), deadline=deadline,
                        refine=model.refine)


def enumerate_in(session: SatSession, projection: Sequence[int], *,
                 limit: int | None = 1,
                 assumptions: list[int] | None = None,
                 deadline: Deadline | None = None,
                 refine: Refine | None = None, switch: int | None = None,
                 accept: Callable[[tuple[bool, ...]], bool] | None = None) -> Enumeration:
    """Enumerate distinct solutions in an open session, blocking each on ``projection``
    (the blocking clauses stay in the session, switched by the variable ``switch``
    when one is given: assumed true here, they can be switched off after);
    candidates the lazy rules ``refine`` reject are cut off and never counted; each
    solution is given to ``accept`` as it is found, which ends the enumeration by
    saying no."""
    result = Enumeration()
    if switch is not None:
        assumptions = [*(assumptions or []), switch]
    guard = [] if switch is None else [-switch]
    while limit is None or len(result.solutions) < limit:
        chosen = solve_in(session, projection, assumptions=assumptions, deadline=deadline,
                          refine=refine)
        if chosen is None:
            result.timed_out = True
            break
        if chosen is False:
            result.exhausted = True
            break
        assert isinstance(chosen, tuple)
        result.solutions.append(chosen)
        if accept is not None and not accept(chosen):
            break
        if not projection:
            # Nothing to project on: the one empty assignment is all there is.
            result.exhausted = True
            break
        session.add([[guard + [-var if on else var for var, on in zip(projection, chosen)]]])
    return result


class _SolveWatch(threading.Thread):
    """The watch of one solver call: it interrupts the solver when the deadline
    passes, or when the process has grown past the memory a model may take while the
    solver ran (its learnt clauses; under an address-space limit, a solver that
    allocates past it fails in ways python-sat does not report), saying why in
    ``grown``."""

    def __init__(self, sat: Any, deadline: Deadline) -> None:
        super().__init__(daemon=True)
        self.sat = sat
        self.deadline = deadline
        self.done = threading.Event()
        self.grown = ""
        self.base = resident()
        available = memory_available()
        self.budget = MODEL_SHARE * available
        self.floor = (1 - MODEL_SHARE) * available

    def run(self) -> None:
        while True:
            left = self.deadline.remaining()
            if self.done.wait(WATCH_SOLVE if left is None else
                              min(WATCH_SOLVE, max(left, 0.001))):
                return
            if self.deadline.expired() or self.looked():
                self.sat.interrupt()
                return

    def looked(self) -> bool:
        """Whether the process has grown past the memory (``grown`` then says so)."""
        grown = resident() - self.base
        if grown > self.budget or memory_available() < self.floor:
            self.grown = ("the SAT solver grew past the memory this machine can give it "
                          "while it was solving")
        return bool(self.grown)

    def stop(self) -> None:
        self.done.set()
        self.join()


class _NotMainThread:
    """python-sat's test of the main thread (``pysat.solvers.MainThread``), answering
    no: see :func:`_python_sigint`."""

    @staticmethod
    def check() -> bool:
        return False


@contextmanager
def _python_sigint() -> Iterator[None]:
    """Solver calls in which SIGINT stays Python's: on the main thread python-sat
    installs a handler that jumps (longjmp) out of the native solver wherever the
    signal lands, inside malloc or half way through CaDiCaL's updates, and the solver
    (freed after: a double free) or the C heap (a lock held: a hang) is left broken.
    Told that this is not the main thread, python-sat leaves the signal to Python,
    whose handler only notes it: the call runs to its budget and KeyboardInterrupt is
    raised as it returns, the solver whole. Only for calls a budget ends."""
    if threading.current_thread() is not threading.main_thread():
        yield  # python-sat installs nothing off the main thread
        return
    import pysat.solvers as solvers

    saved = solvers.MainThread
    solvers.MainThread = _NotMainThread
    try:
        yield
    finally:
        solvers.MainThread = saved


def _abandon(sat: Any) -> None:
    """Drop a python-sat solver without freeing its native solver (its handle, the
    backend's capsule attribute, is cleared so that ``delete`` and ``__del__`` leave it
    alone): a leak, for a solver a jump out of it left broken."""
    backend = getattr(sat, "solver", None)
    for owner in (backend, sat):
        for key, value in list(vars(owner).items()) if owner is not None else ():
            if type(value).__name__ == "PyCapsule":
                setattr(owner, key, None)
    sat.solver = None


def _solve_once(sat: Any, name: str, deadline: Deadline, stats: Stats,
                assumptions: list[int]) -> bool | None:
    """One solver call under the deadline: True, False, or None when it ran out."""
    remaining = deadline.remaining()
    if remaining is not None and remaining <= 0:
        return None
    start = time.perf_counter()
    try:
        if _supports(sat.clear_interrupt):  # without the GIL: the watch's thread runs
            if remaining is None or remaining > QUICK_MARGIN:
                # Most calls end within a few conflicts (a published board's model
                # after the deductions): a first slice runs with no watch, whose
                # thread and looks at the process cost more than such a call.
                sat.conf_budget(BUDGET_SLICE)
                with _python_sigint():
                    outcome = sat.solve_limited(assumptions=assumptions)
                sat.conf_budget(-1)
                if outcome is not None:
                    return outcome
            watch = _SolveWatch(sat, deadline)
            start_quiet(watch)  # Ctrl-C must reach this thread, where the solver runs
            try:
                outcome = sat.solve_limited(assumptions=assumptions, expect_interrupt=True)
            finally:
                watch.stop()
            sat.clear_interrupt()
            if watch.grown:
                raise TooLarge(watch.grown)
            return outcome
        if not _supports(sat.conf_budget, BUDGET_SLICE):
            if remaining is None:
                return bool(sat.solve(assumptions=assumptions))
            raise UsageError(f"SAT solver {name} cannot be stopped by a time limit; "
                             "choose another solver or drop --time-limit")
        # In slices of conflicts (CaDiCaL cannot be interrupted): between slices, the
        # clock and the memory the solver has grown to are looked at, and Ctrl-C
        # raises (python-sat's handler kept out: see _python_sigint).
        slice_ = BUDGET_SLICE
        watch = _SolveWatch(sat, deadline)
        while True:
            sat.conf_budget(slice_)
            began = time.perf_counter()
            with _python_sigint():
                outcome = sat.solve_limited(assumptions=assumptions)
            if outcome is not None or deadline.expired():
                return outcome
            if watch.looked():
                raise TooLarge(watch.grown)
            if remaining is None:
                took = max(time.perf_counter() - began, 1e-3)
                slice_ = max(BUDGET_SLICE, min(10 * BUDGET_SLICE,
                                               int(slice_ * SLICE_SECONDS / took)))
    finally:
        stats.add_solve(time.perf_counter() - start)
