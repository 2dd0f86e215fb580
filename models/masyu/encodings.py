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
from itertools import combinations
from typing import Any

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel
from cpsolve.grid.connectivity import cpsat_connected_flow, cpsat_loop, loop_cuts, loop_partial
from cpsolve.grid.model import Encoding, Encodings, Whole
from cpsolve.models.masyu.board import BLACK, WHITE, Board, Loop

SIDES = ((0, -1), (0, 1), (-1, 0), (1, 0))  # left, right, up, down


def prepare(board: Board, deduce: bool = True) -> Whole[Board, Loop]:
    """The whole board for the encoders (the pearls' rules propagate in the solver)."""
    edges = board.grid.edges

    def decode(values: tuple[bool, ...]) -> Loop:
        return frozenset(edges[k] for k, on in enumerate(values) if on)

    return Whole(board, decode)


def structure_clauses(board: Board) -> list[list[int]]:
    """The rules of any loop, whatever the pearls: every cell has 0 or 2 edges and is
    passed exactly when it has 2 (edge k is variable k + 1, "passed" of cell c variable
    (number of edges) + c + 1)."""
    n = len(board.grid.edges)
    clauses: list[list[int]] = []
    for cell in range(board.cells):
        lits = [k + 1 for k in board.grid.incident[cell]]
        used = n + cell + 1
        clauses.append([-used, *lits])
        clauses.extend([-lit, used] for lit in lits)
        clauses.extend([-lit, *(o for o in lits if o != lit)] for lit in lits)  # not one
        clauses.extend([-a, -b, -c] for a, b, c in combinations(lits, 3))  # at most two
    return clauses


def pearl_clauses(board: Board, cell: int, pearl: int) -> list[list[int]]:
    """The rules a pearl at ``cell`` adds (numbering as :func:`structure_clauses`)."""
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
    """Every rule but "one loop" (numbering as :func:`structure_clauses`), and no ring
    around a 2x2 block while a pearl lies outside it."""
    clauses = structure_clauses(board)
    clauses.append([len(board.grid.edges) + cell + 1 for cell in range(board.cells)])
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


def _names(board: Board) -> dict[int, str]:
    grid = board.grid
    n = len(grid.edges)
    names = {k + 1: f"edge {grid.name(a)}-{grid.name(b)}" for k, (a, b) in enumerate(grid.edges)}
    names.update({n + cell + 1: f"passed {grid.name(cell)}" for cell in range(board.cells)})
    return names


def build_lazy(prepared: Whole[Board, Loop], *, pearls: bool = True) -> CnfModel:
    """``lazy``: the local rules as clauses; "one loop" checked on each candidate.
    Without ``pearls``, only the rules of any loop (the setter's clue model adds each
    pearl's rules under a switch); the cuts still look for the board's pearls first,
    which makes them strong where the pearls are on and is sound whatever they are."""
    board = prepared.board
    n = len(board.grid.edges)
    edges = board.grid.edges
    required = board.pearl_cells

    incident = board.grid.incident
    _, incident_table, ends = board.grid.tables

    def refine(values: tuple[bool, ...]) -> list[list[int]]:
        return loop_cuts(values, edges, lambda k: k + 1, lambda cell: n + cell + 1,
                         required, incident=incident)

    def partial(values: Any) -> list[list[int]]:
        return loop_partial(values[1:n + 1], (incident_table, ends), lambda k: k + 1,
                            values[n + 1:n + board.cells + 1], lambda cell: n + cell + 1)

    rules = local_clauses(board) if pearls else [
        *structure_clauses(board), [n + cell + 1 for cell in range(board.cells)]]
    return CnfModel(nvars=n + board.cells, projection=range(1, n + 1),
                    groups=[rules], refine=refine, names=_names(board), partial=partial)


def _cpsat(prepared: Whole[Board, Loop], how: str) -> CpsatModel:
    from ortools.sat.python import cp_model

    board = prepared.board
    grid = board.grid
    model = cp_model.CpModel()
    edge_vars = [model.new_bool_var(f"edge_{grid.name(a)}_{grid.name(b)}")
                 for a, b in grid.edges]
    used = [model.new_bool_var(f"passed_{grid.name(c)}") for c in range(board.cells)]
    n = len(board.grid.edges)

    def var(lit: int) -> Any:
        index = abs(lit) - 1
        value = edge_vars[index] if index < n else used[index - n]
        return value if lit > 0 else ~value

    for clause in local_clauses(board):
        model.add_bool_or([var(lit) for lit in clause])
    for cell in range(board.cells):  # the degree, linearly: what CP-SAT propagates best
        model.add(sum(edge_vars[k] for k in board.grid.incident[cell]) == 2 * used[cell])
    if how == "circuit":
        cpsat_loop(model, board.grid.edges, edge_vars, used)
    else:
        cpsat_connected_flow(model, used, board.grid.neighbours,
                             through=lambda a, b: edge_vars[board.grid.edge_at[a, b]])
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
