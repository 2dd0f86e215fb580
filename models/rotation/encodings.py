"""Plans of exactly H moves as models: pure builders, SAT and CP-SAT.

Time-expanded: ``x[t, cell, label]`` says the cell holds the label after t moves, and
``m[t, k]`` that move k is the (t+1)-th; exactly one move per step. Each move is a
permutation of the cells, so ``m[t, k]`` ties every cell at t + 1 to its source cell
at t (two clauses per cell and label). The start is fixed and moves are
permutations, so every later state is determined: no "one label per cell" clauses
are needed. Cells a label cannot reach from its start cells in t moves, or from which
it cannot reach a goal cell in the moves left, are ruled out up front (the cell
distances of :class:`~cpsolve.models.rotation.analysis.Space`). Never-optimal sequences are cut
as in the IDA* (a move then its inverse; a run of one turn longer than half its
cycle), which keeps optimal plans and their count.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel
from cpsolve.cnf import CARD, at_most_one, card_clauses, known_card
from cpsolve.models.rotation.analysis import Space
from cpsolve.planning.encoders import PlanEncoding, PlanEncodings


class _Plan:
    """What both encodings share: which (t, cell, label) are possible."""

    def __init__(self, space: Space, horizon: int) -> None:
        self.space, self.horizon = space, horizon
        self.nmoves = space.perms.shape[0]

    def alive(self, t: int, cell: int, label: int) -> bool:
        s = self.space
        near = s.from_start[label, cell]
        far = s.to_goal[label, cell]
        return 0 <= near <= t and 0 <= far <= self.horizon - t

    def never_optimal(self) -> list[tuple[int, ...]]:
        """Move sequences (of consecutive steps) no optimal plan contains."""
        s = self.space
        out: list[tuple[int, ...]] = []
        for k in range(self.nmoves):
            out.append((k, int(self.space.puzzle.inverse[k])))
            cap = max(1, int(s.cycle[k]) // 2)
            if int(self.space.puzzle.inverse[k]) != k:
                out.append((k,) * (cap + 1))
        return out

    def decode(self, values: tuple[bool, ...]) -> str:
        moves = [k for t in range(self.horizon) for k in range(self.nmoves)
                 if values[t * self.nmoves + k]]
        return self.space.plan(moves)

    def names(self, move: np.ndarray, x: np.ndarray) -> dict[int, str]:
        """What the variables mean, for ``--dump-cnf`` comments."""
        puzzle = self.space.puzzle
        out = {int(move[t, k]): f"move {puzzle.moves[k].name} at t={t}"
               for t in range(move.shape[0]) for k in range(move.shape[1])}
        for t, cell, label in zip(*np.nonzero(x)):
            out[int(x[t, cell, label])] = (f"at t={t} cell {cell} label "
                                           f"{puzzle.labels[int(label)]}")
        return out


class OneHotEncoder(_Plan):
    """``onehot``: see the module docstring."""

    name = "onehot"

    def __init__(self, space: Space, horizon: int, card: str = "direct") -> None:
        super().__init__(space, horizon)
        self.card = card

    def model(self) -> CnfModel | None:
        s, horizon, nmoves = self.space, self.horizon, self.nmoves
        m, nlabels = len(s.state), len(s.counts)
        move = np.arange(1, horizon * nmoves + 1, dtype=np.int64).reshape(horizon, nmoves)
        x = np.zeros((horizon + 1, m, nlabels), dtype=np.int64)  # 0: impossible
        top = horizon * nmoves
        for t in range(horizon + 1):
            for cell in range(m):
                for label in range(nlabels):
                    if self.alive(t, cell, label):
                        top += 1
                        x[t, cell, label] = top
        for t in range(horizon + 1):
            if not (x[t] != 0).any(axis=1).all():
                return None  # some cell can hold no label at step t
        model = CnfModel(nvars=top, projection=[int(v) for v in move.ravel()],
                         names=self.names(move, x))
        model.add([[int(x[0, cell, s.state[cell]])] for cell in range(m)])
        model.add([[int(x[horizon, cell, s.goal[cell]])] for cell in range(m)])
        model.add(move.tolist())  # at least one move per step
        if self.card == "direct":
            groups, model.nvars = at_most_one(move, model.nvars)
            for group in groups:
                model.add(group)
        else:
            from pysat.formula import IDPool

            pool = IDPool(start_from=model.nvars + 1)
            for row in move:
                model.add(card_clauses([int(v) for v in row], 1, self.card, pool))
            model.nvars = max(model.nvars, pool.top)
        clauses: list[list[int]] = []
        for t in range(horizon):
            for k in range(nmoves):
                mk = int(move[t, k])
                for cell in range(m):
                    source = int(s.perms[k, cell])
                    for label in range(nlabels):
                        before, after = int(x[t, source, label]), int(x[t + 1, cell, label])
                        if after:
                            clauses.append([-mk, -after, before] if before else [-mk, -after])
                        if before:
                            clauses.append([-mk, -before, after] if after else [-mk, -before])
            for sequence in self.never_optimal():
                if t + len(sequence) <= horizon:
                    clauses.append([-int(move[t + i, k]) for i, k in enumerate(sequence)])
        model.add(clauses)
        return model


class CpsatEncoder(_Plan):
    """``cpsat``: the same Booleans and implications as ``onehot``, plus what CP-SAT
    propagates well: one label per cell and each label's count, at every step.
    (Integer cells tied by ``cell == source`` under each move were 30-100x slower.)"""

    name = "cpsat"

    def model(self) -> CpsatModel | None:
        from ortools.sat.python import cp_model

        s, horizon, nmoves = self.space, self.horizon, self.nmoves
        m, nlabels = len(s.state), len(s.counts)
        model = cp_model.CpModel()
        x: dict[tuple[int, int, int], Any] = {}
        for t in range(horizon + 1):
            for cell in range(m):
                here = [label for label in range(nlabels) if self.alive(t, cell, label)]
                if not here:
                    return None
                for label in here:
                    x[t, cell, label] = model.new_bool_var(f"x_t{t}_c{cell}_l{label}")
                model.add_exactly_one([x[t, cell, label] for label in here])
            for label in range(nlabels):
                model.add(sum(x[t, cell, label] for cell in range(m)
                              if (t, cell, label) in x) == int(s.counts[label]))
        for cell in range(m):
            model.add(x[0, cell, int(s.state[cell])] == 1)
            model.add(x[horizon, cell, int(s.goal[cell])] == 1)
        moves = [[model.new_bool_var(f"m_t{t}_k{k}") for k in range(nmoves)]
                 for t in range(horizon)]
        for t in range(horizon):
            model.add_exactly_one(moves[t])
            for k in range(nmoves):
                for cell in range(m):
                    source = int(s.perms[k, cell])
                    for label in range(nlabels):
                        before, after = x.get((t, source, label)), x.get((t + 1, cell, label))
                        move = moves[t][k]
                        if after is not None:  # move and after -> before
                            model.add_bool_or([~move, ~after] + ([before] if before is not None
                                                                 else []))
                        if before is not None:  # move and before -> after
                            model.add_bool_or([~move, ~before] + ([after] if after is not None
                                                                  else []))
            for sequence in self.never_optimal():
                if t + len(sequence) <= horizon:
                    model.add_bool_or([~moves[t + i][k] for i, k in enumerate(sequence)])
        return CpsatModel(model=model, projection=[v for row in moves for v in row])


def _onehot(space: Space, horizon: int, card: str = "direct") -> OneHotEncoder:
    return OneHotEncoder(space, horizon, known_card(card))


def literals(space: Space, horizon: int, *, per: int) -> int:
    """About how many literals (terms, for CP-SAT) the model of ``horizon`` moves
    holds, before it is built: each move ties every cell's labels to its source's,
    ``per`` literals for each (measured on the seed and the two rings: 6 for SAT, 2
    for CP-SAT).

    >>> from cpsolve.models.rotation.formats import parse
    >>> literals(Space(parse("9 8 7\\n4 5 6\\n3 2 1")), 49, per=6)
    194400
    """
    puzzle = space.puzzle
    return (per * (horizon + 1) * len(puzzle.moves) * puzzle.width * puzzle.height
            * len(puzzle.labels))


ENCODINGS = PlanEncodings(
    PlanEncoding("onehot", "sat", "x(t, cell, label), a Boolean per turn; each move ties "
                 "every cell to its source", build=_onehot, options=(CARD,),
                 literals=partial(literals, per=6)),
    PlanEncoding("cpsat", "cpsat", "the same Booleans, one label per cell and each "
                 "label's count at every step", build=CpsatEncoder,
                 literals=partial(literals, per=2)),
)
