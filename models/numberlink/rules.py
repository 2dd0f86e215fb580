"""The Numberlink rules, stated once (:mod:`cpsolve.grid.rules`, paths by
:mod:`cpsolve.grid.rules.paths`): a variable per edge between neighbouring cells, true
where a path runs (the answer), one per cell, true where a path passes, and one per
cell and number, true where the cell is on a path of that number.

* a cell without a number has two edges or none (two, under the fill rule);
* a passed cell is on a path of exactly one number, a cell not passed on none, and
  the two cells of an edge on paths of the same number;
* no line closes on itself: every line is a path between two numbers (lazy cuts on
  SAT; every path chained into one ``AddCircuit`` on CP-SAT);
* a number (a clue) is a path's end: passed, one edge, on a path of its own number.
  Taken away, it leaves an ordinary cell of the board's rule.

Without the fill rule, solving and proving uniqueness may use a reduction
(:func:`reduce`).
"""

from __future__ import annotations

from cpsolve.grid.hints import Clue
from cpsolve.grid.model import Reduction
from cpsolve.grid.rules import Method, Model, Statement, edge_values, edges_of, lazy, paths
from cpsolve.models.numberlink.board import Board, Paths


def rules(m: Model, board: Board) -> None:
    with m.rule("a line joins each pair of equal numbers, never branching or crossing"):
        paths.paths(m, board.grid, board.ends)
        paths.labels(m, board.values)
    with m.rule("every cell is on a line" if board.fill else "a line turns or goes "
                "straight through the cells it passes"):
        paths.through(m, [cell for cell, n in enumerate(board.numbers) if n is None],
                      passed=board.fill)


def clue(m: Model, board: Board, number: Clue) -> None:
    cell = number.index
    paths.end(m, cell)
    m.clause(m.layers["label"][cell, board.values.index(number.value)])
    with m.otherwise():
        paths.through(m, [cell], passed=board.fill)


def literals(board: Board, per_cell: int, per_label: int) -> int:
    """About how many literals (terms, for CP-SAT) a model holds, before building it:
    ``per_cell`` for each cell, ``per_label`` for each cell and number, and the
    circuit's jumps between ends.

    >>> literals(Board(2, 2, (1, None, None, 1)), per_cell=30, per_label=30)
    244
    """
    return board.cells * (per_cell + per_label * len(board.values)) + len(board.ends) ** 2


STATEMENT: Statement[Board] = Statement(rules, clue, decode=edges_of, encode=edge_values,
                                        methods=(
    lazy("labels as clauses, a cycle cut off when a candidate has one",
         literals=lambda board, **_: literals(board, 30, 30)),
    Method("circuit", "cpsat", "labels as clauses, every path chained into one AddCircuit",
           literals=lambda board, **_: literals(board, 60, 8)),
))


def reduce(board: Board) -> Reduction[Paths] | None:
    """Without the fill rule, no path makes a U-turn round a 2x2 block
    (:func:`~cpsolve.grid.rules.paths.no_u_turn`). Under the fill rule a shortcut
    leaves cells off every path, so there is no reduction."""
    return None if board.fill else paths.no_u_turn(
        board.grid, "no U-turn round a 2x2 block (paths need not fill the board)")
