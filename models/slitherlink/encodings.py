"""Slitherlink as constraint models: pure builders over the kit's loop models
(:mod:`cpsolve.grid.loops`) on the board's points, one Boolean per edge between two
points (the projection, in ``points.edges`` order, for every encoding) and one per
point ("the loop passes here").

Local rules, as clauses: every point has two edges of the loop or none; a number n in
a cell has exactly n of the cell's four sides on the loop (every n + 1 of them has one
off, every 5 - n one on); the loop passes some point.

The global rule, one loop, three ways:

``lazy`` (SAT)
    Left out of the clauses; a candidate made of several cycles is cut off by
    :func:`cpsolve.grid.connectivity.loop_cuts`, the corners of a 3 (which every
    answer passes) the preferred witnesses.
``circuit`` (CP-SAT)
    ``AddCircuit`` over the points, the numbers as linear sums.
``flow`` (CP-SAT)
    The passed points connected through the chosen edges (a flow), the numbers as
    linear sums.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import combinations

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel
from cpsolve.grid import loops
from cpsolve.grid.model import Encoding, Encodings, Whole
from cpsolve.models.slitherlink.board import Board, Loop
from cpsolve.options import Option


def prepare(board: Board, deduce: bool = True) -> Whole[Board, Loop]:
    """The whole board for the encoders (the numbers propagate in the solver)."""
    return loops.whole(board, board.points)


def number_clauses(board: Board, cell: int, number: int) -> list[list[int]]:
    """Exactly ``number`` of the cell's four sides on the loop (edge k is variable
    k + 1).

    >>> number_clauses(Board(1, 1, (None,)), 0, 4)
    [[1], [2], [3], [4]]
    """
    sides = [k + 1 for k in board.side_table[cell]]
    clauses = [[-lit for lit in group] for group in combinations(sides, number + 1)]
    clauses += [list(group) for group in combinations(sides, 5 - number)] if number else []
    return clauses


def required(board: Board) -> list[int]:
    """Points every answer passes: the corners of a 3 or a 4 (three sides of a cell
    touch all four of its corners)."""
    out: set[int] = set()
    for cell in board.clue_cells:
        if (board.numbers[cell] or 0) >= 3:
            r, c = board.grid.rc(cell)
            out.update(board.point(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1))
    return sorted(out)


def parity_clauses(board: Board) -> list[list[int]]:
    """Which cells are inside, as variables after the loop's (cell c is ``top + c + 1``,
    :class:`~cpsolve.grid.loops.Numbering`): a side on the board's edge is on the loop
    exactly when its cell is inside, a side between two cells exactly when one of them
    is. Implied by the loop (the inside cells are fixed by the edges, so counting is
    unchanged); written out, they let the solver reason as a solver on paper does (a
    cell's colour carried along a run of sides known off).

    >>> len(parity_clauses(Board(1, 2, (None, None))))  # 6 border sides, 1 between
    16
    """
    top = loops.Numbering(board.points).top
    owners: dict[int, list[int]] = {}
    for cell, sides in enumerate(board.side_table):
        for k in sides:
            owners.setdefault(k, []).append(top + cell + 1)
    clauses: list[list[int]] = []
    for k, cells in owners.items():
        edge = k + 1
        if len(cells) == 1:
            (x,) = cells
            clauses += [[-edge, x], [edge, -x]]
        else:
            a, b = cells
            clauses += [[-edge, a, b], [-edge, -a, -b], [edge, -a, b], [edge, a, -b]]
    return clauses


def local_clauses(board: Board) -> list[list[int]]:
    """Every rule but "one loop" (numbered as :class:`~cpsolve.grid.loops.Numbering`)."""
    clauses = loops.degree_clauses(board.points)
    clauses.append(loops.some_node(board.points))
    for cell in board.clue_cells:
        clauses.extend(number_clauses(board, cell, board.numbers[cell] or 0))
    return clauses


def build_lazy(prepared: Whole[Board, Loop], *, numbers: bool = True,
               parity: bool = True) -> CnfModel:
    """``lazy``: the local rules as clauses, "one loop" checked on each candidate; with
    ``parity``, the cells inside too (:func:`parity_clauses`). Without ``numbers``, only
    the rules of any loop (the setter's clue model adds each number's clauses under a
    switch)."""
    board = prepared.board
    rules = local_clauses(board) if numbers else [
        *loops.degree_clauses(board.points), loops.some_node(board.points)]
    number = loops.Numbering(board.points)
    names = number.names(_point_name(board))
    if parity:
        rules += parity_clauses(board)
        names.update({number.top + cell + 1: f"inside {board.grid.name(cell)}"
                      for cell in range(board.cells)})
    return loops.lazy_model(board.points, [rules], required=required(board),
                            nvars=number.top + (board.cells if parity else 0), names=names)


def _point_name(board: Board) -> Callable[[int], str]:
    """A point's name in variable names: ``p2.3``, row 2, column 3 of the corners."""
    cols = board.cols + 1
    return lambda point: f"p{point // cols + 1}.{point % cols + 1}"


def _cpsat(prepared: Whole[Board, Loop], how: str) -> CpsatModel:
    board = prepared.board
    rules = [*loops.degree_clauses(board.points), loops.some_node(board.points)]
    model, edge_vars, _, _ = loops.cpsat_model(board.points, rules, how,
                                               node=_point_name(board))
    for cell in board.clue_cells:
        model.add(sum(edge_vars[k] for k in board.side_table[cell]) == board.numbers[cell])
    return CpsatModel(model=model, projection=edge_vars)


def literals(prepared: Whole[Board, Loop], *, per_cell: int, **options: object) -> int:
    """About how many literals (terms, for CP-SAT) a model holds, before building it:
    ``per_cell`` for each point (the method's ``options`` change it little).

    >>> from cpsolve.models.slitherlink.formats import parse
    >>> literals(prepare(parse("1 1\\n-")), per_cell=60)
    240
    """
    return per_cell * prepared.board.points.cells


PARITY = Option("parity", True, "Also model which cells are inside the loop (each side on "
                "the loop between an inside and an outside cell).", kind=bool)

ENCODINGS = Encodings(
    Encoding("lazy", "one loop as cuts on the candidates an incremental SAT solver finds",
             sat=build_lazy, literals=partial(literals, per_cell=80), options=(PARITY,)),
    Encoding("circuit", "one loop by AddCircuit over the points",
             cpsat=partial(_cpsat, how="circuit"), literals=partial(literals, per_cell=180)),
    Encoding("flow", "one loop as passed points connected through the chosen edges",
             cpsat=partial(_cpsat, how="flow"), literals=partial(literals, per_cell=90)),
)
