"""Backends: solve a built model under limits and enumerate its distinct solutions.

An encoder builds a model (a :class:`~cpsolve.backends.sat.CnfModel` or a
:class:`~cpsolve.backends.cpsat.CpsatModel`); a backend solves it. Both backends
return an :class:`Enumeration`: the distinct solutions projected on the model's
*projection* variables (the ones that matter to the puzzle, never auxiliary ones),
whether the enumeration ran out of solutions, and whether a limit stopped it.

The solver packages are imported inside the backend functions, only when they run.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Enumeration:
    """Distinct solutions of a model, each a tuple of projection values (bools).

    ``exhausted`` is true when the solver proved there are no further solutions (so
    ``len(solutions)`` is the exact count); ``timed_out`` when a limit stopped it
    before either ``limit`` solutions were found or the solutions ran out; ``solver``
    names the SAT solver that ended the search, where one did.
    """

    solutions: list[tuple[bool, ...]] = field(default_factory=list)
    exhausted: bool = False
    timed_out: bool = False
    solver: str | None = None
