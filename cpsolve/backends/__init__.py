"""Backends: solve a built model under limits and enumerate its distinct solutions.

An encoder builds a model (a :class:`~cpsolve.backends.sat.CnfModel` or a
:class:`~cpsolve.backends.cpsat.CpsatModel`); a backend solves it. Both backends
return an :class:`Enumeration`: the distinct solutions projected on the model's
*projection* variables (the ones that matter to the puzzle, never auxiliary ones),
whether the enumeration ran out of solutions, and whether a limit stopped it.

The solver packages are imported inside the backend functions, only when they run.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from cpsolve.result import Stats

# The backends in order of preference; the first is the default where a family has
# no measured preference of its own.
BACKENDS = ("sat", "cpsat")


@dataclass
class Enumeration:
    """Distinct solutions of a model, each a tuple of projection values (bools).

    ``exhausted`` is true when the solver proved there are no further solutions (so
    ``len(solutions)`` is the exact count); ``timed_out`` when a limit stopped it
    before either ``limit`` solutions were found or the solutions ran out.
    """

    solutions: list[tuple[bool, ...]] = field(default_factory=list)
    exhausted: bool = False
    timed_out: bool = False


class Deadline:
    """A wall-clock deadline shared by the calls of one solve.

    >>> Deadline(None).remaining() is None
    True
    >>> Deadline(10.0).remaining() > 9
    True
    """

    def __init__(self, seconds: float | None) -> None:
        self.end = None if seconds is None else time.perf_counter() + seconds

    def remaining(self) -> float | None:
        """Seconds left (at least 0), or ``None`` without a limit."""
        if self.end is None:
            return None
        return max(0.0, self.end - time.perf_counter())

    def expired(self) -> bool:
        remaining = self.remaining()
        return remaining is not None and remaining <= 0.0


def note_size(stats: Stats, *, variables: int, clauses: int | None = None,
              constraints: int | None = None) -> None:
    """Record a model's size in ``stats``."""
    stats.variables = variables
    if clauses is not None:
        stats.clauses = clauses
    if constraints is not None:
        stats.constraints = constraints
