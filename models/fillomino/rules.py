"""The Fillomino rules as a CNF, for certificates (``docs/certificates.md``): one
variable per cell and number from 1 to the number of cells, true where the cell holds
that number.

- every cell holds exactly one number, the one shown where one is shown;
- a cell holding a number above 1 has a neighbour holding it too, and a cell holding
  1 has none (an area of ``k`` cells is connected);
- every area (a connected part of the cells holding one number ``k``) has exactly
  ``k`` cells: cuts (:class:`~cpsolve.certify.cuts.Areas`) on the cells it holds.
"""

from __future__ import annotations

from cpsolve.certify.cuts import Areas
from cpsolve.certify.rules import RuleCnf, Rules
from cpsolve.models.fillomino.board import Board


def rules(board: Board) -> Rules:
    """The rule CNF of ``board``."""
    cnf = RuleCnf()
    grid = board.grid
    cells = board.cells
    top = cells
    holds = [[cnf.var(("holds", cell, k)) for k in range(1, top + 1)]
             for cell in range(cells)]
    for cell in range(cells):
        cnf.exactly(1, holds[cell])
        shown = board.numbers[cell]
        if shown is not None and shown >= 1:
            cnf.clause([holds[cell][shown - 1]] if shown <= top else [])
        for k in range(top):
            around = [holds[other][k] for other in grid.neighbours[cell]]
            if k == 0:
                for other in around:
                    cnf.clause([-holds[cell][0], -other])
            else:
                cnf.clause([-holds[cell][k], *around])

    def judge(key: object, part: frozenset[int], closed: bool) -> str | None:
        assert isinstance(key, int)
        if len(part) > key:
            return f"an area of {key} holds more cells"
        if closed and len(part) < key:
            return f"an area of {key} holds fewer cells"
        return None

    areas = Areas("areas", grid.neighbours,
                  {k + 1: [holds[cell][k] for cell in range(cells)] for k in range(top)},
                  judge, grid.where)
    return Rules.of_numbers(cnf, holds, [areas])
