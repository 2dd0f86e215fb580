"""The Country Road rules, stated once (:mod:`cpsolve.grid.rules`): a variable per
edge between neighbouring cells, true where the loop uses it, and one per cell, true
where the loop passes it.

* one loop (:func:`~cpsolve.grid.rules.loop`): every cell has two edges of it or
  none, some cell is passed, the edges make one cycle (lazy cuts on SAT;
  ``AddCircuit`` or a flow on CP-SAT, the degree as clauses beside its sums: the
  regions' counts propagate better through them);
* a hole (a cell in no region) is not passed;
* of two neighbouring cells across a region border or a wall inside a region, neither
  a hole, one is passed;
* with two regions or more (holes are none), exactly two of the edges crossing each
  region's border are on the loop (it enters and leaves once; under the empty rule,
  pzprjs's ``country/e/``, at most two: a region may be left unvisited, and a closed
  loop crosses a border an even number of times), and none crosses a wall inside a region
  (pzprjs counts a wall crossed as the region's border crossed twice, from each side);
  a board of one region may cross one of its walls, once;
* a region's number (a clue): exactly that many of its cells are passed.

Counts over more than eight literals are written by a :mod:`pysat.card` encoding
(``--card``), shorter ones as subset clauses.
"""

from __future__ import annotations

from typing import Any

from cpsolve.cnf import CARD, COUNTING_CARDS, count_literals
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement, edge_values, edges_of, lazy, loop
from cpsolve.models.country.board import Board as Rooms


def rules(m: Model, board: Rooms) -> None:
    rule = loop(m, board.grid, cpsat_clauses=True)
    passed, edge = rule.passed, rule.edge
    holes = board.holes
    with m.rule("the loop never enters a cell outside the rooms"):
        m.clauses([[-passed[cell]] for cell in sorted(holes)])
    with m.rule("two cells off the loop are never side by side across a room border"):
        m.clauses([[passed[a], passed[b]] for a, b in board.fences
                   if a not in holes and b not in holes])
    walls = [edge[board.grid.edge_at[a, b]] for a, b in board.walls]
    if board.rooms - len(board.hole_regions) > 1:
        for room, edges in enumerate(board.crossing):
            if room not in board.hole_regions:
                crossing = [edge[k] for k in edges]
                with m.rule("the loop enters each room once"):
                    m.at_most(2, crossing) if board.empty else m.exactly(2, crossing)
        with m.rule("the loop never crosses a wall"):
            m.clauses([[-wall] for wall in walls])
    else:
        with m.rule("the loop crosses a wall of its one room at most once"):
            m.at_most(1, walls)


def clue(m: Model, board: Rooms, number: Clue) -> None:
    passed = m.layers["passed"]
    m.exactly(number.value, [passed[cell] for cell in board.room_cells[number.index]])


def literals(board: Rooms, per_cell: int, card: str | None = None, **_: Any) -> int:
    """About how many literals (terms, for CP-SAT) a model holds, before building it:
    ``per_cell`` for each cell, each region's crossings and each number's count (the
    direct subset clauses on short ones, a counter on long ones).

    >>> literals(Rooms(2, 2, (0, 0, 1, 1), (2, None), (0, 2)), 60)
    246
    """
    total = per_cell * board.cells
    if board.rooms > 1:
        total += sum(count_literals(len(edges), 2, card) for edges in board.crossing)
    return total + sum(count_literals(len(cells), number, card) for cells, number in
                       zip(board.room_cells, board.numbers) if number is not None and number >= 0)


STATEMENT: Statement[Rooms] = Statement(rules, clue, decode=edges_of, encode=edge_values, methods=(
    lazy("one loop as cuts on the candidates an incremental SAT solver finds",
         options=(CARD.but(default="totalizer", choices=COUNTING_CARDS),),
         literals=lambda board, **o: literals(board, 60, **o)),
    Method("circuit", "cpsat", "one loop by AddCircuit over the cells, the counts as sums",
           {"loop": "circuit"}, literals=lambda board, **o: literals(board, 180)),
    Method("flow", "cpsat", "one loop as passed cells connected through the chosen edges",
           {"loop": "flow"}, literals=lambda board, **o: literals(board, 90)),
))
