"""The Balance Loop rules, stated once (:mod:`cpsolve.grid.rules`): a variable per edge
between neighbouring cells, true where the loop runs, one per cell, true where it
passes, and one per cell, direction and length ``k`` from 2 on: the loop runs at least
``k`` cells straight on from the cell that way (the first edge alone says it for 1).

* one loop through the cells' centres (:func:`~cpsolve.grid.rules.loop`);
* a circle is passed; the two straight segments leaving it (from the circle to the next
  turn, each way) are as long as each other at a white circle, not at a black one; a
  number is their lengths' sum (a count of the "runs at least k" variables of the four
  directions, since a run of k counts once for each length up to k);
* under the full rule (pzprjs's ``balance/f/``) the loop passes every cell.
"""

from __future__ import annotations

from itertools import combinations
from typing import cast

from cpsolve.grid.geometry import DIRECTIONS
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import FALSE, Method, Model, Statement, edge_values, edges_of, lazy, loop
from cpsolve.models.balance.board import BLACK, Board, colour, number


def reach(board: Board, cell: int, step: tuple[int, int]) -> int:
    """How many cells lie beyond ``cell`` the way of ``step``."""
    r, c = board.grid.rc(cell)
    dr, dc = step
    return ((board.rows - 1 - r) if dr > 0 else r if dr < 0 else
            (board.cols - 1 - c) if dc > 0 else c)


def rules(m: Model, board: Board) -> None:
    grid = board.grid
    keys = [(cell, d, k) for cell in range(grid.cells) for d, step in enumerate(DIRECTIONS)
            for k in range(2, reach(board, cell, step) + 1)]
    edge = loop(m, grid, witnesses=board.circles).edge
    run = m.layer("run", keys,
                  named=lambda key: f"{grid.name(key[0])} {'ulrd'[key[1]]} {key[2]}")
    first_edge = {(cell, d): edge[grid.edge(cell, *step)] for cell in range(grid.cells)
                  for d, step in enumerate(DIRECTIONS) if grid.step(cell, *step) is not None}
    rows: list[list[int]] = []
    for (cell, d, k), here in zip(keys, run.vars):
        first = first_edge[cell, d]
        ahead = grid.step(cell, *DIRECTIONS[d])
        assert ahead is not None
        then = first_edge[ahead, d] if k == 2 else run[ahead, d, k - 1]
        rows += [[-here, first], [-here, then], [-first, -then, here]]
    with m.rule("a segment runs straight on"):
        m.clauses(rows)
    if board.full:
        with m.rule("the loop passes every cell"):
            m.clauses([[passed] for passed in m.layers["passed"].vars])


def runs(m: Model, board: Board, cell: int, d: int, k: int) -> int:
    """The literal "the loop runs at least ``k`` cells straight on from ``cell`` the
    way ``d``" (``FALSE`` beyond the board)."""
    if k > reach(board, cell, DIRECTIONS[d]):
        return FALSE
    if k == 1:
        return m.layers["edge"][board.grid.edge(cell, *DIRECTIONS[d])]
    return m.layers["run"][cell, d, k]


def clue(m: Model, board: Board, circle: Clue) -> None:
    cell, code_ = cast(tuple[int, int], circle.key)
    m.clause(m.layers["passed"][cell])
    longest = [reach(board, cell, step) for step in DIRECTIONS]

    def at(d: int, k: int) -> int:
        return runs(m, board, cell, d, k)

    for a, b in combinations(range(4), 2):
        both = [-at(a, 1), -at(b, 1)]
        if colour(code_) == BLACK:  # not both exactly k long
            for k in range(1, min(longest[a], longest[b]) + 1):
                m.clause(-at(a, k), at(a, k + 1), -at(b, k), at(b, k + 1))
        else:  # each as long as the other
            for k in range(2, max(longest[a], longest[b]) + 1):
                m.clause(*both, -at(a, k), at(b, k))
                m.clause(*both, -at(b, k), at(a, k))
    value = number(code_)
    if value is not None:
        m.exactly(value, [at(d, k) for d in range(4) for k in range(1, longest[d] + 1)])


STATEMENT: Statement[Board] = Statement(rules, clue, decode=edges_of, encode=edge_values,
                                        methods=(
    lazy("one loop as cuts on the candidates an incremental SAT solver finds, each "
         "segment's length as its runs", per_cell=200),
    Method("circuit", "cpsat", "one loop by AddCircuit over the cells, the same runs",
           {"loop": "circuit"}, per_cell=300),
))
