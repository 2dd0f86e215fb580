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


def solver_names() -> list[str]:
    """The canonical names of the SAT solvers python-sat provides."""
    from pysat.solvers import SolverNames

    return sorted(name for name in vars(SolverNames) if not name.startswith("_"))


def _new_solver(name: str) -> Any:
    from pysat.solvers import Solver

    try:
        return Solver(name=name)
    except Exception as error:  # python-sat raises NoSuchSolverError and others
        known = ", ".join(solver_names())
        raise UsageError(f"unknown SAT solver {name!r} ({error}); known: {known}") from None


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
    """
    stats = stats if stats is not None else Stats()
    deadline = Deadline(time_limit)
    result = Enumeration()
    start = time.perf_counter()
    sat = _new_solver(solver)
    try:
        inner = sat.solver
        for group in model.groups:
            inner.append_formula(group.tolist() if hasattr(group, "tolist") else group)
        stats.build_seconds += time.perf_counter() - start
        stats.variables = max(stats.variables or 0, model.nvars)
        stats.clauses = model.num_clauses
        projection = list(model.projection)
        while limit is None or len(result.solutions) < limit:
            outcome = _solve_once(sat, deadline, stats)
            if outcome is None:
                result.timed_out = True
                break
            if not outcome:
                result.exhausted = True
                break
            values = sat.get_model()
            chosen = tuple(values[var - 1] > 0 for var in projection)
            result.solutions.append(chosen)
            if not projection:
                # Nothing to project on: the one empty assignment is all there is.
                result.exhausted = True
                break
            sat.add_clause([-var if on else var for var, on in zip(projection, chosen)])
        return result
    finally:
        stats.conflicts = sat.accum_stats().get("conflicts", stats.conflicts)
        sat.delete()


def _solve_once(sat: Any, deadline: Deadline, stats: Stats) -> bool | None:
    """One solver call under the deadline: True, False, or None when interrupted."""
    remaining = deadline.remaining()
    if remaining is not None and remaining <= 0:
        return None
    start = time.perf_counter()
    if remaining is None:
        outcome = sat.solve()
    else:
        timer = threading.Timer(remaining, sat.interrupt)
        timer.start()
        try:
            outcome = sat.solve_limited(expect_interrupt=True)
        finally:
            timer.cancel()
        sat.clear_interrupt()
    stats.add_solve(time.perf_counter() - start)
    return outcome
