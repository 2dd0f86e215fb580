"""CP-SAT backend: OR-Tools CP-SAT models, solved and enumerated under limits.

A :class:`CpsatModel` is what a CP-SAT encoder returns: the ``CpModel`` and the
Boolean variables that make a solution (the projection). Distinct solutions are
found by blocking each one on the projection and solving again, so auxiliary
variables never multiply the count (CP-SAT's own ``enumerate_all_solutions`` would
enumerate every variable and disables presolve).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cpsolve.backends import Enumeration
from cpsolve.errors import UsageError
from cpsolve.interrupts import stopping
from cpsolve.limits import MAX_THREADS, Deadline
from cpsolve.result import Stats


@dataclass
class CpsatModel:
    """A CP-SAT model and its projection variables (``BoolVar`` objects)."""

    model: Any
    projection: Sequence[Any]

    @property
    def num_constraints(self) -> int:
        return len(self.model.proto.constraints)

    @property
    def num_variables(self) -> int:
        return len(self.model.proto.variables)

    def to_text(self) -> str:
        """The model as CP-SAT protobuf text."""
        return str(self.model.proto)


def enumerate_solutions(
    built: CpsatModel,
    *,
    limit: int | None = 1,
    deadline: Deadline | None = None,
    workers: int | None = None,
    stats: Stats | None = None,
    accept: Callable[[tuple[bool, ...]], bool] | None = None,
) -> Enumeration:
    """Find up to ``limit`` (``None``: all) distinct solutions of ``built``; each one
    is given to ``accept`` as it is found, which ends the enumeration by saying no.

    Each solution found is blocked by a constraint added to ``built.model``, so the
    model afterwards excludes them: build a fresh model for another enumeration.
    """
    from ortools.sat.python import cp_model

    stats = stats if stats is not None else Stats()
    stats.variables = built.num_variables
    stats.constraints = built.num_constraints
    deadline = deadline or Deadline(None)
    result = Enumeration()
    projection = list(built.projection)
    while limit is None or len(result.solutions) < limit:
        remaining = deadline.remaining()
        if remaining is not None and remaining <= 0:
            result.timed_out = True
            break
        solver = cp_model.CpSolver()
        if remaining is not None:
            solver.parameters.max_time_in_seconds = remaining
        if workers is not None:
            if not 1 <= workers <= MAX_THREADS:
                raise UsageError(f"--workers: {workers} is not from 1 to {MAX_THREADS}")
            solver.parameters.num_workers = workers
        # Ctrl-C stops the search (from a thread) and is then Python's KeyboardInterrupt,
        # not a search that CP-SAT ends quietly as if its time had run out.
        solver.parameters.catch_sigint_signal = False
        start = time.perf_counter()
        with stopping(solver.stop_search):
            status = solver.solve(built.model)
        stats.add_solve(time.perf_counter() - start, solver.num_conflicts)
        stats.nodes = (stats.nodes or 0) + solver.num_branches
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            chosen = tuple(bool(solver.boolean_value(var)) for var in projection)
            result.solutions.append(chosen)
            if accept is not None and not accept(chosen):
                break
            if not projection:
                result.exhausted = True
                break
            built.model.add_bool_or([var.negated() if on else var
                                     for var, on in zip(projection, chosen)])
        elif status == cp_model.INFEASIBLE:
            result.exhausted = True
            break
        elif status == cp_model.MODEL_INVALID:
            raise ValueError("CP-SAT rejected the model: " + built.model.validate())
        else:
            result.timed_out = True
            break
    return result
