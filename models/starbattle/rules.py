"""The Star Battle rules as a CNF, for certificates (``docs/certificates.md``): one
variable per cell, true where a star stands.

- every row, every column and every region holds exactly the board's number of stars
  (but the ones the setter's tools set free of their count);
- no two stars touch, not even at a corner.
"""

from __future__ import annotations

from cpsolve.certify.rules import RuleCnf, Rules
from cpsolve.models.starbattle.board import Board


def rules(board: Board) -> Rules:
    """The rule CNF of ``board``."""
    cnf = RuleCnf()
    rows, cols = board.rows, board.cols
    star = [cnf.var(("star", cell)) for cell in range(rows * cols)]
    counted = [("row", r, [r * cols + c for c in range(cols)]) for r in range(rows)]
    counted += [("column", c, [r * cols + c for r in range(rows)]) for c in range(cols)]
    counted += [("region", k, [cell for cell in range(rows * cols) if board.region[cell] == k])
                for k in sorted(set(board.region))]
    for kind, index, cells in counted:
        if (kind, index) not in board.free:  # a unit the setter's tools set free
            cnf.exactly(board.stars, [star[cell] for cell in cells])
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols:
                    cnf.clause([-star[r * cols + c], -star[rr * cols + cc]])

    return Rules.of_cells(cnf, star)
