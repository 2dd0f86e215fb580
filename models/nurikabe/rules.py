"""The Nurikabe rules as a CNF, for certificates (``docs/certificates.md``): one
variable per cell, true where it is shaded (the sea).

- a numbered cell is not shaded;
- no 2x2 block is all shaded;
- the shaded cells are connected: a cut (:class:`~cpsolve.certify.cuts.Connected`);
- every island (a connected part of the unshaded cells) holds exactly one number,
  and as many cells as it says ("?": any number of cells): cuts
  (:class:`~cpsolve.certify.cuts.Areas`) on the cells an island holds.
"""

from __future__ import annotations

from cpsolve.certify.cuts import Areas, Connected
from cpsolve.certify.rules import RuleCnf, Rules
from cpsolve.models.nurikabe.board import Board


def rules(board: Board) -> Rules:
    """The rule CNF of ``board``."""
    cnf = RuleCnf()
    grid = board.grid
    rows, cols = board.rows, board.cols
    shade = [cnf.var(("shaded", cell)) for cell in range(board.cells)]
    for cell, number in enumerate(board.numbers):
        if number is not None:
            cnf.clause([-shade[cell]])
    for r in range(rows - 1):
        for c in range(cols - 1):
            cnf.clause([-shade[r * cols + c], -shade[r * cols + c + 1],
                        -shade[(r + 1) * cols + c], -shade[(r + 1) * cols + c + 1]])

    def judge(key: object, cells: frozenset[int], closed: bool) -> str | None:
        numbers = [board.numbers[c] for c in cells if board.numbers[c] is not None]
        if len(numbers) > 1:
            return "an island holds two numbers"
        size = numbers[0] if numbers else None
        if size is not None and size >= 0 and len(cells) > size:
            return f"an island numbered {size} holds more cells"
        if closed and not numbers:
            return "an island holds no number"
        if closed and size is not None and size >= 0 and len(cells) < size:
            return f"an island numbered {size} holds fewer cells"
        return None

    sea = Connected("shaded connected", grid.neighbours, shade, grid.where)
    islands = Areas("islands", grid.neighbours, {"unshaded": [-v for v in shade]}, judge,
                    grid.where)

    return Rules.of_cells(cnf, shade, [sea, islands])
