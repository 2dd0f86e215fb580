"""LITS as constraint models: pure builders, one Boolean per cell ("shaded", cell c
is variable c + 1), the projection in cell order for every encoding, so all decode
alike. Each region's tetromino is one of the placements that fit in it
(:attr:`Board.fits`), one Boolean each:

* a region holds exactly one placement (at least one: the region's "clue"; at most
  one: a sequential counter past a few);
* a cell of a region is shaded exactly when a placement covering it is chosen;
* a region's shape Booleans (L, I, T, S) are true exactly when its placement has
  that shape, and two shaded cells side by side across a region border are never of
  regions with the same shape;
* no 2x2 block is all shaded.

The global rule, "the shaded cells are connected": lazy cuts on SAT
(``placements``), or a flow on CP-SAT.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, partial
from typing import Any

import numpy as np

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel
from cpsolve.cnf import at_most_one
from cpsolve.grid.connectivity import connected_cuts, connected_partial, cpsat_connected_flow
from cpsolve.grid.model import Encoding, Encodings, Whole
from cpsolve.limits import charge
from cpsolve.models.lits.board import SHAPES, Board, Shading


def prepare(board: Board, deduce: bool = True) -> Whole[Board, Shading]:
    """The whole board for the encoders (no deductions before search: unit
    propagation of the placements does that work)."""
    def decode(values: tuple[bool, ...]) -> Shading:
        return frozenset(cell for cell, on in enumerate(values) if on)

    return Whole(board, decode)


def _cell(cell: int) -> int:
    return cell + 1


@dataclass(frozen=True)
class Numbering:
    """The variables of the SAT models: cells ``1..cells``, then each asked region's
    placements (``placement[k]``, in :attr:`Board.fits` order), then its shapes
    (``shape[k][h]`` for the shapes that fit), then ``top`` (auxiliaries after it)."""

    board: Board

    @cached_property
    def placement(self) -> dict[int, list[int]]:
        out, top = {}, self.board.cells
        for k in self.board.asked:
            out[k] = list(range(top + 1, top + 1 + len(self.board.fits[k])))
            top += len(self.board.fits[k])
        return out

    @cached_property
    def shape(self) -> dict[int, dict[str, int]]:
        top = self.board.cells + sum(len(ids) for ids in self.placement.values())
        out: dict[int, dict[str, int]] = {}
        for k in self.board.asked:
            made = {p.shape for p in self.board.fits[k]}
            out[k] = {}
            for name in SHAPES:
                if name in made:
                    top += 1
                    out[k][name] = top
        return out

    @cached_property
    def top(self) -> int:
        return max([self.board.cells, *(max(ids.values()) for ids in self.shape.values()
                                        if ids),
                    *(ids[-1] for ids in self.placement.values() if ids)])


def rule_groups(board: Board, numbering: Numbering) -> tuple[list[Any], int]:
    """Every rule but "each region holds a tetromino" (:func:`region_clause`) and
    connectivity, and the new top variable: a region holds at most one placement, its
    cells shaded exactly by it, its shape named, no two of one shape side by side, no
    2x2 block all shaded; the cells of a free region unshaded."""
    grid = board.grid
    groups: list[Any] = []
    top = numbering.top
    charge(40 * sum(len(board.fits[k]) for k in board.asked) + 4 * board.cells)
    free = [[-_cell(c)] for k in board.free if k < board.regions
            for c in board.region_cells[k]]
    if free:
        groups.append(free)
    covering: dict[int, list[int]] = {}
    implies, named = [], []
    for k in board.asked:
        ids = numbering.placement[k]
        shapes = numbering.shape[k]
        for var, placement in zip(ids, board.fits[k]):
            for cell in placement.cells:
                covering.setdefault(cell, []).append(var)
                implies.append([-var, _cell(cell)])
            named.append([-var, shapes[placement.shape]])
        for name, svar in shapes.items():
            named.append([-svar, *(var for var, p in zip(ids, board.fits[k])
                                   if p.shape == name)])
        if len(ids) > 1:
            amo, top = at_most_one(np.array([ids], dtype=np.int64), top)
            groups.extend(amo)
    asked = set(board.asked)
    groups.append([[-_cell(c), *covering.get(c, [])] for k in board.asked
                   for c in board.region_cells[k]])
    groups.extend(group for group in (implies, named) if group)
    apart = []
    for a, b in board.borders:
        ka, kb = board.region[a], board.region[b]
        if ka in asked and kb in asked:
            for name in set(numbering.shape[ka]) & set(numbering.shape[kb]):
                apart.append([-_cell(a), -_cell(b), -numbering.shape[ka][name],
                              -numbering.shape[kb][name]])
    if apart:
        groups.append(apart)
    if grid.blocks:
        groups.append(-(np.array(grid.blocks, dtype=np.int64) + 1))
    return groups, top


def region_clause(numbering: Numbering, k: int) -> list[int]:
    """"Region ``k`` holds a tetromino": one of its placements (an empty clause when
    none fits)."""
    return list(numbering.placement[k])


def refine(board: Board, values: Any) -> list[list[int]]:
    """Cuts for a candidate whose shaded cells fall apart."""
    return connected_cuts(values, _cell, board.grid.neighbours)


def on_partial(board: Board, values: Any) -> list[list[int]]:
    """What connectivity says on a partial assignment (by variable, index 0 unused)."""
    return connected_partial(values[1:board.cells + 1], _cell, board.grid.tables[0])


def names(board: Board, numbering: Numbering) -> dict[int, str]:
    """What the variables mean, for ``--dump-cnf``."""
    grid = board.grid
    out = {_cell(c): f"shaded {grid.name(c)}" for c in range(board.cells)}
    for k in board.asked:
        for var, placement in zip(numbering.placement[k], board.fits[k]):
            out[var] = f"{placement.shape} on {' '.join(map(grid.name, placement.cells))}"
        for name, var in numbering.shape[k].items():
            out[var] = f"region at {grid.name(board.region_cells[k][0])} is {name}"
    return out


def build_sat(prepared: Whole[Board, Shading]) -> CnfModel:
    """``placements``: the rules as clauses over the placements; connectivity as cuts
    on each candidate."""
    board = prepared.board
    numbering = Numbering(board)
    groups, top = rule_groups(board, numbering)
    groups.append([region_clause(numbering, k) for k in board.asked])
    return CnfModel(nvars=top, projection=range(1, board.cells + 1), groups=groups,
                    refine=partial(refine, board), names=names(board, numbering),
                    partial=partial(on_partial, board))


def build_cpsat(prepared: Whole[Board, Shading]) -> CpsatModel:
    """``flow``: a Boolean per placement, exactly one per region, the shaded cells
    connected by a flow from the first shaded cell of the smallest region."""
    from ortools.sat.python import cp_model

    board = prepared.board
    grid = board.grid
    model = cp_model.CpModel()
    shaded = [model.new_bool_var(f"shaded_{grid.name(c)}") for c in range(board.cells)]
    covering: dict[int, list[Any]] = {}
    shape: dict[int, dict[str, Any]] = {}
    for k in range(board.regions):
        if k in board.free:
            for cell in board.region_cells[k]:
                model.add(shaded[cell] == 0)
            continue
        chosen = [model.new_bool_var(f"{p.shape}_{'_'.join(map(grid.name, p.cells))}")
                  for p in board.fits[k]]
        model.add_exactly_one(chosen)
        shape[k] = {}
        for name in SHAPES:
            of = [var for var, p in zip(chosen, board.fits[k]) if p.shape == name]
            if of:
                shape[k][name] = model.new_bool_var(f"region_{k}_{name}")
                model.add(shape[k][name] == sum(of))
        for var, placement in zip(chosen, board.fits[k]):
            for cell in placement.cells:
                covering.setdefault(cell, []).append(var)
        for cell in board.region_cells[k]:
            model.add(shaded[cell] == sum(covering.get(cell, [])))
    for a, b in board.borders:
        ka, kb = board.region[a], board.region[b]
        if ka in shape and kb in shape:
            for name in set(shape[ka]) & set(shape[kb]):
                model.add_bool_or([~shaded[a], ~shaded[b], ~shape[ka][name],
                                   ~shape[kb][name]])
    for block in grid.blocks:
        model.add_bool_or([~shaded[cell] for cell in block])
    roots = (min((board.region_cells[k] for k in board.asked), key=len)
             if board.asked else None)
    cpsat_connected_flow(model, shaded, grid.neighbours, roots=roots)
    return CpsatModel(model=model, projection=shaded)


def literals(prepared: Whole[Board, Shading], *, per_cell: int) -> int:
    """About how many literals (terms, for CP-SAT) a model holds at most, before
    building it: up to 18 placements start at a cell, each some twenty literals.

    >>> from cpsolve.models.lits.formats import parse
    >>> literals(prepare(parse("2 4\\na a a a\\nb b b b")), per_cell=400)
    3200
    """
    return per_cell * prepared.board.cells


ENCODINGS = Encodings(
    Encoding("placements", "a Boolean per tetromino that fits in a region; connectivity "
             "as cuts on the candidates an incremental SAT solver finds", sat=build_sat,
             literals=partial(literals, per_cell=400)),
    Encoding("flow", "a Boolean per tetromino that fits in a region; connectivity as a "
             "flow from a shaded cell of the smallest region", cpsat=build_cpsat,
             literals=partial(literals, per_cell=500)),
)
