"""What a puzzle setter asks after "is it unique?", for any family with a SAT model:
which cells are not the same in every solution, which hints cannot hold together,
which hints the uniqueness rests on, and which can go.

Everything here works on a :class:`~cpsolve.backends.sat.CnfModel` (its lazy
``refine`` rules included: only candidates they accept count as solutions) in one
incremental SAT solver, a :class:`~cpsolve.backends.sat.SatSession`, and stops at a
:class:`~cpsolve.limits.Deadline`. Each answer carries a
:class:`~cpsolve.result.Status`: ``SOLVED`` (decided), ``UNSOLVABLE`` (no solution
under what was asked) or ``UNKNOWN`` (the deadline came first; what was proven so
far is kept and what was not is listed as open).

The words:

* The **projection** is the model's answer variables (``CnfModel.projection``);
  results name them by their index in it, ``0..``.
* The **backbone** is the projection variables with the same value in every
  solution; the others are **undetermined**. A board is unique exactly when every
  projection variable is in the backbone. :func:`backbone_in` finds them with
  assumptions on one solver, never by enumerating solutions: after a first solution
  ``S`` it asks, with one switched clause, for a solution that differs from ``S`` on
  some variable not yet seen to vary; each answer shows several variables varying at
  once, and the first "no" proves every remaining one fixed. On a unique board that
  is one extra call, the same as a uniqueness proof.
* **Hints** are optional constraints (a puzzle's clues), each built with its clauses
  guarded by a *selector* variable (:func:`cpsolve.cnf.guard`): assumed true, the
  hint holds; left free, it is off. Turning hints off only adds solutions.
* A **core** is a set of assumptions that cannot all hold. :func:`core_in` returns
  the solver's and shrinks it, while a time budget allows, to a minimal one: every
  proper subset has a solution (deletion, dropping at once every assumption the
  solver's new core leaves out).

:func:`redundant_in` and :func:`minimal_in` answer, for a board with exactly one
solution, which single hints can be removed with the solution still the only one,
and a set of hints to keep with none of them removable. Both use the same switched
clause that blocks the known solution: "no other solution" is then one unsatisfiable
call, and its core names hints that were not needed, which settles many hints per
call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cpsolve.backends import Enumeration
from cpsolve.backends.sat import (
    DEFAULT_SOLVER,
    CnfModel,
    Refine,
    SatSession,
    enumerate_in,
    solve_in,
)
from cpsolve.errors import UsageError
from cpsolve.limits import Deadline
from cpsolve.progress import step
from cpsolve.result import Stats, Status

Values = tuple[bool, ...]


def open_session(model: CnfModel, solver: str = DEFAULT_SOLVER,
                 stats: Stats | None = None) -> SatSession:
    """A session holding ``model``'s clauses, for the ``*_in`` functions; close it (or
    use it in a ``with``) when done. Refused for solvers that take no assumptions."""
    session = SatSession(solver, stats)
    if not session.incremental:
        raise UsageError(f"SAT solver {session.name} does not take assumptions; choose "
                         "another (the default is cadical153)")
    session.add(model.groups, model.nvars)
    return session


def _flips(projection: Sequence[int], values: Values, indices: Sequence[int]) -> list[int]:
    """The literals that say "variable i differs from ``values``", for i in
    ``indices``."""
    return [-projection[i] if values[i] else projection[i] for i in indices]


def _holds(session: SatSession, projection: list[int], assumptions: list[int],
           refine: Refine | None, deadline: Deadline | None,
           rounds: int | None = None) -> bool | None:
    """Whether the assumptions can all hold (``None``: the deadline came first, or
    the lazy rules cut ``rounds`` candidates off and the call gave up), with the lazy
    rules; without them the solution is not read, which on large models costs more
    than the call."""
    if refine is None:
        return session.solve(assumptions, deadline)
    found = solve_in(session, projection, assumptions=assumptions, deadline=deadline,
                     refine=refine, rounds=rounds)
    return found if found is None else found is not False


def _switched(session: SatSession, clause: list[int]) -> int:
    """Add ``clause`` under a new switch variable and return the switch: assumed true,
    the clause holds; :func:`_retire` turns it off for good."""
    switch = session.fresh()
    session.add([[[-switch, *clause]]])
    return switch


def _retire(session: SatSession, switch: int) -> None:
    session.add([[[-switch]]])


@dataclass
class Backbone:
    """Which projection variables vary between solutions (see the module docstring).

    ``first`` is a solution's projection values and ``second``, when the model has
    more than one, another solution that differs from it (a pair to show side by
    side); ``undetermined`` are the indices shown to take both values; ``open`` the
    indices neither shown to vary nor proven fixed (only when the deadline came
    first). ``calls`` counts the solver calls.
    """

    status: Status
    first: Values | None = None
    second: Values | None = None
    undetermined: list[int] = field(default_factory=list)
    open: list[int] = field(default_factory=list)
    calls: int = 0

    @property
    def unique(self) -> bool | None:
        """Whether the model has exactly one solution; ``None`` when not decided."""
        if self.status is Status.UNSOLVABLE:
            return False
        if self.undetermined:
            return False
        return True if self.status is Status.SOLVED else None


def backbone_in(session: SatSession, projection: Sequence[int], *,
                assumptions: Sequence[int] = (), refine: Refine | None = None,
                deadline: Deadline | None = None) -> Backbone:
    """The undetermined projection variables of the clauses in ``session`` (under
    ``assumptions``), found by assumptions on that one solver.

    >>> model = CnfModel(3, [1, 2, 3], [[[1, 2], [-1, -2], [3]]])  # 1 xor 2; 3 holds
    >>> found = backbone(model)
    >>> found.status.value, found.undetermined, found.unique
    ('solved', [0, 1], False)
    >>> backbone(CnfModel(2, [1, 2], [[[1], [-1, 2]]])).unique
    True
    """
    projection = list(projection)
    out = Backbone(Status.UNKNOWN)
    first = solve_in(session, projection, assumptions=list(assumptions), deadline=deadline,
                     refine=refine)
    out.calls += 1
    if first is None:
        out.open = list(range(len(projection)))
        return out
    if first is False:
        out.status = Status.UNSOLVABLE
        return out
    assert isinstance(first, tuple)
    out.first = first
    candidates = list(range(len(projection)))
    varying: set[int] = set()
    while candidates:
        step("cells that differ: settled", len(projection) - len(candidates),
             len(projection))
        # Prefer the other value on every candidate (and the first solution's elsewhere),
        # so that one answer shows many candidates varying.
        flipped = set(candidates)
        session.prefer([(-1 if (i in flipped) == on else 1) * var
                        for i, (var, on) in enumerate(zip(projection, first))])
        switch = _switched(session, _flips(projection, first, candidates))
        other = solve_in(session, projection, assumptions=[*assumptions, switch],
                         deadline=deadline, refine=refine)
        _retire(session, switch)
        out.calls += 1
        if other is None:
            out.open = candidates
            out.undetermined = sorted(varying)
            return out
        if other is False:
            break  # no solution differs on any remaining candidate: all are fixed
        assert isinstance(other, tuple)
        if out.second is None:
            out.second = other
        varying.update(i for i in candidates if other[i] != first[i])
        candidates = [i for i in candidates if i not in varying]
    out.status = Status.SOLVED
    out.undetermined = sorted(varying)
    return out


def backbone(model: CnfModel, *, solver: str = DEFAULT_SOLVER,
             deadline: Deadline | None = None, stats: Stats | None = None) -> Backbone:
    """:func:`backbone_in` on a new session holding ``model``."""
    with open_session(model, solver, stats) as session:
        return backbone_in(session, list(model.projection), refine=model.refine,
                           deadline=deadline)


def count_in(session: SatSession, projection: Sequence[int], *, limit: int = 2,
             assumptions: Sequence[int] = (), refine: Refine | None = None,
             deadline: Deadline | None = None) -> Enumeration:
    """Up to ``limit`` distinct solutions under ``assumptions``, leaving the session as
    it was: the clauses that block the solutions found are switched, and switched off
    after. ``limit=2`` decides "exactly one" (a fix, a change that must leave one
    solution).

    >>> with open_session(CnfModel(2, [1, 2], [[[1, 2]]])) as session:
    ...     len(count_in(session, [1, 2], limit=5).solutions), \\
    ...     len(count_in(session, [1, 2], assumptions=[-1]).solutions)
    (3, 1)
    """
    switch = session.fresh()
    found = enumerate_in(session, list(projection), limit=limit,
                         assumptions=list(assumptions), deadline=deadline, refine=refine,
                         switch=switch)
    _retire(session, switch)
    return found


@dataclass
class Core:
    """Assumptions that cannot all hold (status ``UNSOLVABLE``), or a solution showing
    that they can (``SOLVED``, ``solution`` its projection values), or ``UNKNOWN``.

    ``literals`` are the core, in the order the assumptions were given; ``minimal``
    says every proper subset of them was shown to have a solution (false when the
    shrinking budget ran out first: the core still holds, it may be smaller).
    """

    status: Status
    literals: list[int] = field(default_factory=list)
    minimal: bool = False
    solution: Values | None = None
    calls: int = 0


def core_in(session: SatSession, projection: Sequence[int], assumptions: Sequence[int], *,
            keep: Sequence[int] = (), refine: Refine | None = None,
            deadline: Deadline | None = None, shrink: float | None = 1.0) -> Core:
    """Whether ``assumptions`` (with ``keep``, assumed always and never part of the
    core) can all hold; when not, a core of them, shrunk to a minimal one within
    ``shrink`` seconds (``None``: as long as the deadline allows; ``0``: not at all).

    >>> # selectors 3, 4, 5 switch on: x1, not x1, x2
    >>> model = CnfModel(5, [1, 2], [[[1, -3], [-1, -4], [2, -5]]])
    >>> with open_session(model) as session:
    ...     found = core_in(session, [1, 2], [3, 4, 5])
    >>> found.status.value, found.literals, found.minimal
    ('unsolvable', [3, 4], True)
    """
    projection, order = list(projection), list(assumptions)
    out = Core(Status.UNKNOWN)
    first = solve_in(session, projection, assumptions=[*keep, *order], deadline=deadline,
                     refine=refine)
    out.calls += 1
    if first is None:
        return out
    if first is not False:
        assert isinstance(first, tuple)
        out.status, out.solution = Status.SOLVED, first
        return out
    out.status = Status.UNSOLVABLE
    core = _in_order(order, session.core())
    budget = (deadline or Deadline(None)).within(shrink)
    index = 0
    while index < len(core):
        step("clues in conflict: each tested", index, len(core))
        if budget.expired():
            out.literals = core
            return out
        trial = core[:index] + core[index + 1:]
        found = _holds(session, projection, [*keep, *trial], refine, budget)
        out.calls += 1
        if found is None:
            out.literals = core
            return out
        if found is False:
            core = _in_order(trial, session.core())  # core[index] was not needed
        else:
            index += 1  # needed here, so needed in every subset of this core too
    out.literals, out.minimal = core, True
    return out


def _in_order(order: list[int], chosen: list[int]) -> list[int]:
    wanted = set(chosen)
    return [lit for lit in order if lit in wanted]


@dataclass
class Redundancy:
    """Which hints the one solution rests on (:func:`redundant_in`).

    ``unique`` is whether the model with every hint has exactly one solution (``None``
    when not decided); ``redundant`` are the hints (indices into the selectors) that
    can each be removed alone with the solution still the only one; ``needed`` those
    whose removal lets another solution in; ``open`` those not decided when the
    deadline came.
    """

    status: Status
    unique: bool | None = None
    redundant: list[int] = field(default_factory=list)
    needed: list[int] = field(default_factory=list)
    open: list[int] = field(default_factory=list)
    calls: int = 0


def _unique_with(session: SatSession, projection: list[int], selectors: list[int],
                 solution: Values, keep: Sequence[int], refine: Refine | None,
                 deadline: Deadline | None) -> tuple[bool | None, int, list[int]]:
    """Whether ``solution`` is the only solution with these hints on; the switch of the
    clause blocking ``solution`` (retire it when done) and the core of the proof."""
    block = _switched(session, _flips(projection, solution, range(len(projection))))
    found = _holds(session, projection, [*keep, block, *selectors], refine, deadline)
    if found is None:
        return None, block, []
    return not found, block, session.core() if not found else []


def redundant_in(session: SatSession, projection: Sequence[int], selectors: Sequence[int],
                 solution: Values, *, keep: Sequence[int] = (), refine: Refine | None = None,
                 deadline: Deadline | None = None) -> Redundancy:
    """The hints (selectors, one per hint) whose removal alone leaves ``solution`` the
    only solution. First proves that it is the only one with every hint on.

    >>> # x1 or x2; hint 0 (selector 3): x1; hint 1 (selector 4): not x2
    >>> model = CnfModel(4, [1, 2], [[[1, 2], [1, -3], [-2, -4]]])
    >>> with open_session(model) as session:
    ...     found = redundant_in(session, [1, 2], [3, 4], (True, False))
    >>> found.unique, found.redundant, found.needed
    (True, [0], [1])
    """
    projection, selectors = list(projection), list(selectors)
    out = Redundancy(Status.UNKNOWN)
    unique, block, core = _unique_with(session, projection, selectors, solution, keep,
                                       refine, deadline)
    out.calls += 1
    if unique is None:
        _retire(session, block)
        out.open = list(range(len(selectors)))
        return out
    out.unique = unique
    if not unique:
        _retire(session, block)
        out.status = Status.SOLVED
        return out
    # Hints outside the proof's core can each go: the core still holds without them.
    used = set(core)
    redundant = {i for i, s in enumerate(selectors) if s not in used}
    needed: set[int] = set()
    for i in range(len(selectors)):
        step("redundant clues: each tried", i, len(selectors))
        if i in redundant or i in needed:
            continue
        others = [s for j, s in enumerate(selectors) if j != i]
        found = _holds(session, projection, [*keep, block, *others], refine, deadline)
        out.calls += 1
        if found is None:
            out.open = [j for j in range(len(selectors))
                        if j not in redundant and j not in needed]
            break
        if not found:
            redundant.add(i)
            used = set(session.core())
            redundant.update(j for j, s in enumerate(selectors) if j != i and s not in used)
        else:
            needed.add(i)
    else:
        out.status = Status.SOLVED
    _retire(session, block)
    out.redundant, out.needed = sorted(redundant), sorted(needed)
    return out


@dataclass
class Minimal:
    """A set of hints that keeps the solution unique (:func:`minimal_in`): ``kept``
    (indices into the selectors, in the order tried), ``removed`` the rest.
    ``minimal`` says no single kept hint can go (false when the deadline came first,
    or when ``undecided`` names hints kept because the question whether they could
    go ran out of patience: ``kept`` still makes the solution unique). ``unique`` is
    whether the model with every hint has exactly one solution; without it nothing
    is removed."""

    status: Status
    unique: bool | None = None
    kept: list[int] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    minimal: bool = False
    calls: int = 0
    undecided: list[int] = field(default_factory=list)


def minimal_in(session: SatSession, projection: Sequence[int], selectors: Sequence[int],
               solution: Values, *, order: Sequence[int] | None = None,
               keep: Sequence[int] = (), refine: Refine | None = None,
               deadline: Deadline | None = None, patience: int | None = None) -> Minimal:
    """Hints to keep so that ``solution`` stays the only solution, none of them
    removable alone: each hint, in ``order`` (default: as given), is dropped when the
    solution stays unique without it; each proof's core drops every hint it did not
    use at once. A hint kept was needed by a superset of the final set, so it is
    needed by the final set too (fewer hints, more solutions). With ``patience``,
    a hint whose question takes more than that many rounds of the lazy rules is kept
    undecided (generators: a board with a clue more, not one question without end).

    >>> # hints: x1 (selector 3), x1 again (4), not x2 (5)
    >>> model = CnfModel(5, [1, 2], [[[1, -3], [1, -4], [-2, -5]]])
    >>> with open_session(model) as session:
    ...     found = minimal_in(session, [1, 2], [3, 4, 5], (True, False))
    >>> len(found.kept), 2 in found.kept, found.minimal  # one x1 and the not x2
    (2, True, True)
    """
    projection, selectors = list(projection), list(selectors)
    order = list(order) if order is not None else list(range(len(selectors)))
    out = Minimal(Status.UNKNOWN)
    unique, block, core = _unique_with(session, projection, selectors, solution, keep,
                                       refine, deadline)
    out.calls += 1
    if unique is None or not unique:
        _retire(session, block)
        out.unique = unique
        out.kept = order
        out.status = Status.SOLVED if unique is False else Status.UNKNOWN
        return out
    out.unique = True
    used = set(core)
    kept = [i for i in order if selectors[i] in used]
    tried = list(kept)
    for position, i in enumerate(tried):
        step("clues taken away: each tried", position, len(tried))
        if i not in kept:
            continue
        trial = [j for j in kept if j != i]
        found = _holds(session, projection, [*keep, block, *(selectors[j] for j in trial)],
                       refine, deadline, patience)
        out.calls += 1
        if found is None and patience is not None and not (deadline and deadline.expired()):
            out.undecided.append(i)
            continue
        if found is None:
            break
        if not found:
            used = set(session.core())
            kept = [j for j in trial if selectors[j] in used]
    else:
        out.minimal = not out.undecided
        out.status = Status.SOLVED
    _retire(session, block)
    out.kept = kept
    out.removed = [i for i in order if i not in set(kept)]
    return out
