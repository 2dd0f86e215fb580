"""How hard a grid puzzle is: the grade of the hardest kind of step its solve needs, as
the hints make the steps (:mod:`cpsolve.grid.steps`), found without making them; the
kit's grade for every genre without human rules of its own (Akari keeps its own). The
levels, each sound (it records only what every answer has):

``gentle``
    One clue or one rule of the genre at a time decides every cell, each reading the
    cells decided before it (unit propagation over that clue's or rule's clauses,
    with a global rule's partial checks: "these decided cells are already cut off
    from the others").
``moderate``
    Chains: the clues and rules together, by propagation, decide what no single one
    does.
``tough``
    A trial: a cell given the other value, the clues and rules reach a contradiction.
``diabolical``
    None of these decides every cell: a person must look further (the steps take a
    search step, the answer proven unique).

Deciding every cell proves the board unique (the reasoning is sound); a board with no
solution or several has no grade. ``counts`` says how many answer variables each kind
of step decided (``rule``, ``chain``, ``trial``, ``search``).

The generator makes a board of a grade by the same reasoning, the steps' engine's, from
its clues alone (the board may not be unique yet: :meth:`StepGrader.open_cells`,
:meth:`cpsolve.grid.steps.Stepper.decide`): ``gentle`` one clue or rule at a time,
``moderate`` chains, ``tough`` trials; a ``diabolical`` board it makes is one that
*trials within trials* decide (:class:`Prober`, on the clue model with the rules a genre
gives its solvers), so that a person can finish it without guessing.

The :class:`Prober` is one python-sat solver used only for ``propagate`` (no search): its
root-level units are guarded by one assumed variable, since propagation does not report
what is fixed at the root.
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

GRADES = ("gentle", "moderate", "tough", "diabolical")
STEPPED = 3  # the levels the steps' own reasoning decides for the generator
DEEP = 2  # the Prober's depth a diabolical board is made by: trials within trials
DEPTHS = ("propagation", "trials", "trials within trials")  # the Prober's levels
# What each kind of step or deduction decided, as the report says it (the kit's grade
# counts the steps' kinds; Akari's own grader its deductions).
COUNTED = {"rule": "one clue or rule at a time", "chain": "chains", "trial": "trials",
           "search": "search", "basic": "the basic rules", "deep": "nested trials"}
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
                    step(f"reasoning by {DEPTHS[level]}: cells decided", decided,
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
    solution, or the deadline came first, ``timed_out``), the answer variables each
    kind of step or deduction decided (``counts``), the answer they decided
    (``answer``), and the projection indices a level's reasoning left ``open``."""

    name: str | None
    counts: dict[str, int] = field(default_factory=dict)
    answer: Any = None
    timed_out: bool = False
    open: list[int] = field(default_factory=list)
    contradiction: bool = False
    unit: str = "cells"


def decided_by(model: CnfModel, depth: int, assumptions: Sequence[int] = (),
               deadline: Deadline | None = None) -> Graded:
    """What the :class:`Prober`'s reasoning of ``depth`` (0: propagation, 1: trials,
    2: trials within trials) leaves ``open`` on a model whose ``assumptions`` switch
    its clues on (``contradiction`` when it refutes them); no grade is named."""
    out = Graded(None)
    with Prober(model, deadline) as prober:
        try:
            lits = prober.decide(depth, assumptions)
        except TimeUp:
            out.timed_out = True
            return out
        if lits is None:
            out.contradiction = True
        else:
            out.open = prober.undecided(lits)
    return out


def grade(puzzle: GridPuzzle[Any, Any], board: Any, deadline: Deadline | None = None
          ) -> Graded:
    """The kit's grade of ``board`` (see the module docstring): the hardest kind of
    step its solve needs, its answer found and proven unique first and every value
    decided checked against it.

    >>> from cpsolve.models.heyawake import HEYAWAKE, parse
    >>> found = grade(HEYAWAKE, parse("https://puzz.link/p?heyawake/6/6/lll155007rs12222j"))
    >>> found.name, found.counts
    ('tough', {'rule': 0, 'chain': 0, 'trial': 36, 'search': 0})
    """
    from cpsolve.grid.steps import NotUnique, Stepper

    unit = puzzle.require_hints().unit
    try:
        with Stepper(puzzle, board, deadline) as stepper:
            name, counts = stepper.grade()
            return Graded(name, counts, stepper.answer, unit=unit)
    except NotUnique as refused:
        return Graded(None, contradiction="no answer" in str(refused), unit=unit)
    except TimeUp:
        return Graded(None, timed_out=True, unit=unit)


class StepGrader:
    """The kit's grader of a family (see the module docstring), as the setter's
    ``--grade`` and the generator ask it: a family with human rules of its own gives
    an object with the same methods instead (``GridPuzzle.grader``). ``grades`` are
    its levels, easiest first; ``targets`` those the generator makes to order."""

    grades = GRADES
    targets = GRADES
    mend_level: int | None = None  # without a grade, mend where a second solution differs

    def __init__(self, puzzle: GridPuzzle[Any, Any]) -> None:
        self.puzzle = puzzle

    def grade(self, board: Any, deadline: Deadline | None = None) -> Graded:
        """The grade of ``board``, its answer checked."""
        return grade(self.puzzle, board, deadline)

    def open_cells(self, board: Any, level: int, deadline: Deadline | None = None
                   ) -> set[tuple[int, int]] | None:
        """The cells the reasoning of ``level`` leaves open on ``board`` (empty: it
        decides every one; the board need not be unique); ``None`` when the deadline
        came first."""
        from cpsolve.grid.hints import cells_of, clue_model

        try:
            if level < STEPPED:
                with self._engine(board, deadline) as stepper:
                    known = stepper.decide(level)
                    if known is None:
                        raise RuntimeError("the grade's reasoning refutes a board laid out "
                                           "around an answer")
                    open_ = [i for i, var in enumerate(stepper.projection)
                             if var not in known and -var not in known]
                    size = len(stepper.projection)
            else:
                clued = clue_model(self.puzzle.require_hints(), board, deadline=deadline)
                found = decided_by(clued.model, DEEP, clued.selectors, deadline)
                if found.timed_out:
                    return None
                if found.contradiction:
                    raise RuntimeError("the grading deductions refute a board laid out "
                                       "around an answer")
                open_, size = found.open, len(clued.projection)
        except TimeUp:
            return None
        if not open_:
            return set()
        decode = self.puzzle.prepare(board, False).decode
        return cells_of(self.puzzle.show, decode, board, (False,) * size, open_)

    def _engine(self, board: Any, deadline: Deadline | None) -> Any:
        from cpsolve.grid.steps import Stepper

        return Stepper(self.puzzle, board, deadline, answer=False)

    def fewest(self, board: Any, answer: Any, level: int | None, order: Sequence[int],
               groups: Sequence[Sequence[int]], keep: Sequence[int],
               deadline: Deadline, patience: int | None = None) -> Any:
        """``board`` with clues taken away in ``order`` (``groups`` together, ``keep``
        kept) while the reasoning of ``level`` still decides every cell (``None``:
        while ``answer`` stays unique, a clue whose question outlasts ``patience``
        rounds of the lazy rules kept)."""
        from cpsolve.grid.setter import fewest_for_uniqueness

        if level is None:
            return fewest_for_uniqueness(self.puzzle, board, answer, order, groups, keep,
                                         deadline, patience)
        if level < STEPPED:
            return self._fewest_stepped(board, level, order, groups, keep, deadline)
        return self._fewest_probing(board, DEEP, order, groups, keep, deadline)

    def _fewest_stepped(self, board: Any, level: int, order: Sequence[int],
                        groups: Sequence[Sequence[int]], keep: Sequence[int],
                        deadline: Deadline) -> Any:
        """:meth:`fewest` at a level the steps' reasoning decides: each removal kept
        while it still decides every cell."""
        hints = self.puzzle.require_hints()
        clues = hints.clues(board)
        with self._engine(board, deadline) as stepper:
            selector = {g.key[1]: g.selector for g in stepper.groups if g.is_clue}
            rules = [g.selector for g in stepper.groups if not g.is_clue]
            total = len(stepper.projection)

            def decides(on: set[int]) -> bool:
                chosen = [selector[clues[i].key] for i in sorted(on) if clues[i].key in selector]
                known = stepper.decide(level, [*rules, *chosen])
                return known is not None and len(known) == total

            on = self._removed(clues, order, groups, keep, decides)
        return hints.without(board, [clue for i, clue in enumerate(clues) if i not in on])

    @staticmethod
    def _removed(clues: Sequence[Any], order: Sequence[int], groups: Sequence[Sequence[int]],
                 keep: Sequence[int], decides: Any) -> set[int]:
        """The clues left on once each group is taken away in ``order`` where
        ``decides`` still holds without it."""
        group_of = {i: k for k, members in enumerate(groups) for i in members}
        ranked = list(dict.fromkeys(group_of[i] for i in order))
        held = set(keep)
        on = set(range(len(clues)))
        for position, k in enumerate(ranked):
            step("clues taken away: each tried", position, len(ranked))
            members = set(groups[k])
            if members & held:
                continue
            trial = on - members
            if decides(trial):
                on = trial
        return on

    def _fewest_probing(self, board: Any, depth: int, order: Sequence[int],
                        groups: Sequence[Sequence[int]], keep: Sequence[int],
                        deadline: Deadline) -> Any:
        """:meth:`fewest` at a level the :class:`Prober` decides (``depth``)."""
        from cpsolve.grid.hints import clue_model
        from cpsolve.grid.uniqueness import count_in, open_session

        clued = clue_model(self.puzzle.require_hints(), board, deadline=deadline)
        with Prober(clued.model, deadline) as prober, open_session(clued.model) as session:

            def decides(on: set[int]) -> bool:
                assumed = [clued.selectors[i] for i in sorted(on)]
                # A removal that lets a second solution in cannot leave the board
                # decided: the solver says so in milliseconds, before any trials.
                counted = count_in(session, clued.projection, assumptions=assumed,
                                   refine=clued.model.refine, deadline=deadline)
                if counted.timed_out:
                    raise TimeUp("time limit reached while clues were taken away")
                if len(counted.solutions) > 1:
                    return False
                prober.forget()  # as the final board's grade will start
                lits = prober.decide(depth, assumed)
                return lits is not None and not prober.undecided(lits)

            on = self._removed(clued.clues, order, groups, keep, decides)
        gone = [clue for i, clue in enumerate(clued.clues) if i not in on]
        return self.puzzle.require_hints().without(board, gone)


def grader_of(puzzle: GridPuzzle[Any, Any]) -> Any:
    """The family's own grader (``GridPuzzle.grader`` makes it), else the kit's
    (:class:`StepGrader`)."""
    return puzzle.grader() if puzzle.grader is not None else StepGrader(puzzle)
