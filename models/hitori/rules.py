"""The Hitori rules as a CNF, for certificates (``docs/certificates.md``): one
variable per cell, true where it is shaded.

- no two shaded cells share an edge;
- in a row or a column, a number shown more than once is left unshaded at most once
  (a "?" repeats no number);
- the unshaded cells are connected: a cut (:class:`~cpsolve.certify.cuts.Connected`).
"""

from __future__ import annotations

from cpsolve.certify.cuts import Connected
from cpsolve.certify.rules import RuleCnf, Rules
from cpsolve.models.hitori.board import Board


def rules(board: Board) -> Rules:
    """The rule CNF of ``board``."""
    cnf = RuleCnf()
    grid = board.grid
    rows, cols = board.rows, board.cols
    shade = [cnf.var(("shaded", cell)) for cell in range(board.cells)]
    for cell in range(board.cells):
        for other in grid.neighbours[cell]:
            if other > cell:
                cnf.clause([-shade[cell], -shade[other]])
    lines = ([[r * cols + c for c in range(cols)] for r in range(rows)]
             + [[r * cols + c for r in range(rows)] for c in range(cols)])
    for line in lines:
        same: dict[int, list[int]] = {}
        for cell in line:
            number = board.numbers[cell]
            if number is not None and number >= 0:
                same.setdefault(number, []).append(cell)
        for cells in same.values():
            cnf.at_most(1, [-shade[c] for c in cells])
    white = Connected("unshaded connected", grid.neighbours, [-v for v in shade],
                      grid.where)

    return Rules.of_cells(cnf, shade, [white])
