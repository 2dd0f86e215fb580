"""The Sudoku rules as a CNF, for certificates (``docs/certificates.md``): one
variable per cell and number, true where the cell holds that number.

- every cell holds exactly one number, the given one where one is given;
- every row, every column and every box holds each number exactly once.
"""

from __future__ import annotations

from cpsolve.certify.rules import RuleCnf, Rules
from cpsolve.models.sudoku.board import Board


def rules(board: Board) -> Rules:
    """The rule CNF of ``board``."""
    cnf = RuleCnf()
    n = board.size
    holds = [[cnf.var(("holds", cell, v)) for v in range(1, n + 1)] for cell in range(n * n)]
    high, wide = board.box
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [[(br + r) * n + bc + c for r in range(high) for c in range(wide)]
             for br in range(0, n, high) for bc in range(0, n, wide)]
    for cell in range(n * n):
        cnf.exactly(1, holds[cell])
        given = board.givens[cell]
        if given is not None:
            cnf.clause([holds[cell][given - 1]])
    for unit in rows + cols + boxes:
        for v in range(n):
            cnf.exactly(1, [holds[cell][v] for cell in unit])
    return Rules.of_numbers(cnf, holds)
