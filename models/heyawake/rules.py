"""The Heyawake rules as a CNF, for certificates (``docs/certificates.md``): one
variable per cell, true where it is shaded.

- no two shaded cells share an edge;
- a room numbered ``k`` has exactly ``k`` shaded cells (a room shown as ``?`` any);
- along a row or a column, a run of unshaded cells spans at most two rooms: from the
  cell before one room border to the cell after the next border on that line, some
  cell is shaded;
- the unshaded cells are connected: a cut (:class:`~cpsolve.certify.cuts.Connected`).
"""

from __future__ import annotations

from cpsolve.certify.cuts import Connected
from cpsolve.certify.rules import RuleCnf, Rules
from cpsolve.models.heyawake.board import Board


def rules(board: Board) -> Rules:
    """The rule CNF of ``board``."""
    cnf = RuleCnf()
    grid = board.grid
    shade = [cnf.var(("shaded", cell)) for cell in range(board.cells)]
    for cell in range(board.cells):
        for other in grid.neighbours[cell]:
            if other > cell:
                cnf.clause([-shade[cell], -shade[other]])
    for room, number in enumerate(board.numbers):
        if number is not None and number >= 0:
            cnf.exactly(number, [shade[c] for c in range(board.cells)
                                 if board.room[c] == room])
    lines = ([[r * board.cols + c for c in range(board.cols)] for r in range(board.rows)]
             + [[r * board.cols + c for r in range(board.rows)] for c in range(board.cols)])
    for line in lines:
        crossings = [k for k in range(len(line) - 1)
                     if board.room[line[k]] != board.room[line[k + 1]]]
        for first, second in zip(crossings, crossings[1:]):
            cnf.clause(shade[c] for c in line[first:second + 2])
    white = Connected("unshaded connected", grid.neighbours, [-v for v in shade],
                      grid.where)

    return Rules.of_cells(cnf, shade, [white])
