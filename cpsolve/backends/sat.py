"""SAT backend: CNF models solved by any python-sat solver.

A :class:`CnfModel` is what a SAT encoder returns: clauses (as lists, or as 2-D
integer arrays of same-length clauses, which encoders build with numpy), the number
of variables, and the projection, the variables whose values make a solution.
:func:`enumerate_solutions` solves it, blocks each solution found on the projection
variables only, and solves again, incrementally, in the same solver.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from cpsolve.backends import Deadline, Enumeration
from cpsolve.errors import UsageError
from cpsolve.result import Stats

DEFAULT_SOLVER = "cadical195"


@dataclass
class CnfModel:
    """A CNF formula with the variables that matter.

    ``groups`` is a list of clause groups; each group is either a list of clauses
    (lists of non-zero ints) or a 2-D array whose rows are clauses of one length.
    """

    nvars: int
    projection: Sequence[int]
    groups: list[Any] = field(default_factory=list)

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
            yield from (group.tolist() if hasattr(group, "tolist") else group)

    def to_dimacs(self) -> str:
        """The formula in DIMACS CNF, the projection as a ``c p show`` line."""
        lines = [f"p cnf {self.nvars} {self.num_clauses}"]
        lines.append("c p show " + " ".join(map(str, self.projection)) + " 0")
        lines.extend(" ".join(map(str, clause)) + " 0" for clause in self.clauses())
        return "\n".join(lines) + "\n"


# Solvers that cannot take clauses after a solve (kissat aborts the process): each
# call starts a new solver with the blocking clauses found so far.
NON_INCREMENTAL = frozenset({"kissat404"})
BUDGET_SLICE = 1000  # conflicts per call when a deadline is kept by budgets


def solver_names() -> list[str]:
    """The canonical names of the SAT solvers python-sat provides."""
    from pysat.solvers import SolverNames

    return sorted(name for name in vars(SolverNames) if not name.startswith("_"))


def canonical(name: str) -> str:
    """The canonical name of a python-sat solver given by any of its aliases.

    >>> canonical("cd19"), canonical("glucose4")
    ('cadical195', 'glucose4')
    """
    from pysat.solvers import SolverNames

    for canon, aliases in vars(SolverNames).items():
        if not canon.startswith("_") and name in aliases:
            return canon
    raise UsageError(f"unknown SAT solver {name!r}; known: {', '.join(solver_names())}")


def _new_solver(name: str, groups: list[Any], extra: list[list[int]]) -> Any:
    from pysat.solvers import Solver

    try:
        sat = Solver(name=name)
    except Exception as error:  # python-sat raises NoSuchSolverError and others
        raise UsageError(f"SAT solver {name!r} is not available here ({error})") from None
    inner = sat.solver
    for group in groups:
        inner.append_formula(group.tolist() if hasattr(group, "tolist") else group)
    inner.append_formula(extra)
    return sat


def _conflicts(sat: Any) -> int | None:
    try:
        return int(sat.accum_stats().get("conflicts", 0))
    except NotImplementedError:  # kissat exposes no statistics
        return None


def _supports(method: Any, *args: Any) -> bool:
    try:
        method(*args)
    except NotImplementedError:
        return False
    return True


def enumerate_solutions(
    model: CnfModel,
    *,
    solver: str = DEFAULT_SOLVER,
    limit: int | None = 1,
    time_limit: float | None = None,
    stats: Stats | None = None,
) -> Enumeration:
    """Find up to ``limit`` (``None``: all) distinct solutions of ``model``.

    Solutions are distinct on the projection: after each one a clause excluding that
    projection assignment is added, so auxiliary variables never multiply the count.
    The deadline is kept by interrupting the solver from a timer where the solver
    allows it, and otherwise by solving in slices of a conflict budget.
    """
    name = canonical(solver)
    stats = stats if stats is not None else Stats()
    deadline = Deadline(time_limit)
    result = Enumeration()
    projection = list(model.projection)
    blocks: list[list[int]] = []
    start = time.perf_counter()
    sat = _new_solver(name, model.groups, [])
    stats.build_seconds += time.perf_counter() - start
    stats.variables = max(stats.variables or 0, model.nvars)
    stats.clauses = model.num_clauses
    conflicts: int | None = 0
    try:
        while limit is None or len(result.solutions) < limit:
            if blocks and name in NON_INCREMENTAL:
                earlier = _conflicts(sat)
                conflicts = None if earlier is None or conflicts is None else conflicts + earlier
                sat.delete()
                sat = _new_solver(name, model.groups, blocks)
            outcome = _solve_once(sat, name, deadline, stats)
            if outcome is None:
                result.timed_out = True
                break
            if not outcome:
                result.exhausted = True
                break
            values = sat.get_model() or []
            chosen = tuple(values[var - 1] > 0 if var <= len(values) else False
                           for var in projection)
            result.solutions.append(chosen)
            if not projection:
                # Nothing to project on: the one empty assignment is all there is.
                result.exhausted = True
                break
            block = [-var if on else var for var, on in zip(projection, chosen)]
            blocks.append(block)
            if name not in NON_INCREMENTAL:
                sat.add_clause(block)
        return result
    finally:
        last = _conflicts(sat)
        stats.conflicts = None if last is None or conflicts is None else conflicts + last
        sat.delete()


def _solve_once(sat: Any, name: str, deadline: Deadline, stats: Stats) -> bool | None:
    """One solver call under the deadline: True, False, or None when it ran out."""
    remaining = deadline.remaining()
    if remaining is not None and remaining <= 0:
        return None
    start = time.perf_counter()
    try:
        if remaining is None:
            return bool(sat.solve())
        if _supports(sat.clear_interrupt):
            timer = threading.Timer(remaining, sat.interrupt)
            timer.start()
            try:
                outcome = sat.solve_limited(expect_interrupt=True)
            finally:
                timer.cancel()
            sat.clear_interrupt()
            return outcome
        if not _supports(sat.conf_budget, BUDGET_SLICE):
            raise UsageError(f"SAT solver {name} cannot be stopped by a time limit; "
                             "choose another solver or drop --time-limit")
        while True:
            outcome = sat.solve_limited()
            if outcome is not None or deadline.expired():
                return outcome
            sat.conf_budget(BUDGET_SLICE)
    finally:
        stats.add_solve(time.perf_counter() - start)
