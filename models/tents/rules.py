"""The Tents rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell, true
where a tent stands, and a variable per tree and cell beside it, true where that cell's
tent is the tree's own.

* tents stand in empty cells beside a tree (a cell beside none holds no tent);
* no two tents touch, not even at a corner
  (:class:`~cpsolve.grid.rules.shading.Untouching`);
* trees and tents pair off one to one, each tent beside its tree: every tree has
  exactly one tent of its own, a cell's tent belongs to exactly one tree, and a tree's
  own cell holds a tent (pzprjs asks that a matching exist, as Tatham's Tents does;
  the pairing is no part of the answer, which is the tents alone, so that a board
  whose tents pair off in two ways is still one answer);
* a number outside the grid: exactly that many tents in its row or column.
"""

from __future__ import annotations

from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement
from cpsolve.grid.rules.shading import apart, shading
from cpsolve.models.tents.board import Board


def pairs(board: Board) -> list[tuple[int, int]]:
    """Every tree with each empty cell beside it: the places a tree's tent may stand."""
    return [(tree, cell) for tree in board.tree_cells
            for cell in board.grid.neighbours[tree] if not board.trees[cell]]


def rules(m: Model, board: Board) -> None:
    tent = shading(m, "tent")
    mine = pairs(board)
    near: dict[int, list[int]] = {}
    with m.rule("trees and tents pair off, each tent beside its tree"):
        own = m.layer("own", mine)
        for tree, cell in mine:
            near.setdefault(cell, []).append(own[tree, cell])
            m.implies(own[tree, cell], tent[cell])
        for tree in board.tree_cells:
            m.exactly(1, [own[tree, cell] for cell in board.grid.neighbours[tree]
                          if not board.trees[cell]])
        for lits in near.values():
            m.at_most(1, lits)
    with m.rule("a tent stands in an empty cell beside a tree"):
        m.clauses([[-tent[cell], *near.get(cell, ())] for cell in range(board.cells)])
    apart(m, tent, corners=True)


def clue(m: Model, board: Board, number: Clue) -> None:
    key: tuple[str, int] = number.key  # type: ignore[assignment]
    tent = m.layers["tent"]
    cells = board.line(*key)
    m.exactly(number.value, [tent[cell] for cell in cells])


STATEMENT: Statement[Board] = Statement(rules, clue, methods=(
    Method("direct", "sat", "a Boolean per cell and per tree and cell beside it, the "
           "pairing and the numbers' counts as clauses or counters",
           literals=lambda board, **_: 40 * board.cells),
    Method("linear", "cpsat", "a Boolean per cell and per tree and cell beside it, each "
           "count a linear constraint, at most one tent per 2x2 block",
           literals=lambda board, **_: 40 * board.cells),
))
