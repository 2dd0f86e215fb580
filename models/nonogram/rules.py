"""The Nonogram rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell,
``shaded``; each clue states its line's runs as the automaton that reads the line
(:mod:`cpsolve.grid.rules.runs`), its states ``runs column 3`` or ``runs row 2``.

The deductions (``--deductions``, on by default) are line solving, as people solve
nonograms and as dedicated solvers begin: each line's cells narrowed by its clue alone,
exactly (a cell is decided when every placement of the runs that agrees with the cells
decided so far gives it one colour), line after line until none narrows further
(:func:`settle`). The cells they decide are constants of the model; a board they decide
whole has that picture as its only possible answer (:func:`decided`), taken without a
model and checked as every answer is.

A line is bits: position ``p`` its cell ``p - 1``, between two cells left empty at
positions 0 and ``n + 1``. Row ``j`` of :func:`_ahead` marks the positions ``i`` whose
cells before ``i`` can hold the clue's first ``j`` runs with the cell before ``i``
empty: the next row's seeds are the ends of a run placed after one, carried on through
the cells that may be empty by an addition (a carry runs from a segment's lowest seed to
its end). The same rows of the line read backwards give the cells after each position
that can hold the last runs; a cell may be empty where some ``j`` runs fit before it and
the rest after, and shaded where some run fits over it so.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace

import numpy as np

from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement
from cpsolve.grid.rules.runs import runs, states
from cpsolve.grid.techniques import CLUE, Technique
from cpsolve.models.nonogram.board import Board, Lengths, Shaded

OPEN = -1  # a cell the deductions left open
_REVERSED = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))  # each byte's bits reversed


def _flip(bits: int, width: int, size: int) -> int:
    """``bits`` read backwards over ``width`` bits (``size`` bytes hold them)."""
    return int.from_bytes(bits.to_bytes(size, "little").translate(_REVERSED), "big") >> (
        8 * size - width)


def _ahead(shaded: int, empty: int, cells: int, span: int, lengths: Lengths
           ) -> tuple[list[int], list[int]]:
    """The rows (see the module docstring) of a line whose ``cells`` (their bits)
    ``shaded`` and ``empty`` decide, ``span`` every position's bit; and each run's
    possible starts by the cells decided empty alone."""
    allowed = ((span >> 1) & ~shaded) << 1  # bit i: the cell before i may be empty
    nonzero = cells & ~empty
    row = (((allowed + 2) ^ allowed) | 2) & allowed
    rows, fits = [row], []
    for length in lengths:
        fit, have = nonzero, 1  # the starts of ``length`` cells none decided empty
        while have < length:
            step = have if have < length - have else length - have
            fit &= fit >> step
            have += step
        fits.append(fit)
        seeds = ((row & fit) << (length + 1)) & allowed
        row = (((allowed + seeds) ^ allowed) | seeds) & allowed
        rows.append(row)
    return rows, fits


def line_solved(n: int, lengths: Lengths, shaded: int, empty: int, back_shaded: int,
                back_empty: int) -> tuple[int, int] | None:
    """A line of ``n`` cells narrowed by its clue ``lengths`` alone: the cells (bits 1
    to ``n``) shaded and empty in every placement of its runs that agrees with the
    cells decided (``shaded``, ``empty``, and the same read backwards); ``None`` when
    no placement agrees.

    >>> line_solved(5, (3,), 0, 0, 0, 0)  # the middle cell
    (8, 0)
    >>> line_solved(3, (2,), 0, 0b1100, 0, 0b0110)  # two cells empty: no room for a 2
    """
    cells = ((1 << n) - 1) << 1
    if not shaded and not empty:  # an open line: each run's overlap of its two ends
        return _open(n, lengths, cells)
    if shaded | empty == cells:  # a decided line: its runs are its clue, or none is
        found = tuple(len(run) for run in bin(shaded >> 1)[:1:-1].split("0") if run)
        return (shaded, empty) if found == lengths else None
    width = n + 3
    span = (1 << width) - 1
    ahead, fits = _ahead(shaded, empty, cells, span, lengths)
    k = len(lengths)
    if not ahead[k] >> (n + 2) & 1:
        return None
    back, _ = _ahead(back_shaded, back_empty, cells, span, lengths[::-1])
    packed = 0  # the rows read backwards at once: row k - j of them is behind[j]
    for row in reversed(back):
        packed = packed << width | row
    total = width * (k + 1)
    flipped = _flip(packed, total, (total + 7) // 8)
    behind = [(flipped >> (j * width)) & span for j in range(k + 1)]
    can_empty = 0
    for j in range(k + 1):
        can_empty |= (ahead[j] >> 1) & behind[j]
    can_shade = 0
    for j, length in enumerate(lengths):
        starts, have = ahead[j] & fits[j] & (behind[j + 1] >> length), 1
        while have < length:
            step = have if have < length - have else length - have
            starts |= starts << step
            have += step
        can_shade |= starts
    can_shade &= cells
    can_empty &= cells
    if can_shade | can_empty != cells:
        return None
    return cells & ~can_empty, cells & ~can_shade


def _open(n: int, lengths: Lengths, cells: int) -> tuple[int, int] | None:
    """:func:`line_solved` on a line no cell of which is decided: the cells each run
    covers whether it stands as far left or as far right as it can (all of them, and
    the gaps between, when the runs fill the line).

    >>> _open(5, (3,), 0b111110), _open(3, (1, 1), 0b1110), _open(2, (), 0b110)
    ((8, 0), (10, 4), (0, 6))
    """
    if not lengths:
        return 0, cells
    slack = n - sum(lengths) - len(lengths) + 1
    if slack < 0:
        return None
    shaded, start = 0, 1
    for length in lengths:
        if length > slack:
            shaded |= ((1 << (length - slack)) - 1) << (start + slack)
        start += length + 1
    return shaded, (cells & ~shaded if slack == 0 else 0)


def settle(board: Board) -> tuple[int, ...] | None:
    """Each cell 1 (shaded), 0 or :data:`OPEN` as line solving leaves it: every line
    with a clue narrowed (:func:`line_solved`), a line whose cells change sent back to
    the queue, first in first out, until none narrows; ``None`` when a line has no
    placement left (the board has no answer; the model says so)."""
    rows, cols = board.rows, board.cols
    clues = [*board.columns, *board.lines]  # lines: the columns, then the rows
    length = [rows] * cols + [cols] * rows
    count = len(clues)
    masks = {True: [0] * count, False: [0] * count}  # shaded, empty: bits 1 to n
    back = {True: [0] * count, False: [0] * count}  # the same read backwards
    queued = [clue is not None for clue in clues]
    waiting = deque(k for k in range(count) if queued[k])
    while waiting:
        k = waiting.popleft()
        queued[k] = False
        n, lengths = length[k], clues[k]
        assert lengths is not None
        found = line_solved(n, lengths, masks[True][k], masks[False][k], back[True][k],
                            back[False][k])
        if found is None:
            return None
        for on, bits in zip((True, False), found):
            fresh = bits & ~masks[on][k]
            while fresh:
                low = fresh & -fresh
                fresh ^= low
                p = low.bit_length() - 1  # the line's cell p - 1
                masks[on][k] |= low
                back[on][k] |= 1 << (n + 1 - p)
                other, q, m = (cols + p - 1, k + 1, cols) if k < cols else (
                    p - 1, k - cols + 1, rows)  # the crossing line, the cell's place in it
                masks[on][other] |= 1 << q
                back[on][other] |= 1 << (m + 1 - q)
                if not queued[other] and clues[other] is not None:
                    queued[other] = True
                    waiting.append(other)
    known: list[int] = []
    for r in range(rows):
        shaded, empty = masks[True][cols + r], masks[False][cols + r]
        known.extend(1 if shaded >> (c + 1) & 1 else 0 if empty >> (c + 1) & 1 else OPEN
                     for c in range(cols))
    return tuple(known)


def decided(board: Board) -> Shaded | None:
    """The picture of a board whose every cell line solving decided (:func:`settle`):
    the only answer it can have (``None`` when a cell is open, or not deduced)."""
    if board.known is None or OPEN in board.known:
        return None
    return frozenset(cell for cell, value in enumerate(board.known) if value == 1)


def rules(m: Model, board: Board) -> None:
    with m.rule("a cell is shaded or not"):
        m.solution(m.cells("shaded").vars)
        if board.known is not None:  # the deductions': cells line solving decided
            known = np.array(board.known)
            lits = np.array(m.layers["shaded"].vars)
            decided_ = known != OPEN
            m.clauses(np.where(known[decided_] == 1, lits[decided_], -lits[decided_])[:, None])
    for side, index, lengths in board.given:  # each clue's automaton (its clauses: clue())
        states(m, ("runs", side, index, lengths), len(board.line(side, index)), lengths)


def clue(m: Model, board: Board, given: Clue) -> None:
    """A line's clue: its shaded cells form runs of the clue's lengths, in order."""
    key: tuple[str, int, Lengths] = given.key  # type: ignore[assignment]
    side, index, lengths = key
    shaded = m.layers["shaded"]
    runs(m, ("runs", side, index, lengths), [shaded[cell] for cell in board.line(side, index)],
         lengths)


def _size(board: Board, **_: object) -> int:
    return 4 * board.cells * (max(board.rows, board.cols) + 2)


# The hints' names for the steps: the solution techniques of Wikipedia's Nonogram
# article (cells every placement of a line's blocks fills, cells none reaches).
TECHNIQUES = (
    Technique("Simple boxes", CLUE, sets=True, alone=True),
    Technique("Simple spaces", CLUE, sets=False, alone=True),
)

STATEMENT: Statement[Board] = Statement(rules, clue, techniques=TECHNIQUES, methods=(
    Method("automaton", "sat", "a variable a cell; each clue the states of the automaton "
           "that reads its line, as clauses", literals=_size),
    Method("automaton", "cpsat", "the same automaton's clauses on CP-SAT's Booleans",
           literals=_size),
), narrow=lambda board: replace(board, known=settle(board)), decided=decided)
