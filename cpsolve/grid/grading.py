"""How hard a grid puzzle is, from its rules alone: the depth of reasoning the rules
need to decide every answer variable (a cell's state, an edge of a loop). The kit's
grade for every family without human rules of its own (Akari keeps its own).

The levels, each sound (it records only what every solution has), on the clue model
(:func:`cpsolve.grid.hints.clue_model`, every clue on):

``easy``
    *Propagation*: unit propagation over the rules' clauses, with the global rules'
    partial checks (``CnfModel.partial``: "these decided cells are already cut off
    from the others", "this edge would close a loop too early") adding the clauses
    they find, to a fixpoint. What a person sees at once from the clues.
``tricky``
    Also *one level of trial* (failed-literal probing): a variable given a value and
    followed through the propagation; when that breaks a rule, it takes the other
    value. Repeated until nothing more follows.
``hard``
    Also *trials within trials*: a value followed through the tricky level, trials
    included.
``search``
    None of these decides every variable: a person must guess and backtrack.

A board is graded by the weakest level that decides every variable, the cheaper
levels tried first. Deciding every variable proves the board unique (the reasoning is
sound), and the answer decided passes the family's checker before a grade is given;
a board with no solution or several has no grade. ``deductions`` counts the
variables decided at each level: ``basic``, ``trial``, ``deep``.

The engine is one python-sat solver used only for ``propagate`` (no search): its
root-level units are guarded by one assumed variable, since propagation does not
report what is fixed at the root.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from cpsolve.backends.sat import CnfModel
from cpsolve.limits import Deadline, TimeUp
from cpsolve.progress import step

if TYPE_CHECKING:
    from cpsolve.grid.puzzle import GridPuzzle

GRADES = ("easy", "tricky", "hard", "search")
LEVELS = {name: level for level, name in enumerate(GRADES)}
KINDS = ("basic", "trial", "deep")  # the deductions of each level, as JSON counts them
PROPAGATOR = "glucose4"
CHECK_EVERY = 64  # probes between two looks at the clock


class Prober:
    """Propagation and failed-literal probing to any depth on one solver.

    >>> # x1 or x2; x1 -> x3; x2 -> x3; x3 -> x4: x3 and x4 follow from a trial of each
    >>> prober = Prober(CnfModel(4, [1, 2, 3, 4], [[[1, 2], [-1, 3], [-2, 3], [-3, 4]]]))
    >>> sorted(prober.decide(0, [])), sorted(prober.decide(1, []))
    ([], [3, 4])
    """

    def __init__(self, model: CnfModel, deadline: Deadline | None = None) -> None:
        from pysat.solvers import Solver

        self.solver = Solver(name=PROPAGATOR)
        self.root = model.nvars + 1  # assumed always: guards the units
        # Assumed too: guards the clauses the partial checks add, which :meth:`forget`
        # retires (each later one a variable more).
        self.epoch = model.nvars + 2
        self.projection = list(model.projection)
        self.partial = model.partial
        self.size = model.nvars + 1
        self.deadline = deadline or Deadline(None)
        self.probes = 0
        for group in model.groups:
            self._add(group.tolist() if isinstance(group, np.ndarray) else group)

    def _add(self, clauses: Sequence[Sequence[int]]) -> None:
        for clause in clauses:
            self.solver.add_clause([*clause, -self.root] if len(clause) == 1 else clause)

    def _learn(self, cuts: Sequence[Sequence[int]]) -> None:
        for clause in cuts:
            self.solver.add_clause([*clause, -self.epoch])

    def forget(self) -> None:
        """Drop the clauses the partial checks added: the next questions are answered
        as on a fresh prober (a board's grade does not depend on the boards asked
        about before it)."""
        self.solver.add_clause([-self.epoch])
        self.epoch += 1

    def close(self) -> None:
        self.solver.delete()

    def __enter__(self) -> Prober:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def closure(self, assumed: Sequence[int]) -> list[int] | None:
        """Everything propagation gives under ``assumed`` (the literals set, ``assumed``
        included), with the partial checks' clauses; ``None`` on a contradiction."""
        while True:
            ok, found = self.solver.propagate(assumptions=[self.root, self.epoch, *assumed])
            if not ok:
                return None
            lits = [lit for lit in found if abs(lit) < self.size]  # root and epoch out
            if self.partial is None:
                return lits
            values = np.full(self.size, -1, dtype=np.int8)
            chosen = np.asarray(lits, dtype=np.int64)
            chosen = chosen[np.abs(chosen) < self.size]
            values[np.abs(chosen)] = chosen > 0
            cuts = self.partial(values)
            if not cuts:
                return lits
            self._learn(cuts)
            ok, again = self.solver.propagate(assumptions=[self.root, self.epoch, *assumed])
            if not ok:
                return None
            if len(again) == len(found):
                return lits  # the cuts said nothing new here

    def _tick(self) -> None:
        self.probes += 1
        if self.probes % CHECK_EVERY == 0 and self.deadline.expired():
            raise TimeUp("time limit reached while grading")

    def decide(self, level: int, assumed: Sequence[int]) -> list[int] | None:
        """The literals the reasoning of ``level`` (0: propagation, 1: trials, 2: trials
        within trials) sets under ``assumed``; ``None`` when it finds a contradiction.
        A :class:`TimeUp` when the deadline passes."""
        # The cheaper reasoning goes first, and again after each literal learnt, so the
        # costly trials of this level run only where it is stuck.
        return self._decide(level, assumed, outer=True)

    def _decide(self, level: int, assumed: Sequence[int], outer: bool) -> list[int] | None:
        """:meth:`decide`; the ``outer`` call (not those within its trials) reports its
        step (:func:`cpsolve.progress.step`)."""
        lits = (self.closure(assumed) if level == 0
                else self._decide(level - 1, assumed, outer=False))
        if lits is None or level == 0:
            return lits
        derived = list(assumed)
        progress = True
        while progress:
            progress = False
            known = set(lits)
            # A literal that a trial without contradiction set is dominated: its own
            # trial sets less (the reasoning is monotone), so it cannot fail either.
            dominated: set[int] = set()
            # (counted only where reported: the trials within trials are many)
            decided = (sum(var in known or -var in known for var in self.projection)
                       if outer else 0)
            for var in self.projection:
                if var in known or -var in known:
                    continue
                if outer:
                    step(f"grading, {GRADES[level]}: cells decided", decided,
                         len(self.projection))
                for lit in (var, -var):
                    if lit in dominated:
                        continue
                    self._tick()
                    tried = self._decide(level - 1, [*derived, lit], outer=False)
                    if tried is not None:
                        dominated.update(tried)
                        continue
                    derived.append(-lit)
                    found = self._decide(level - 1, derived, outer=False)
                    if found is None:
                        return None
                    lits, known, progress = found, set(found), True
                    break
        return lits

    def undecided(self, lits: Sequence[int]) -> list[int]:
        """The indices of the projection variables ``lits`` leaves open."""
        known = {abs(lit) for lit in lits}
        return [i for i, var in enumerate(self.projection) if var not in known]

    def values(self, lits: Sequence[int]) -> tuple[bool, ...]:
        """The projection's values in ``lits`` (every one decided)."""
        on = set(lits)
        return tuple(var in on for var in self.projection)


@dataclass
class Graded:
    """A grade: ``name`` (``None`` when the board has no grade: not unique, no
    solution, or the deadline came first, ``timed_out``), the variables decided by
    each kind of deduction (``counts``), the answer the deductions decided
    (``answer``), and at the level asked of :func:`decided`, the projection indices
    left ``open``."""

    name: str | None
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    answer: Any = None
    timed_out: bool = False
    open: list[int] = field(default_factory=list)
    contradiction: bool = False
    unit: str = "cells"


def grade_model(model: CnfModel, assumptions: Sequence[int] = (), *, top: int = 2,
                deadline: Deadline | None = None) -> tuple[Graded, tuple[bool, ...] | None]:
    """The grade of a model whose ``assumptions`` switch its clues on, by the levels
    up to ``top`` (2: hard): the grade without the answer, and the projection values
    decided (``None`` unless every one was)."""
    out = Graded(None)
    with Prober(model, deadline) as prober:
        done = 0
        try:
            for level in range(top + 1):
                lits = prober.decide(level, assumptions)
                if lits is None:
                    out.contradiction = True
                    return out, None
                decided = len(prober.projection) - len(prober.undecided(lits))
                out.counts[KINDS[level]] = decided - done
                done = decided
                out.open = prober.undecided(lits)
                if not out.open:
                    out.name = GRADES[level]
                    return out, prober.values(lits)
        except TimeUp:
            out.timed_out = True
            return out, None
    out.name = GRADES[-1] if top >= len(GRADES) - 2 else None
    return out, None


def grade(puzzle: GridPuzzle[Any, Any], board: Any, deadline: Deadline | None = None, *,
          top: int = 2) -> Graded:
    """The kit's grade of ``board`` (see the module docstring), its answer checked by
    the family's checker. ``top`` is the strongest level tried (the generator asks
    less of a board meant to be easier).

    >>> from cpsolve.models.heyawake import HEYAWAKE, parse
    >>> found = grade(HEYAWAKE, parse("https://puzz.link/p?heyawake/6/6/lll155007rs12222j"))
    >>> found.name, sum(found.counts.values())
    ('tricky', 36)
    """
    from cpsolve.grid.hints import clue_model

    try:
        clued = clue_model(puzzle.require_hints(), board, deadline=deadline)
    except TimeUp:  # the limit passed while the model was built: no grade, cut short
        return Graded(None, timed_out=True, unit=puzzle.require_hints().unit)
    found, values = grade_model(clued.model, clued.selectors, top=top, deadline=deadline)
    found.unit = puzzle.require_hints().unit
    if values is not None:
        found.answer = puzzle.prepare(board, False).decode(values)
        errors = puzzle.check(board, found.answer)
        if errors:
            # The deductions decided every answer variable, helpers left open: every
            # solution has these values, so when the solver finds none with them the
            # board has no solution; one it finds that breaks a rule is a fault here.
            from cpsolve.grid.uniqueness import count_in, open_session

            lits = [v if on else -v for v, on in zip(clued.projection, values)]
            with open_session(clued.model) as session:
                counted = count_in(session, clued.projection, limit=1,
                                   assumptions=[*clued.selectors, *lits],
                                   refine=clued.model.refine, deadline=deadline)
            if counted.timed_out:
                return Graded(None, found.counts, timed_out=True, unit=found.unit)
            if counted.solutions:
                raise RuntimeError("the grading deductions decided an answer that breaks "
                                   "a rule: " + "; ".join(errors[:3]))
            return Graded(None, found.counts, contradiction=True, unit=found.unit)
    return found


class ProbingGrader:
    """The kit's grader of a family (see the module docstring), as the setter's
    ``--grade`` and the generator ask it: a family with human rules of its own gives
    an object with the same methods instead (``GridPuzzle.grader``)."""

    grades = GRADES
    mend_level: int | None = None  # without a grade, mend where a second solution differs

    def __init__(self, puzzle: GridPuzzle[Any, Any]) -> None:
        self.puzzle = puzzle

    def grade(self, board: Any, deadline: Deadline | None = None) -> Graded:
        """The grade of ``board``, its answer checked."""
        return grade(self.puzzle, board, deadline)

    def open_cells(self, board: Any, level: int, deadline: Deadline | None = None
                   ) -> set[tuple[int, int]] | None:
        """The cells the reasoning of ``level`` leaves open on ``board`` (empty: it
        decides every one); ``None`` when the deadline came first."""
        from cpsolve.grid.hints import cells_of

        found = grade(self.puzzle, board, deadline, top=level)
        if found.timed_out:
            return None
        if found.contradiction:
            raise RuntimeError("the grading deductions refute a board laid out around an "
                               "answer")
        if not found.open:
            return set()
        decode = self.puzzle.prepare(board, False).decode
        nothing = (False,) * (len(found.open) + sum(found.counts.values()))
        return cells_of(self.puzzle.show, decode, board, nothing, found.open)

    def fewest(self, board: Any, answer: Any, level: int | None, order: Sequence[int],
               groups: Sequence[Sequence[int]], keep: Sequence[int],
               deadline: Deadline, patience: int | None = None) -> Any:
        """``board`` with clues taken away in ``order`` (``groups`` together, ``keep``
        kept) while the reasoning of ``level`` still decides every cell (``None``:
        while ``answer`` stays unique, a clue whose question outlasts ``patience``
        rounds of the lazy rules kept)."""
        from cpsolve.grid.hints import clue_model
        from cpsolve.grid.setter import fewest_for_uniqueness

        if level is None:
            return fewest_for_uniqueness(self.puzzle, board, answer, order, groups, keep,
                                         deadline, patience)
        from cpsolve.grid.uniqueness import count_in, open_session

        clued = clue_model(self.puzzle.require_hints(), board, deadline=deadline)
        group_of = {i: k for k, members in enumerate(groups) for i in members}
        ranked = list(dict.fromkeys(group_of[i] for i in order))
        held = set(keep)
        on = set(range(len(clued.clues)))
        with Prober(clued.model, deadline) as prober, open_session(clued.model) as session:
            for position, k in enumerate(ranked):
                step("clues taken away: each tried", position, len(ranked))
                members = set(groups[k])
                if members & held:
                    continue
                trial = on - members
                assumed = [clued.selectors[i] for i in sorted(trial)]
                # A removal that lets a second solution in cannot leave the board
                # decided: the solver says so in milliseconds, before any trials.
                counted = count_in(session, clued.projection, assumptions=assumed,
                                   refine=clued.model.refine, deadline=deadline)
                if counted.timed_out:
                    raise TimeUp("time limit reached while clues were taken away")
                if len(counted.solutions) > 1:
                    continue
                prober.forget()  # as the final board's grade will start
                lits = prober.decide(level, assumed)
                if lits is not None and not prober.undecided(lits):
                    on = trial
        gone = [clue for i, clue in enumerate(clued.clues) if i not in on]
        return self.puzzle.require_hints().without(board, gone)


def grader_of(puzzle: GridPuzzle[Any, Any]) -> Any:
    """The family's own grader (``GridPuzzle.grader`` makes it), else the kit's
    (:class:`ProbingGrader`)."""
    return puzzle.grader() if puzzle.grader is not None else ProbingGrader(puzzle)
