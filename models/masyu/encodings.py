"""Masyu as constraint models: pure builders, one Boolean per possible edge (the
projection, in :attr:`Board.edges` order, for every encoding) and one per cell
("the loop passes here").

Local rules, as clauses (or their CP-SAT forms), with L, R, U, D a cell's edges to
the left, right, up and down, and LL the edge beyond L (and so on):

* every cell has 0 or 2 edges, and passes the loop exactly when it has 2;
* pearls are passed;
* a black pearl turns (not L and R, not U and D) and goes straight on through the
  next cell on both sides (L implies LL, ...; at the board's edge that side is
  closed);
* a white pearl goes straight through (L if and only if R, U if and only if D) and
  the loop turns beside it on at least one side (not L, LL and RR together);
* no ring around a 2x2 block of cells while a pearl lies outside it (the smallest
  stray cycles, ruled out up front; implied by "one loop");
* the loop passes some cell (a board without pearls still needs a loop).

The global rule, one loop, three ways:

``lazy`` (SAT)
    Left out of the clauses; a candidate made of several cycles is cut off by
    :func:`cpsolve.grid.connectivity.loop_cuts` (a cycle that misses a pearl must have an
    edge leaving it whenever one of its cells is passed).
``circuit`` (CP-SAT)
    ``AddCircuit`` over the cells, two arcs per edge, the cells the loop skips taking
    their self-loop.
``flow`` (CP-SAT)
    The passed cells are connected through the chosen edges (a flow from the first
    passed cell): with every passed cell of degree 2, that is one loop.
"""

from __future__ import annotations

from functools import partial

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel
from cpsolve.grid import loops
from cpsolve.grid.model import Encoding, Encodings, Whole
from cpsolve.models.masyu.board import BLACK, WHITE, Board, Loop

SIDES = ((0, -1), (0, 1), (-1, 0), (1, 0))  # left, right, up, down


def prepare(board: Board, deduce: bool = True) -> Whole[Board, Loop]:
    """The whole board for the encoders (the pearls' rules propagate in the solver)."""
    return loops.whole(board, board.grid)


def pearl_clauses(board: Board, cell: int, pearl: int) -> list[list[int]]:
    """The rules a pearl at ``cell`` adds (numbered as :class:`~cpsolve.grid.loops.Numbering`)."""
    n = len(board.grid.edges)

    def edge(at: int, dr: int, dc: int) -> int | None:
        k = board.grid.edge(at, dr, dc)
        return None if k is None else k + 1

    def beyond(at: int, dr: int, dc: int) -> int | None:
        other = board.grid.step(at, dr, dc)
        return None if other is None else edge(other, dr, dc)

    clauses: list[list[int]] = [[n + cell + 1]]
    left, right, up, down = (edge(cell, dr, dc) for dr, dc in SIDES)
    if pearl == BLACK:
        for a, b in ((left, right), (up, down)):
            if a is not None and b is not None:
                clauses.append([-a, -b])
        for dr, dc in SIDES:
            here, further = edge(cell, dr, dc), beyond(cell, dr, dc)
            if here is not None:
                clauses.append([-here] if further is None else [-here, further])
    elif pearl == WHITE:
        for a, b in ((left, right), (up, down)):
            for x, y in ((a, b), (b, a)):
                if x is not None:
                    clauses.append([-x] if y is None else [-x, y])
        for (dr, dc), first in (((0, 1), left), ((1, 0), up)):
            far_before, far_after = beyond(cell, -dr, -dc), beyond(cell, dr, dc)
            if first is not None and far_before is not None and far_after is not None:
                clauses.append([-first, -far_before, -far_after])
    return clauses


def local_clauses(board: Board) -> list[list[int]]:
    """Every rule but "one loop" (numbered as :class:`~cpsolve.grid.loops.Numbering`), and no ring
    around a 2x2 block while a pearl lies outside it."""
    clauses = loops.degree_clauses(board.grid)
    clauses.append(loops.some_node(board.grid))
    for cell, pearl in enumerate(board.pearls):
        if pearl:
            clauses.extend(pearl_clauses(board, cell, pearl))
    pearls = set(board.pearl_cells)
    at = board.grid.edge_at
    for block in board.grid.blocks:
        if pearls - set(block):
            top_left, top_right, bottom_left, bottom_right = block
            ring = [at[top_left, top_right], at[top_left, bottom_left],
                    at[top_right, bottom_right], at[bottom_left, bottom_right]]
            clauses.append([-(k + 1) for k in ring])
    return clauses


def build_lazy(prepared: Whole[Board, Loop], *, pearls: bool = True) -> CnfModel:
    """``lazy``: the local rules as clauses; "one loop" checked on each candidate.
    Without ``pearls``, only the rules of any loop (the setter's clue model adds each
    pearl's rules under a switch); the cuts still look for the board's pearls first,
    which makes them strong where the pearls are on and is sound whatever they are."""
    board = prepared.board
    rules = local_clauses(board) if pearls else [
        *loops.degree_clauses(board.grid), loops.some_node(board.grid)]
    return loops.lazy_model(board.grid, [rules], required=board.pearl_cells)


def _cpsat(prepared: Whole[Board, Loop], how: str) -> CpsatModel:
    board = prepared.board
    model, edge_vars, _, _ = loops.cpsat_model(board.grid, local_clauses(board), how)
    return CpsatModel(model=model, projection=edge_vars)


def literals(prepared: Whole[Board, Loop], *, per_cell: int) -> int:
    """About how many literals (terms, for CP-SAT) a model holds, before building it:
    ``per_cell`` for each cell, measured at 200x200 with the solver's own copies (the
    cuts added while solving are counted as they come, by the SAT session).

    >>> from cpsolve.models.masyu.formats import parse
    >>> literals(prepare(parse("2 2\\n- -\\n- -")), per_cell=60)
    240
    """
    return per_cell * prepared.board.cells


ENCODINGS = Encodings(
    Encoding("lazy", "one loop as cuts on the candidates an incremental SAT solver finds",
             sat=build_lazy, literals=partial(literals, per_cell=60)),
    Encoding("circuit", "one loop by AddCircuit over the cells",
             cpsat=partial(_cpsat, how="circuit"), literals=partial(literals, per_cell=180)),
    Encoding("flow", "one loop as passed cells connected through the chosen edges",
             cpsat=partial(_cpsat, how="flow"), literals=partial(literals, per_cell=90)),
)
