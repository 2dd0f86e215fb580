"""The Slitherlink rules as a CNF, for certificates (``docs/certificates.md``): one
variable per edge between neighbouring corners of the cells, true where the loop runs.

- every corner has two edges of the loop or none: never one alone, never three;
- the loop is not empty;
- a number n in a cell: exactly n of the cell's four sides are on the loop;
- the edges form one loop: a cut (:class:`~cpsolve.certify.cuts.Loop`).
"""

from __future__ import annotations

from itertools import combinations

from cpsolve.certify.cuts import Loop
from cpsolve.certify.rules import RuleCnf, Rules, values
from cpsolve.models.slitherlink.board import Board
from cpsolve.models.slitherlink.board import Loop as Answer


def rules(board: Board) -> Rules:
    """The rule CNF of ``board``."""
    cnf = RuleCnf()
    points = board.points
    edge = [cnf.var(("edge", a, b)) for a, b in points.edges]
    for point in range(points.cells):
        mine = [edge[k] for k in points.incident[point]]
        for one in mine:
            cnf.clause([-one, *(other for other in mine if other != one)])
        for three in combinations(mine, 3):
            cnf.clause([-lit for lit in three])
    cnf.clause(edge)  # the empty loop is no answer
    for cell in board.clue_cells:
        cnf.exactly(board.numbers[cell] or 0, [edge[k] for k in board.side_table[cell]])
    loop = Loop("one loop", points.cells, points.edges, edge, board.corner)
    index = {pair: k for k, pair in enumerate(points.edges)}

    def literals(answer: Answer) -> list[int]:
        return values({edge[index[pair]] for pair in answer if pair in index}, edge)

    def decode(true: set[int]) -> Answer:
        return frozenset(pair for k, pair in enumerate(points.edges) if edge[k] in true)

    return Rules(cnf, edge, literals, decode, [loop])
