"""The Yajilin rules as a CNF, for certificates (``docs/certificates.md``): one
variable per edge between neighbouring cells, true where the loop uses it, and one per
cell that is not a clue cell, true where it is shaded.

- every cell has two edges of the loop or none: never one alone, never three;
- no edge of the loop touches a clue cell;
- a cell that is not a clue cell is shaded exactly when the loop leaves it out;
- no two shaded cells share a side;
- a number with an arrow: exactly that many shaded cells in the arrow's direction;
- the loop is not empty, and its edges form one loop: a cut
  (:class:`~cpsolve.certify.cuts.Loop`).
"""

from __future__ import annotations

from itertools import combinations

from cpsolve.certify.cuts import Loop
from cpsolve.certify.rules import RuleCnf, Rules, values
from cpsolve.models.yajilin.board import Board
from cpsolve.models.yajilin.board import Loop as Answer


def rules(board: Board) -> Rules:
    """The rule CNF of ``board``."""
    cnf = RuleCnf()
    grid = board.grid
    edge = [cnf.var(("edge", a, b)) for a, b in grid.edges]
    shade = {cell: cnf.var(("shaded", cell)) for cell in board.open_cells}
    for cell in range(board.cells):
        mine = [edge[k] for k in grid.incident[cell]]
        if board.clues[cell] is not None:
            for one in mine:
                cnf.clause([-one])
            continue
        for one in mine:
            cnf.clause([-one, *(other for other in mine if other != one)])
            cnf.clause([-one, -shade[cell]])
        for three in combinations(mine, 3):
            cnf.clause([-lit for lit in three])
        cnf.clause([shade[cell], *mine])
    for a, b in grid.edges:
        if a in shade and b in shade:
            cnf.clause([-shade[a], -shade[b]])
    for cell in board.counting:
        clue = board.clues[cell]
        assert clue is not None and clue.number is not None
        cnf.exactly(clue.number, [shade[other] for other in board.counted(cell)])
    cnf.clause(edge)  # the empty loop is no answer
    loop = Loop("one loop", board.cells, grid.edges, edge, grid.where)
    index = {pair: k for k, pair in enumerate(grid.edges)}

    def literals(answer: Answer) -> list[int]:
        return values({edge[index[pair]] for pair in answer if pair in index}, edge)

    def decode(true: set[int]) -> Answer:
        return frozenset(pair for k, pair in enumerate(grid.edges) if edge[k] in true)

    return Rules(cnf, edge, literals, decode, [loop])
