"""The Numberlink rules as a CNF, for certificates (``docs/certificates.md``): one
variable per edge between neighbouring cells, true where a path uses it, and for every
cell and number, one true where the cell is on a path of that number.

- a numbered cell has exactly one edge, and is on a path of its number;
- every other cell has two edges or none (two, under the fill rule);
- a cell with an edge is on a path of exactly one number, a cell without none, and the
  two cells of an edge on paths of the same number;
- no line closes on itself: every line is a path between two numbers, a cut
  (:class:`~cpsolve.certify.cuts.Paths`).
"""

from __future__ import annotations

from itertools import combinations

from cpsolve.certify.cuts import Paths
from cpsolve.certify.rules import RuleCnf, Rules, values
from cpsolve.models.numberlink.board import Board
from cpsolve.models.numberlink.board import Paths as Answer


def rules(board: Board) -> Rules:
    """The rule CNF of ``board``."""
    cnf = RuleCnf()
    grid = board.grid
    edge = [cnf.var(("edge", a, b)) for a, b in grid.edges]
    on = {(cell, n): cnf.var(("on", cell, n)) for cell in range(board.cells)
          for n in board.values}
    for cell in range(board.cells):
        mine = [edge[k] for k in grid.incident[cell]]
        number = board.numbers[cell]
        labels = [on[cell, n] for n in board.values]
        if number is not None:
            cnf.exactly(1, mine)
            cnf.clause([on[cell, number]])
        else:
            for one in mine:
                cnf.clause([-one, *(other for other in mine if other != one)])
            for three in combinations(mine, 3):
                cnf.clause([-lit for lit in three])
            if board.fill:
                cnf.clause(mine)
        for e in mine:
            cnf.clause([-e, *labels])
        for label in labels:
            cnf.clause([-label, *mine])
        cnf.at_most(1, labels)
    for k, (a, b) in enumerate(grid.edges):
        for n in board.values:
            cnf.clause([-edge[k], -on[a, n], on[b, n]])
            cnf.clause([-edge[k], -on[b, n], on[a, n]])
    paths = Paths("paths", board.cells, grid.edges, edge, frozenset(board.ends), grid.where)
    index = {pair: k for k, pair in enumerate(grid.edges)}

    def literals(answer: Answer) -> list[int]:
        return values({edge[index[pair]] for pair in answer if pair in index}, edge)

    def decode(true: set[int]) -> Answer:
        return frozenset(pair for k, pair in enumerate(grid.edges) if edge[k] in true)

    return Rules(cnf, edge, literals, decode, [paths])
