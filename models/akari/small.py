"""Akari on the boards people publish, in plain Python: the deductions, the residual
problem and its CNF (the default ``sight`` encoding, ``direct`` cardinalities) without
a numpy array.

On a 10x10 to 25x25 board numpy's cost per call (a microsecond or more for each array
operation, dozens of them per round of deductions and per group of clauses) was most
of a solve: a fifth in the deductions' rounds, a fifth in the model's groups. Here
the same rules run as one propagation over lists (a queue of the segments and clues
whose counts changed), and the clauses come out as lists, ready for the solver's
native call. :func:`cpsolve.models.akari.analysis.prepare` takes this path up to
:data:`SMALL` white cells and the array code beyond, where an array operation covers
enough cells to pay for itself (solve and uniqueness proof, the two ways on the same
boards: even at 20x20, the arrays 1.4 times faster at 30x30 and 1.7 times at 50x50).
Both give the same cells decided (the rules are monotone, so their fixpoint does not
depend on the order they run in) and the same clauses (``tests/akari/test_small.py``
holds them to each other).

The same path runs in C (``_fast.c``, built by the install where it finds a C
compiler): the tables, the obstacles, the propagation, the literal estimate and the
clauses, step for step as here, so the cells decided, the steps, the contradictions
and the clauses in their order are the same (``tests/akari/test_fast.py``). The Python
of the solve around them is then most of a published board's time, and the C beats
the arrays up to :data:`COMPILED` white cells (100x100: 23 ms against 33 ms, solve
and uniqueness proof), so that is where the path ends when the C is built. Without a
compiler, the plain Python below runs, up to :data:`PLAIN` white cells.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from itertools import combinations, compress
from types import ModuleType
from typing import TYPE_CHECKING, Any

from cpsolve.grid.geometry import where
from cpsolve.models.akari.board import Board, Cell

if TYPE_CHECKING:
    from cpsolve.models.akari.analysis import Residual

_fast: ModuleType | None
try:  # the same rules in C, built by the install where a C compiler is found
    from cpsolve.models.akari import _fast
except ImportError:  # pragma: no cover - built without one: plain Python below
    _fast = None

RUN = re.compile(r"\.+")  # a run of white cells
CLUE = re.compile(r"[0-4]")
PLAIN = 300  # white cells up to which plain Python beats the arrays (about 20x20)
COMPILED = 10_000  # and up to which the C does (about 110x110)
SMALL = PLAIN if _fast is None else COMPILED  # white cells this path takes
# Literals up to which the default model is built as lists: a tenth of a second in C,
# which no watch can stop. A larger model (a long open row: each of its cells lists
# all the others) is built by the arrays, whose build the time and memory limits stop.
LISTED = 2_000_000
UNKNOWN, NO, YES = -1, 0, 1
PAIRWISE_UP_TO = 10  # as cpsolve.cnf: longer segments get a sequential counter


@dataclass(frozen=True)
class Tables:
    """A board's white cells (row-major; index i is the i-th white cell), its
    segments (row segments first, numbered as they start in row-major order, then
    column segments, column by column: the numbering of
    :class:`~cpsolve.models.akari.board.Segments`), each white cell's two segments,
    and its clues (cell, number, the white neighbours up, right, down, left), with
    the board's rows they were read from."""

    rows: tuple[str, ...]
    whites: list[Cell]
    segments: list[list[int]]
    row: list[int]
    col: list[int]
    clues: list[tuple[Cell, int, list[int]]]

    @staticmethod
    def of(board: Board) -> Tables:
        if _fast is not None:
            return Tables(board.rows, *_fast.tables(board.rows))
        return Tables.plain(board)

    @staticmethod
    def plain(board: Board) -> Tables:
        """:meth:`of` in plain Python."""
        rows, width, height = board.rows, board.width, board.height
        index = [[-1] * width for _ in range(height)]  # white index by cell
        whites: list[Cell] = []
        segments: list[list[int]] = []
        row: list[int] = []
        for r, text in enumerate(rows):
            for run in RUN.finditer(text):
                a, b = run.span()
                first = len(whites)
                index[r][a:b] = cells = range(first, first + b - a)
                whites.extend((r, c) for c in range(a, b))
                row.extend([len(segments)] * (b - a))
                segments.append(list(cells))
        col = [0] * len(whites)
        down = list(zip(*index))  # the white indices by column
        for c, text in enumerate(map("".join, zip(*rows))):
            for run in RUN.finditer(text):
                seg = list(down[c][slice(*run.span())])
                for i in seg:
                    col[i] = len(segments)
                segments.append(seg)
        clues = []
        for r, text in enumerate(rows):
            for run in CLUE.finditer(text):
                c = run.start()
                near = (index[r - 1][c] if r else -1, index[r][c + 1] if c + 1 < width else -1,
                        index[r + 1][c] if r + 1 < height else -1, index[r][c - 1] if c else -1)
                clues.append(((r, c), ord(run.group()) - 48, [i for i in near if i >= 0]))
        return Tables(rows, whites, segments, row, col, clues)


def obstacles(t: Tables) -> str | None:
    """:func:`cpsolve.models.akari.analysis.obstacles` on the tables: the same
    reasons, in the same words (found in C where it is built)."""
    found = plain_obstacles(t) if _fast is None else _fast.obstacles(t.rows)
    if found is None:
        return None
    kind, a, b = found
    if kind == CROWDED:
        cell, number, _ = t.clues[a]
        return (f"clue {number} at {where(cell)} has only {b} white "
                f"neighbour{'s' if b != 1 else ''}")
    return (f"cell at {where(t.whites[a])} cannot be lit: every cell that sees it "
            "touches a 0 clue")


# The obstacles: clue a has only b white neighbours; white cell a cannot be lit.
CROWDED, UNLIGHTABLE = 1, 2


def plain_obstacles(t: Tables) -> tuple[int, int, int] | None:
    """The first obstacle (kind, a, b), in plain Python."""
    for k, (_, number, near) in enumerate(t.clues):
        if len(near) < number:
            return CROWDED, k, len(near)
    banned = {i for _, number, near in t.clues if number == 0 for i in near}
    # A cell nothing can light has only banned cells in its two segments: it is
    # banned itself.
    for i in sorted(banned):
        if all(j in banned for j in t.segments[t.row[i]]) and all(
                j in banned for j in t.segments[t.col[i]]):
            return UNLIGHTABLE, i, 0
    return None


class _Contradiction(Exception):
    """What the deductions ran into: :func:`_reason`'s kind and its two figures."""


# The contradictions the deductions find: two lights a and b (white cells) in one
# segment; clue a would get b lights; clue a has room for only b; cell a can no
# longer be lit.
TWO_LIGHTS, TOO_MANY, TOO_FEW, UNLIT = 1, 2, 3, 4


def _reason(t: Tables, kind: int, a: int, b: int) -> str:
    """A contradiction in words."""
    if kind == TWO_LIGHTS:
        return (f"lights forced at {where(t.whites[a])} and {where(t.whites[b])} would "
                "shine on each other")
    if kind == UNLIT:
        return f"cell at {where(t.whites[a])} can no longer be lit"
    cell, number, _ = t.clues[a]
    problem = (f"would get {b} lights around it" if kind == TOO_MANY
               else f"has room for only {b} lights around it")
    return f"clue {number} at {where(cell)} {problem}"


def deduce(t: Tables) -> tuple[list[int], int, str | None]:
    """:func:`plain_deduce` in C where the C is built (the same state, steps and
    contradiction: ``tests/akari/test_fast.py``), else in plain Python."""
    if _fast is None:
        return plain_deduce(t)
    state, steps, found = _fast.deduce(t.rows)
    return state, steps, None if found is None else _reason(t, *found)


def plain_deduce(t: Tables) -> tuple[list[int], int, str | None]:
    """The basic rules of :func:`cpsolve.models.akari.analysis.deduce` to their
    fixpoint, as a propagation: (state per white cell, steps, the contradiction or
    ``None``). A light darkens its segments; a clue with all its lights darkens its
    other neighbours, one with just enough open neighbours lights them all; an unlit
    cell with a single open cell able to light it gets a light there."""
    n = len(t.whites)
    state = [UNKNOWN] * n
    segments, row, col = t.segments, t.row, t.col
    lit = [0] * len(segments)
    open_ = [len(seg) for seg in segments]
    clues_of: list[list[int]] = [[] for _ in range(n)]
    for k, (_, _, near) in enumerate(t.clues):
        for i in near:
            clues_of[i].append(k)
    yes_near = [0] * len(t.clues)
    open_near = [len(near) for _, _, near in t.clues]
    # An open cell with one candidate left has lost candidates since the start (the
    # segments that lost one are queued then) unless both its segments are itself.
    segs_todo = [s for s, seg in enumerate(segments) if len(seg) == 1]
    clues_todo = list(range(len(t.clues)))[::-1]  # popped in reading order
    steps = 0

    def light(i: int) -> None:  # an open cell
        state[i] = YES
        for s in (row[i], col[i]):
            lit[s] += 1
            open_[s] -= 1
            if lit[s] > 1:
                first, second = sorted(j for j in segments[s] if state[j] == YES)[:2]
                raise _Contradiction(TWO_LIGHTS, first, second)
        for k in clues_of[i]:
            yes_near[k] += 1
            open_near[k] -= 1
            clues_todo.append(k)
        for s in (row[i], col[i]):
            for j in segments[s]:
                if state[j] == UNKNOWN:
                    darken(j)

    def darken(j: int) -> None:
        state[j] = NO
        for s in (row[j], col[j]):
            open_[s] -= 1
            segs_todo.append(s)
        for k in clues_of[j]:
            open_near[k] -= 1
            clues_todo.append(k)

    try:
        while segs_todo or clues_todo:
            steps += 1
            while clues_todo:
                k = clues_todo.pop()
                _, number, near = t.clues[k]
                yes, room = yes_near[k], yes_near[k] + open_near[k]
                if yes > number:
                    raise _Contradiction(TOO_MANY, k, yes)
                if room < number:
                    raise _Contradiction(TOO_FEW, k, room)
                if open_near[k] and yes == number:
                    for i in near:
                        if state[i] == UNKNOWN:
                            darken(i)
                elif open_near[k] and room == number:
                    for i in near:
                        if state[i] == UNKNOWN:
                            light(i)
            while segs_todo and not clues_todo:
                s = segs_todo.pop()
                if lit[s]:
                    continue
                for i in segments[s]:
                    a, b = row[i], col[i]
                    if lit[a] or lit[b]:
                        continue
                    left = open_[a] + open_[b] - (state[i] == UNKNOWN)
                    if left > 1:
                        continue
                    if left == 0:
                        raise _Contradiction(UNLIT, i, 0)
                    if state[i] == UNKNOWN:
                        light(i)
                    else:
                        light(next(j for seg in (segments[a], segments[b]) for j in seg
                                   if state[j] == UNKNOWN))
                    segs_todo.append(s)  # its other cells, when it is still unlit
                    break
    except _Contradiction as found:
        return state, steps, _reason(t, *found.args)
    return state, steps, None


@dataclass(frozen=True)
class Open:
    """What is left after the deductions on a small board, in lists: the duck type of
    :class:`~cpsolve.models.akari.analysis.Residual` the solve driver reads
    (``contradiction``, ``solved``, ``stats``, :meth:`decode`), the CNF of the default
    encoding (:meth:`cnf`), and the array residual for every other model
    (:meth:`residual`). Open cell ``j`` (white cell ``open_cells[j]``) is variable
    ``j + 1``."""

    board: Board
    tables: Tables
    state: list[int]
    open_cells: list[int]
    contradiction: str | None = None
    solved: bool = False
    stats: dict[str, Any] = field(default_factory=dict)

    @staticmethod
    def of(board: Board, tables: Tables, state: list[int] | None = None) -> Open:
        if state is None:
            state = [UNKNOWN] * len(tables.whites)
        open_cells = [i for i, v in enumerate(state) if v == UNKNOWN]
        return Open(board, tables, state, open_cells, solved=not open_cells)

    def with_contradiction(self, reason: str, stats: dict[str, Any] | None = None) -> Open:
        """The same board, known to have no solution for ``reason``."""
        return replace(self, contradiction=reason, stats=dict(stats or {}))

    def decode(self, values: tuple[bool, ...]) -> frozenset[Cell]:
        """The light cells: the fixed ones and the open cells set true in ``values``."""
        whites = self.tables.whites
        return frozenset([whites[i] for i, v in enumerate(self.state) if v == YES]
                         + [whites[i] for i in compress(self.open_cells, values)])

    @property
    def decided(self) -> dict[str, dict[Cell, bool]]:
        """The cells the deductions decided, light or not, for the statement's models
        (:attr:`cpsolve.grid.rules.Model.decided`)."""
        return {"light": {cell: v == YES for cell, v in zip(self.tables.whites, self.state)
                          if v != UNKNOWN}}

    def residual(self) -> Residual:
        """The array residual of the same state, for the other SAT models."""
        import numpy as np

        from cpsolve.models.akari.analysis import Deductions, Residual

        if not any(v != UNKNOWN for v in self.state):
            return Residual.of(self.board)
        return Residual.of(self.board, Deductions(np.array(self.state, dtype=np.int8), 0))

    def _variables(self) -> list[int]:
        var = [0] * len(self.state)
        for j, i in enumerate(self.open_cells):
            var[i] = j + 1
        return var

    def listed(self) -> bool:
        """Whether :meth:`cnf` builds this board's model (up to :data:`LISTED`
        literals; at most 300 white cells always fit)."""
        return len(self.state) <= PLAIN or self.literals() <= LISTED

    def literals(self) -> int:
        """About how many literals :meth:`cnf` holds, before building it (the array
        residual's estimate, :func:`cpsolve.models.akari.encodings.literals`)."""
        return self._literals

    @cached_property
    def _literals(self) -> int:  # asked for the size check, then by listed()
        if _fast is not None:
            return _fast.literals(self.tables.rows, self.state)
        return self.plain_literals()

    def plain_literals(self) -> int:
        """:meth:`literals` in plain Python."""
        t = self.tables
        if len(self.open_cells) == len(self.state):  # no deductions: every cell open
            sizes = [len(seg) for seg in t.segments]
            var = [1] * len(self.state)
        else:
            var = self._variables()
            sizes = [sum(1 for i in seg if var[i]) for seg in t.segments]
        sight = sum(sizes[a] + sizes[b]
                    for lit, a, b in zip(self._lit(), t.row, t.col) if not lit)
        at_most_one = sum(min(m * (m - 1), 6 * m) for m in sizes)
        clues = 16 * sum(1 for _, _, near in t.clues for i in near if var[i])
        return sight + at_most_one + clues

    def _lit(self) -> list[bool]:
        t = self.tables
        lit_seg = [False] * len(t.segments)
        for i, v in enumerate(self.state):
            if v == YES:
                lit_seg[t.row[i]] = lit_seg[t.col[i]] = True
        return [lit_seg[a] or lit_seg[b] for a, b in zip(t.row, t.col)]

    def cnf(self) -> Any:
        """The ``sight`` model with ``direct`` cardinalities, the clauses of
        :func:`cpsolve.models.akari.encodings.build_sat` (each unlit cell lists the
        open cells of its row segment, then those of its column segment but itself;
        at most one light per segment, pairwise up to ten open cells, a sequential
        counter beyond; each clue's missing lights by subset clauses)."""
        from cpsolve.backends.sat import CnfModel

        n = len(self.open_cells)
        model = CnfModel(nvars=n, projection=range(1, n + 1))
        sight, at_most, clues, top, contradictions = (
            self.plain_clauses() if _fast is None else _fast.cnf(self.tables.rows, self.state))
        model.add(sight)
        model.add(at_most)
        model.add(clues)
        if contradictions:  # a cell nothing can light, a clue that cannot be met
            top += 1
            model.add([[top], [-top]])
        model.nvars = top
        model.names = LightNames(self.tables.whites, self.open_cells)
        return model

    def plain_clauses(self) -> tuple[list[list[int]], list[list[int]], list[list[int]],
                                     int, int]:
        """:meth:`cnf`'s clauses in plain Python: the sight clauses, the at-most-one
        clauses, the clues' clauses, the highest variable, and how many cells or
        clues cannot be satisfied."""
        t, var = self.tables, self._variables()
        n = len(self.open_cells)
        top = n
        contradictions = 0
        if n == len(var):  # no deductions: every white cell is open
            members = [[i + 1 for i in seg] for seg in t.segments]
        else:
            members = [[var[i] for i in seg if var[i]] for seg in t.segments]
        sight = []
        for own, lit, a, b in zip(var, self._lit(), t.row, t.col):
            if lit:
                continue
            # the row segment's open cells, then the column's but the cell itself
            clause = members[a] + ([v for v in members[b] if v != own] if own else members[b])
            if clause:
                sight.append(clause)
            else:
                contradictions += 1
        at_most: list[list[int]] = []
        for lits in sorted((m for m in members if len(m) >= 2), key=len):
            if len(lits) <= PAIRWISE_UP_TO:
                at_most.extend(map(list, combinations([-v for v in lits], 2)))
                continue
            # Sinz's sequential counter: s_j, "one of the first j is true".
            s = list(range(top + 1, top + len(lits)))
            top += len(lits) - 1
            at_most.extend([-x, y] for x, y in zip(lits, s))
            at_most.extend([-x, y] for x, y in zip(s, s[1:]))
            at_most.extend([-x, -y] for x, y in zip(lits[1:], s))
        clues: list[list[int]] = []
        for _, number, near in t.clues:
            lits = [var[i] for i in near if var[i]]
            need = number - sum(1 for i in near if self.state[i] == YES)
            if not 0 <= need <= len(lits):
                contradictions += 1
                continue
            if need < len(lits):
                clues.extend(map(list, combinations([-v for v in lits], need + 1)))
            if need > 0:
                clues.extend(map(list, combinations(lits, len(lits) - need + 1)))
        return sight, at_most, clues, top, contradictions


class LightNames(Mapping[int, str]):
    """The open cells' variables named (``light r2c5``) when ``--dump-cnf`` reads
    them, not at every build."""

    def __init__(self, whites: Sequence[Cell], open_cells: Any) -> None:
        self.whites, self.open_cells = whites, open_cells

    def __getitem__(self, var: int) -> str:
        if not 1 <= var <= len(self.open_cells):
            raise KeyError(var)
        r, c = self.whites[int(self.open_cells[var - 1])]
        return f"light r{r + 1}c{c + 1}"

    def __iter__(self) -> Iterator[int]:
        return iter(range(1, len(self.open_cells) + 1))

    def __len__(self) -> int:
        return len(self.open_cells)


def prepare(board: Board, deduce_first: bool = True) -> Open:
    """:func:`cpsolve.models.akari.analysis.prepare` for a small board."""
    start = time.perf_counter()
    t = board.tables
    reason = obstacles(t)
    if reason is not None:
        return Open.of(board, t).with_contradiction(reason)
    if not deduce_first:
        return Open.of(board, t)
    state, steps, reason = deduce(t)
    unknown = state.count(UNKNOWN)
    stats = {"deduction_seconds": time.perf_counter() - start,
             "cells_decided": len(state) - unknown, "cells_open": unknown,
             "deduction_rounds": steps}
    if reason is not None:
        return Open.of(board, t).with_contradiction(reason, stats)
    found = Open.of(board, t, state)
    found.stats.update(stats)
    return found
