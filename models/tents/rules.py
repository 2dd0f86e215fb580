"""The Tents rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell, true
where a tent stands, and a variable per tree and cell beside it, true where that cell's
tent is the tree's own.

* tents stand in empty cells beside a tree (a cell beside none holds no tent);
* no two tents touch, not even at a corner: a clause a touching pair of cells beside a
  tree (no other cell holds one);
* trees and tents pair off one to one, each tent beside its tree: every tree has
  exactly one tent of its own, a cell's tent belongs to exactly one tree, and a tree's
  own cell holds a tent (pzprjs asks that a matching exist, as Tatham's Tents does;
  the pairing is no part of the answer, which is the tents alone, so that a board
  whose tents pair off in two ways is still one answer);
* a number outside the grid: exactly that many tents in its row or column.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement
from cpsolve.grid.rules.shading import shading
from cpsolve.grid.techniques import CLUE, Technique, too_few, too_many
from cpsolve.models.tents.board import Board


def pairs(board: Board) -> list[tuple[int, int]]:
    """Every tree with each empty cell beside it: the places a tree's tent may stand."""
    return [(tree, cell) for tree in board.tree_cells
            for cell in board.grid.neighbours[tree] if not board.trees[cell]]


def rules(m: Model, board: Board) -> None:
    tent = shading(m, "tent")
    mine, first = pairs(board), tent.first
    near: dict[int, list[int]] = {}  # a cell's pairing variables, by tree
    own_of: dict[int, list[int]] = {}  # a tree's, by cell
    with m.rule(PAIRS):
        own = m.layer("own", mine)
        for k, (tree, cell) in enumerate(mine):
            near.setdefault(cell, []).append(own.first + k)
            own_of.setdefault(tree, []).append(own.first + k)
        if mine:  # a tree's own cell holds a tent
            m.clauses(np.column_stack([-(own.first + np.arange(len(mine))),
                                       first + np.array([cell for _, cell in mine])]))
        # a tree has one tent of its own, a tent one tree: at least one, and no two, of
        # a tree's variables; no two of a cell's (at most four each: pairs of clauses)
        m.clauses([own_of.get(tree, []) for tree in board.tree_cells])
        m.clauses([[-a, -b] for lits in (*own_of.values(), *near.values())
                   for i, a in enumerate(lits) for b in lits[i + 1:]])
    with m.rule("a tent stands in an empty cell beside a tree"):
        m.clauses([[-(first + cell), *near.get(cell, ())] for cell in range(board.cells)])
    with m.rule(TOUCH):
        # only cells beside a tree may hold one: the pairs of those that touch
        touching = [(a, b) for a in sorted(near) for b in board.grid.touching[a]
                    if b > a and b in near]
        if touching:
            m.clauses(-(np.array(touching, dtype=np.int64) + first))


def clue(m: Model, board: Board, number: Clue) -> None:
    """Exactly that many tents in the line, counted over its cells beside a tree alone
    (the others hold none by the rules: a shorter count)."""
    key: tuple[str, int] = number.key  # type: ignore[assignment]
    tent, spots = m.layers["tent"], room(board)
    m.exactly(number.value, [tent[cell] for cell in board.line(*key) if cell in spots])


@lru_cache(maxsize=64)
def room(board: Board) -> frozenset[int]:
    """The cells a tent may stand in: empty cells beside a tree."""
    return frozenset(cell for _, cell in pairs(board))


# The hints' names for the steps: LEGUP's rules of Tree Tent (its direct rules and
# contradictions, as its reference sheet names them).
PAIRS = "trees and tents pair off, each tent beside its tree"
TOUCH = "no two tents touch, not even at a corner"
TECHNIQUES = (
    Technique("Finish with Grass", CLUE, shape="full"),
    Technique("Finish with Tents", CLUE, shape="needs"),
    Technique("Surround Tent with Grass", TOUCH, sets=False),
    Technique("Empty Field", "a tent stands in an empty cell beside a tree", sets=False),
    Technique("Last Camping Spot", PAIRS, sets=True),
    Technique("Too Many Tents", CLUE, kind="trial", when=too_many),
    Technique("Too Few Tents", CLUE, kind="trial", when=too_few),
    Technique("Touching Tents", TOUCH, kind="trial"),
)

STATEMENT: Statement[Board] = Statement(rules, clue, techniques=TECHNIQUES, methods=(
    Method("direct", "sat", "a Boolean per cell and per tree and cell beside it, the "
           "pairing and the numbers' counts as clauses or counters",
           literals=lambda board, **_: 40 * board.cells),
    Method("linear", "cpsat", "a Boolean per cell and per tree and cell beside it, each "
           "count a linear constraint",
           literals=lambda board, **_: 40 * board.cells),
))
