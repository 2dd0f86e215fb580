"""Bounded-length plans as models: pure builders, one class per encoding.

Each encoder models "the start reaches the goal in exactly H moves" (H a horizon)
and decodes a model to the move string. Shared choices (:class:`Options`):

* ``prune``: reachability from the distance tables. A label can be on cell c at
  step t only if one of its start cells is within t moves of c and one of its goal
  cells within H - t; the blank, on a bipartite board, also only on cells of the
  colour its step allows. Cells that fail are constants, not variables.
* ``no_undo``: a move never directly undoes the previous one. Sound for optimal
  plans: removing a move and its undo leaves a valid plan two moves shorter.
* ``card``: how "exactly one move per step" is encoded (``direct``: pairwise up to
  ten moves, a sequential counter beyond; or any :mod:`pysat.card` name).

Encodings:

``onehot`` (SAT)
    ``at(t, cell, label)`` for every label and the blank, one Boolean move per
    directed edge and step, effects (the moved tile lands where the blank was) and
    explanatory frame axioms (a cell changes only if a move involves it). Strong unit
    propagation, many variables: cells x labels per step.

``blanklog`` (SAT)
    The blank's cell one-hot per step, and each cell's label in binary (log2 of the
    number of labels bits). A move is two consecutive blank cells; bits copy along
    frame and move. Far fewer variables (the 15-puzzle: 80 per step against 272), but
    a fact like "tile 7 is not here" is a clause over several bits, so it propagates
    less: it may win where labels are many and the horizon long, and lose where
    pruning and propagation did the work.

``cpsat`` (CP-SAT)
    The same blank-position Booleans and one integer variable per cell and step for
    its label (domains pruned by reachability), with the copies as enforced
    equalities.

The projection (what counting optimal plans blocks on) is the move variables, or
the blank positions, which determine the moves: never auxiliary variables.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel
from cpsolve.cnf import CARD, at_most_one, card_clauses, known_card
from cpsolve.models.sliding.analysis import Analysis
from cpsolve.models.sliding.board import direction, path_moves
from cpsolve.options import Option
from cpsolve.planning.encoders import Extension, PlanEncoding, PlanEncodings


@dataclass(frozen=True)
class Options:
    prune: bool = True
    no_undo: bool = True
    card: str = "direct"


class _Space:
    """Which (step, cell, label) can hold, for a horizon (or ``None``: start side only)."""

    def __init__(self, analysis: Analysis, options: Options) -> None:
        self.a = analysis
        self.options = options
        self.width = analysis.puzzle.width
        self.edges = [(c, d) for c in analysis.free for d in analysis.graph[c]]
        self.parity = analysis.verdict.step == 2

    def alive(self, t: int, cell: int, k: int, horizon: int | None) -> bool:
        a = self.a
        if t == 0:
            return bool(a.from_start[k, cell] == 0)
        if not self.options.prune:
            return True
        if a.from_start[k, cell] > t:
            return False
        if k == 0 and self.parity and (a.from_start[0, cell] - t) % 2:
            return False
        return horizon is None or bool(a.to_goal[k, cell] <= horizon - t)

    def walk(self, horizon: int, keys: list[tuple[int, int]], values: tuple[bool, ...]) -> str:
        """The moves of a blank whose positions at steps 1..horizon-1 are the ``keys``
        (step, cell) set in ``values``; the start and goal positions are known."""
        puzzle = self.a.puzzle
        path = [puzzle.start.blank]
        path += [c for (_, c), on in sorted(zip(keys, values)) if on]
        if horizon:
            path.append(puzzle.goal.blank)
        return path_moves(self.width, path)


class _Cnf:
    """Clauses under construction with named variables (``pool`` keys)."""

    def __init__(self) -> None:
        from pysat.formula import IDPool

        self.pool = IDPool()
        self.groups: list[Any] = []

    def var(self, *key: Any) -> int:
        return int(self.pool.id(key))

    def names(self, analysis: Analysis) -> dict[int, str]:
        """What the named variables mean, for ``--dump-cnf`` comments."""
        width, labels = analysis.puzzle.width, analysis.labels
        out = {}
        for var, key in self.pool.id2obj.items():
            if not isinstance(key, tuple) or not key:
                continue
            kind, *rest = key
            if kind == "at":
                t, cell, k = rest
                what = "blank" if k == 0 else f"label {labels[k]}"
                out[var] = f"at t={t} cell {cell} (r{cell // width + 1}c{cell % width + 1}) {what}"
            elif kind == "move":
                t, c, d = rest
                out[var] = f"move at t={t}: blank from cell {c} to {d}"
            elif kind == "blank":
                t, cell = rest
                out[var] = f"blank at t={t} cell {cell} (r{cell // width + 1}c{cell % width + 1})"
            elif kind == "bit":
                t, cell, j = rest
                out[var] = f"label bit {j} at t={t} cell {cell}"
        return out

    def add(self, clause: list[int]) -> None:
        self.groups.append([clause])

    def exactly_one(self, lits: list[int], card: str) -> None:
        """At least one and at most one of ``lits``."""
        self.groups.append([lits])
        if card == "direct":
            groups, top = at_most_one(np.array([lits], dtype=np.int64), self.pool.top)
            if top > self.pool.top:
                self.pool.occupy(self.pool.top + 1, top)
                self.pool.top = top
            self.groups.extend(groups)
        elif len(lits) > 1:
            self.groups.append(card_clauses(lits, 1, card, self.pool))


class OneHotEncoder:
    """``onehot``: see the module docstring. Build with :meth:`model` (one horizon), or
    grow with :meth:`extend` for incremental solving (the goal as assumptions)."""

    name = "onehot"

    def __init__(self, analysis: Analysis, options: Options, horizon: int | None) -> None:
        self.space = _Space(analysis, options)
        self.horizon = horizon  # None: incremental, backward pruning per horizon
        self.cnf = _Cnf()
        self.labels = len(analysis.labels)
        self.built = 0  # steps encoded so far
        self.sent = 0  # clause groups handed out by extend()
        self.start_units()

    def at(self, t: int, cell: int, k: int) -> int | None:
        """The variable, or ``None`` for a cell known not to hold that label."""
        if not self.space.alive(t, cell, k, self.horizon):
            return None
        return self.cnf.var("at", t, cell, k)

    def move(self, t: int, c: int, d: int) -> int | None:
        if self.at(t, c, 0) is None or self.at(t + 1, d, 0) is None:
            return None
        return self.cnf.var("move", t, c, d)

    def start_units(self) -> None:
        for cell in self.space.a.free:
            for k in range(self.labels):
                var = self.at(0, cell, k)
                if var is not None:
                    self.cnf.add([var])

    def step(self, t: int) -> None:
        """The clauses from step t to t + 1."""
        cnf, space = self.cnf, self.space
        moves = {(c, d): m for c, d in space.edges if (m := self.move(t, c, d)) is not None}
        if not moves:
            cnf.add([])  # the blank cannot move here: no plan of this length
            return
        cnf.exactly_one(list(moves.values()), space.options.card)
        touching: dict[int, list[int]] = {}
        for (c, d), m in moves.items():
            touching.setdefault(c, []).append(m)
            touching.setdefault(d, []).append(m)
            cnf.add([-m, self._lit(t, c, 0)])
            cnf.add([-m, self._lit(t + 1, d, 0)])
            for k in range(self.labels):
                before, after = self.at(t, d, k), self.at(t + 1, c, k)
                # the label at d moves to c: after <-> before
                if before is not None:
                    cnf.add([-m, -before] + ([after] if after is not None else []))
                if after is not None:
                    cnf.add([-m, -after] + ([before] if before is not None else []))
                if k and (gone := self.at(t + 1, d, k)) is not None:
                    cnf.add([-m, -gone])
            if space.options.no_undo and t > 0:
                back = self.move(t - 1, d, c)
                if back is not None:
                    cnf.add([-back, -m])
        for cell in space.a.free:
            involved = touching.get(cell, [])
            for k in range(self.labels):
                now, then = self.at(t, cell, k), self.at(t + 1, cell, k)
                if now is None and then is None:
                    continue
                # explanatory frame: a cell's content changes only under a move there
                if now is not None:
                    cnf.add([-now] + ([then] if then is not None else []) + involved)
                if then is not None:
                    cnf.add([-then] + ([now] if now is not None else []) + involved)

    def _lit(self, t: int, cell: int, k: int) -> int:
        var = self.at(t, cell, k)
        assert var is not None  # moves exist only where the blank can be
        return var

    def goal(self, horizon: int) -> list[int] | None:
        """The goal at ``horizon`` as literals; ``None`` if it cannot hold there."""
        goal = self.space.a.puzzle.goal
        index = {label: k for k, label in enumerate(self.space.a.labels)}
        lits = []
        for cell in self.space.a.free:
            var = self.at(horizon, cell, index[goal.cells[cell]])
            if var is None:
                return None
            lits.append(var)
        return lits

    def grow(self, horizon: int) -> None:
        while self.built < horizon:
            self.step(self.built)
            self.built += 1

    def projection(self, horizon: int) -> list[int]:
        return [self.cnf.var("move", *key) for key in self._move_keys(horizon)]

    def model(self) -> CnfModel | None:
        """The whole model for the fixed horizon (``None``: no plan of this length)."""
        assert self.horizon is not None
        self.grow(self.horizon)
        goal = self.goal(self.horizon)
        if goal is None:
            return None
        for lit in goal:
            self.cnf.add([lit])
        return CnfModel(nvars=self.cnf.pool.top, projection=self.projection(self.horizon),
                        groups=self.cnf.groups, names=self.cnf.names(self.space.a))

    def decode(self, values: tuple[bool, ...]) -> str:
        assert self.horizon is not None
        return self.decode_at(self.horizon, values)

    def decode_at(self, horizon: int, values: tuple[bool, ...]) -> str:
        chosen = [key for key, on in zip(self._move_keys(horizon), values) if on]
        return "".join(direction(self.space.width, c, d) for _, c, d in sorted(chosen))

    def _move_keys(self, horizon: int) -> list[tuple[int, int, int]]:
        return [(t, c, d) for t in range(horizon) for c, d in self.space.edges
                if self.move(t, c, d) is not None]

    def guard(self, horizon: int) -> int:
        """An activation literal whose clauses prune what cannot reach the goal by
        ``horizon`` (incremental mode: assumed for that horizon only)."""
        act = self.cnf.var("horizon", horizon)
        space = self.space
        for t in range(1, horizon):
            for cell in space.a.free:
                for k in range(self.labels):
                    if space.alive(t, cell, k, None) and not space.alive(t, cell, k, horizon):
                        self.cnf.add([-act, -self.cnf.var("at", t, cell, k)])
        return act

    def extend(self, horizon: int) -> Extension | None:
        """New clause groups up to ``horizon``, the number of variables, the
        assumptions (goal and pruning guard) and the projection; ``None`` when the goal
        cannot hold at ``horizon``."""
        self.grow(horizon)
        goal = self.goal(horizon)
        if goal is None:
            return None
        act = self.guard(horizon)
        groups = self.cnf.groups[self.sent:]
        self.sent = len(self.cnf.groups)
        return Extension(groups, self.cnf.pool.top, [*goal, act], self.projection(horizon))


class BlankLogEncoder:
    """``blanklog``: see the module docstring."""

    name = "blanklog"

    def __init__(self, analysis: Analysis, options: Options, horizon: int) -> None:
        self.space = _Space(analysis, options)
        self.horizon = horizon
        self.cnf = _Cnf()
        self.labels = len(analysis.labels)
        self.bits = max(1, (self.labels - 1).bit_length())

    def blank(self, t: int, cell: int) -> int | None:
        if not self.space.alive(t, cell, 0, self.horizon):
            return None
        return self.cnf.var("blank", t, cell)

    def bit(self, t: int, cell: int, j: int) -> int:
        return self.cnf.var("bit", t, cell, j)

    def code(self, t: int, cell: int, k: int) -> list[int]:
        """Literals that hold exactly when (t, cell) holds label code ``k``."""
        return [self.bit(t, cell, j) if (k >> j) & 1 else -self.bit(t, cell, j)
                for j in range(self.bits)]

    def model(self) -> CnfModel | None:
        space, cnf, horizon = self.space, self.cnf, self.horizon
        free = space.a.free
        index = {label: k for k, label in enumerate(space.a.labels)}
        for t in range(horizon + 1):
            blanks = [b for c in free if (b := self.blank(t, c)) is not None]
            if not blanks:
                return None
            cnf.exactly_one(blanks, space.options.card)
            for cell in free:
                b = self.blank(t, cell)
                for k in range(1, self.labels):
                    if not space.alive(t, cell, k, horizon):
                        cnf.add([-lit for lit in self.code(t, cell, k)])  # not label k here
                if b is not None:  # the blank's cell holds code 0
                    for j in range(self.bits):
                        cnf.add([-b, -self.bit(t, cell, j)])
                    if t + 2 <= horizon and space.options.no_undo:
                        back = self.blank(t + 2, cell)
                        if back is not None:
                            cnf.add([-b, -back])
        for t in range(horizon):
            for cell in free:
                b = self.blank(t, cell)
                if b is not None:
                    nexts = [n for d in space.a.graph[cell]
                             if (n := self.blank(t + 1, d)) is not None]
                    cnf.add([-b, *nexts])
                    for d in space.a.graph[cell]:
                        n = self.blank(t + 1, d)
                        if n is None:
                            continue
                        for j in range(self.bits):  # the tile at d moves to cell
                            before, after = self.bit(t, d, j), self.bit(t + 1, cell, j)
                            cnf.add([-b, -n, -before, after])
                            cnf.add([-b, -n, before, -after])
                stay = [lit for lit in (b, self.blank(t + 1, cell)) if lit is not None]
                for j in range(self.bits):  # no blank here now or next: bits stay
                    before, after = self.bit(t, cell, j), self.bit(t + 1, cell, j)
                    cnf.add([*stay, -before, after])
                    cnf.add([*stay, before, -after])
        for t, board in ((0, space.a.puzzle.start), (horizon, space.a.puzzle.goal)):
            for cell in free:
                for lit in self.code(t, cell, index[board.cells[cell]]):
                    cnf.add([lit])
        return CnfModel(nvars=cnf.pool.top, projection=self.projection(), groups=cnf.groups,
                        names=cnf.names(space.a))

    def _keys(self) -> list[tuple[int, int]]:
        """(step, cell) of the blank variables between the fixed start and goal."""
        return [(t, c) for t in range(1, self.horizon) for c in self.space.a.free
                if self.blank(t, c) is not None]

    def projection(self) -> list[int]:
        return [self.cnf.var("blank", t, c) for t, c in self._keys()]

    def decode(self, values: tuple[bool, ...]) -> str:
        return self.space.walk(self.horizon, self._keys(), values)


class CpsatEncoder:
    """``cpsat``: see the module docstring."""

    name = "cpsat"

    def __init__(self, analysis: Analysis, options: Options, horizon: int) -> None:
        self.space = _Space(analysis, options)
        self.horizon = horizon
        self.keys: list[tuple[int, int]] = []

    def model(self) -> CpsatModel | None:
        from ortools.sat.python import cp_model

        space, horizon = self.space, self.horizon
        free, labels = space.a.free, len(space.a.labels)
        model = cp_model.CpModel()
        blank: dict[tuple[int, int], Any] = {}
        label: dict[tuple[int, int], Any] = {}
        for t in range(horizon + 1):
            for cell in free:
                allowed = [k for k in range(labels) if space.alive(t, cell, k, horizon)]
                if not allowed:
                    return None
                label[t, cell] = model.new_int_var_from_domain(
                    cp_model.Domain.from_values(allowed), f"label_t{t}_c{cell}")
                if allowed[0] == 0:
                    here_now = blank[t, cell] = model.new_bool_var(f"blank_t{t}_c{cell}")
                    model.add(label[t, cell] == 0).only_enforce_if(here_now)
                    model.add(label[t, cell] != 0).only_enforce_if(~here_now)
            here = [blank[t, c] for c in free if (t, c) in blank]
            if not here:
                return None
            model.add_exactly_one(here)
        for t in range(horizon):
            for cell in free:
                b: Any = blank.get((t, cell))
                if b is not None:
                    model.add_bool_or([~b] + [blank[t + 1, d]
                                              for d in space.a.graph[cell]
                                              if (t + 1, d) in blank])
                    for d in space.a.graph[cell]:
                        if (t + 1, d) in blank:
                            model.add(label[t + 1, cell] == label[t, d]).only_enforce_if(
                                [b, blank[t + 1, d]])
                    if space.options.no_undo and (t + 2, cell) in blank:
                        model.add_bool_or([~b, ~blank[t + 2, cell]])
                stay = [~lit for lit in (b, blank.get((t + 1, cell))) if lit is not None]
                model.add(label[t + 1, cell] == label[t, cell]).only_enforce_if(stay)
        self.keys = [(t, c) for t in range(1, horizon) for c in free if (t, c) in blank]
        return CpsatModel(model=model, projection=[blank[key] for key in self.keys])

    def decode(self, values: tuple[bool, ...]) -> str:
        return self.space.walk(self.horizon, self.keys, values)


def _options(prune: bool = True, no_undo: bool = True, card: str = "direct") -> Options:
    return Options(prune=prune, no_undo=no_undo, card=known_card(card))


def _onehot(analysis: Analysis, horizon: int, **options: Any) -> OneHotEncoder:
    return OneHotEncoder(analysis, _options(**options), horizon)


def _onehot_incremental(analysis: Analysis, **options: Any) -> OneHotEncoder:
    return OneHotEncoder(analysis, _options(**options), None)


def _blanklog(analysis: Analysis, horizon: int, **options: Any) -> BlankLogEncoder:
    return BlankLogEncoder(analysis, _options(**options), horizon)


def _cpsat(analysis: Analysis, horizon: int, **options: Any) -> CpsatEncoder:
    return CpsatEncoder(analysis, _options(**options), horizon)


def literals(analysis: Analysis, horizon: int, *, encoding: str) -> int:
    """About how many literals (terms, for CP-SAT) the model of ``horizon`` moves
    holds, before it is built: per step and free cell, a Boolean per label and the
    blank (onehot) or the blank and the label's bits (blanklog), each in 20 to 24
    literals, and for blanklog a clause of the bits per label a cell cannot hold at a
    step (most labels, on a large board: 28 million literals on a 20x20 board at 22
    moves, where the per-cell part alone is 2 million); an integer and its copies
    (CP-SAT). Measured on a 6x6 DevQuiz board, the line puzzle and 12x12 and 20x20
    boards (pruning removes little near the horizons searched).

    >>> from cpsolve.models.sliding.formats import parse
    >>> literals(Analysis(parse("1 2 3\\n4 5 6\\n7 8 0")), 10, encoding="onehot")
    21384
    """
    cells = len(analysis.free) * (horizon + 1)
    labels = len(analysis.labels)  # the blank's included
    if encoding == "onehot":
        return 24 * cells * labels
    if encoding == "blanklog":
        bits = max(1, (labels - 1).bit_length())
        return 20 * cells * (1 + bits) + cells * (labels - 1) * bits
    return 90 * cells


PRUNE = Option("prune", True, "Reachability pruning from the distance tables.", kind=bool)
NO_UNDO = Option("no_undo", True, "Forbid a move that undoes the previous one.", kind=bool,
                 flag="--no-undo/--allow-undo")

# The first is the default: the fastest in benchmarks/sliding_sat.py (see the README).
ENCODINGS = PlanEncodings(
    PlanEncoding("blanklog", "sat", "the blank one-hot, labels in binary: few variables, "
                 "weaker propagation", build=_blanklog,
                 options=(PRUNE, NO_UNDO, CARD),
                 literals=partial(literals, encoding="blanklog")),
    PlanEncoding("onehot", "sat", "at(t, cell, label), a Boolean per move: strong "
                 "propagation, many variables", build=_onehot,
                 incremental=_onehot_incremental, options=(PRUNE, NO_UNDO, CARD),
                 literals=partial(literals, encoding="onehot")),
    PlanEncoding("cpsat", "cpsat", "blank Booleans and an integer label per cell and step",
                 build=_cpsat, options=(PRUNE, NO_UNDO),
                 literals=partial(literals, encoding="cpsat")),
)
