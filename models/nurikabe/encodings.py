"""Nurikabe as constraint models: one Boolean per cell ("shaded", the sea), the
projection in cell order for every encoding, so all decode alike; each island is the
island of one numbered cell (its *clue*).

SAT (``islands``), for each clue k and each cell c it can reach (no farther than its
number less one, by steps between neighbours; any cell for "?"), a Boolean x[k][c],
"c is in k's island":

* a cell is in one island at most; an unshaded cell is in one; a cell in an island is
  unshaded; an unshaded neighbour of a cell in k's island is in k's island too (so an
  island holds one number, and two islands never touch);
* k's island is reached from its clue: r[k][c][t], "c is in the island and t steps
  from the clue at most through it", r[k][clue][0] is x[k][clue], a step t comes from
  the cell itself or a neighbour at t - 1, and every cell of the island is reached
  within the number less one (so the island is connected);
* the clue is in its island and the island has the number's cells (a sequential
  counter) — the two parts that depend on the number being there, which the setter's
  tools switch on and off (:mod:`cpsolve.models.nurikabe.hints`);
* no 2x2 block is all shaded; the sea is connected: lazy cuts
  (:func:`cpsolve.grid.connectivity.connected_cuts`) on each candidate.

CP-SAT (``flow``): the same island Booleans, each island and the sea connected by the
kit's flows, a linear equality per island.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import Any

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel
from cpsolve.cnf import card_clauses
from cpsolve.grid.connectivity import connected_cuts, connected_partial, cpsat_connected_flow
from cpsolve.grid.model import Encoding, Encodings, Whole
from cpsolve.models.nurikabe.board import Board, Shading


def prepare(board: Board, deduce: bool = True) -> Whole[Board, Shading]:
    """The whole board for the encoders."""
    def decode(values: tuple[bool, ...]) -> Shading:
        return frozenset(cell for cell, on in enumerate(values) if on)

    return Whole(board, decode)


def distances(board: Board, start: int, limit: int) -> dict[int, int]:
    """The cells within ``limit`` steps of ``start`` between neighbours, with their
    distances."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if seen[cell] == limit:
            continue
        for other in board.grid.neighbours[cell]:
            if other not in seen:
                seen[other] = seen[cell] + 1
                queue.append(other)
    return seen


@dataclass
class Island:
    """One clue's variables: ``label[c]`` for each cell it can reach, ``reach[c][t]``
    for each step ``t`` from the cell's distance on, and the steps allowed."""

    clue: int
    size: int | None
    steps: int
    label: dict[int, int] = field(default_factory=dict)
    reach: dict[int, dict[int, int]] = field(default_factory=dict)


@dataclass
class Numbering:
    """The variables of a board's model: cell c shaded is c + 1, then each clue's
    island (:class:`Island`), in the order of the clue cells; ``top`` the last."""

    board: Board

    @cached_property
    def islands(self) -> list[Island]:
        board = self.board
        top = board.cells
        out = []
        for clue in board.clue_cells:
            size = board.size(clue)
            steps = board.cells - 1 if size is None else size - 1
            near = distances(board, clue, steps)
            island = Island(clue, size, steps)
            for cell in sorted(near):
                top += 1
                island.label[cell] = top
            for cell in sorted(near):
                island.reach[cell] = {}
                for t in range(near[cell], steps + 1):
                    top += 1
                    island.reach[cell][t] = top
            out.append(island)
        self._top = top
        return out

    @property
    def top(self) -> int:
        _ = self.islands
        return self._top

    def island(self, clue: int) -> Island:
        return self.islands[self.board.clue_cells.index(clue)]


def rule_clauses(numbering: Numbering) -> list[list[list[int]]]:
    """Every rule but the numbers' own parts (see the module docstring): islands
    closed, reached, apart, covering every unshaded cell; no all-shaded 2x2 block."""
    board = numbering.board
    grid = board.grid
    clauses: list[list[int]] = []
    labels: list[list[int]] = [[] for _ in range(board.cells)]
    for island in numbering.islands:
        for cell, x in island.label.items():
            labels[cell].append(x)
            clauses.append([-x, -(cell + 1)])  # in an island: unshaded
            for other in grid.neighbours[cell]:
                y = island.label.get(other)
                # an unshaded neighbour joins the island (or, out of reach, is shaded)
                clauses.append([-x, other + 1, y] if y is not None else [-x, other + 1])
            steps = island.reach[cell]
            clauses.append([-x, steps[island.steps]])  # reached within the steps
            for t, r in steps.items():
                clauses.append([-r, x])
                if t == 0:
                    continue  # only the clue is at step 0: r[clue][0] is its label
                before = [steps[t - 1]] if t - 1 in steps else []
                before += [island.reach[o][t - 1] for o in grid.neighbours[cell]
                           if t - 1 in island.reach.get(o, {})]
                clauses.append([-r, *before])
                if t - 1 in steps:
                    clauses.append([-steps[t - 1], r])  # reached sooner: reached
        start = island.reach[island.clue][0]
        clauses.append([-start, island.label[island.clue]])
        clauses.append([-island.label[island.clue], start])
    for cell in range(board.cells):
        own = labels[cell]
        clauses.append([cell + 1, *own])  # unshaded: in an island
        clauses.extend([-a, -b] for i, a in enumerate(own) for b in own[i + 1:])
    clauses.extend([-(a + 1), -(b + 1), -(c + 1), -(d + 1)] for a, b, c, d in grid.blocks)
    return [clauses]


def clue_clauses(numbering: Numbering, clue: int, top: int) -> tuple[list[list[int]], int]:
    """The parts of a clue's rule that depend on its number being there: the clue
    is in its island, and the island has the number's cells; auxiliary variables from
    ``top + 1``."""
    from pysat.formula import IDPool

    island = numbering.island(clue)
    clauses = [[island.label[clue]]]
    if island.size is not None and island.size > len(island.label):
        return [*clauses, [-island.label[clue]]], top  # more cells than the board has
    if island.size is not None:
        pool = IDPool(start_from=top + 1)
        clauses += card_clauses(list(island.label.values()), island.size, "seqcounter",
                                pool, exact=True)
        top = max(top, pool.top)
    return clauses, top


def sea_rules(board: Board) -> tuple[Any, Any]:
    """The lazy rule "the sea is connected": its cuts and its partial-board clauses."""
    import numpy as np

    neighbours = board.grid.neighbours
    table = board.grid.tables[0]

    def refine(values: tuple[bool, ...]) -> list[list[int]]:
        return connected_cuts(values, lambda cell: cell + 1, neighbours)

    def partial(values: np.ndarray) -> list[list[int]]:
        return connected_partial(values[1:board.cells + 1], lambda cell: cell + 1, table)

    return refine, partial


def _names(numbering: Numbering) -> dict[int, str]:
    grid = numbering.board.grid
    names = {cell + 1: f"shaded {grid.name(cell)}" for cell in range(grid.cells)}
    for island in numbering.islands:
        clue = grid.name(island.clue)
        for cell, x in island.label.items():
            names[x] = f"{grid.name(cell)} in the island of {clue}"
    return names


def rules_model(board: Board) -> tuple[CnfModel, Numbering]:
    """Every rule but the numbers' own parts, as a model over the whole board."""
    numbering = Numbering(board)
    refine, partial_ = sea_rules(board)
    model = CnfModel(nvars=numbering.top, projection=range(1, board.cells + 1),
                     groups=rule_clauses(numbering), refine=refine,
                     names=_names(numbering), partial=partial_)
    return model, numbering


def build_sat(prepared: Whole[Board, Shading]) -> CnfModel:
    """``islands``: the rules and every number's part (see the module docstring)."""
    model, numbering = rules_model(prepared.board)
    top = model.nvars
    for clue in prepared.board.clue_cells:
        clauses, top = clue_clauses(numbering, clue, top)
        model.add(clauses)
    model.nvars = top
    return model


def build_cpsat(prepared: Whole[Board, Shading]) -> CpsatModel:
    """``flow``: island Booleans, each island and the sea connected by flows."""
    from ortools.sat.python import cp_model

    board = prepared.board
    grid = board.grid
    numbering = Numbering(board)
    model = cp_model.CpModel()
    shaded = [model.new_bool_var(f"shaded_{grid.name(c)}") for c in range(board.cells)]
    labels: list[list[Any]] = [[] for _ in range(board.cells)]
    for island in numbering.islands:
        x = {cell: model.new_bool_var(f"island_{island.clue}_{cell}")
             for cell in island.label}
        for cell, var in x.items():
            labels[cell].append(var)
            model.add_implication(var, ~shaded[cell])
            for other in grid.neighbours[cell]:
                if other in x:
                    model.add_bool_or([~var, shaded[other], x[other]])
                else:
                    model.add_implication(var, shaded[other])
        model.add(x[island.clue] == 1)
        if island.size is not None:
            model.add(sum(x.values()) == island.size)
        inside = [x.get(cell, 0) for cell in range(board.cells)]
        cpsat_connected_flow(model, inside, grid.neighbours, roots=[island.clue])
    for cell in range(board.cells):
        if not labels[cell]:
            model.add(shaded[cell] == 1)  # no island reaches it
            continue
        model.add(sum(labels[cell]) == 1).only_enforce_if(~shaded[cell])
        model.add(sum(labels[cell]) == 0).only_enforce_if(shaded[cell])
    for block in grid.blocks:
        model.add_bool_or([~shaded[c] for c in block])
    cpsat_connected_flow(model, shaded, grid.neighbours)
    return CpsatModel(model=model, projection=shaded)


def literals(prepared: Whole[Board, Shading], *, per_cell: int) -> int:
    """About how many literals a model holds, before building it: ``per_cell`` for each
    cell and, for each clue, about 12 for each cell it can reach and step it can take
    there (a "?" on a 1000x1000 board could reach a million cells in a million steps:
    10\u00b9\u00b3).

    >>> from cpsolve.models.nurikabe.formats import parse
    >>> literals(prepare(parse("2 2\\n2 -\\n- -")), per_cell=10)
    136
    """
    board = prepared.board
    total = per_cell * board.cells
    for clue in board.clue_cells:
        size = board.size(clue)
        steps = board.cells if size is None else size
        reach = min(board.cells, 2 * steps * steps + 2 * steps + 1)
        total += 12 * reach * steps
    return total


ENCODINGS = Encodings(
    Encoding("islands", "a Boolean per cell and island, islands reached from their clue "
             "step by step, the sea connected by lazy cuts", sat=build_sat,
             literals=partial(literals, per_cell=10)),
    Encoding("flow", "island Booleans, each island and the sea connected by a flow",
             cpsat=build_cpsat, literals=partial(literals, per_cell=80)),
)
