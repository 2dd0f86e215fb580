"""The Kakuro rules, stated once (:mod:`cpsolve.grid.rules`): a variable per white cell
and digit, ``holds[cell, d]`` (:mod:`~cpsolve.grid.rules.alldifferent`).

* every white cell holds one digit from 1 to 9, and no run holds a digit twice;
* ``makes[run, digits]``: the run's digits are that set, one variable for each set of
  distinct digits as many as the run's cells (at most C(9, 4) = 126 a run);
* a sum (a clue): its run's digits are one of the sets of that sum, and a digit in the
  run belongs to the set chosen; a set is chosen exactly when no digit of the run is
  outside it (so the digits decide the set, and a grade's deductions see a wrong one).
  The cells hold as many distinct digits as the set has, all of them in it, so they
  are the set, and make its sum (the usual "combinations"
  encoding of Kakuro); implied beside it, each digit of the set chosen stands in one of
  the run's cells.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from itertools import combinations
from typing import Any, cast

import numpy as np

from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import FALSE, Method, Model, Statement
from cpsolve.grid.rules.alldifferent import AllDifferent, OneNumber
from cpsolve.models.kakuro.board import Board, Digits, Key

DIGITS = range(1, 10)


@cache
def sets(length: int) -> tuple[tuple[int, ...], ...]:
    """Every set of ``length`` distinct digits, in order.

    >>> len(sets(2)), sets(9)
    (36, ((1, 2, 3, 4, 5, 6, 7, 8, 9),))
    """
    return tuple(combinations(DIGITS, length)) if length <= 9 else ()


@cache
def making(length: int, total: int) -> tuple[tuple[int, ...], ...]:
    """The sets of ``length`` distinct digits that add up to ``total``.

    >>> making(2, 4), making(3, 24)
    (((1, 3),), ((7, 8, 9),))
    """
    return tuple(digits for digits in sets(length) if sum(digits) == total)


def rules(m: Model, board: Board) -> None:
    white = np.array(board.black, dtype=bool) == 0
    with m.rule("every white cell holds a digit from 1 to 9, none twice in a run"):
        keys = [(cell, d) for cell in board.white for d in DIGITS]
        layer = m.layer("holds", keys, named=lambda key: f"{board.grid.name(key[0])}={key[1]}")
        lits = np.full((board.cells, 9), FALSE, dtype=np.int64)
        lits[white] = np.arange(layer.first, layer.first + layer.count,
                                dtype=np.int64).reshape(-1, 9)
        m.solution(range(layer.first, layer.first + layer.count))
        if board.allowed is not None:  # the deductions': a digit no sum allows is none
            barred = (np.array(board.allowed)[:, None] >> np.arange(9)[None, :] & 1) == 0
            barred &= white[:, None]
            m.clauses((-lits[barred])[:, None])
            lits[barred] = FALSE
        m.require(OneNumber(lits[white], DIGITS))
        index = {cell: k for k, cell in enumerate(board.white)}  # a row of lits[white]
        m.require(AllDifferent(lits[white], [[index[cell] for cell in run.cells]
                                             for run in board.runs], DIGITS))
    # every run's sets, a sum or not: a fix may write one (a run without a sum leaves
    # its sets free, and the answer is the digits alone); a solve's model, narrowed by
    # the deductions (its clues the board's own sums), only the sets of those sums
    if board.allowed is None:
        m.layer("makes", [(run.way, run.key, digits) for run in board.runs
                          for digits in sets(len(run.cells))])
    else:
        m.layer("makes", [(run.way, run.key, digits) for run in board.runs
                          for digits in making(len(run.cells), board.total(run) or -1)])


def clue(m: Model, board: Board, given: Clue) -> None:
    """A sum: its run's digits one of the sets of that sum, each digit in the set, the
    set chosen when no digit is outside it (the clauses stated as one list). That no
    digit outside the set chosen stands in the run follows by propagation alone: the
    other sets are not chosen, and a digit needs a chosen set that holds it."""
    way, key = cast(tuple[str, Key], given.key)
    run = next(run for run in board.runs if (run.way, run.key) == (way, key))
    makes = m.layers["makes"]
    first, index = m.layers["holds"].first, board.index  # nine keys a white cell, in order
    held = [range(first + 9 * index[cell], first + 9 * index[cell] + 9) for cell in run.cells]
    # the digits each cell may hold (with the deductions, a digit they bar has a
    # clause of its own that it is none)
    free = board.allowed or (0b111111111,) * board.cells
    open_ = [[d for d in DIGITS if free[cell] >> (d - 1) & 1] for cell in run.cells]
    chosen = making(len(run.cells), given.value)
    lits = [makes[way, key, digits] for digits in chosen]
    m.exactly(1, lits)
    having = [[lit for lit, digits in zip(lits, chosen) if d in digits] for d in DIGITS]
    rows = [[-row[d - 1], *having[d - 1]] for row, ds in zip(held, open_) for d in ds]
    # (a digit in the run: one of the sets holding it is chosen)
    for lit, digits in zip(lits, chosen):
        outside = [row[d - 1] for row, ds in zip(held, open_) for d in ds if d not in digits]
        rows.append([lit, *outside])  # no digit outside: the set is chosen
    m.clauses(rows)
    with m.implied():  # each digit of the set chosen stands in the run
        m.clauses([[-lit, *(row[d - 1] for row in held)] for lit, digits in zip(lits, chosen)
                   for d in digits])


def decode(board: Board, values: Any) -> Digits:
    on = np.asarray(values, dtype=bool).reshape(-1, 9)
    digits = [0] * board.cells
    for cell, row in zip(board.white, on):
        digits[cell] = int(row.argmax()) + 1 if row.any() else 0
    return tuple(digits)


def encode(board: Board, digits: Digits) -> list[bool]:
    return [digits[cell] == d for cell in board.white for d in DIGITS]


def _size(board: Board, **_: Any) -> int:
    return 40 * board.cells * 9 + 200 * len(board.runs)


def allowed(board: Board) -> tuple[int, ...]:
    """The digits each cell may hold, a bit a digit: those a set of each of its runs'
    sums holds (a run without a sum allows any).

    >>> from cpsolve.models.kakuro.board import Board
    >>> b = Board(1, 2, (False, False), (), (((0, -1), 3),))
    >>> [bin(bits) for bits in allowed(b)]
    ['0b11', '0b11']
    """
    bits = [0b111111111] * board.cells
    for run in board.runs:
        total = board.total(run)
        if total is None:
            continue
        union = 0
        for digits in making(len(run.cells), total):
            for d in digits:
                union |= 1 << (d - 1)
        for cell in run.cells:
            bits[cell] &= union
    return tuple(bits)


STATEMENT: Statement[Board] = Statement(rules, clue, decode=decode, encode=encode, methods=(
    Method("combinations", "sat", "a variable a white cell and digit, pairwise 'no digit "
           "twice in a run', each sum as a choice among its sets of digits",
           literals=_size),
    Method("alldifferent", "cpsat", "an integer a white cell, AddAllDifferent per run, "
           "each sum's choice of sets a linear constraint", literals=_size),
), narrow=lambda board: replace(board, allowed=allowed(board)))
