"""Country Road as constraint models: pure builders over the kit's loop models
(:mod:`cpsolve.grid.loops`) on the cells, one Boolean per edge between neighbouring
cells (the projection, in the grid's edge order, for every encoding) and one per cell
("the loop passes here").

Local rules, as clauses (or their CP-SAT forms):

* every cell has two edges of the loop or none, and is passed exactly when it has two;
* of two neighbouring cells across a region border, one is passed;
* with two regions or more, exactly two of each region's crossing edges are on the
  loop (it enters and leaves once), short borders as subset clauses, longer ones by a
  :mod:`pysat.card` encoding (``--card``);
* a number: exactly that many of its region's cells are passed;
* the loop passes some cell.

The global rule, one loop, three ways: ``lazy`` (SAT) cuts a candidate of several
cycles (:func:`cpsolve.grid.connectivity.loop_cuts`), ``circuit`` (CP-SAT) is
``AddCircuit`` over the cells and ``flow`` (CP-SAT) the passed cells connected through
the chosen edges, the counts as linear sums.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel
from cpsolve.cnf import CARD, COUNTING_CARDS, count_clauses, count_literals, known_card
from cpsolve.grid import loops
from cpsolve.grid.model import Encoding, Encodings, Whole
from cpsolve.grid.rooms import UNKNOWN
from cpsolve.models.country.board import Board, Loop


def prepare(board: Board, deduce: bool = True) -> Whole[Board, Loop]:
    """The whole board for the encoders (the rules propagate in the solver)."""
    return loops.whole(board, board.grid)


def number_clauses(board: Board, room: int, number: int, pool: Any,
                   card: str = "totalizer") -> list[Any]:
    """Clause groups for "``number`` cells of the region are passed" (numbered as
    :class:`~cpsolve.grid.loops.Numbering`, auxiliary variables from ``pool``)."""
    used = loops.Numbering(board.grid).used
    return count_clauses([used(cell) for cell in board.room_cells[room]], number, pool, card)


def structure_clauses(board: Board, pool: Any, card: str = "totalizer") -> list[Any]:
    """Every rule but the numbers and "one loop", as clause groups."""
    grid = board.grid
    number_of = loops.Numbering(grid)
    clauses = loops.degree_clauses(grid)
    clauses.append(loops.some_node(grid))
    clauses.extend([number_of.used(a), number_of.used(b)] for a, b in board.borders)
    groups: list[Any] = [clauses]
    if board.rooms > 1:
        for edges in board.crossing:
            groups.extend(count_clauses([number_of.edge(k) for k in edges], 2, pool, card))
    return groups


def build_lazy(prepared: Whole[Board, Loop], *, card: str = "totalizer",
               numbers: bool = True) -> CnfModel:
    """``lazy``: the local rules as clauses; "one loop" checked on each candidate.
    Without ``numbers``, only the rules whatever the numbers (the setter's clue model
    adds each number's clauses under a switch)."""
    from pysat.formula import IDPool

    known_card(card)
    board = prepared.board
    number_of = loops.Numbering(board.grid)
    pool = IDPool(start_from=number_of.top + 1)
    groups = structure_clauses(board, pool, card)
    if numbers:
        for room, number in enumerate(board.numbers):
            if number is not None and number != UNKNOWN:
                groups.extend(number_clauses(board, room, number, pool, card))
    return loops.lazy_model(board.grid, groups, nvars=max(number_of.top, pool.top))


def _cpsat(prepared: Whole[Board, Loop], how: str) -> CpsatModel:
    board = prepared.board
    grid = board.grid
    number_of = loops.Numbering(grid)
    local = loops.degree_clauses(grid) + [loops.some_node(grid)] + [
        [number_of.used(a), number_of.used(b)] for a, b in board.borders]
    model, edge_vars, used, _ = loops.cpsat_model(grid, local, how)
    if board.rooms > 1:
        for edges in board.crossing:
            model.add(sum(edge_vars[k] for k in edges) == 2)
    for room, number in enumerate(board.numbers):
        if number is not None and number != UNKNOWN:
            model.add(sum(used[cell] for cell in board.room_cells[room]) == number)
    return CpsatModel(model=model, projection=edge_vars)


def literals(prepared: Whole[Board, Loop], *, per_cell: int, card: str | None = None) -> int:
    """About how many literals (terms, for CP-SAT) a model holds, before building it:
    ``per_cell`` for each cell, each region's crossings and each number's count (the
    direct subset clauses on short ones, a counter on long ones).

    >>> from cpsolve.models.country.formats import parse
    >>> literals(prepare(parse("2 2\\n2 -\\n- -\\na a\\nb b")), per_cell=60)
    246
    """
    board = prepared.board
    total = per_cell * board.cells
    if board.rooms > 1:
        total += sum(count_literals(len(edges), 2, card) for edges in board.crossing)
    total += sum(count_literals(len(cells), number, card) for cells, number in
                 zip(board.room_cells, board.numbers) if number is not None and number >= 0)
    return total


ENCODINGS = Encodings(
    Encoding("lazy", "one loop as cuts on the candidates an incremental SAT solver finds",
             sat=build_lazy, literals=partial(literals, per_cell=60),
             options=(CARD.but(default="totalizer", choices=COUNTING_CARDS),)),
    Encoding("circuit", "one loop by AddCircuit over the cells, the counts as sums",
             cpsat=partial(_cpsat, how="circuit"), literals=partial(literals, per_cell=180)),
    Encoding("flow", "one loop as passed cells connected through the chosen edges",
             cpsat=partial(_cpsat, how="flow"), literals=partial(literals, per_cell=90)),
)
