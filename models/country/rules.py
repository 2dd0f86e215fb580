"""The Country Road rules as a CNF, for certificates (``docs/certificates.md``): one
variable per edge between neighbouring cells, true where the loop uses it, and one per
cell, true where the loop passes it.

- every cell has two edges of the loop or none: never one alone, never three; it is
  passed exactly when it has them;
- of two neighbouring cells across a region border, one is passed;
- with two regions or more, exactly two of the edges crossing each region's border are
  on the loop;
- a number: exactly that many cells of its region are passed;
- the loop is not empty, and its edges form one loop: a cut
  (:class:`~cpsolve.certify.cuts.Loop`).
"""

from __future__ import annotations

from itertools import combinations

from cpsolve.certify.cuts import Loop
from cpsolve.certify.rules import RuleCnf, Rules, values
from cpsolve.grid.rooms import UNKNOWN
from cpsolve.models.country.board import Board
from cpsolve.models.country.board import Loop as Answer


def rules(board: Board) -> Rules:
    """The rule CNF of ``board``."""
    cnf = RuleCnf()
    grid = board.grid
    edge = [cnf.var(("edge", a, b)) for a, b in grid.edges]
    passed = [cnf.var(("passed", cell)) for cell in range(board.cells)]
    for cell in range(board.cells):
        mine = [edge[k] for k in grid.incident[cell]]
        for one in mine:
            cnf.clause([-one, *(other for other in mine if other != one)])
            cnf.clause([-one, passed[cell]])
        for three in combinations(mine, 3):
            cnf.clause([-lit for lit in three])
        cnf.clause([-passed[cell], *mine])
    for a, b in board.borders:
        cnf.clause([passed[a], passed[b]])
    if board.rooms > 1:
        for edges in board.crossing:
            cnf.exactly(2, [edge[k] for k in edges])
    for room, number in enumerate(board.numbers):
        if number is not None and number != UNKNOWN:
            cnf.exactly(number, [passed[cell] for cell in board.room_cells[room]])
    cnf.clause(edge)  # the empty loop is no answer
    loop = Loop("one loop", board.cells, grid.edges, edge, grid.where)
    index = {pair: k for k, pair in enumerate(grid.edges)}

    def literals(answer: Answer) -> list[int]:
        return values({edge[index[pair]] for pair in answer if pair in index}, edge)

    def decode(true: set[int]) -> Answer:
        return frozenset(pair for k, pair in enumerate(grid.edges) if edge[k] in true)

    return Rules(cnf, edge, literals, decode, [loop])
