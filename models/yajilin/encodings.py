"""Yajilin as constraint models: pure builders over the kit's loop models
(:mod:`cpsolve.grid.loops`) on the cells, one Boolean per edge between neighbouring
cells (the projection, in the grid's edge order, for every encoding) and one per cell
("the loop passes here"); a cell the loop leaves out is shaded, unless it is a clue
cell.

Local rules, as clauses (or their CP-SAT forms):

* every cell has two edges of the loop or none, and is passed exactly when it has two;
* the loop passes no clue cell;
* of two neighbouring cells that are not clue cells, one is passed (shaded cells never
  share a side);
* a number with an arrow: exactly that many of the cells in its direction that are not
  clue cells are left out of the loop (short rays as subset clauses, longer ones by a
  :mod:`pysat.card` encoding, ``--card``);
* the loop passes some cell.

The global rule, one loop, three ways:

``lazy`` (SAT)
    Left out of the clauses; a candidate made of several cycles is cut off by
    :func:`cpsolve.grid.connectivity.loop_cuts`.
``circuit`` (CP-SAT)
    ``AddCircuit`` over the cells, the counts as linear sums.
``flow`` (CP-SAT)
    The passed cells connected through the chosen edges (a flow), the counts as
    linear sums.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel
from cpsolve.cnf import CARD, COUNTING_CARDS, count_clauses, count_literals, known_card
from cpsolve.grid import loops
from cpsolve.grid.model import Encoding, Encodings, Whole
from cpsolve.models.yajilin.board import Board, Loop


def prepare(board: Board, deduce: bool = True) -> Whole[Board, Loop]:
    """The whole board for the encoders (the clues propagate in the solver)."""
    return loops.whole(board, board.grid)


def ray_clauses(board: Board, cell: int, direction: str, number: int, pool: Any,
                card: str = "totalizer") -> list[Any]:
    """Clause groups for "``number`` of the open cells in ``direction`` from ``cell``
    are shaded" (numbered as :class:`~cpsolve.grid.loops.Numbering`, auxiliary
    variables from ``pool``, a pysat IDPool).

    >>> from pysat.formula import IDPool
    >>> from cpsolve.models.yajilin.board import Arrow
    >>> b = Board(1, 3, (Arrow(1, "e"), None, None))
    >>> [g.tolist() for g in ray_clauses(b, 0, "e", 1, IDPool(start_from=6))]
    [[[4, 5]], [[-4, -5]]]
    """
    number_of = loops.Numbering(board.grid)
    shaded = [-number_of.used(other) for other in board.counted(cell, direction)]
    if number > board.most(cell, direction):
        return [[[1], [-1]]]  # more than the ray can hold: no answer
    return count_clauses(shaded, number, pool, card)


def structure_clauses(board: Board) -> list[list[int]]:
    """Every rule but the numbers and "one loop" (numbered as
    :class:`~cpsolve.grid.loops.Numbering`)."""
    grid = board.grid
    number_of = loops.Numbering(grid)
    clauses = loops.degree_clauses(grid)
    clauses.append(loops.some_node(grid))
    clauses.extend([-number_of.used(cell)] for cell in board.clue_cells)
    clauses.extend([number_of.used(a), number_of.used(b)] for a, b in grid.edges
                   if board.clues[a] is None and board.clues[b] is None)
    return clauses


def build_lazy(prepared: Whole[Board, Loop], *, card: str = "totalizer",
               numbers: bool = True) -> CnfModel:
    """``lazy``: the local rules as clauses; "one loop" checked on each candidate.
    Without ``numbers``, only the rules whatever the numbers (the setter's clue model
    adds each number's clauses under a switch)."""
    from pysat.formula import IDPool

    known_card(card)
    board = prepared.board
    number_of = loops.Numbering(board.grid)
    groups: list[Any] = [structure_clauses(board)]
    pool = IDPool(start_from=number_of.top + 1)
    if numbers:
        for cell in board.counting:
            clue = board.clues[cell]
            assert clue is not None and clue.number is not None and clue.direction
            groups.extend(ray_clauses(board, cell, clue.direction, clue.number, pool, card))
    return loops.lazy_model(board.grid, groups, nvars=max(number_of.top, pool.top))


def _cpsat(prepared: Whole[Board, Loop], how: str) -> CpsatModel:
    board = prepared.board
    model, edge_vars, used, _ = loops.cpsat_model(board.grid, structure_clauses(board), how)
    for cell in board.counting:
        clue = board.clues[cell]
        assert clue is not None and clue.number is not None
        counted = board.counted(cell)
        model.add(sum(used[other] for other in counted) == len(counted) - clue.number)
    return CpsatModel(model=model, projection=edge_vars)


def literals(prepared: Whole[Board, Loop], *, per_cell: int, card: str | None = None) -> int:
    """About how many literals (terms, for CP-SAT) a model holds, before building it:
    ``per_cell`` for each cell, and each number's count (the direct subset clauses on
    short rays, a counter on long ones).

    >>> from cpsolve.models.yajilin.formats import parse
    >>> literals(prepare(parse("2 2\\n1e -\\n- -")), per_cell=60)
    241
    """
    board = prepared.board
    counts = 0
    for cell in board.counting:
        clue = board.clues[cell]
        assert clue is not None and clue.number is not None
        counts += count_literals(len(board.counted(cell)), clue.number, card)
    return per_cell * board.cells + counts


ENCODINGS = Encodings(
    Encoding("lazy", "one loop as cuts on the candidates an incremental SAT solver finds",
             sat=build_lazy, literals=partial(literals, per_cell=60),
             options=(CARD.but(default="totalizer", choices=COUNTING_CARDS),)),
    Encoding("circuit", "one loop by AddCircuit over the cells, the numbers as sums",
             cpsat=partial(_cpsat, how="circuit"), literals=partial(literals, per_cell=180)),
    Encoding("flow", "one loop as passed cells connected through the chosen edges",
             cpsat=partial(_cpsat, how="flow"), literals=partial(literals, per_cell=90)),
)
