"""The Yajilin rules, stated once (:mod:`cpsolve.grid.rules`): a variable per edge
between neighbouring cells, true where the loop uses it, and one per cell, true where
the loop passes it; a cell the loop leaves out is shaded, unless it is a clue cell (so
"shaded" is the literal ``-passed`` on the other cells).

* one loop (:func:`~cpsolve.grid.rules.loop`): every cell has two edges of it or
  none, some cell is passed, the edges make one cycle (lazy cuts on SAT;
  ``AddCircuit`` or a flow on CP-SAT);
* the loop passes no clue cell;
* of two neighbouring cells that are not clue cells, one is passed (shaded cells
  never share a side);
* a number with an arrow (a clue): exactly that many of the cells in its direction
  that are not clue cells are shaded; a number above what they can hold, never two
  side by side, cannot hold (implied, for the solvers).

Counts over more than eight literals are written by a :mod:`pysat.card` encoding
(``--card``), shorter ones as subset clauses.
"""

from __future__ import annotations

from typing import Any, cast

from cpsolve.cnf import CARD, COUNTING_CARDS, count_literals
from cpsolve.grid.arrows import ArrowGrid, clues
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement, edge_values, edges_of, lazy, loop


def rules(m: Model, board: ArrowGrid) -> None:
    passed = loop(m, board.grid).passed
    given = board.clues
    with m.rule("the loop never enters a clue cell"):
        m.clauses([[-passed[cell]] for cell in board.clue_cells])
    with m.rule("every cell off the loop is shaded, and no two shaded cells side by side"):
        m.clauses([[passed[a], passed[b]] for a, b in board.grid.edges
                   if given[a] is None and given[b] is None])


def clue(m: Model, board: ArrowGrid, arrow: Clue) -> None:
    cell, direction = cast(tuple[int, str], arrow.key)
    passed = m.layers["passed"]
    m.exactly(arrow.value, [-passed[other] for other in board.counted(cell, direction)])
    if arrow.value > board.most(cell, direction):
        with m.implied(clues=False):
            m.clause()  # more than the ray holds: no answer


def literals(board: ArrowGrid, per_cell: int, card: str | None = None, **_: Any) -> int:
    """About how many literals (terms, for CP-SAT) a model holds, before building it:
    ``per_cell`` for each cell, and each number's count (the direct subset clauses on
    short rays, a counter on long ones).

    >>> from cpsolve.grid.arrows import Arrow
    >>> literals(ArrowGrid(2, 2, (Arrow(1, "e"), None, None, None)), 60)
    241
    """
    return per_cell * board.cells + sum(
        count_literals(len(board.counted(*cast(tuple[int, str], arrow.key))), arrow.value, card)
        for arrow in clues(board))


STATEMENT: Statement[ArrowGrid] = Statement(
    rules, clue, decode=edges_of, encode=edge_values, methods=(
        lazy("one loop as cuts on the candidates an incremental SAT solver finds",
             options=(CARD.but(default="totalizer", choices=COUNTING_CARDS),),
             literals=lambda board, **o: literals(board, 60, **o)),
        Method("circuit", "cpsat", "one loop by AddCircuit over the cells, the numbers as "
               "sums", {"loop": "circuit"}, literals=lambda board, **o: literals(board, 180)),
        Method("flow", "cpsat", "one loop as passed cells connected through the chosen "
               "edges", {"loop": "flow"}, literals=lambda board, **o: literals(board, 90)),
    ))
