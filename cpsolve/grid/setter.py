"""What a puzzle setter asks beyond "is it unique?", for every grid family that declares
its clues (:class:`~cpsolve.grid.hints.Hints`), each answer proven:

* :func:`explain`: the cells not the same in every solution (the complement of the
  backbone, :func:`~cpsolve.grid.uniqueness.backbone_in`), two solutions that differ,
  and **fixes**: single edits (the family's :attr:`Hints.edits`, the least change
  first) that leave exactly one solution, each proven on the clue model's solver and
  proven again by counting the changed board's solutions from scratch with the
  family's own solve;
* :func:`conflict`: on a board with no solution, clues that cannot hold together (an
  unsatisfiable core over the clues' selectors, shrunk to a minimal one when that is
  quick: without any one of them the rest can hold);
* :func:`redundant`: the clues that can each be taken away with the solution still
  the only one;
* :func:`minimize`: the board with a minimal set of clues kept, unique, none of them
  removable alone.

All of them work on the clue model (:func:`~cpsolve.grid.hints.clue_model`): the whole
board's rules, each clue under a selector, in one incremental SAT solver.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from cpsolve.backends.sat import DEFAULT_SOLVER, SatSession, solve_in
from cpsolve.grid.hints import Clue, ClueModel, Edit, cells_of, clue_model
from cpsolve.grid.solve import solve
from cpsolve.grid.uniqueness import (
    backbone_in,
    core_in,
    count_in,
    minimal_in,
    open_session,
    redundant_in,
)
from cpsolve.limits import Deadline, TimeUp
from cpsolve.progress import step
from cpsolve.result import Status

if TYPE_CHECKING:
    from cpsolve.grid.puzzle import GridPuzzle

MAX_FIXES = 10  # a short list: the least change first
SHRINK_SECONDS = 1.0  # how long a core may take to become minimal
OPEN_BASES = 32  # changed boards whose solvers stay open while fixes are tried

Cell = tuple[int, int]


def _decode(puzzle: GridPuzzle[Any, Any], board: Any, values: tuple[bool, ...]) -> Any:
    return puzzle.prepare(board, False).decode(values)


def _checked(puzzle: GridPuzzle[Any, Any], board: Any, answer: Any) -> Any:
    errors = puzzle.check(board, answer)
    if errors:
        raise RuntimeError("the solver returned an invalid solution: " + "; ".join(errors[:3]))
    return answer


@dataclass
class Explanation:
    """What :func:`explain` found. ``status``: ``SOLVED`` (decided), ``UNSOLVABLE``
    (no solution), ``UNKNOWN`` (the deadline came first: ``undetermined`` are the
    cells shown to vary so far). ``first`` and ``second`` are two solutions (checked)
    that differ, ``second`` ``None`` on a unique board; ``fixes`` the edits found (the
    least change first), ``candidates`` how many edits were tried and ``searched``
    whether every candidate was (at most :data:`MAX_FIXES` are kept)."""

    status: Status
    unique: bool | None = None
    undetermined: list[Cell] = field(default_factory=list)
    first: Any = None
    second: Any = None
    fixes: list[Edit[Any]] = field(default_factory=list)
    candidates: int = 0
    searched: bool = True


def explain(puzzle: GridPuzzle[Any, Any], board: Any, *, solver: str = DEFAULT_SOLVER,
            deadline: Deadline | None = None, fixes: bool = True) -> Explanation:
    """The undetermined cells of ``board`` and, when there are some, the fixes.

    >>> from cpsolve.models.heyawake import HEYAWAKE, parse
    >>> found = explain(HEYAWAKE, parse("2 2\\n- -\\n- -\\na a\\na a\\n"))
    >>> found.unique, found.undetermined
    (False, [(0, 0), (0, 1), (1, 0), (1, 1)])
    >>> [fix.text for fix in found.fixes]
    ['number 0 in the room at row 1, column 1']
    """
    deadline = deadline or Deadline(None)
    clued = _clued(puzzle, board, deadline, implied=True)
    if clued is None:
        return Explanation(Status.UNKNOWN)
    projection = clued.projection
    with open_session(clued.model, solver) as session:
        found = backbone_in(session, projection, assumptions=clued.selectors,
                            refine=clued.model.refine, deadline=deadline)
        if found.status is Status.UNSOLVABLE:
            return Explanation(Status.UNSOLVABLE, unique=False)
        if found.first is None:
            return Explanation(Status.UNKNOWN)
        first = _checked(puzzle, board, _decode(puzzle, board, found.first))
        cells = cells_of(puzzle.show, lambda v: _decode(puzzle, board, v), board, found.first,
                         found.undetermined)
        out = Explanation(found.status, unique=found.unique, undetermined=sorted(cells),
                          first=first)
        if found.second is not None:
            out.second = _checked(puzzle, board, _decode(puzzle, board, found.second))
        if (found.status is not Status.SOLVED or found.unique or not fixes
                or puzzle.require_hints().edits is None):
            out.searched = found.status is Status.SOLVED
            return out
        _fixes(puzzle, board, clued, session, out, solver, deadline)
    return out


def _clued(puzzle: GridPuzzle[Any, Any], board: Any, deadline: Deadline | None,
           implied: bool = False) -> ClueModel | None:
    """The board's clue model (``implied``: with what its clues imply, see
    :func:`~cpsolve.grid.hints.clue_model`), or ``None`` when the time limit passed
    while it was built (the question is then answered as one cut short)."""
    try:
        return clue_model(puzzle.require_hints(), board, deadline=deadline, implied=implied)
    except TimeUp:
        return None


def _fixes(puzzle: GridPuzzle[Any, Any], board: Any, clued: ClueModel, session: SatSession,
           out: Explanation, solver: str, deadline: Deadline) -> None:
    """Try the family's edits near the undetermined cells, least change first: an edit
    that adds a clue to the board itself on the open session, by an assumption; one
    that changes the board on that board's own clue model (one per changed board, kept
    open while its other edits are tried). Each fix found is proven again, from
    scratch, by counting the changed board's solutions with the family's solve."""
    offered = puzzle.require_hints().edits
    assert offered is not None
    edits = sorted(offered(board, set(out.undetermined)), key=lambda e: e.cost)
    own = [edit.clue for edit in edits if edit.base is None and edit.clue is not None]
    extra = _add_clues(puzzle, board, session, own)
    opened: dict[Any, tuple[SatSession, ClueModel, dict[Clue, int]]] = {}
    fixed_bases: set[Any] = set()
    found: list[Edit[Any]] = []
    try:
        for tried, edit in enumerate(edits):
            step("fixes: changes tried", tried, len(edits))
            if len(found) >= MAX_FIXES:
                out.searched = False
                break
            if deadline.expired():
                out.searched = False
                break
            if edit.base is not None and edit.clue is not None and edit.base in fixed_bases:
                continue  # its base alone is a fix already: the lesser change
            out.candidates += 1
            if edit.base is None:
                assert edit.clue is not None
                counted = count_in(session, clued.projection,
                                   assumptions=[*clued.selectors, extra[edit.clue]],
                                   refine=clued.model.refine, deadline=deadline)
            else:
                base_session, base_model, base_extra = _base(puzzle, edit.base, edits,
                                                             opened, solver)
                assumptions = list(base_model.selectors)
                if edit.clue is not None:
                    assumptions.append(base_extra[edit.clue])
                counted = count_in(base_session, base_model.projection,
                                   assumptions=assumptions, refine=base_model.model.refine,
                                   deadline=deadline)
            if counted.timed_out:
                out.searched = False
                break
            if len(counted.solutions) == 1:
                found.append(edit)
                if edit.clue is None and edit.base is not None:
                    fixed_bases.add(edit.base)
    finally:
        for base_session, _, _ in opened.values():
            base_session.close()
    for proven, edit in enumerate(found):  # proven again, from scratch, by counting
        step("fixes: each proven again", proven, len(found))
        again = solve(puzzle, edit.board, limit=2, time_limit=deadline)
        if not again.complete:
            out.searched = False
            break
        if again.count != 1:
            raise RuntimeError(f"the fix {edit.text} was proven to leave one solution, but "
                               f"counting finds {again.count}")
        out.fixes.append(edit)


def _add_clues(puzzle: GridPuzzle[Any, Any], board: Any, session: SatSession,
               clues: Sequence[Clue]) -> dict[Clue, int]:
    """Clues a fix may add to ``board``, each guarded by a new selector in the open
    ``session``: the selectors by clue."""
    from cpsolve.grid.hints import guarded_clauses

    unique = list(dict.fromkeys(clues))
    if not unique:
        return {}
    first = session.fresh(len(unique))
    selectors = list(range(first, first + len(unique)))
    groups, top = guarded_clauses(puzzle.require_hints(), board, unique, selectors, session.nvars)
    session.add(groups, top)
    return dict(zip(unique, selectors))


def _base(puzzle: GridPuzzle[Any, Any], base: Any, edits: list[Edit[Any]],
          opened: dict[Any, tuple[SatSession, ClueModel, dict[Clue, int]]], solver: str
          ) -> tuple[SatSession, ClueModel, dict[Clue, int]]:
    """The open solver of a changed board, with every clue its edits add."""
    if base in opened:
        return opened[base]
    if len(opened) >= OPEN_BASES:
        oldest = next(iter(opened))
        opened.pop(oldest)[0].close()
    model = clue_model(puzzle.require_hints(), base)
    session = open_session(model.model, solver)
    extra = _add_clues(puzzle, base, session,
                       [e.clue for e in edits if e.base == base and e.clue is not None])
    opened[base] = (session, model, extra)
    return opened[base]


@dataclass
class Conflict:
    """Clues that cannot hold together (``status`` ``UNSOLVABLE``), minimal when
    ``minimal`` (without any one of them the rest can hold; an empty list: the rules
    alone have no solution on this board); ``SOLVED`` when the board has a solution
    after all; ``UNKNOWN`` when the deadline came first."""

    status: Status
    clues: list[Clue] = field(default_factory=list)
    minimal: bool = False


def conflict(puzzle: GridPuzzle[Any, Any], board: Any, *, solver: str = DEFAULT_SOLVER,
             deadline: Deadline | None = None,
             shrink: float | None = SHRINK_SECONDS) -> Conflict:
    """A small set of ``board``'s clues that cannot hold together.

    >>> from cpsolve.models.heyawake import HEYAWAKE, parse
    >>> found = conflict(HEYAWAKE, parse("2 3\\n2 - 2\\n- - -\\na a b\\na a b\\n"))
    >>> found.status.value, [clue.at() for clue in found.clues], found.minimal
    ('unsolvable', ['number 2 at row 1, column 3'], True)
    """
    clued = _clued(puzzle, board, deadline)
    if clued is None:
        return Conflict(Status.UNKNOWN)
    with open_session(clued.model, solver) as session:
        found = core_in(session, clued.projection, clued.selectors,
                        refine=clued.model.refine, deadline=deadline, shrink=shrink)
    by_selector = dict(zip(clued.selectors, clued.clues))
    return Conflict(found.status, [by_selector[s] for s in found.literals], found.minimal)


def _solution_values(puzzle: GridPuzzle[Any, Any], board: Any, clued: ClueModel,
                     session: SatSession, answer: Any, deadline: Deadline | None
                     ) -> tuple[bool, ...] | Literal[False] | None:
    """The clue model's projection values of ``answer``: the model's solution with
    every clue on when it is ``answer``; ``False`` when the model finds another (the
    board is not unique), ``None`` when the deadline came first."""
    found = solve_in(session, clued.projection, assumptions=clued.selectors,
                     deadline=deadline, refine=clued.model.refine)
    if found is False:
        raise RuntimeError("the clue model has no solution, but the board has one")
    if found is None:
        return None
    assert isinstance(found, tuple)
    return found if _decode(puzzle, board, found) == answer else False


@dataclass
class Redundant:
    """The clues that can each be taken away with the solution still unique.
    ``unique`` is whether the board itself is (``None``: not decided); ``status``
    ``UNKNOWN`` when the deadline came first (``open``: clues not decided)."""

    status: Status
    unique: bool | None
    clues: list[Clue] = field(default_factory=list)
    open: list[Clue] = field(default_factory=list)


def redundant(puzzle: GridPuzzle[Any, Any], board: Any, answer: Any, *,
              solver: str = DEFAULT_SOLVER, deadline: Deadline | None = None) -> Redundant:
    """The clues of ``board`` whose removal alone leaves ``answer`` its only solution
    (none when the family's clues are its rules: ``Hints.removable``).

    >>> from cpsolve.models.heyawake import HEYAWAKE, parse, solve
    >>> board = parse("https://puzz.link/p?heyawake/6/6/lll155007rs12222j")
    >>> found = redundant(HEYAWAKE, board, solve(board).solution)
    >>> found.unique, [clue.at() for clue in found.clues]
    (True, [])
    """
    clued = _clued(puzzle, board, deadline)
    if clued is None:
        return Redundant(Status.UNKNOWN, None, open=puzzle.require_hints().clues(board))
    with open_session(clued.model, solver) as session:
        values = _solution_values(puzzle, board, clued, session, answer, deadline)
        if values is None:
            return Redundant(Status.UNKNOWN, None, open=list(clued.clues))
        if values is False:
            return Redundant(Status.SOLVED, False)
        # Clues that are the genre's rules are kept on, none tried: uniqueness alone.
        removable = puzzle.require_hints().removable
        found = redundant_in(session, clued.projection,
                             clued.selectors if removable else [], values,
                             keep=() if removable else clued.selectors,
                             refine=clued.model.refine, deadline=deadline)
    return Redundant(found.status, found.unique, [clued.clues[i] for i in found.redundant],
                     [clued.clues[i] for i in found.open])


@dataclass
class Minimized:
    """A board with fewer clues and the same one solution: ``board``, the clues
    ``removed``, and whether it is ``minimal`` (no single clue left can go; false when
    the deadline came first). ``unique`` is whether the board given was unique
    (nothing is removed otherwise)."""

    status: Status
    unique: bool | None
    board: Any
    removed: list[Clue] = field(default_factory=list)
    minimal: bool = False


def minimize(puzzle: GridPuzzle[Any, Any], board: Any, answer: Any, *,
             order: Sequence[int] | None = None, groups: Sequence[Sequence[int]] | None = None,
             keep: Sequence[int] = (), solver: str = DEFAULT_SOLVER,
             deadline: Deadline | None = None, patience: int | None = None) -> Minimized:
    """``board`` with clues taken away while ``answer`` stays its only solution, until
    none of those left can go alone: tried in ``order`` (indices into the board's
    clues; default: reading order), every clue a uniqueness proof did not use going at
    once. ``groups`` (indices, each clue in one) go or stay together (clues placed
    with a symmetry); ``keep`` are clues never taken away (every one when the
    family's clues are its rules: ``Hints.removable``). With ``patience`` (rounds of
    the lazy rules, see :func:`~cpsolve.grid.uniqueness.minimal_in`) a clue whose
    question takes longer stays, and the board is not called minimal.

    >>> from cpsolve.models.heyawake import HEYAWAKE, parse, solve
    >>> board = parse("https://puzz.link/p?heyawake/6/6/lll155007rs12222j")
    >>> found = minimize(HEYAWAKE, board, solve(board).solution)
    >>> found.removed, found.minimal  # each of its four numbers is needed
    ([], True)
    """
    clued = _clued(puzzle, board, deadline, implied=True)
    if clued is None:
        return Minimized(Status.UNKNOWN, None, board)
    sets = [list(g) for g in groups] if groups is not None else [
        [i] for i in range(len(clued.clues))]
    with open_session(clued.model, solver) as session:
        values = _solution_values(puzzle, board, clued, session, answer, deadline)
        if values is None or values is False:
            return Minimized(Status.UNKNOWN if values is None else Status.SOLVED,
                             None if values is None else False, board)
        # One selector per set of clues that go together.
        first = session.fresh(len(sets))
        switches = list(range(first, first + len(sets)))
        session.add([[[-switch, clued.selectors[i]] for i in members]
                     for switch, members in zip(switches, sets)])
        held = set(keep if puzzle.require_hints().removable else range(len(clued.clues)))
        fixed = [switches[k] for k, members in enumerate(sets) if held & set(members)]
        loose = [k for k, members in enumerate(sets) if not held & set(members)]
        if order is not None:
            position = {clue: rank for rank, clue in enumerate(order)}
            loose.sort(key=lambda k: min(position.get(i, len(position)) for i in sets[k]))
        found = minimal_in(session, clued.projection, [switches[k] for k in loose], values,
                           keep=fixed, refine=clued.model.refine, deadline=deadline,
                           patience=patience)
    if not found.unique:
        return Minimized(found.status, found.unique, board)
    removed = [clued.clues[i] for k in found.removed for i in sets[loose[k]]]
    removed.sort(key=lambda clue: clue.cell)
    return Minimized(found.status, True, puzzle.require_hints().without(board, removed), removed,
                     found.minimal)




class OutOfTime(Exception):
    """The deadline came before a board was proven."""


def fewest_for_uniqueness(puzzle: GridPuzzle[Any, Any], board: Any, answer: Any,
                          order: Sequence[int], groups: Sequence[Sequence[int]],
                          keep: Sequence[int], deadline: Deadline,
                          patience: int | None = None) -> Any:
    """Clues taken away in ``order`` while ``answer`` stays the only solution
    (:func:`cpsolve.grid.setter.minimize`), ``groups`` together, ``keep`` kept, a
    clue whose question outlasts ``patience`` kept too."""
    found = minimize(puzzle, board, answer, order=order, groups=groups, keep=keep,
                     deadline=deadline, patience=patience)
    if found.status is Status.UNKNOWN:
        raise OutOfTime
    if found.unique is not True:
        raise RuntimeError("a mended board is not unique after all")
    return found.board


__all__ = ["Conflict", "Explanation", "Minimized", "OutOfTime", "Redundant", "conflict",
           "explain", "fewest_for_uniqueness", "minimize", "redundant"]
