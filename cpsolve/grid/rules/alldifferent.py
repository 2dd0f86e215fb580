"""Numbers that differ within units (a row, a column, a box, a room, a run), stated on
the rule language's model, and what given numbers decide through that rule before any
model is built.

* :func:`candidates`: a number per cell, one-hot (``holds[cell, v]``, "the cell holds
  v"), each cell holding exactly one; the pairs the deductions decided
  (:attr:`Model.decided <.model.Model.decided>`, best as :class:`Known`) are no
  variables, their literals :data:`~.model.TRUE` or :data:`~.model.FALSE`, which
  every rule folds away.
* :class:`AllDifferent`: no unit holds a number twice; a unit of as many cells as
  numbers holds each once (a Latin square's rows, a Sudoku's boxes).
* :func:`eliminated`: a given cell holds its number and no other, and no other cell of
  its units holds that number (Kwon and Jain, "Optimized CNF encoding for Sudoku
  puzzles", 2006), with the contradictions that shows; :func:`given_numbers`, what a
  genre's ``prepare`` returns of it (:class:`Deduced`).

Each rule is stated once and written by each backend its own way:

* SAT: "exactly one" as at least one (a clause) and at most one (pairwise clauses).
  A method may write one half alone where the other rules imply the other: its
  option ``one`` (``exactly``, or ``at least``) for a cell's number, ``once``
  (``exactly``, or ``at most``) for each number in a unit as long as the numbers are
  many. Cells that hold a number each and units that hold no number twice leave every
  such unit each number once (its cells hold as many numbers as it has cells, none
  twice), and, when such units cover every cell, one number a cell (a cell with two
  would leave its unit more numbers than cells).
* CP-SAT: an integer per cell over its open numbers, tied to the Booleans
  (``value == sum(v * b_v)``), and ``AddAllDifferent`` per unit.
* certificate: "exactly one" and "at most one" by the certificate's own counter.

>>> from cpsolve.grid.geometry import Grid
>>> from cpsolve.grid.rules.model import Model
>>> known = Known(np.array([[1, 0], [0, -1]], dtype=np.int8), range(1, 3))
>>> m = Model(Grid(1, 2), decided={"holds": known})
>>> holds = candidates(m, "holds", range(1, 3))
>>> m.require(AllDifferent(holds.lits, [[0, 1]]))
>>> holds[0, 1] == TRUE, holds[1, 2], m.nvars, m.name(1), dict(known)
(True, 1, 1, 'holds r1c2=2', {(0, 1): True, (0, 2): False, (1, 1): False})
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from cpsolve.grid.rules.model import FALSE, TRUE, Layer, Model

if TYPE_CHECKING:
    from cpsolve.grid.rules.certificate import CertOut
    from cpsolve.grid.rules.cpsat import CpsatOut
    from cpsolve.grid.rules.sat import SatOut


class Known(Mapping[Hashable, bool]):
    """What deductions decided of a number per cell, as :attr:`Model.decided
    <.model.Model.decided>` holds it (``(cell, v)`` to its value, the open pairs left
    out), kept as an array: ``array[cell, v - numbers.start]`` 1 true, 0 false, -1
    open (``numbers`` the range of numbers a cell may hold)."""

    def __init__(self, array: np.ndarray, numbers: range) -> None:
        self.array = array
        self.numbers = numbers

    def __getitem__(self, key: Hashable) -> bool:
        if not (isinstance(key, tuple) and len(key) == 2):
            raise KeyError(key)
        cell, value = key
        if not (isinstance(cell, int) and 0 <= cell < len(self.array) and value in self.numbers):
            raise KeyError(key)
        found = int(self.array[cell, value - self.numbers.start])
        if found < 0:
            raise KeyError(key)
        return found > 0

    def __iter__(self) -> Iterator[Hashable]:
        start = self.numbers.start
        return ((cell, start + k) for cell, k in np.argwhere(self.array >= 0).tolist())

    def __len__(self) -> int:
        return int((self.array >= 0).sum())

    @property
    def open(self) -> np.ndarray:
        """Whether each pair is left open."""
        return self.array < 0  # type: ignore[no-any-return]

    def filled(self, values: Sequence[bool]) -> np.ndarray:
        """The values of every pair (``[cell, v - numbers.start]``), from the values of
        the open ones in order."""
        full = self.array > 0
        full[self.array < 0] = values
        return full  # type: ignore[no-any-return]

    @staticmethod
    def of(decided: Mapping[Hashable, bool], cells: int, values: range) -> Known:
        """Decided values given pair by pair, as an array."""
        if isinstance(decided, Known):
            return decided
        array = np.full((cells, len(values)), -1, dtype=np.int8)
        for key, on in decided.items():
            cell, value = cast(tuple[int, int], key)
            array[cell, value - values.start] = 1 if on else 0
        return Known(array, values)


class Candidates(Layer):
    """A number per cell, one-hot, over the pairs the deductions left open:
    ``layer[cell, v]`` the literal "the cell holds v" (a variable, or TRUE or FALSE
    where ``known`` decided it), :attr:`lits` all of them as an array ``[cell, v -
    numbers.start]`` (``numbers`` the range of numbers a cell may hold). The variables
    number the open pairs cell by cell, number by number; the keys are ``(cell, v)``."""

    def __init__(self, name: Hashable, cells: int, numbers: range, first: int,
                 known: Known | None = None,
                 named: Callable[[Hashable], str] | None = None) -> None:
        self.numbers = numbers
        if known is None:
            self.open: np.ndarray | None = None
            count = cells * len(numbers)
            self.lits = np.arange(first, first + count, dtype=np.int64).reshape(cells, -1)
        else:
            self.open = known.open
            count = int(self.open.sum())
            self.lits = np.where(known.array > 0, TRUE, FALSE).astype(np.int64)
            self.lits[self.open] = np.arange(first, first + count, dtype=np.int64)
        super().__init__(name, None, first, count)
        self.named = named
        self._at: tuple[np.ndarray, ...] | None = None

    def _lit(self, key: Hashable) -> int | None:
        """The literal of ``key`` (``None``: no pair of the layer)."""
        if not (isinstance(key, tuple) and len(key) == 2):
            return None
        cell, value = key
        if not (isinstance(cell, int) and 0 <= cell < len(self.lits) and value in self.numbers):
            return None
        return int(self.lits[cell, value - self.numbers.start])

    def __getitem__(self, key: Hashable) -> int:
        lit = self._lit(key)
        return FALSE if lit is None else lit

    def get(self, key: Hashable, default: Any = None) -> Any:
        lit = self._lit(key)
        return default if lit is None else lit

    def _position(self, key: Hashable) -> int | None:
        lit = self._lit(key)
        return None if lit is None or lit in (TRUE, FALSE) else lit - self.first

    def __iter__(self) -> Iterator[Hashable]:
        return (self.key(p) for p in range(self.count))

    def key(self, position: int) -> Hashable:
        if self.open is None:
            cell, k = divmod(position, len(self.numbers))
        else:
            if self._at is None:
                self._at = np.nonzero(self.open)
            cell, k = int(self._at[0][position]), int(self._at[1][position])
        return cell, self.numbers[k]


def candidates(m: Model, name: Hashable, numbers: range) -> Candidates:
    """A number of ``numbers`` in every cell of the model's grid (the answer: the
    layer's variables), over the candidates the deductions left (``m.decided[name]``,
    when they decided some); each cell holds exactly one."""
    if m.grid is None:
        raise ValueError("a number per cell needs the model's grid")
    cell_name, cells = m.grid.name, m.grid.cells
    decided = m.decided.get(name)
    known = None if decided is None else Known.of(decided, cells, numbers)
    layer = Candidates(name, cells, numbers, m.nvars + 1, known,
                       named=lambda key: f"{cell_name(key[0])}={key[1]}")  # type: ignore
    m.adopt(layer)
    m.require(OneNumber(layer.lits, numbers))
    m.solution(range(layer.first, layer.first + layer.count))
    return layer


# -- "at least one" and "at most one" of rows of literals (constants folded) -----------

@cache
def _pairs(width: int) -> tuple[np.ndarray, np.ndarray]:
    """The first and the second of every pair of positions in a row of ``width``."""
    pairs = np.array(list(combinations(range(width), 2)), dtype=np.int64).reshape(-1, 2)
    return pairs[:, 0].copy(), pairs[:, 1].copy()


class Rows:
    """Rows of literals (a 2-D array) with their constants sorted out once, for the
    two halves of "exactly one": :attr:`rows` those holding no TRUE, :attr:`kept`
    where they hold no FALSE (``None``: everywhere), :attr:`falsified` the literals a
    row holding TRUE makes false, :attr:`twice` whether a row holds TRUE twice."""

    def __init__(self, rows: np.ndarray) -> None:
        true = (rows == TRUE).sum(axis=1)
        self.twice = False
        self.falsified: list[int] = []
        if true.any():
            held = true > 0
            self.twice = bool(true.max() > 1)
            rest = rows[held]
            self.falsified = rest[np.abs(rest) < TRUE].tolist()
            rows = rows[~held]
        self.rows = rows
        kept = rows != FALSE
        self.kept: np.ndarray | None = None if kept.all() else kept


def at_least_one(out: SatOut, rows: Rows) -> None:
    """A clause a row (a row holding TRUE needs none; FALSE left out)."""
    kept = rows.kept
    if kept is None:
        if len(rows.rows):
            out.add(rows.rows)
        return
    flat = rows.rows[kept].tolist()
    ends = kept.sum(axis=1).cumsum().tolist()
    out.add([flat[start:end] for start, end in zip([0, *ends], ends)])


def at_most_one(out: SatOut, rows: Rows) -> None:
    """No two literals of a row both hold, pairwise (a row holding TRUE: the others
    are false)."""
    if rows.twice:
        out.add([[]])
    if rows.falsified:
        out.add([[-lit] for lit in rows.falsified])
    width = rows.rows.shape[1]
    if width < 2 or not len(rows.rows):
        return
    first, second = _pairs(width)  # gathered column by column: the fastest measured
    a, b = rows.rows[:, first], rows.rows[:, second]
    if rows.kept is not None:
        both = rows.kept[:, first] & rows.kept[:, second]
        a, b = a[both], b[both]
    out.add(-np.stack([a.ravel(), b.ravel()], axis=1))


def _open(row: list[int]) -> tuple[int, list[int]]:
    return row.count(TRUE), [lit for lit in row if lit not in (TRUE, FALSE)]


def _certify(out: CertOut, row: list[int], exactly: bool) -> None:
    """Exactly one (or at most one) literal of a row, in a certificate."""
    true, lits = _open(row)
    if true > 1 or (exactly and not true and not lits):
        out.clause([])
    elif true:
        for lit in lits:
            out.clause([-lit])
    elif exactly:
        out.cnf.exactly(1, lits)
    else:
        out.cnf.at_most(1, lits)


# -- the rules -------------------------------------------------------------------------

@dataclass
class OneNumber:
    """Each row of ``lits`` (a cell's literals, ``[cell, v - values.start]``) has
    exactly one that holds (stated by :func:`candidates` and
    :func:`~cpsolve.grid.rules.numbers.numbers`). On SAT its "at most one" is pairwise,
    or, with ``counter`` and rows of constants-free literals longer than
    :data:`cpsolve.cnf.PAIRWISE_UP_TO`, Sinz's sequential counter (a Fillomino
    cell's numbers run to the board's cells, where pairs would grow as its square)."""

    lits: np.ndarray
    values: range
    counter: bool = False

    def sat(self, out: SatOut) -> None:
        if out.wants():
            rows = Rows(self.lits)
            at_least_one(out, rows)
            if out.options.get("one", "exactly") != "exactly":
                return
            if self.counter and rows.kept is None and not rows.falsified and not rows.twice:
                from cpsolve.cnf import at_most_one as counted

                groups, out.top = counted(rows.rows, out.top)
                for group in groups:
                    out.add(group)
            else:
                at_most_one(out, rows)

    def cpsat(self, out: CpsatOut) -> None:
        model = out.model
        for row in self.lits.tolist():
            true, lits = _open(row)
            if true:
                if true > 1:
                    model.add_bool_or([])  # two numbers decided in one cell
                for lit in lits:
                    model.add_bool_or([out.var(-lit)])
            else:
                model.add_exactly_one(out.bools(lits))

    def certificate(self, out: CertOut) -> None:
        for row in self.lits.tolist():
            _certify(out, row, True)


@dataclass
class AllDifferent:
    """No unit of ``units`` (each a sequence of cells) holds a number twice; a unit of
    as many cells as numbers holds each once. ``lits[cell, k]`` is "the cell holds
    ``values[k]``" (a one-hot layer's literals: :attr:`Candidates.lits`; ``values``
    1 and up unless told)."""

    lits: np.ndarray
    units: Sequence[Sequence[int]]
    values: range | None = None

    def _rows(self) -> Iterator[tuple[np.ndarray, bool]]:
        """The literals of each unit and number, a row each (units of one length at a
        time, unit by unit, number by number), and whether those units are as long as
        the numbers are many."""
        width = self.lits.shape[1]
        for cells in _lengths(tuple(map(tuple, self.units))):
            length = cells.shape[1]
            yield self.lits[cells].transpose(0, 2, 1).reshape(-1, length), length == width

    def sat(self, out: SatOut) -> None:
        if not out.wants():
            return
        exactly = out.options.get("once", "exactly") == "exactly"
        for lits, each in self._rows():
            rows = Rows(lits)
            at_most_one(out, rows)
            if exactly and each:
                at_least_one(out, rows)

    def cpsat(self, out: CpsatOut) -> None:
        from ortools.sat.python import cp_model

        model = out.model
        values = self.values or range(1, self.lits.shape[1] + 1)
        number = []
        for cell, row in enumerate(self.lits.tolist()):
            if TRUE in row:
                number.append(model.new_constant(values[row.index(TRUE)]))
                continue
            held = [(v, out.var(lit)) for v, lit in zip(values, row) if lit != FALSE]
            value = model.new_int_var_from_domain(
                cp_model.Domain.from_values([v for v, _ in held] or [values.start]),
                f"number_{cell}")
            model.add(value == sum(v * b for v, b in held))
            number.append(value)
        for unit in self.units:
            model.add_all_different([number[cell] for cell in unit])

    def certificate(self, out: CertOut) -> None:
        for rows, each in self._rows():
            for row in rows.tolist():
                _certify(out, row, each)


# -- what given numbers decide -----------------------------------------------------------

@dataclass(frozen=True)
class Deduced:
    """What the deductions leave of a board whose answer is its number layer ``name``
    (a genre's ``prepare``, :class:`~cpsolve.grid.model.Prepared`): the ``board``,
    the ``known`` values (the model's :attr:`decided`), a ``contradiction`` in words
    when they show the board has no answer, ``stats`` for ``-v``, the ``clues`` its
    model still states (``()`` when the known values imply every clue; ``None``:
    every clue); ``answer(values)`` makes the answer of the layer's values, every
    pair's."""

    board: Any
    known: Known
    answer: Callable[[np.ndarray], Any]
    contradiction: str | None = None
    stats: dict[str, Any] = field(default_factory=dict)
    name: Hashable = "holds"
    clues: Sequence[Any] | None = None

    @property
    def decided(self) -> dict[Hashable, Known]:
        return {self.name: self.known}

    @property
    def solved(self) -> bool:
        return self.contradiction is None and not self.known.open.any()

    def decode(self, values: tuple[bool, ...]) -> Any:
        return self.answer(self.known.filled(values))


def given_numbers(board: Any, values: range, units: Sequence[Sequence[int]],
                  unit_name: Callable[[int], str], answer: Callable[[np.ndarray], Any],
                  name: Hashable = "holds") -> Deduced:
    """What the numbers a board gives (``board.numbers``, ``None`` in an empty cell)
    decide through :class:`AllDifferent` over ``units`` (:func:`eliminated`), as a
    genre's ``prepare`` returns it: its model states no clue, the known values
    holding every given."""
    known, why = eliminated(values, board.numbers, units, unit_name, board.grid.where)
    stats = {"candidates": int((known < 0).sum()),
             "empty cells": list(board.numbers).count(None)}
    return Deduced(board, Known(known, values), answer, why, stats, name, clues=())


def eliminated(values: range, givens: Sequence[int | None], units: Sequence[Sequence[int]],
               unit_name: Callable[[int], str], where: Callable[[int], str]
               ) -> tuple[np.ndarray, str | None]:
    """What the ``givens`` (a number or ``None`` a cell) decide through
    :class:`AllDifferent` over ``units``: the known values (``[cell, v -
    values.start]``: 1 true, 0 false, -1 open, for :class:`Known`) and the first
    contradiction, in words (``None``: none): a unit given a number twice, a cell left
    without a number, a unit as long as the numbers are many left without a place for
    one (``unit_name(u)`` and ``where(cell)`` name them).

    >>> known, why = eliminated(range(1, 3), [1, None, None, None],
    ...                         [[0, 1], [2, 3], [0, 2], [1, 3]], "unit {}".format, str)
    >>> known.tolist(), why
    ([[1, 0], [0, -1], [0, -1], [-1, -1]], None)
    >>> eliminated(range(1, 3), [1, 1, None, None], [[0, 1], [2, 3]], "unit {}".format,
    ...            str)[1]
    'unit 0 holds 1 twice, at 0 and 1'
    """
    width, cells = len(values), len(givens)
    table, of_cell, whole = _units(tuple(map(tuple, units)), cells, width)
    given = np.zeros(cells + 1, dtype=np.int64)  # and a cell of no unit's, never given
    given[:cells] = [0 if v is None else v - values.start + 1 for v in givens]
    count = len(table)
    shown = np.bincount((np.arange(count)[:, None] * (width + 1) + given[table]).ravel(),
                        minlength=count * (width + 1)).reshape(count, -1)[:, 1:]
    present = np.zeros((count + 1, width), dtype=bool)  # and a unit of no cell's
    present[:count] = shown > 0
    known = np.where(present[of_cell].any(axis=1), 0, -1).astype(np.int8)
    fixed = np.flatnonzero(given)
    known[fixed] = 0
    known[fixed, given[fixed] - 1] = 1
    twice = np.flatnonzero((shown > 1).any(axis=1))
    if len(twice):
        first: dict[int, int] = {}
        for cell in units[int(twice[0])]:
            number = givens[cell]
            if number is not None and number in first:
                return known, (f"{unit_name(int(twice[0]))} holds {number} twice, at "
                               f"{where(first[number])} and {where(cell)}")
            if number is not None:
                first[number] = cell
    stuck = np.flatnonzero((given[:cells] == 0) & ~(known < 0).any(axis=1))
    if len(stuck):
        return known, (f"the cell at {where(int(stuck[0]))} can hold no number the givens "
                       "leave")
    open_ = np.zeros((cells + 1, width), dtype=bool)
    open_[:cells] = known < 0
    lost = np.argwhere(whole[:, None] & (shown == 0) & ~open_[table].any(axis=1))
    if len(lost):
        unit, k = lost[0].tolist()
        return known, f"{unit_name(unit)} has no place left for {values[k]}"
    return known, None


@lru_cache(maxsize=8)
def _lengths(units: tuple[tuple[int, ...], ...]) -> list[np.ndarray]:
    """The units as tables of cells, one a length, the shortest first."""
    return [np.array([unit for unit in units if len(unit) == length],
                     dtype=np.int64).reshape(-1, length)
            for length in sorted({len(unit) for unit in units})]


@lru_cache(maxsize=8)
def _units(units: tuple[tuple[int, ...], ...], cells: int, width: int
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The units as a table of cells (rows padded with the cell ``cells``), each
    cell's units (rows padded with the unit ``len(units)``) and which units are as long
    as the numbers are many."""
    longest = max(map(len, units), default=0)
    table = np.full((len(units), longest), cells, dtype=np.int64)
    of: list[list[int]] = [[] for _ in range(cells + 1)]
    for u, unit in enumerate(units):
        table[u, :len(unit)] = unit
        for cell in unit:
            of[cell].append(u)
    most = max(map(len, of[:cells]), default=0)
    of_cell = np.full((cells, max(most, 1)), len(units), dtype=np.int64)
    for cell in range(cells):
        of_cell[cell, :len(of[cell])] = of[cell]
    whole = np.array([len(unit) == width for unit in units], dtype=bool)
    return table, of_cell, whole


__all__ = ["AllDifferent", "Candidates", "Deduced", "Known", "OneNumber", "Rows",
           "at_least_one", "at_most_one", "candidates", "eliminated", "given_numbers"]
