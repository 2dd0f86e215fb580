"""What a puzzle setter asks about an Akari board beyond its answer, each answer proven:

* :func:`explain`: the cells that are not the same in every solution (the complement
  of the backbone, by :mod:`cpsolve.grid.uniqueness` on the solve's model), two solutions
  that differ, and **fixes**: single changes that leave exactly one solution (a
  number added to an unnumbered black cell; a white cell made black, unnumbered or
  numbered), each proven by the incremental solver and proven again by counting the
  changed board's solutions from scratch;
* :func:`conflict`: for a board with no solution, a small set of clues that cannot
  hold together (an unsatisfiable core over the clues, shrunk to a minimal one when
  that is quick: without any one of them the rest can hold);
* :func:`redundant`: the numbers that can each be removed (the cell stays black) with
  the solution still the only one;
* :func:`minimize`: the board with a minimal set of numbers kept, unique, none of
  them removable alone.

The last three work on the *clue model*: the lighting rules as clauses, and each
clue's "exactly N lights around" guarded by its own selector variable, so one
solver turns clues on and off by assumptions. It models the whole board (the
deductions would use the clues being questioned).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from cpsolve.backends.sat import DEFAULT_SOLVER, CnfModel
from cpsolve.cnf import exactly
from cpsolve.grid.geometry import where
from cpsolve.grid.uniqueness import backbone_in, core_in, count_in, minimal_in, open_session
from cpsolve.grid.uniqueness import redundant_in as redundant_hints
from cpsolve.limits import Deadline
from cpsolve.models.akari.analysis import Residual, prepare
from cpsolve.models.akari.board import Board, Cell, Solution
from cpsolve.models.akari.check import check
from cpsolve.models.akari.encodings import build_sat
from cpsolve.result import Status

MAX_FIXES = 10  # a short list: the least change first
SHRINK_SECONDS = 1.0  # how long a core may take to become minimal


def _guarded_clues(model: CnfModel, var: np.ndarray, rows: np.ndarray, numbers: np.ndarray,
                   fixed: np.ndarray | None = None) -> list[int]:
    """Add "exactly ``numbers[k]`` lights among the white cells ``rows[k]``" (white
    indices, -1 for none) to ``model``, each clue under a new selector, which are
    returned. ``var`` maps white cells to model variables (0: decided, and then
    ``fixed`` says whether it holds a light)."""
    first = model.nvars + 1
    selectors = np.arange(first, first + len(rows), dtype=np.int64)
    model.nvars += len(rows)
    if not len(rows):
        return []
    lit = np.append(var, 0)[rows]  # -1 (no white cell there) reads the 0 appended
    known = (np.append(fixed, False)[rows] & (lit == 0) if fixed is not None
             else np.zeros(rows.shape, dtype=bool))
    need = numbers - known.sum(axis=1)
    open_ = lit != 0
    count = open_.sum(axis=1)
    packed = np.take_along_axis(np.where(open_, lit, 0),
                                np.argsort(~open_, axis=1, kind="stable"), axis=1)
    for m, k in set(zip(count.tolist(), need.tolist())):
        chosen = (count == m) & (need == k)
        sel = selectors[chosen]
        if not 0 <= k <= m:
            model.add(-sel[:, None])  # this clue cannot hold
            continue
        lits = packed[chosen, :m]
        for group in exactly(lits, k):
            per = len(group) // len(sel)
            model.add(np.concatenate([group, -np.repeat(sel, per)[:, None]], axis=1))
    return selectors.tolist()


def clue_model(board: Board) -> tuple[CnfModel, list[Cell], list[int]]:
    """The lighting rules of the whole board as clauses (white cell i is variable i +
    1, the projection), and each clue under its own selector: the model, the clue
    cells (row-major) and their selectors."""
    residual = replace(Residual.of(board), clues={})
    model = build_sat(residual)
    cells, numbers, around = board.clue_table
    selectors = _guarded_clues(model, residual.variables(), around, numbers)
    return model, [(int(r), int(c)) for r, c in cells.tolist()], selectors


def _values(board: Board, lights: Solution) -> tuple[bool, ...]:
    return tuple(cell in lights for cell in board.whites)


@dataclass(frozen=True)
class Fix:
    """One change that leaves exactly one solution: ``clue`` on the black cell at
    ``cell`` (``None``: a black cell without a number); ``black`` says the cell was
    white."""

    cell: Cell
    clue: int | None
    black: bool

    def to_json(self) -> dict[str, Any]:
        return {"cell": [self.cell[0] + 1, self.cell[1] + 1], "clue": self.clue}

    def describe(self) -> str:
        if not self.black:
            return f"number {self.clue} on the black cell at {where(self.cell)}"
        if self.clue is None:
            return f"a black cell at {where(self.cell)}"
        return f"a black cell numbered {self.clue} at {where(self.cell)}"

    def apply(self, board: Board) -> Board:
        rows = [list(row) for row in board.rows]
        rows[self.cell[0]][self.cell[1]] = "#" if self.clue is None else str(self.clue)
        return Board(tuple("".join(row) for row in rows))


@dataclass
class Explanation:
    """What :func:`explain` found. ``status``: ``SOLVED`` (decided), ``UNSOLVABLE``
    (no solution), ``UNKNOWN`` (the deadline came first: ``undetermined`` are the
    cells shown to vary so far). ``first`` and ``second`` are two solutions (checked)
    that differ, ``second`` ``None`` on a unique board; ``fixes`` the changes found
    (the least change first), ``candidates`` how many changes were tried and
    ``searched`` whether every candidate was (at most :data:`MAX_FIXES` are kept)."""

    status: Status
    unique: bool | None = None
    undetermined: list[Cell] = field(default_factory=list)
    first: Solution | None = None
    second: Solution | None = None
    fixes: list[Fix] = field(default_factory=list)
    candidates: int = 0
    searched: bool = True


def _checked(board: Board, lights: Solution) -> Solution:
    errors = check(board, lights)
    if errors:
        raise RuntimeError("the solver returned an invalid solution: " + "; ".join(errors[:3]))
    return lights


def explain(board: Board, *, solver: str = DEFAULT_SOLVER, deadline: Deadline | None = None,
            deductions: bool = True, fixes: bool = True) -> Explanation:
    """The undetermined cells of ``board`` and, when there are some, the fixes.

    >>> found = explain(Board(("...", ".#.", "...")))
    >>> found.unique, len(found.undetermined)
    (False, 8)
    >>> for fix in found.fixes[:2]:
    ...     print(fix.describe())
    number 4 on the black cell at row 2, column 2
    a black cell numbered 0 at row 1, column 1
    """
    deadline = deadline or Deadline(None)
    residual = prepare(board, deductions)
    if residual.contradiction is not None:
        return Explanation(Status.UNSOLVABLE, unique=False)
    if residual.solved:
        return Explanation(Status.SOLVED, unique=True,
                           first=_checked(board, residual.decode(())))
    model = build_sat(residual)
    projection = list(model.projection)
    with open_session(model, solver) as session:
        found = backbone_in(session, projection, deadline=deadline)
        if found.status is Status.UNSOLVABLE:
            return Explanation(Status.UNSOLVABLE, unique=False)
        if found.first is None:
            return Explanation(Status.UNKNOWN)
        whites = board.whites
        out = Explanation(found.status, unique=found.unique,
                          undetermined=sorted(whites[int(residual.open_cells[i])]
                                              for i in found.undetermined),
                          first=_checked(board, residual.decode(found.first)))
        if found.second is not None:
            out.second = _checked(board, residual.decode(found.second))
        if found.status is not Status.SOLVED or found.unique or not fixes:
            out.searched = found.status is Status.SOLVED
            return out
        numbered = _numbers_added(board, residual, model, session, projection,
                                  set(out.undetermined), deadline, out)
    out.fixes.extend(numbered)
    if len(out.fixes) < MAX_FIXES and out.searched:
        out.fixes.extend(_blacks_added(board, out, solver, deadline,
                                       MAX_FIXES - len(out.fixes)))
    proven = []
    for fix in out.fixes:  # proven again, from scratch, by counting solutions
        if not _recount(board, fix, solver, deadline):
            out.searched = False
            break
        proven.append(fix)
    out.fixes = proven
    return out


def _recount(board: Board, fix: Fix, solver: str, deadline: Deadline) -> bool:
    """Whether counting the solutions of the changed board from scratch finds one
    (False: the deadline came first; a different count is a fault in cpsolve)."""
    from cpsolve.models.akari import solve

    result = solve(fix.apply(board), solver=solver, limit=2, time_limit=deadline)
    if not result.complete:
        return False
    if result.count != 1:
        raise RuntimeError(f"the fix {fix.describe()} was proven to leave one solution, "
                           f"but counting finds {result.count}")
    return True


def _numbers_added(board: Board, residual: Residual, model: CnfModel, session: Any,
                   projection: list[int], undetermined: set[Cell], deadline: Deadline,
                   out: Explanation) -> list[Fix]:
    """Numbers on unnumbered black cells next to an undetermined cell that leave one
    solution: each number a guarded clue in the same solver, tried by assumption."""
    blacks = sorted({n for cell in undetermined for n in board.neighbours(cell)
                     if board.rows[n[0]][n[1]] == "#"})
    index = {cell: i for i, cell in enumerate(board.whites)}
    rows, numbers, where_ = [], [], []
    for cell in blacks:
        around = [index[n] for n in board.white_neighbours(cell)]
        for number in range(len(around) + 1):
            rows.append(around + [-1] * (4 - len(around)))
            numbers.append(number)
            where_.append((cell, number))
    if not rows:
        return []
    fixed = np.zeros(len(board.whites), dtype=bool)
    fixed[residual.fixed_lights] = True
    extra = CnfModel(session.nvars, projection)  # after the switches made so far
    selectors = _guarded_clues(extra, residual.variables(), np.array(rows, dtype=np.int64),
                               np.array(numbers, dtype=np.int64), fixed)
    session.add(extra.groups, extra.nvars)
    found = []
    for (cell, number), selector in zip(where_, selectors):
        out.candidates += 1
        counted = count_in(session, projection, assumptions=[selector], deadline=deadline)
        if counted.timed_out:
            out.searched = False
            break
        if len(counted.solutions) == 1:
            found.append(Fix(cell, number, black=False))
            if len(found) >= MAX_FIXES:
                out.searched = False
                break
    return found


def _blacks_added(board: Board, out: Explanation, solver: str, deadline: Deadline,
                  room: int) -> list[Fix]:
    """White cells that, made black (unnumbered, or numbered when that is not
    enough), leave one solution: the undetermined cells first, then the cells that
    see them. Each candidate is a new board, solved with its clue as a guarded hint."""
    undetermined = out.undetermined
    seen = set(undetermined)
    candidates = list(undetermined)
    for cell in undetermined:
        for other in board.visible(cell):
            if other not in seen:
                seen.add(other)
                candidates.append(other)
    plain: list[Fix] = []
    numbered: list[Fix] = []
    for cell in candidates:
        if len(plain) >= room or deadline.expired():
            out.searched = out.searched and len(plain) >= room
            break
        out.candidates += 1
        verdict = _made_black(board, cell, solver, deadline)
        if verdict is None:
            out.searched = False
            break
        if verdict == "plain":
            plain.append(Fix(cell, None, black=True))
        elif isinstance(verdict, list):
            numbered.extend(Fix(cell, number, black=True) for number in verdict)
    return (plain + numbered)[:room]


def _made_black(board: Board, cell: Cell, solver: str,
                deadline: Deadline) -> str | list[int] | None:
    """Whether making ``cell`` black leaves one solution: ``"plain"`` without a
    number, else the numbers that do (maybe none); ``None`` when out of time."""
    rows = [list(row) for row in board.rows]
    rows[cell[0]][cell[1]] = "#"
    changed = Board(tuple("".join(row) for row in rows))
    residual = prepare(changed)
    if residual.contradiction is not None:
        return []
    if residual.solved:
        return "plain"
    model = build_sat(residual)
    projection = list(model.projection)
    index = {c: i for i, c in enumerate(changed.whites)}
    around = [index[n] for n in changed.white_neighbours(cell)]
    fixed = np.zeros(len(changed.whites), dtype=bool)
    fixed[residual.fixed_lights] = True
    numbers = list(range(len(around) + 1))
    selectors = _guarded_clues(model, residual.variables(),
                               np.array([around + [-1] * (4 - len(around))] * len(numbers),
                                        dtype=np.int64).reshape(len(numbers), 4),
                               np.array(numbers, dtype=np.int64), fixed)
    with open_session(model, solver) as session:
        counted = count_in(session, projection, deadline=deadline)
        if counted.timed_out:
            return None
        if len(counted.solutions) == 1:
            return "plain"
        if not counted.solutions:
            return []
        good = []
        for number, selector in zip(numbers, selectors):
            counted = count_in(session, projection, assumptions=[selector],
                               deadline=deadline)
            if counted.timed_out:
                return None
            if len(counted.solutions) == 1:
                good.append(number)
        return good


@dataclass
class Conflict:
    """Clues that cannot hold together (``status`` ``UNSOLVABLE``), minimal when
    ``minimal`` (without any one of them the rest can hold); ``SOLVED`` when the board
    has a solution after all; ``UNKNOWN`` when the deadline came first."""

    status: Status
    cells: list[Cell] = field(default_factory=list)
    minimal: bool = False


def conflict(board: Board, *, solver: str = DEFAULT_SOLVER, deadline: Deadline | None = None,
             shrink: float | None = SHRINK_SECONDS) -> Conflict:
    """A small set of clues of ``board`` that cannot hold together.

    >>> found = conflict(Board(("...2", "11..", "..#.")))
    >>> found.status.value, found.cells, found.minimal
    ('unsolvable', [(0, 3), (1, 0), (1, 1)], True)
    """
    model, cells, selectors = clue_model(board)
    with open_session(model, solver) as session:
        found = core_in(session, list(model.projection), selectors, deadline=deadline,
                        shrink=shrink)
    where_ = dict(zip(selectors, cells))
    return Conflict(found.status, [where_[s] for s in found.literals], found.minimal)


@dataclass
class Redundant:
    """The numbers (clue cells) that can each be removed with the solution still
    unique. ``unique`` is whether the board itself is (``None``: not decided);
    ``status`` ``UNKNOWN`` when the deadline came first (``open``: clues not
    decided)."""

    status: Status
    unique: bool | None
    cells: list[Cell] = field(default_factory=list)
    open: list[Cell] = field(default_factory=list)


def redundant(board: Board, lights: Solution, *, solver: str = DEFAULT_SOLVER,
              deadline: Deadline | None = None) -> Redundant:
    """The numbers of ``board`` whose removal alone leaves ``lights`` its only solution.

    >>> board = Board(("1..", "...", "..1"))
    >>> redundant(board, frozenset({(0, 1), (1, 0), (2, 1)})).unique  # (1,2)... also fits
    False
    >>> board = Board(("0..", ".#.", "..0"))
    >>> found = redundant(board, frozenset({(0, 2), (2, 0)}))
    >>> found.unique, found.cells
    (True, [(0, 0), (2, 2)])
    """
    model, cells, selectors = clue_model(board)
    with open_session(model, solver) as session:
        found = redundant_hints(session, list(model.projection), selectors,
                                _values(board, lights), deadline=deadline)
    return Redundant(found.status, found.unique, [cells[i] for i in found.redundant],
                     [cells[i] for i in found.open])


@dataclass
class Minimized:
    """A board with fewer numbers and the same one solution: ``board``, the numbers
    ``removed`` (cells), and whether it is ``minimal`` (no single number left can go;
    false when the deadline came first). ``unique`` is whether the board given was
    unique (nothing is removed otherwise)."""

    status: Status
    unique: bool | None
    board: Board
    removed: list[Cell] = field(default_factory=list)
    minimal: bool = False


def minimize(board: Board, lights: Solution, *, order: Sequence[Cell] | None = None,
             solver: str = DEFAULT_SOLVER, deadline: Deadline | None = None) -> Minimized:
    """``board`` with numbers removed while ``lights`` stays its only solution, until
    none of those left can go alone: tried in ``order`` (default row-major), except
    that every number a uniqueness proof did not use goes at once.

    >>> board = Board(("0..", ".#.", "..0"))
    >>> found = minimize(board, frozenset({(0, 2), (2, 0)}))
    >>> found.removed in ([(0, 0)], [(2, 2)]), found.minimal  # either number can go
    (True, True)
    """
    model, cells, selectors = clue_model(board)
    position = {cell: i for i, cell in enumerate(cells)}
    ranked = [position[cell] for cell in order] if order is not None else None
    with open_session(model, solver) as session:
        found = minimal_in(session, list(model.projection), selectors, _values(board, lights),
                           order=ranked, deadline=deadline)
    removed = [cells[i] for i in found.removed] if found.unique else []
    return Minimized(found.status, found.unique, without_numbers(board, removed), removed,
                     found.minimal)


def without_numbers(board: Board, cells: Iterable[Cell]) -> Board:
    """``board`` with the numbers at ``cells`` removed (the cells stay black)."""
    rows = [list(row) for row in board.rows]
    for r, c in cells:
        rows[r][c] = "#"
    return Board(tuple("".join(row) for row in rows))
