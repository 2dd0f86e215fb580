"""Hints: the next step a person would take on a board, named by the rule it uses.

A genre's rules, stated once (:class:`~cpsolve.grid.rules.Statement`), are what the
steps name: every item of its model belongs to a *group*, one clue (``the number 2 at
row 3, column 4``) or one rule of the genre (``no two shaded cells side by side``, the
name it is stated under, :meth:`~cpsolve.grid.rules.model.Model.rule`). The model is
compiled to SAT with every group's clauses guarded by a selector of its own, so one
incremental solver reasons with any set of groups switched on, from any set of cells
already decided (the player's progress, the steps before).

The steps, easiest first (:data:`KINDS`):

``rule``
    One clue or one rule alone, with cells already decided, decides more: *the 0 at
    r2c2 leaves r1c2, r2c1, ... empty*; *no two shaded cells side by side: since r3c4
    is shaded, r3c5 is not*. Among all of them, the one that reads the fewest
    decided cells.
``chain``
    Several clues and rules together, by propagation: each link is one of them.
``trial``
    One trial: if a cell took the other value, the clues and rules would follow
    from it to a contradiction (a rule that can no longer hold); so it takes this
    one. The trial with the shortest chain goes first.
``search``
    Nothing shorter decides a cell: the answer (proven unique by search) gives one.

A board's grade from its steps (:data:`GRADES`) is the hardest kind of step its solve
needs (a step's quiet ones included): ``gentle`` (one clue or rule at a time),
``moderate`` (chains), ``tough`` (a trial), ``diabolical`` (a search), with how many steps
of each kind. :meth:`Stepper.grade` finds it without making the steps; it is the grade
``--grade`` gives (:mod:`cpsolve.grid.grading`).

Every step is sound: what it decides follows from the rules, the clues and the cells
it reads (by unit propagation over their clauses, with the global rules' partial
checks; a ``search`` step, by a proof of uniqueness), and what it names is a minimal
set of those: each named group and cell is needed. The lazy global rules (one
connected area, one loop) take part through their partial checks, whose clauses
follow from the rule alone.

A board that is not unique has no hints (a person's next step presumes one answer);
progress that contradicts the answer has its wrong marks named first.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from cpsolve.grid.rules.model import Item, Tag
from cpsolve.grid.rules.sat import SatOut, Selection, compile_into
from cpsolve.grid.techniques import Seen, named
from cpsolve.limits import Deadline, TimeUp, building

if TYPE_CHECKING:
    from cpsolve.grid.hints import Clue
    from cpsolve.grid.puzzle import GridPuzzle

KINDS = ("rule", "chain", "trial", "search")
# A board's grade by the hardest step its solve needs (``--steps``): one clue or rule at
# a time; chains of them; a trial; a search.
GRADES = {"rule": "gentle", "chain": "moderate", "trial": "tough", "search": "diabolical"}
RULES = "the rules of {}"  # a rule stated without a name of its own (the genre's)
PROPAGATOR = "glucose4"
CHAINS = 12  # propagated literals explained, at most, to find the shortest chain
TRIALS = 8  # failed trials compared, at most, to find the shortest
# In a genre of numbers, where most trials rule out one number of a cell, more are
# kept for the next steps (Fillomino's 10x10s: a third less time than with 8).
NUMBER_TRIALS = 32
ONE_BY_ONE = 16  # groups a step's reasons are cut down from one at a time
SHOWN = 6  # cells a sentence lists before it says "and N more"

# How a sentence says a variable's value, by its layer's name: (true, false).
WORDS: dict[str, tuple[str, str]] = {
    "shaded": ("{} is shaded", "{} is unshaded"),
    "light": ("{} has a light", "{} has no light"),
    "star": ("{} has a star", "{} has no star"),
    "tent": ("{} has a tent", "{} has no tent"),
    "edge": ("{} is on the line", "{} is off the line"),
    "holds": ("{} holds {}", "{} does not hold {}"),
    # Double Choco: a cell holds its half's size, the number a clue there would show.
    "half": ("{} holds {}", "{} does not hold {}"),
    "slash": ("{} is /", "{} is \\"),
    "passed": ("the line passes {}", "the line does not pass {}"),
    # Sashigane's and Shikaku's pairs of neighbours: in one L (rectangle), or two.
    "join": ("{} are joined", "{} are apart"),
}


@dataclass(frozen=True)
class Group:
    """A clue or a rule of the genre, as a step names it: ``text`` in words, the
    ``clue`` (``None`` for a rule) and its ``selector`` in the engine's solver."""

    key: tuple[str, Hashable]
    text: str
    selector: int
    clue: Clue | None = None

    @property
    def is_clue(self) -> bool:
        return self.clue is not None


@dataclass
class Step:
    """One step: its ``kind`` (:data:`KINDS`, or ``wrong`` for a mark of the progress
    that no answer has), the projection literals it ``decided``, the clues and rules it
    uses (``groups``), the decided literals it reads (``given``); for a trial, the
    literal ``tried``, the literals it led to (``chain``) and the group that could no
    longer hold (``broken``), and what the others make of the trial without it
    (``reached``); and the ``sentence`` that says it."""

    kind: str
    decided: list[int]
    groups: list[Group] = field(default_factory=list)
    given: list[int] = field(default_factory=list)
    tried: int | None = None
    chain: list[int] = field(default_factory=list)
    broken: Group | None = None
    sentence: str = ""
    quiet: list[int] = field(default_factory=list)  # numbers ruled out on the way to it
    needs: str = ""  # the hardest kind of reasoning it needs, its quiet steps' included
    reached: list[int] = field(default_factory=list)  # a trial's, the broken rule left out
    technique: str | None = None  # the genre's name for it (cpsolve.grid.techniques)

    @property
    def hardest(self) -> str:
        return self.needs or self.kind


class _Named(Selection):
    """Every rule and clue item, guarded by its group's selector; implied items and
    what holds while a clue is off left out."""

    def guards(self, tag: Tag) -> tuple[int, ...] | None:
        if tag.kind != "named":
            return None
        return tuple(-self.selectors[k] for k in tag.keys)


class Stepper:
    """The hint engine of one board: its groups, one solver, and the board's answer
    (found and proven unique when made; a :class:`NotUnique` otherwise)."""

    def __init__(self, puzzle: GridPuzzle[Any, Any], board: Any,
                 deadline: Deadline | None = None, answer: bool = True) -> None:
        from pysat.solvers import Solver

        statement = puzzle.statement
        if statement is None:
            from cpsolve.errors import UsageError

            raise UsageError(f"{puzzle.name} states no rules the hints could name")
        self.deadline = deadline or Deadline(None)
        if statement.bounded is not None and answer:
            # No value no answer has is ever tried. (Not for a board being made: its
            # clues are switched off and on, and a bound proven with all of them on
            # would bind the boards with fewer.)
            with building(self.deadline, "the deductions"):
                board = statement.bounded(board)
        self.puzzle, self.board = puzzle, board
        # Without ``answer`` (a board being made, perhaps not unique yet), only the
        # reasoning that needs no answer: :meth:`decide`, :meth:`singles`, :meth:`closure`.
        self.answer: Any = None
        self.values: tuple[bool, ...] = ()
        if answer:
            self.answer, self.values = _unique_answer(puzzle, board, self.deadline)
        model = statement.model(board, apart=True)
        clues = {c.key: c for c in (statement.clues(board) if statement.clues else [])}
        keys: dict[tuple[str, Hashable], str] = {}
        items: list[Item] = []
        counted: dict[tuple[str, Hashable], list[Item]] = {}
        for item in model.items:
            kind = item.tag.kind
            if kind == "rule":
                name = item.tag.keys[0] if item.tag.keys else RULES.format(puzzle.name)
                named: tuple[tuple[str, Hashable], ...] = (("rule", name),)
                keys.setdefault(named[0], str(name))
            elif kind == "clue":
                named = tuple(("clue", k) for k in item.tag.keys)
                for key, k in zip(named, item.tag.keys):
                    keys.setdefault(key, clues[k].at() if k in clues else f"the clue {k}")
            else:
                continue
            items.append(Item(item.kind, item.data, Tag("named", named)))
            for key in named:
                counted.setdefault(key, []).append(item)
        # Clues first, in their board's order; then the rules.
        position = {k: i for i, k in enumerate(keys)}
        order = sorted(keys, key=lambda k: (k[0] != "clue", position[k]))
        first = model.nvars + 1
        self.groups = [Group(k, keys[k], first + i, clues.get(k[1]) if k[0] == "clue" else None)
                       for i, k in enumerate(order)]
        selectors: dict[Hashable, int] = {g.key: g.selector for g in self.groups}
        # A clue that is one count of the answer's cells ("exactly 2 lights around"):
        # its steps say how many it has, or that it needs every place left.
        self.counts = {g.selector: counted[g.key][0].data for g in self.groups
                       if g.is_clue and len(counted.get(g.key, ())) == 1
                       and counted[g.key][0].kind == "count"}
        compiled = replace(model, items=items)
        out = SatOut(compiled, _Named("named", selectors), model.nvars + len(order), {})
        compile_into(compiled, out)
        self.model = model
        self.size = out.top + 1
        self.projection = list(model.projection or [])
        self.index = {var: i for i, var in enumerate(self.projection)}
        # Each global rule's partial check, the clauses' guards, and the selectors
        # that must be on for it to take part.
        self.lazy = [(partial, [-g for g in guards], frozenset(-g for g in guards))
                     for (_, partial), guards in zip(out.lazy, out.lazy_guards)
                     if partial is not None]
        self.solver = Solver(name=PROPAGATOR)
        # The solver whose cores name a step's clues and rules, apart: its searches
        # learn clauses, which would let the propagation above decide with fewer of
        # them than a step names (the same clauses and cuts, no search in the other).
        self.cores = Solver(name=PROPAGATOR)
        # Each group's scope: the answer's variables its clauses read (None: every
        # one, for a group with a global rule's partial checks).
        low, high = first, first + len(order)
        scope: dict[int, set[int] | None] = {g.selector: set() for g in self.groups}
        for guards in out.lazy_guards:
            for lit in guards:
                scope[-lit] = None
        projected = np.zeros(out.top + 1, dtype=bool)
        projected[self.projection] = True
        for group in out.groups:
            rows = group.tolist() if isinstance(group, np.ndarray) else group
            self.solver.append_formula(rows)
            self.cores.append_formula(rows)
            for selector, read in _reads(group, rows, low, high, projected):
                held = scope[selector]
                if held is not None:
                    held.update(read)
        self.reading: dict[int, list[int]] = {}  # a variable: the groups that read it
        for selector, held in scope.items():
            for var in held or ():
                self.reading.setdefault(var, []).append(selector)
        self.scope = scope  # a group's selector: the answer's variables it reads
        self.everywhere = [sel for sel, held in scope.items() if held is None]
        self._failing: list[int] = []  # the trials that failed at the last look
        self._idle: set[int] = set()  # groups that decided nothing from _last
        self._last: set[int] = set()
        self._cuts: set[tuple[int, ...]] = set()
        # Without the answer (the generator's questions), the partial checks' cuts are
        # guarded by an assumed variable, so that :meth:`forget` drops them: each of
        # its questions is then answered as on a fresh engine, as the grade is.
        self.epoch = self.size if not answer else 0
        self.truth = {var if on else -var for var, on in zip(self.projection, self.values)}
        # Whether the answer says numbers of cells (pencil marks: :meth:`_pencil`).
        self._numbers: dict[int, bool] = {}  # a variable: whether it is a cell's number
        self.numbered = any(self._numbered(layer.first) for layer in model.layers.values()
                            if layer.first in self.index)
        self.shown = self._shown()

    def _shown(self) -> list[int]:
        """What the board shows before any step: each value a clue alone gives its own
        cell (a Sudoku's given number, a Nurikabe number's cell unshaded). A person
        reads these off the board; no step decides them."""
        out: list[int] = []
        for g in self.groups:
            if g.clue is None:
                continue
            ok, found = self.closure([g.selector], [], partial=False)
            if not ok:
                continue
            own = {g.clue.cell}
            out.extend(lit for lit in self._new(found, set(out))
                       if lit in self.truth and self.cells([lit]) == own)
        return out

    def close(self) -> None:
        self.solver.delete()
        self.cores.delete()

    def __enter__(self) -> Stepper:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # -- reasoning ---------------------------------------------------------------------

    def closure(self, selectors: Sequence[int], given: Sequence[int], partial: bool = True
                ) -> tuple[bool, list[int]]:
        """Propagation over the groups of ``selectors`` from ``given``, with their
        global rules' partial checks (unless not ``partial``): whether it holds, and
        the literals set (on a contradiction, those set before it)."""
        lazy: list[tuple[Any, list[int]]] = []
        if partial and self.lazy:
            on = set(selectors)
            lazy = [(p, guards) for p, guards, needed in self.lazy if needed <= on]
        # The given literals first: with no group on, nothing follows from them, so
        # what propagation sets after them is what the groups decide.
        assumed = [*given, *selectors, *([self.epoch] if self.epoch else [])]
        while True:
            ok, found = self.solver.propagate(assumptions=assumed)
            if not ok or not lazy:
                return ok, found
            state = np.full(self.size, -1, dtype=np.int8)
            chosen = np.asarray(found, dtype=np.int64)
            chosen = chosen[np.abs(chosen) < self.size]
            state[np.abs(chosen)] = chosen > 0
            fresh = []
            for check, guards in lazy:
                for cut in check(state):
                    clause = tuple([*cut, *(-g for g in guards),
                                    *([-self.epoch] if self.epoch else [])])
                    if clause not in self._cuts:
                        self._cuts.add(clause)
                        fresh.append(list(clause))
            if not fresh:
                return ok, found
            self.solver.append_formula(fresh)
            self.cores.append_formula(fresh)
            ok, again = self.solver.propagate(assumptions=assumed)
            if not ok or len(again) == len(found):
                return ok, again

    def singles(self, known: set[int], on: Sequence[int] | None = None) -> list[int] | None:
        """What one clue or rule at a time decides from ``known`` (added to it), to a
        fixpoint, with the groups whose selectors are ``on`` (``None``: every group):
        the literals added, or ``None`` when a group reaches a contradiction (a board
        with no answer). A group is asked again only when a variable it reads changed
        (or it has a global rule's partial checks, which read every one)."""
        groups = [g.selector for g in self.groups] if on is None else list(on)
        allowed = set(groups)
        pending, queued = list(groups), set(groups)
        added: list[int] = []
        while pending:
            self._tick()
            selector = pending.pop(0)
            queued.discard(selector)
            ok, found = self.closure([selector], list(known))
            if not ok:
                return None
            new = self._new(found, known)
            if not new:
                continue
            known.update(new)
            added.extend(new)
            woken = set(self.everywhere)
            for lit in new:
                woken.update(self.reading.get(abs(lit), ()))
            for again in sorted(woken & allowed - queued):
                pending.append(again)
                queued.add(again)
        return added

    def grade(self) -> tuple[str, dict[str, int]]:
        """The board's grade from its steps (:data:`GRADES`), found without making
        them, with how many answer variables each kind of reasoning decides.

        The steps take the easiest kind there is at every point, and each kind's
        reasoning only grows with what is known (a closure: whatever was decided on
        the way, it reaches the same end). So the hardest kind a solve needs is the
        weakest whose closure, from what the board shows, decides every variable: one
        clue or rule at a time (``rule``); all of them together by propagation
        (``chain``); trials of the values the answer does not have (``trial``), each
        that fails deciding its variable, with propagation after it; otherwise a
        search (``search`` counts the variables those leave open).
        """
        every = [g.selector for g in self.groups]
        known = set(self.shown)
        counts = self._closed(2, every, known, progress=True)
        if counts is None:
            raise RuntimeError("the clues and rules contradict the board's answer")
        counts["search"] = len(self.projection) - len(known)
        if not known <= self.truth:
            raise RuntimeError("the grade's reasoning decided a value the answer does not "
                               "have")
        hardest = max((k for k in KINDS if counts[k]), key=KINDS.index, default="rule")
        return GRADES[hardest], counts

    def decide(self, level: int, on: Sequence[int] | None = None) -> set[int] | None:
        """What the grade's reasoning of ``level`` decides from the clues alone, with
        the groups whose selectors are ``on`` (``None``: every one): 0, one clue or
        rule at a time; 1, chains too (propagation); 2, trials too. ``None`` when it
        reaches a contradiction (no answer). It needs no answer: the generator asks it
        of a board being made."""
        groups = [g.selector for g in self.groups] if on is None else list(on)
        self.forget()
        known: set[int] = set()
        return None if self._closed(level, groups, known) is None else known

    def _closed(self, level: int, groups: list[int], known: set[int],
                progress: bool = False) -> dict[str, int] | None:
        """Decide from ``known`` (added to it) with the groups ``groups``, each kind of
        reasoning up to ``level`` to its closure in turn (0, one clue or rule at a time;
        1, chains; 2, trials): the answer variables each kind decided, or ``None`` on a
        contradiction. With ``progress``, each kind is said as grading's step."""
        from cpsolve.progress import step

        counts = dict.fromkeys(KINDS, 0)
        total = len(self.projection)
        if progress:
            step("grading, one clue or rule at a time: decided", len(known), total)
        found = self.singles(known, groups)
        if found is None:
            return None
        counts["rule"] = len(found)
        if level >= 1 and len(known) < total:
            if progress:
                step("grading, chains: decided", len(known), total)
            ok, closed = self.closure(groups, list(known))
            if not ok:
                return None
            new = self._new(closed, known)
            known.update(new)
            counts["chain"] = len(new)
        if level >= 2 and len(known) < total:
            before = len(known)
            if not self._trials(groups, known):
                return None
            counts["trial"] = len(known) - before
        return counts

    def forget(self) -> None:
        """Drop the cuts the partial checks added (on an engine made without the
        answer; with it, nothing), so the next question is answered as on a fresh
        engine."""
        if self.epoch:
            self.solver.add_clause([-self.epoch])
            self.epoch += 1
            self._cuts.clear()

    def _trials(self, every: list[int], known: set[int]) -> bool:
        """Decide by trials with the groups ``every`` from ``known`` (added to it) to a
        fixpoint, as :meth:`_trial` looks (propagation alone first, then with the
        partial checks; a literal that a trial sets without a contradiction cannot
        fail either, nor, with the answer known, can a value it has), each pass that
        decides some followed by propagation: ``False`` on a contradiction."""
        from cpsolve.progress import step

        total = len(self.projection)
        progress = True
        while progress and len(known) < total:
            progress = False
            for partial in (False, True):
                dominated: set[int] = set()
                for lit in self._open(known):
                    if lit in known or -lit in known or lit in self.truth or lit in dominated:
                        continue
                    self._tick()
                    step("grading, trials: decided", len(known), total)
                    given = [*known, lit]
                    ok, found = self.closure(every, given, partial)
                    if ok:
                        dominated.update(found[len(given):])
                    else:
                        known.add(-lit)  # the later trials of the pass assume it
                        progress = True
                if progress:  # what follows from the pass, then propagation alone again
                    ok, found = self.closure(every, list(known))
                    if not ok:
                        return False
                    known.update(self._new(found, known))
                    break
        return True

    def _open(self, known: set[int]) -> list[int]:
        """Both values of every variable ``known`` leaves open, the true one first."""
        open_ = [var for var in self.projection if var not in known and -var not in known]
        return [*open_, *(-var for var in open_)]

    def _new(self, found: Sequence[int], known: set[int], skip: int = 0) -> list[int]:
        """The projection literals of ``found`` (after its first ``skip``) not in
        ``known``."""
        index = self.index
        return [lit for lit in found[skip:] if abs(lit) in index and lit not in known]

    def _tick(self) -> None:
        if self.deadline.expired():
            raise TimeUp("time limit reached while the next step was looked for")

    def _minimal(self, groups: list[Group], given: list[int],
                 holds: Callable[[list[int], list[int]], bool]
                 ) -> tuple[list[Group], list[int]]:
        """Groups and given literals, each needed for ``holds(selectors, given)``,
        starting from a set for which it holds (deletion, the groups first, then the
        literals; see :meth:`_fewest`)."""
        kept = self._fewest(groups, lambda trial: holds([h.selector for h in trial], given))
        selectors = [h.selector for h in kept]
        return kept, self._fewest(given, lambda trial: holds(selectors, trial))

    def _fewest(self, items: list[Any], holds: Callable[[list[Any]], bool]) -> list[Any]:
        """The items, each needed for ``holds`` (which holds of them all), by deletion:
        from more than :data:`ONE_BY_ONE`, runs of them at a time first, halved until
        one at a time."""
        kept = list(items)
        run = len(kept) // 2 if len(kept) > ONE_BY_ONE else 1
        while run > 1:
            at = 0
            while at < len(kept):
                self._tick()
                trial = kept[:at] + kept[at + run:]
                if holds(trial):
                    kept = trial
                else:
                    at += run
            run //= 2
        at = 0
        while at < len(kept):
            self._tick()
            trial = kept[:at] + kept[at + 1:]
            if holds(trial):
                kept = trial
            else:
                at += 1
        return kept

    def _needed(self, selectors: Sequence[int], given: Sequence[int], extra: int,
                holds: Callable[[list[int], list[int]], bool]
                ) -> tuple[list[Group], list[int]]:
        """The groups of ``selectors`` and the literals of ``given`` that a conflict of
        ``extra`` with them needs, each needed for ``holds``: from the solver's core
        where propagation alone holds with it, else from all of them (a core the
        solver's search found may need more than propagation reads)."""
        chosen, used = self._core(selectors, given, extra)
        if not holds(chosen, used):
            chosen, used = list(selectors), list(given)
        return self._minimal(self._groups(chosen), used, holds)

    def _core(self, selectors: Sequence[int], given: Sequence[int], extra: int
              ) -> tuple[list[int], list[int]]:
        """The selectors and given literals a conflict of ``extra`` with them needs,
        as the solver's core says (a superset of a minimal one, which its search may
        have found with clauses it learnt: see :meth:`_needed`)."""
        # The given literals go first: a literal both a given and a clue set is then
        # read as the given one, and the clue left out.
        self.cores.solve(assumptions=[*given, *selectors, extra])
        core = set(self.cores.get_core() or ())
        return ([s for s in selectors if s in core], [g for g in given if g in core])

    def _groups(self, selectors: Sequence[int]) -> list[Group]:
        chosen = set(selectors)
        return [g for g in self.groups if g.selector in chosen]

    def _implied(self, target: int) -> Callable[[list[int], list[int]], bool]:
        def holds(selectors: list[int], given: list[int]) -> bool:
            ok, found = self.closure(selectors, given)
            return not ok or target in found
        return holds

    def _conflict(self, tried: int) -> Callable[[list[int], list[int]], bool]:
        def holds(selectors: list[int], given: list[int]) -> bool:
            return not self.closure(selectors, [*given, tried])[0]
        return holds

    # -- the next step -------------------------------------------------------------------

    def wrong(self, given: Sequence[int]) -> list[int]:
        """The literals of ``given`` that the answer does not have."""
        return [lit for lit in given if lit not in self.truth]

    def next(self, given: Sequence[int]) -> Step | None:
        """The easiest step from the decided literals ``given`` (``None`` when every
        cell is decided). A wrong literal in ``given`` comes first, as a ``wrong``
        step."""
        wrong = self.wrong(given)
        if wrong:
            return self._wrong(wrong[0], [lit for lit in given if lit in self.truth])
        known = set(given)
        given = [*(lit for lit in self.shown if lit not in known and -lit not in known),
                 *given]
        known = set(given)
        quiet: list[int] = []
        needs = "rule"
        while True:
            if all(var in known or -var in known for var in self.projection):
                return None
            quiet.extend(self._pencil(given, known))
            single = self._single(list(given), known)
            if single is None:
                marks = self._chained(given, known)
                if marks:  # pencil marks of chains: folded at once, as the pencil's
                    quiet.extend(marks)
                    needs = max(needs, "chain", key=KINDS.index)
                    continue
            step = single or self._chain(list(given), known) \
                or self._trial(list(given), known) or self._search(known)
            if step.kind not in ("rule", "chain") or not all(
                    lit < 0 and self._numbered(lit) for lit in step.decided):
                break
            done = known | set(step.decided)
            if all(var in done or -var in done for var in self.projection):
                break  # the last: said, so that the answer is reached by steps
            # Numbers only ruled out, no number placed: the pencil marks a person
            # keeps in mind, not a step; the next step reads them.
            quiet.extend(step.decided)
            needs = max(needs, step.kind, key=KINDS.index)
            given = [*given, *step.decided]
            known.update(step.decided)
        step.quiet = quiet
        step.needs = max(needs, step.kind, key=KINDS.index)
        step.technique = self.technique(step, known)
        step.sentence = self.sentence(step)
        return step

    def _pencil(self, given: list[int], known: set[int]) -> list[int]:
        """The pencil marks one clue or rule at a time gives, to a fixpoint: the
        numbers each rules out (a number it places is left to a step), added to
        ``given`` and ``known``. They are no steps (see :meth:`next`), so their fewest
        reasons are never looked for: a 16x16 Sudoku's first placement follows some
        four hundred of them. A group idle since it last decided nothing is not asked."""
        if not self.numbered:
            return []
        marks: list[int] = []
        self._refresh(known)
        todo = [g.selector for g in self.groups if g.selector not in self._idle]
        while todo:
            changed: list[int] = []
            for selector in todo:
                self._tick()
                ok, found = self.closure([selector], given)
                if not ok:
                    continue  # the progress is right, so this cannot happen
                new = self._new(found, known, len(given) + 1)
                if not new:
                    self._idle.add(selector)
                    continue
                changed.extend(self._mark(new, given, known))
            marks.extend(changed)
            self._refresh(known)
            todo = sorted(({s for lit in changed for s in self.reading.get(abs(lit), ())}
                           | set(self.everywhere)) - self._idle) if changed else []
        return marks

    def technique(self, step: Step, known: set[int]) -> str | None:
        """The genre's name for ``step``, taken from the literals ``known`` before it."""
        assert self.puzzle.statement is not None  # (the engine is made of it)
        group = step.broken if step.kind == "trial" else next(
            (g for g in step.groups if g.is_clue), step.groups[0] if step.groups else None)
        if group is None or step.kind not in ("rule", "chain", "trial"):
            return None
        seen = Seen(step, self, frozenset(known), group,
                    self._shape(step) if step.kind == "rule" else "")
        return named(self.puzzle.statement.techniques, seen)

    def _chained(self, given: list[int], known: set[int]) -> list[int]:
        """The numbers every clue and rule together rule out, by propagation (added to
        ``given`` and ``known``): the pencil marks of chains, when no clue or rule alone
        decides more (``[]`` in a genre without numbers, or where they would decide
        every value: a step says the last)."""
        if not self.numbered:
            return []
        ok, found = self.closure([g.selector for g in self.groups], given)
        return self._mark(self._new(found, known), given, known) if ok else []

    def _mark(self, new: list[int], given: list[int], known: set[int]) -> list[int]:
        """The numbers ``new`` rules out, pencilled in (added to ``given`` and
        ``known``); none where they would decide every value: a step says the last."""
        ruled = [lit for lit in new if lit < 0 and self._numbered(lit)]
        if len(known) + len(ruled) >= len(self.projection):
            return []
        given.extend(ruled)
        known.update(ruled)
        return ruled

    def _refresh(self, known: set[int]) -> None:
        """A group that decided nothing stays idle until a variable it reads changes:
        wake the readers of what changed since the last look."""
        changed = known ^ self._last
        if changed:
            self._idle.difference_update(self.everywhere)
            for lit in changed:
                self._idle.difference_update(self.reading.get(abs(lit), ()))
        self._last = set(known)

    def _single(self, given: list[int], known: set[int]) -> Step | None:
        self._refresh(known)
        best: tuple[tuple[int, int], Step] | None = None
        for position, g in enumerate(self.groups):
            if g.selector in self._idle:
                continue
            self._tick()
            ok, found = self.closure([g.selector], given)
            if not ok:
                continue  # the progress is right, so this cannot happen; skip safely
            new = self._new(found, known, len(given) + 1)
            if not new:
                self._idle.add(g.selector)
                continue
            _, used = self._needed([g.selector], given, -new[0], self._implied(new[0]))
            score = (len(used), position)
            if best is None or score < best[0]:
                best = score, Step("rule", [], [g], used)
            if not used:
                break  # a clue or a rule alone: nothing is easier
        if best is None:
            return None
        step = best[1]
        _, found = self.closure([step.groups[0].selector], step.given)
        step.decided = self._new(found, known)
        return step

    def _chain(self, given: list[int], known: set[int]) -> Step | None:
        every = [g.selector for g in self.groups]
        ok, found = self.closure(every, given)
        new = self._new(found, known)
        if not ok or not new:
            return None
        best: tuple[int, Step] | None = None
        for target in new[:CHAINS]:
            self._tick()
            groups, used = self._needed(every, given, -target, self._implied(target))
            score = len(groups) + len(used)
            if best is None or score < best[0]:
                best = score, Step("chain", [target], groups, used)
        assert best is not None
        step = best[1]
        _, found = self.closure([g.selector for g in step.groups], step.given)
        step.decided = self._new(found, known)
        return step

    def _trial(self, given: list[int], known: set[int]) -> Step | None:
        every = [g.selector for g in self.groups]
        best: tuple[tuple[bool, int], int] | None = None
        failing: list[int] = []
        skip = len(given) + 1
        # In a genre of numbers, a trial that places a number ("if r2c3 did not hold
        # 4, ...") goes before one that rules one out: it decides the cell at once.
        placing = self.numbered

        def failed(lit: int, found: list[int]) -> None:
            """Keep a trial that failed, and the best so far: one that places a number
            before one that rules one out, then the shortest."""
            nonlocal best
            failing.append(lit)
            score = (placing and lit > 0 and self._numbered(lit), len(found))
            if best is None or score < best[0]:
                best = score, lit

        # The trials that failed at the last look first (a failed trial fails again
        # once more is known): one that still fails is taken, the shortest of them,
        # without looking further.
        for lit in self._failing:
            if lit in known or -lit in known:
                continue
            self._tick()
            ok, found = self.closure(every, [*given, lit])
            if not ok:
                failed(lit, found)
        # Then every literal, by propagation alone, then with the global rules'
        # partial checks too (dearer: only where propagation alone found none). A
        # literal a trial without contradiction set cannot fail either: its own trial
        # sets less. Nor can a value the answer has: from the answer's own values the
        # rules and the partial checks (which every answer satisfies) never reach a
        # contradiction, so only the answer's other values are tried.
        # A value tried first (a shaded cell, a number in a cell: the trials people
        # make), then the other; in a genre of numbers, the trials that place a number
        # first, by propagation and then with the partial checks, and only then those
        # that rule one out (they are many more).
        open_ = [var for var in self.projection if var not in known and -var not in known]
        lits = [*open_, *(-var for var in open_)]
        passes = [(lits, False), (lits, True)]
        if placing:
            places = [-var for var in open_ if self._numbered(var)]
            rest = [lit for lit in lits if not (lit < 0 and self._numbered(lit))]
            passes = [(places, False), (places, True), (rest, False), (rest, True)]
        dominated: dict[bool, set[int]] = {False: set(), True: set()}
        for tried_now, partial in passes if best is None else ():
            for lit in tried_now:
                if lit in dominated[partial] or lit in self.truth:
                    continue
                self._tick()
                ok, found = self.closure(every, [*given, lit], partial)
                if ok:
                    dominated[partial].update(found[skip:])
                    continue
                failed(lit, found)
                if len(failing) >= (NUMBER_TRIALS if placing else TRIALS):
                    break
            if best is not None:
                break
        self._failing = failing
        if best is None:
            return None
        tried = best[1]
        groups, used = self._needed(every, given, tried, self._conflict(tried))
        chosen = [g.selector for g in groups]
        _, chain = self.closure(chosen, [tried, *used])
        # The rule that breaks: the one without which the others follow the trial
        # farthest (every one is needed, so without any the contradiction goes).
        broken: Group | None = None
        reached: list[int] = []
        for g in groups:
            ok, found = self.closure([s for s in chosen if s != g.selector], [tried, *used])
            if ok and len(found) > len(reached):
                broken, reached = g, found
        # What the trial led to, in the order it followed (the given literals' own
        # consequences apart), up to the contradiction.
        after = chain[chain.index(tried) + 1:] if tried in chain else chain
        led = set(after)
        lead = [lit for lit in self._new(after, known | {tried, -tried}) if -lit not in led]
        return Step("trial", [-tried], groups, used, tried, lead, broken, reached=reached)

    def _search(self, known: set[int]) -> Step:
        open_ = [v for v in self.projection if v not in known and -v not in known]
        var = open_[0]
        if self._numbered(var):  # a number placed in a cell, not one ruled out of it
            var = next((v for v in open_ if v in self.truth and self._numbered(v)), var)
        return Step("search", [var if var in self.truth else -var])

    def _wrong(self, lit: int, right: list[int]) -> Step:
        every = [g.selector for g in self.groups]
        ok, _ = self.closure(every, [*right, lit])
        groups: list[Group] = []
        used: list[int] = []
        if not ok:
            groups, used = self._needed(every, right, lit, self._conflict(lit))
        step = Step("wrong", [-lit], groups, used, lit)
        step.sentence = self.sentence(step)
        return step

    def steps(self, given: Sequence[int] = (),
              each: Callable[[Step], None] | None = None) -> list[Step]:
        """Every step from ``given`` to the answer (wrong marks first)."""
        known = [lit for lit in given if lit in self.truth]
        found = [self.next([*known, lit]) for lit in given if lit not in self.truth]
        done: list[Step] = [s for s in found if s is not None]
        for s in done:
            if each is not None:
                each(s)
        while True:
            step = self.next(known)
            if step is None:
                return done
            known.extend(lit for lit in [*step.quiet, *step.decided] if lit not in known)
            done.append(step)
            if each is not None:
                each(step)

    # -- words ---------------------------------------------------------------------------

    def said(self, lit: int) -> str:
        """A literal in words: ``r3c5 is shaded``."""
        name, key = self.model.key(abs(lit))
        layer = self.model.layers.get(name)
        grid = self.model.grid
        if layer is not None and layer.named is not None:
            place = layer.named(key)
        elif grid is not None and isinstance(key, int) and key < grid.cells:
            place = grid.name(key)
        else:
            place = str(key)
        words = WORDS.get(str(name), ("{} is " + str(name), "{} is not " + str(name)))
        said = words[0 if lit > 0 else 1]
        if said.count("{}") == 2:  # a cell and a number: "r1c1=3"
            return said.format(*place.split("=", 1)) if "=" in place else said.format(
                place, "it")
        return said.format(place)

    def listed(self, lits: Sequence[int]) -> str:
        """Literals in words, joined (the first :data:`SHOWN`, then how many more)."""
        return _every(_capped([self.said(lit) for lit in lits[:SHOWN]], SHOWN, len(lits)))

    def read(self, lits: Sequence[int]) -> str:
        """The decided literals a step reads, in words; numbers ruled out said
        together, by cell (``r2c3 holds none of 2, 3 and 7``) or by number (``no 1 in
        r2c1, r2c2 and r2c4``)."""
        ruled = [lit for lit in lits if lit < 0 and self._numbered(lit)]
        out = [lit for lit in lits if not (lit < 0 and self._numbered(lit))]
        by_cell: dict[str, list[str]] = {}
        for cell, number in sorted(map(self._place, ruled), key=lambda p: _natural(p[0])):
            by_cell.setdefault(cell, []).append(number)
        phrases = [self.listed(out)] if out else []
        by_number: dict[str, list[str]] = {}
        for cell, numbers in by_cell.items():
            if len(numbers) > 1:
                numbers = sorted(numbers, key=_order)
                phrases.append(f"{cell} holds none of "
                               f"{_every(_capped(numbers, 2 * SHOWN, len(numbers)))}")
            else:
                by_number.setdefault(numbers[0], []).append(cell)
        for number, cells in sorted(by_number.items(), key=lambda kv: _order(kv[0])):
            phrases.append(f"no {number} in {_every(_capped(cells, 2 * SHOWN, len(cells)))}")
        return "; ".join(phrases)

    def _place(self, lit: int) -> tuple[str, str]:
        """A numbered literal's cell and number, as its layer names them."""
        name, key = self.model.key(abs(lit))
        layer = self.model.layers[name]
        place = layer.named(key) if layer.named is not None else str(key)
        cell, _, number = place.partition("=")
        return cell, number

    def decisions(self, lits: Sequence[int]) -> str:
        """What a step decides, in words: a number placed first; where a step places
        numbers, the numbers it rules out only counted (``r3c7 holds 5, and 4 other
        candidates are ruled out``)."""
        placed = [lit for lit in lits if lit > 0 and self._numbered(lit)]
        if not placed:
            return self.listed(lits)
        out = [lit for lit in lits if lit not in placed and not (lit < 0 and self._numbered(lit))]
        gone = len(lits) - len(placed) - len(out)
        said = self.listed([*placed, *out])
        if gone:
            said += (", and 1 other candidate is ruled out" if gone == 1
                     else f", and {gone} other candidates are ruled out")
        return said

    def _numbered(self, lit: int) -> bool:
        """Whether ``lit`` says a number of a cell (a one-hot layer: "r1c1 holds 3");
        known once a variable."""
        var = abs(lit)
        known = self._numbers.get(var)
        if known is None:
            name, _ = self.model.key(var)
            known = self._numbers[var] = WORDS.get(str(name), ("",))[0].count("{}") == 2
        return known

    def sentence(self, step: Step) -> str:
        """The step in one sentence, naming its rule and the cells it uses (after the
        genre's name for it, when it has one)."""
        said = self._said(step)
        return f"{step.technique}: {said}" if step.technique and step.kind == "trial" else said

    def _said(self, step: Step) -> str:
        names = [g.text for g in step.groups]
        since = f"{self.read(step.given)}; so " if step.given else ""
        decided = self.decisions(step.decided)
        if step.kind == "rule":
            if step.technique:  # "Must Light (every white cell is lit): ..."
                return f"{step.technique} ({names[0]}{self._counted(step)}): {since}{decided}."
            return f"{_capital(names[0])}{self._counted(step)}: {since}{decided}."
        if step.kind == "chain":
            if step.technique:
                return f"{step.technique} ({_joined(names)}, together): {since}{decided}."
            return f"{_capital(_joined(names))}, together: {since}{decided}."
        if step.kind == "trial":
            assert step.tried is not None
            led = f", then {self.decisions(step.chain)}" if step.chain else ""
            breaks = (f"{step.broken.text} could not hold" if step.broken is not None
                      else "the rules could not all hold")
            others = [g.text for g in step.groups if g is not step.broken]
            using = f" (with {_joined(others)})" if others else ""
            given = f" (given {self.read(step.given)})" if step.given else ""
            return (f"If {self.said(step.tried)}{led}, {breaks}{using}{given}. "
                    f"So {decided}.")
        if step.kind == "wrong":
            assert step.tried is not None
            why = ""
            if step.groups:
                why = (f": {_joined([g.text for g in step.groups])} cannot hold with it"
                       + (f" and {self.listed(step.given)}" if step.given else ""))
            return (f"Wrong mark: the progress has {self.said(step.tried)}, but no answer "
                    f"does{why}; {self.said(-step.tried)}.")
        return (f"No clue or rule, nor one trial, decides a cell here; the answer, "
                f"proven unique by search: {decided}.")

    def _shape(self, step: Step) -> str:
        """The shape of a count clue's step: ``full`` (it has its count, so the rest
        are off), ``needs`` (only as many places are left as it needs: all on), or
        ``""``."""
        count = self.counts.get(step.groups[0].selector) if step.groups else None
        if count is None:
            return ""
        lits, given = set(count.lits), set(step.given)
        decided = set(step.decided)
        if all(-lit in lits for lit in decided):
            held = sum(lit in given for lit in lits)
            return "full" if held == count.hi else ""
        if decided <= lits:
            left = sum(-lit not in given for lit in lits)
            return "needs" if left == count.lo else ""
        return ""

    def _counted(self, step: Step) -> str:
        """What a count clue's step rests on: ``already has its 2`` (the rest are
        off) or ``needs 2, and only 2 places are left`` (they are all on)."""
        shape = self._shape(step)
        if shape == "full":  # (a 0 says it well enough itself)
            count = self.counts[step.groups[0].selector]
            return f" already has its {count.hi}" if count.hi else ""
        if shape == "needs":
            count = self.counts[step.groups[0].selector]
            places = "only 1 place is" if count.lo == 1 else f"only {count.lo} places are"
            return f" needs {count.lo}, and {places} left"
        return ""

    # -- cells ---------------------------------------------------------------------------

    def cells(self, lits: Sequence[int]) -> set[tuple[int, int]]:
        """The cells ``lits`` speak of, read off the genre's own answer text."""
        from cpsolve.grid.hints import cells_of

        indices = [self.index[abs(lit)] for lit in lits if abs(lit) in self.index]
        if not indices:
            return set()
        decode = self.puzzle.prepare(self.board, False).decode
        try:
            return cells_of(self.puzzle.show, decode, self.board, self.values, indices)
        except (ValueError, IndexError, KeyError, TypeError):
            return set()


def _reads(group: Any, rows: list[list[int]], low: int, high: int, projected: np.ndarray
           ) -> list[tuple[int, list[int]]]:
    """Each selector (a variable from ``low`` to ``high``, negated in a clause) of a
    group of clauses, with the answer's variables (``projected``) its clauses read."""
    if isinstance(group, np.ndarray) and group.ndim == 2:
        flat = group.ravel()
        row = np.repeat(np.arange(group.shape[0]), group.shape[1])
    else:
        lengths = np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))
        flat = np.fromiter((lit for clause in rows for lit in clause), dtype=np.int64,
                           count=int(lengths.sum()))
        row = np.repeat(np.arange(len(rows)), lengths)
    if not flat.size:
        return []
    flat = flat.astype(np.int64, copy=False)
    guard = (-flat >= low) & (-flat < high)
    var = np.abs(flat)
    read = projected[var]  # (every variable is at most the compiled model's top)
    pairs: list[np.ndarray] = []
    guards, guarded = -flat[guard], row[guard]
    # A clause under several selectors (a clue's part that needs another clue too):
    # each of them reads its variables, one selector of every clause at a time.
    while guards.size:
        first = np.ones(guards.size, dtype=bool)
        first[1:] = guarded[1:] != guarded[:-1]
        by_row = np.zeros(len(row) and int(row[-1]) + 1, dtype=np.int64)
        by_row[guarded[first]] = guards[first]
        chosen = by_row[row[read]]
        pairs.append(chosen[chosen > 0] * len(projected) + var[read][chosen > 0])
        guards, guarded = guards[~first], guarded[~first]
    if not pairs:
        return []
    keys = np.unique(np.concatenate(pairs))
    if not keys.size:
        return []
    selectors, variables = np.divmod(keys, len(projected))
    cut = np.flatnonzero(np.diff(selectors)) + 1
    return [(int(part[0]), found.tolist()) for part, found in
            zip(np.split(selectors, cut), np.split(variables, cut))]


class NotUnique(Exception):
    """The board has no answer, or more than one: a hint presumes exactly one."""


def _unique_answer(puzzle: GridPuzzle[Any, Any], board: Any, deadline: Deadline
                   ) -> tuple[Any, tuple[bool, ...]]:
    from cpsolve.grid.solve import solve
    from cpsolve.result import Status

    result = solve(puzzle, board, unique=True, time_limit=deadline)
    if result.status is Status.ERROR:
        raise RuntimeError(result.reason or "the solver's answer broke a rule")
    if result.status is Status.UNKNOWN or result.unique is None and result.solutions:
        raise TimeUp("time limit reached while the answer was proven unique")
    if not result.solutions:
        raise NotUnique("the board has no answer, so no step leads to one")
    if not result.unique:
        raise NotUnique("the board has more than one answer: hints need a puzzle with one")
    answer = result.solutions[0]
    statement = puzzle.statement
    assert statement is not None
    return answer, tuple(bool(v) for v in statement.values(board, answer))


def _every(words: Sequence[str]) -> str:
    """Words joined by commas and an "and", every one."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _natural(text: str) -> tuple[int, ...]:
    """The numbers in ``text``, for an order of places (``r2c1`` before ``r10c1``)."""
    return tuple(int(n) for n in re.findall(r"\d+", text))


def _order(number: str) -> tuple[int, str]:
    """Numbers in their order (``2`` before ``10``), anything else after."""
    return (int(number), "") if number.isdigit() else (1 << 30, number)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _joined(words: Sequence[str]) -> str:
    """Words joined by commas and an "and" (the first :data:`SHOWN`, then how many
    more)."""
    return _every(_capped(words, SHOWN, len(words)))


def _capped(words: Sequence[str], shown: int, total: int) -> list[str]:
    """The first ``shown`` of ``total`` words (``words`` may hold just those), then
    how many more."""
    return [*words[:shown], *([f"{total - shown} more"] if total > shown else [])]


# -- the player's progress, and what the command prints ------------------------------

UNKNOWN = "?"  # a cell of the progress not decided yet
GIVEN = "#2f5fb0"  # a picture's marks: the decided cells a step reads,
DECIDED = "#2ca02c"  # the cells it decides,
CLUE = "#ff7f0e"  # the clues it uses
WRONG = "#d62728"  # and a wrong mark


def read_progress(stepper: Stepper, text: str) -> list[int]:
    """The literals a player's progress decides: an answer written as the genre writes
    one, with ``?`` in every cell not decided yet (every variable that speaks of such a
    cell is left open). A located :class:`~cpsolve.errors.InputError` for text that
    does not read as one."""
    from cpsolve.grid.text import answer_cells

    puzzle, board = stepper.puzzle, stepper.board
    rows = answer_cells(text)
    unknown = {(r, c) for r, row in enumerate(rows) for c, token in enumerate(row)
               if token == UNKNOWN}
    if unknown:  # each "?" written as the answer has it, then left open
        own = answer_cells(puzzle.show(board, stepper.answer))
        for r, c in unknown:
            if r < len(own) and c < len(own[r]):
                rows[r][c] = own[r][c]
        spaced = any(len(t) > 1 for row in rows for t in row) or any(
            " " in line.strip() for line in text.splitlines())
        width = max(len(t) for row in rows for t in row)
        text = "\n".join(" ".join(t.ljust(width) for t in row).rstrip() if spaced
                         else "".join(row) for row in rows)
    answer, _ = puzzle.read_answer(text, board)
    statement = puzzle.statement
    assert statement is not None
    values = statement.values(board, answer)
    out = []
    for var, on in zip(stepper.projection, values):
        if unknown and stepper.cells([var]) & unknown:
            continue
        out.append(var if on else -var)
    return out


def picture(stepper: Stepper, known: Sequence[int], step: Step | None) -> Any:
    """The board with what ``known`` decides drawn and a step's cells marked."""
    puzzle, board = stepper.puzzle, stepper.board
    on = set(known)
    values = tuple(var in on for var in stepper.projection)
    try:
        drawn = puzzle.picture(board, puzzle.prepare(board, False).decode(values))
    except (ValueError, IndexError, KeyError, TypeError):
        drawn = puzzle.picture(board, None)
    if step is None:
        return drawn
    marks: dict[tuple[int, int], str] = {}
    for g in step.groups:
        if g.clue is not None:
            marks.update(dict.fromkeys(g.clue.outlined(), CLUE))
    marks.update(dict.fromkeys(stepper.cells(step.given), GIVEN))
    marks.update(dict.fromkeys(stepper.cells(step.decided),
                               WRONG if step.kind == "wrong" else DECIDED))
    drawn.marks.update({cell: colour for cell, colour in marks.items()
                        if 0 <= cell[0] < drawn.height and 0 <= cell[1] < drawn.width})
    return drawn


def step_json(stepper: Stepper, step: Step) -> dict[str, Any]:
    """A step as the JSON contract writes it."""
    def cells(lits: Sequence[int]) -> list[dict[str, Any]]:
        return [{"variable": stepper.model.name(abs(lit)), "value": lit > 0,
                 "said": stepper.said(lit),
                 "cells": sorted([r + 1, c + 1] for r, c in stepper.cells([lit]))}
                for lit in lits]

    return {"kind": step.kind, "sentence": step.sentence,
            "rules": [g.text for g in step.groups if g.clue is None],
            "clues": [{"clue": g.text, "cell": [g.clue.cell[0] + 1, g.clue.cell[1] + 1]}
                      for g in step.groups if g.clue is not None],
            "reads": cells(step.given), "decides": cells(step.decided),
            "tried": None if step.tried is None else stepper.said(step.tried),
            "technique": step.technique}


def hints(puzzle: GridPuzzle[Any, Any], board: Any, *, every: bool, progress: str | None,
          fmt: str, output: str | None, deadline: Deadline) -> Any:
    """``--hint`` (the next step) and ``--steps`` (every step to the answer), from the
    player's ``progress`` (the text of ``--from``): as text, JSON or a picture."""
    import json

    from cpsolve.commands import (
        EXIT_LIMIT,
        EXIT_NOT_UNIQUE,
        EXIT_OK,
        EXIT_UNSOLVABLE,
        Output,
        drawn,
    )
    from cpsolve.grid.render import Sheet, headed
    from cpsolve.progress import step as said_step

    try:
        stepper = Stepper(puzzle, board, deadline)
    except NotUnique as refused:
        code = EXIT_NOT_UNIQUE if "more than one" in str(refused) else EXIT_UNSOLVABLE
        if fmt == "json":
            return Output(stdout=json.dumps({
                "version": 1, "puzzle": puzzle.name, "steps": [], "counts": {}, "techniques": {},
                "hardest": None, "grade": None, "done": False, "refused": str(refused),
                "limit_reached": False}, indent=2), exit_code=code)
        return Output(stderr=[f"no hint: {refused}"], exit_code=code)
    with stepper:
        given = read_progress(stepper, progress) if progress is not None else []
        total = len(stepper.projection)
        befores: list[list[int]] = []
        known = [lit for lit in given if lit in stepper.truth]
        found: list[Step] = []

        def each(s: Step) -> None:
            befores.append(list(known))
            found.append(s)
            if s.kind != "wrong":
                known.extend(lit for lit in [*s.quiet, *s.decided] if lit not in known)
            said_step("steps: decided", len(known), total)

        cut = None
        if every:
            try:
                stepper.steps(given, each)
            except TimeUp as limit:  # the steps found so far are kept
                if not found:
                    raise
                cut = str(limit)
        else:
            one = stepper.next(given)
            found = [one] if one is not None else []
            befores = [list(given)]
    code = EXIT_OK if cut is None else EXIT_LIMIT
    counts = {kind: sum(s.kind == kind for s in found) for kind in (*KINDS, "wrong")}
    hardest = max((s.hardest for s in found if s.kind in KINDS), key=KINDS.index,
                  default=None)
    techniques: dict[str, int] = {}
    for s in found:
        if s.technique:
            techniques[s.technique] = techniques.get(s.technique, 0) + 1
    if fmt == "json":
        body = {"version": 1, "puzzle": puzzle.name,
                "steps": [step_json(stepper, s) for s in found], "counts": counts,
                "techniques": techniques,
                "hardest": hardest,
                "grade": GRADES.get(hardest or "") if every and cut is None else None,
                "done": not found or (every and cut is None), "refused": None,
                "limit_reached": cut is not None}
        return Output(stdout=json.dumps(body, indent=2), exit_code=code)
    if fmt in ("svg", "png"):
        if not found:
            return drawn(headed(picture(stepper, given, None), "every cell is decided"),
                         fmt, output, EXIT_OK)
        pictures = [picture(stepper, before, s) for before, s in zip(befores, found)]
        if len(pictures) == 1:
            return drawn(headed(pictures[0], found[0].sentence), fmt, output, EXIT_OK)
        sheet = Sheet(pictures, [f"{k + 1}. {s.kind}" for k, s in enumerate(found)],
                      columns=min(6, len(pictures)),
                      title=f"{puzzle.name}: {len(found)} steps"
                      + (f" ({cut})" if cut else ""))
        out = drawn(sheet, fmt, output, code)
        out.stderr.extend([cut] if cut else [])
        return out
    if not found:
        return Output(stdout="every cell is decided", exit_code=EXIT_OK)
    if not every:
        return Output(stdout=f"{found[0].kind}: {found[0].sentence}", exit_code=EXIT_OK)
    lines = [f"{k + 1}. {s.kind}: {s.sentence}" for k, s in enumerate(found)]
    summary = ", ".join(f"{n} {kind}" for kind, n in counts.items() if n)
    if cut is not None:
        lines.append(f"{len(found)} steps ({summary}) before the {cut}")
        return Output(stdout="\n".join(lines), stderr=[cut], exit_code=code)
    grade = GRADES.get(hardest or "", "gentle")
    lines.append(f"{len(found)} steps ({summary}); hardest: {hardest}; grade: {grade}")
    if techniques:  # the most used first
        lines.append("techniques: " + ", ".join(
            f"{name} {n}" for name, n in sorted(techniques.items(),
                                                key=lambda kv: (-kv[1], kv[0]))))
    return Output(stdout="\n".join(lines), exit_code=EXIT_OK)


__all__ = ["GRADES", "KINDS", "NotUnique", "Step", "Stepper", "hints", "read_progress"]
