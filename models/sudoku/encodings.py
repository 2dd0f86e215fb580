"""Sudoku as constraint models: one Boolean per cell and number still possible ("the
cell holds v"), the projection all of them in cell and number order, so every encoding
decodes alike.

The deductions (``--deductions``, on by default) are Kwon and Jain's optimisation
("Optimized CNF encoding for Sudoku puzzles", 2006): the numbers a given rules out in
its cell and in its row, column and box are no variables at all, and neither are the
given cells; every clause they satisfy is gone and every literal they falsify left
out. With ``--no-deductions`` every cell has a variable for every number and the
givens are unit clauses: the encodings as Lynce and Ouaknine define them ("Sudoku as a
SAT problem", 2006). The SAT encodings:

``extended`` (the default: the steadiest measured, its p90 and maximum the lowest; and
with the deductions Kwon and Jain's *optimised* encoding)
    Every cell holds at least one number and at most one; every row, column and box
    holds every number at least once and at most once (pairwise).
``efficient``
    Every cell holds at least one number and at most one; no row, column or box holds
    a number twice.
``minimal``
    Every cell holds at least one number; no row, column or box holds a number twice.
    Enough: N cells and N numbers per row leave one number a cell.

CP-SAT (``alldifferent``): an integer per cell over its candidates, ``AddAllDifferent``
for each row, column and box, the Booleans tied to it by ``value == sum(v * b_v)``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property, partial
from itertools import combinations
from math import comb
from typing import Any

import numpy as np

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel
from cpsolve.grid.model import Encoding, Encodings
from cpsolve.models.sudoku.board import Board, Digits


@dataclass(frozen=True)
class Candidates:
    """What the deductions leave: ``open[cell, v - 1]`` whether number v is still
    possible in the cell (a variable), ``deduced`` whether the givens took numbers
    away (else every cell keeps every number and the givens are clauses)."""

    board: Board
    open: np.ndarray
    deduced: bool
    contradiction: str | None = None
    stats: dict[str, Any] = field(default_factory=dict)

    @cached_property
    def var(self) -> np.ndarray:
        """``var[cell, v - 1]``: the variable of number v in the cell (0: none)."""
        out = np.zeros(self.open.shape, dtype=np.int64)
        out[self.open] = np.arange(1, int(self.open.sum()) + 1)
        return out

    @property
    def nvars(self) -> int:
        return int(self.open.sum())

    @property
    def solved(self) -> bool:
        return self.contradiction is None and self.nvars == 0

    def decode(self, values: tuple[bool, ...]) -> Digits:
        var = self.var
        return tuple(given if given is not None else next(
            (v + 1 for v in range(self.board.size) if var[cell, v] and values[var[cell, v] - 1]),
            0) for cell, given in enumerate(self.board.givens))

    @cached_property
    def needed(self) -> np.ndarray:
        """``needed[unit, v - 1]``: whether number v still needs a place in the row,
        column or box (every one without the deductions; else those not given there)."""
        if not self.deduced:
            return np.ones((3 * self.board.size, self.board.size), dtype=bool)
        return ~self.board.given_in

    def groups(self) -> tuple[np.ndarray, np.ndarray]:
        """The variables of each cell, then of each row, column and box and number that
        still needs a place, a row each (0 where a number is ruled out): what "at least
        one" and "at most one" are about."""
        board, var = self.board, self.var
        free = [cell for cell, given in enumerate(board.givens)
                if given is None or not self.deduced]
        per_unit = var[np.array(board.units)].transpose(0, 2, 1)  # [unit, number, cell]
        return var[free], per_unit[self.needed]


def at_least_one(rows: np.ndarray) -> list[list[int]]:
    """A clause per row: its variables (the zeros left out)."""
    return [[lit for lit in row if lit] for row in rows.tolist()]


def at_most_one(rows: np.ndarray) -> np.ndarray:
    """The pairwise clauses of every row at once (the zeros left out)."""
    n = rows.shape[1]
    pairs = rows[:, np.array(list(combinations(range(n), 2)), dtype=np.int64).reshape(-1, 2)]
    pairs = pairs.reshape(-1, 2)
    return -pairs[(pairs != 0).all(axis=1)]


def prepare(board: Board, deduce: bool = True) -> Candidates:
    """The candidates (see :class:`Candidates`); with ``deduce``, the numbers the givens
    rule out taken away, and a clash or a number without a place named.

    >>> from cpsolve.models.sudoku.formats import parse
    >>> board = parse("1...\\n..3.\\n.4..\\n...2")
    >>> prepare(board).nvars, prepare(board, False).nvars
    (20, 64)
    >>> prepare(parse("1..1\\n....\\n....\\n....")).contradiction
    'row 1 holds 1 twice, at row 1, column 1 and row 1, column 4'
    """
    n = board.size
    if not deduce:
        return Candidates(board, np.ones((board.cells, n), dtype=bool), False)
    where = board.grid.where
    for unit, cells in enumerate(board.units):
        first: dict[int, int] = {}
        for cell in cells:
            value = board.givens[cell]
            if value is not None and value in first:
                return Candidates(board, np.zeros((board.cells, n), dtype=bool), True,
                                  f"{board.unit_name(unit)} holds {value} twice, at "
                                  f"{where(first[value])} and {where(cell)}")
            if value is not None:
                first[value] = cell
    empty = np.array([v is None for v in board.givens])
    row, col = np.divmod(np.arange(board.cells), n)
    box = np.array(board.box_of) + 2 * n
    given_in = board.given_in
    open_ = empty[:, None] & ~(given_in[row] | given_in[col + n] | given_in[box])
    found = Candidates(board, open_, True, stats={"candidates": int(open_.sum()),
                                                  "empty cells": int(empty.sum())})
    stuck = np.nonzero(empty & ~open_.any(axis=1))[0]
    if len(stuck):
        return replace(found, contradiction=f"the cell at {where(int(stuck[0]))} can hold no "
                                            "number the givens leave")
    placed = open_[np.array(board.units)].any(axis=1)  # [unit, number]
    lost = np.argwhere(found.needed & ~placed)
    if len(lost):
        unit, v = (int(k) for k in lost[0])
        return replace(found, contradiction=f"{board.unit_name(unit)} has no place left "
                                            f"for {v + 1}")
    return found


class _Names(Mapping[int, str]):
    """What each variable means (``r2c3=7``), worked out when asked: ``--dump-cnf``
    writes them, a solve never looks."""

    def __init__(self, prepared: Candidates) -> None:
        self.cells, self.numbers = np.nonzero(prepared.open)
        self.grid = prepared.board.grid

    def __getitem__(self, var: int) -> str:
        if not 1 <= var <= len(self.cells):
            raise KeyError(var)
        return f"{self.grid.name(int(self.cells[var - 1]))}={self.numbers[var - 1] + 1}"

    def __iter__(self) -> Iterator[int]:
        return iter(range(1, len(self.cells) + 1))

    def __len__(self) -> int:
        return len(self.cells)


def build(prepared: Candidates, level: str) -> CnfModel:
    """The ``level`` encoding (minimal, efficient or extended) over the candidates."""
    board = prepared.board
    model = CnfModel(prepared.nvars, range(1, prepared.nvars + 1), names=_Names(prepared))
    cells, places = prepared.groups()
    model.add(at_least_one(cells))
    if level in ("efficient", "extended"):
        model.add(at_most_one(cells))
    model.add(at_most_one(places))  # no number twice in a row, column or box
    if level == "extended":
        model.add(at_least_one(places))
    if not prepared.deduced:
        var = prepared.var
        model.add([[int(var[cell, value - 1])] for cell, value in enumerate(board.givens)
                   if value is not None])
    return model


def literals(prepared: Candidates, *, level: str) -> int:
    """About how many literals a model holds, before building it (at most this).

    >>> from cpsolve.models.sudoku.formats import parse
    >>> literals(prepare(parse("." * 81)), level="extended")
    26325
    """
    n = prepared.board.size
    pairs = 2 * comb(n, 2)
    total = n ** 3 + 3 * n * n * pairs + n * n
    if level != "minimal":
        total += n * n * pairs
    if level == "extended":
        total += 3 * n ** 3
    return total


def build_cpsat(prepared: Candidates) -> CpsatModel:
    """``alldifferent``: see the module docstring."""
    from ortools.sat.python import cp_model

    board = prepared.board
    n = board.size
    model = cp_model.CpModel()
    var = prepared.var
    holds: dict[int, Any] = {}
    number = []
    for cell, given in enumerate(board.givens):
        name = board.grid.name(cell)
        options = [v for v in range(n) if var[cell, v]]
        if given is not None and prepared.deduced:
            number.append(model.new_constant(given))
            continue
        value = model.new_int_var_from_domain(
            cp_model.Domain.from_values([v + 1 for v in options]), name)
        bools = [model.new_bool_var(f"{name}={v + 1}") for v in options]
        holds.update({int(var[cell, v]): b for v, b in zip(options, bools)})
        model.add_exactly_one(bools)
        model.add(value == sum((v + 1) * b for v, b in zip(options, bools)))
        if given is not None:
            model.add(value == given)
        number.append(value)
    for unit in board.units:
        model.add_all_different([number[cell] for cell in unit])
    return CpsatModel(model=model, projection=[holds[k] for k in range(1, prepared.nvars + 1)])


ENCODINGS = Encodings(
    Encoding("extended", "every cell and every row, column and box: each number at least "
             "and at most once (with the deductions: Kwon and Jain's optimised encoding; "
             "the steadiest measured)", sat=partial(build, level="extended"),
             literals=partial(literals, level="extended")),
    Encoding("efficient", "every cell one number; no number twice in a row, column or "
             "box", sat=partial(build, level="efficient"),
             literals=partial(literals, level="efficient")),
    Encoding("minimal", "every cell at least one number; no number twice in a row, "
             "column or box", sat=partial(build, level="minimal"),
             literals=partial(literals, level="minimal")),
    Encoding("alldifferent", "an integer per cell, AddAllDifferent per row, column and "
             "box", cpsat=build_cpsat,
             literals=lambda prepared: 4 * prepared.board.size ** 3),
)
