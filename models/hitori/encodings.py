"""Hitori as constraint models: pure builders, one Boolean per cell ("shaded"), the
projection in cell order for every encoding, so all decode alike.

* no two shaded cells side by side, and (on a board of at least 2x2) an unshaded cell
  has an unshaded neighbour: the kit's shading rules
  (:class:`cpsolve.grid.connectivity.ShadingRules`);
* a number shown twice in a row or column is shaded at least once: one binary clause
  per such pair (:attr:`Board.repeats`).

The global rule, "the unshaded cells are connected": lazy cuts on SAT (``lazy``), or a
flow (``flow``) or distances (``order``) on CP-SAT, as Heyawake's.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel
from cpsolve.grid.connectivity import ShadingRules, cpsat_connected_flow, cpsat_connected_order
from cpsolve.grid.model import Encoding, Encodings, Whole
from cpsolve.models.hitori.board import Board, Shading


def prepare(board: Board, deduce: bool = True) -> Whole[Board, Shading]:
    """The whole board for the encoders (no deductions before search: unit
    propagation of the clauses does that work)."""
    def decode(values: tuple[bool, ...]) -> Shading:
        return frozenset(cell for cell, on in enumerate(values) if on)

    return Whole(board, decode)


def repeat_clauses(pairs: list[tuple[int, int]]) -> list[Any]:
    """One of each pair of cells is shaded (cell c is variable c + 1)."""
    return [np.array(pairs, dtype=np.int64) + 1] if pairs else []


def _names(board: Board) -> dict[int, str]:
    return {cell + 1: f"shaded {board.grid.name(cell)}" for cell in range(board.cells)}


def build_lazy(prepared: Whole[Board, Shading]) -> CnfModel:
    """``lazy``: the local rules as clauses; connectivity checked on each candidate."""
    board = prepared.board
    rules = ShadingRules(board.grid)
    groups = [*rules.clauses(), *repeat_clauses(board.repeats)]
    return CnfModel(nvars=board.cells, projection=range(1, board.cells + 1), groups=groups,
                    refine=rules.refine, names=_names(board), partial=rules.partial)


def _cpsat(prepared: Whole[Board, Shading], connect: Any) -> CpsatModel:
    from ortools.sat.python import cp_model

    board = prepared.board
    model = cp_model.CpModel()
    shaded = [model.new_bool_var(f"shaded_{board.grid.name(c)}")
              for c in range(board.cells)]
    for a, b in board.repeats:
        model.add_bool_or([shaded[a], shaded[b]])
    ShadingRules(board.grid).cpsat(model, shaded, connect)
    return CpsatModel(model=model, projection=shaded)


def literals(prepared: Whole[Board, Shading], *, per_cell: int) -> int:
    """About how many literals (terms, for CP-SAT) a model holds, before building it:
    ``per_cell`` for each cell and two for each pair of repeated numbers (a 1000x1000
    board of one number would need 2\u00b710\u2079).

    >>> from cpsolve.models.hitori.formats import parse
    >>> literals(prepare(parse("2 2\\n1 1\\n1 1")), per_cell=12)
    56
    """
    board = prepared.board
    repeated = 0
    for line in board.grid.lines:
        counts: dict[int, int] = {}
        for cell in line:
            shown = board.shown(cell)
            if shown is not None:
                counts[shown] = counts.get(shown, 0) + 1
        repeated += sum(n * (n - 1) // 2 for n in counts.values())
    return per_cell * board.cells + 2 * repeated


ENCODINGS = Encodings(
    Encoding("lazy", "connectivity as cuts on the candidates an incremental SAT solver "
             "finds", sat=build_lazy, literals=partial(literals, per_cell=12)),
    Encoding("order", "connectivity as distances falling towards the first unshaded cell",
             cpsat=partial(_cpsat, connect=cpsat_connected_order),
             literals=partial(literals, per_cell=130)),
    Encoding("flow", "connectivity as a flow from the first unshaded cell",
             cpsat=partial(_cpsat, connect=cpsat_connected_flow),
             literals=partial(literals, per_cell=50)),
)
