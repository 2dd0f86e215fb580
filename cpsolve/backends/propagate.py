"""The lazy rules inside the search: an external propagator (IPASIR-UP) that gives a
solver the cuts of a model's lazy rules while it searches, not between its calls.

Between calls, a solver proposes whole candidates and each one that breaks a rule is
cut off and the solver called again: on a board whose rule is broken in many ways
(Nurimaze's 10x10 with 74 regions: 17,379 calls, each candidate a loop a cell away
from the last) the loop of calls is the solve. Inside the search, the rules' partial
checks (:attr:`CnfModel.partial`) look at the solver's trail after its propagations
(each one while they find cuts, fewer while they find none: :data:`MOST_WAIT`) and
return the cuts that are falsified or unit there, which the solver takes as its
own clauses (a conflict to learn from, or a literal to propagate); a whole candidate
is held to the rules (:attr:`CnfModel.refine`) before the solver may return it.

The cuts hold in every answer (each rule's own proof), so counts, uniqueness and every
other question stay exact. The propagator also keeps the call's deadline: CaDiCaL takes
no interrupt, and a call of many Python callbacks runs long between two looks at the
clock, so once the deadline passes it gives the solver the empty clause, which ends the
search at once (the solver, then without answers, is not used again).

Only solvers with python-sat's IPASIR-UP interface take a propagator
(:data:`PROPAGATING`); it observes the model's own variables, not the auxiliary ones
(the partial checks read no others).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from pysat.engines import Propagator

# python-sat's solvers that take an external propagator (MiniSat's, "minisatep",
# cannot be interrupted with one, which a time limit needs).
PROPAGATING = frozenset({"cadical195"})
# The solver a session moves to when its cut rounds grow many.
INSIDE = "cadical195"
# CPU seconds the rounds between calls must have taken before a session moves inside,
# where the compiled partial checks are not loaded yet (numba's import and its cached
# kernels take 0.38 s): a board of few cheap rounds never pays for the load. From the
# command line, three runs each, janko.at's Nurimaze 133 and Hotaru Beam 200 took
# 1.70-2.36 and 1.70-2.46 s with 0.4 here, 1.49-1.60 and 1.63-1.82 s with 0.2, about
# the same with 0.1; Tapa 029 (301 rounds of 0.1 ms) 0.35-0.39 s with any of them.
LOADING = 0.2
# A partial check that finds nothing is run again only after twice as many
# propagations as the last wait, up to this many; one that finds a cut is run after
# every propagation again. On the published and generated boards whose rules moved
# inside (8, in six genres), in process, the sum of their CPU seconds in two runs:
# waits of at most 1, 4 and 16: 5.9, 4.5 and 4.5 s; of 4, 8 and 16: 4.9, 4.6 and 4.1 s.
MOST_WAIT = 16


class LazyRules(Propagator):  # type: ignore[misc]
    """A model's lazy rules as an external propagator of one solver: ``refine`` and
    ``partial`` as :class:`~cpsolve.backends.sat.CnfModel` has them, on the variables
    ``1 .. observed`` and the answer's ``projection``. ``cuts`` counts the clauses it
    gave (its session takes them into its stats after each call and sets it to 0),
    ``checks`` the partial checks it ran."""

    def __init__(self, refine: Any, partial: Any, observed: int,
                 projection: Sequence[int]) -> None:
        import numpy as np

        super().__init__()
        self.refine, self.partial, self.observed = refine, partial, observed
        self.projection = np.asarray(projection, dtype=np.int64) - 1
        self.state = np.full(observed + 1, -1, dtype=np.int8)  # 1 true, 0 false, -1 open
        self.fixed = np.zeros(observed + 1, dtype=bool)  # set for good (level 0)
        self.trail: list[int] = []  # the variables set above level 0, in order
        self.levels: list[int] = []  # where each decision level begins on the trail
        self.queue: list[list[int]] = []  # cuts found, for the solver to take
        self.dirty = False  # set since the last partial check
        self.cuts = self.checks = 0
        self.wait, self.waited = 1, 0  # propagations to wait between partial checks
        self.deadline: Any = None  # the call's (a Deadline: cancelled from any thread)
        self.stopped = False  # the deadline passed: the solver was given the empty clause

    def setup_observe(self, solver: Any) -> None:
        """Have ``solver`` (python-sat's) tell this propagator of its model variables."""
        for var in range(1, self.observed + 1):
            solver.observe(var)

    def on_assignment(self, lit: int, fixed: bool = False) -> None:
        var = lit if lit > 0 else -lit
        if fixed:
            self.fixed[var] = True
        if self.state[var] < 0:
            self.state[var] = 1 if lit > 0 else 0
            if not fixed:
                self.trail.append(var)
            self.dirty = True

    def on_new_level(self) -> None:
        self.levels.append(len(self.trail))

    def on_backtrack(self, to: int) -> None:
        if to < len(self.levels):
            keep = self.levels[to]
            state, fixed = self.state, self.fixed
            for var in self.trail[keep:]:
                if not fixed[var]:
                    state[var] = -1
            del self.trail[keep:]
            del self.levels[to:]
        self.queue.clear()  # cuts for a trail that is gone: found again where they bind

    def check_model(self, model: list[int]) -> bool:
        import numpy as np

        values = np.asarray(model, dtype=np.int64)[self.projection] > 0
        cuts = self.refine(tuple(values.tolist()))
        self._found(cuts)
        return not cuts

    def has_clause(self) -> bool:
        if self.deadline is not None and time.perf_counter() >= self.deadline.at:
            self.stopped = True
            self.queue = [[]]  # the empty clause: the search ends now
            return True
        if not self.queue and self.dirty:
            self.dirty = False
            self.waited += 1
            if self.waited >= self.wait:
                self.waited = 0
                self.checks += 1
                found = self.partial(self.state)
                self._found(found)
                self.wait = 1 if found else min(self.wait * 2, MOST_WAIT)
        return bool(self.queue)

    def add_clause(self) -> list[int]:
        return self.queue.pop()

    def _found(self, cuts: list[list[int]]) -> None:
        self.queue.extend(cuts)
        self.cuts += len(cuts)

    # The rules propagate through the clauses they give, and never decide.
    def propagate(self) -> list[int]:
        return []

    def provide_reason(self, lit: int) -> list[int]:
        return []

    def decide(self) -> int:
        return 0


__all__ = ["PROPAGATING", "LazyRules"]
