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
from cpsolve.grid.techniques import Seen, Technique
from cpsolve.models.kakuro.board import Board, Digits, Key

DIGITS = range(1, 10)
CELL = "every white cell holds a digit from 1 to 9, none twice in a run"


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
    with m.rule(CELL):
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
    free = board.allowed or (ANY,) * board.cells
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


ANY = 0b111111111  # every digit, a bit a digit (bit d - 1)


@cache
def _masks(length: int, total: int) -> tuple[int, ...]:
    """The sets of ``length`` digits making ``total``, a bit a digit."""
    return tuple(sum(1 << (d - 1) for d in digits) for digits in making(length, total))


def allowed(board: Board) -> tuple[int, ...]:
    """The digits each cell may hold, a bit a digit, by what the rules say of each run
    alone, run after run until none narrows further (a worklist of runs: a cell
    narrowed sends its other run back to it). In a run with a sum, a set of its digits
    is possible when every cell may hold one of its digits and each of its digits
    stands in a cell that may hold it; a cell keeps the digits of the possible sets; a
    digit every possible set holds that one cell alone may hold is that cell's. In
    every run, a digit decided in one cell is in no other. Each step removes only
    digits no answer has there (a run with no possible set, or one digit in two of its
    cells, leaves its cells none: the board has no answer), so the model stated from
    what is left has the board's answers, and when every cell keeps one digit that is
    the only possible answer (:func:`decided`).

    >>> from cpsolve.models.kakuro.board import Board
    >>> b = Board(1, 2, (False, False), (), (((0, -1), 3),))
    >>> [bin(bits) for bits in allowed(b)]
    ['0b11', '0b11']
    >>> b = Board(2, 2, (False,) * 4, (((-1, 0), 3), ((-1, 1), 4)),
    ...           (((0, -1), 4), ((1, -1), 3)))  # 1 3 over 2 1
    >>> [bits.bit_length() for bits in allowed(b)]
    [1, 3, 2, 1]
    """
    runs = board.runs
    bits = [ANY] * board.cells
    sets = []
    crossing: dict[int, list[int]] = {}  # each white cell's runs
    for k, run in enumerate(runs):
        total = board.total(run)
        sets.append(None if total is None else _masks(len(run.cells), total))
        for cell in run.cells:
            crossing.setdefault(cell, []).append(k)
    waiting = list(range(len(runs)))
    queued = [True] * len(runs)
    while waiting:
        k = waiting.pop()
        queued[k] = False
        cells = runs[k].cells
        now = [bits[cell] for cell in cells]
        narrowed = _narrow(now, sets[k])
        if narrowed is None:  # no answer: the run's cells hold nothing
            for cell in cells:
                bits[cell] = 0
            return tuple(bits)
        for cell, before, after in zip(cells, now, narrowed):
            if after != before:
                bits[cell] = after
                for other in crossing[cell]:
                    if not queued[other]:
                        queued[other] = True
                        waiting.append(other)
    return tuple(bits)


def _narrow(cells: list[int], sets: tuple[int, ...] | None) -> list[int] | None:
    """A run's cells' digits (a bit a digit) narrowed by the run alone (``sets``: the
    sets of digits its sum allows, ``None`` without a sum); ``None``: no answer."""
    if sets is not None:
        union, every = 0, ANY
        for digits in sets:
            held = 0
            for bits in cells:
                bits &= digits
                if not bits:
                    break
                held |= bits
            else:
                if held == digits:
                    union |= digits
                    every &= digits
        if not union:
            return None
        cells = [bits & union for bits in cells]
        while every:  # a digit every possible set holds, one cell alone may hold
            bit = every & -every
            every ^= bit
            at = [k for k, bits in enumerate(cells) if bits & bit]
            if len(at) == 1:
                cells[at[0]] = bit
    while True:  # a digit decided in one cell is in no other
        fixed = 0
        for bits in cells:
            if bits & (bits - 1) == 0:
                if fixed & bits or not bits:
                    return None
                fixed |= bits
        if not any(bits & fixed and bits & (bits - 1) for bits in cells):
            return cells
        cells = [bits & ~fixed if bits & (bits - 1) else bits for bits in cells]


def decided(board: Board) -> Digits | None:
    """The digits of a board every white cell of which the deductions
    (:func:`allowed`) left one digit: the only answer it can have (``None`` when a
    cell keeps more, or none)."""
    if board.allowed is None:
        return None
    digits = [0] * board.cells
    for cell in board.white:
        bits = board.allowed[cell]
        if not bits or bits & (bits - 1):
            return None
        digits[cell] = bits.bit_length()
    return tuple(digits)


def _lone(seen: Seen) -> bool:
    """The step places a digit in the last open cell of a run with a sum: the sum less
    the digits of the run's other cells."""
    board, numbers = cast(Board, seen.board), seen.numbers()
    placed = [cast(tuple[int, int], key)[0] for lit, key in zip(seen.step.decided, seen.decided)
              if lit > 0]
    return bool(placed) and all(any(
        cell in run.cells and board.total(run) is not None
        and all(True in numbers[other].values() for other in run.cells if other != cell)
        for run in board.runs) for cell in placed)


# The hints' names for the steps, as Kakuro's guides name them (kakuro.com's
# techniques, Hare Publishing's strategies).
TECHNIQUES = (Technique("Lone Square", CELL, when=_lone),)

STATEMENT: Statement[Board] = Statement(rules, clue, decode=decode, encode=encode,
                                        techniques=TECHNIQUES, methods=(
    Method("combinations", "sat", "a variable a white cell and digit, pairwise 'no digit "
           "twice in a run', each sum as a choice among its sets of digits",
           literals=_size),
    Method("alldifferent", "cpsat", "an integer a white cell, AddAllDifferent per run, "
           "each sum's choice of sets a linear constraint", literals=_size),
), narrow=lambda board: replace(board, allowed=allowed(board)), decided=decided)
