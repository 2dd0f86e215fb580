"""The Akari rules as a CNF, for certificates (``docs/certificates.md``): one variable
per white cell, true where a light stands.

- a run of white cells (along a row or a column, between black cells or the edge)
  holds at most one light: two lights in one run would shine on each other;
- every white cell is lit: a light stands in its row run or its column run (its own
  cell is in both);
- a black cell numbered ``k`` has exactly ``k`` lights on the white cells beside it.
"""

from __future__ import annotations

from cpsolve.certify.rules import RuleCnf, Rules, values
from cpsolve.models.akari.board import Board, Cell, Solution


def _runs(board: Board, cells: list[list[Cell]]) -> list[list[Cell]]:
    """The runs of white cells along each line of ``cells``."""
    runs: list[list[Cell]] = []
    for line in cells:
        run: list[Cell] = []
        for cell in line:
            if board.rows[cell[0]][cell[1]] == ".":
                run.append(cell)
            elif run:
                runs.append(run)
                run = []
        if run:
            runs.append(run)
    return runs


def rules(board: Board) -> Rules:
    """The rule CNF of ``board``."""
    cnf = RuleCnf()
    height, width = board.height, board.width
    white = [(r, c) for r in range(height) for c in range(width) if board.rows[r][c] == "."]
    light = {cell: cnf.var(("light", cell)) for cell in white}
    across = _runs(board, [[(r, c) for c in range(width)] for r in range(height)])
    down = _runs(board, [[(r, c) for r in range(height)] for c in range(width)])
    line_of: dict[Cell, list[list[Cell]]] = {cell: [] for cell in white}
    for run in across + down:
        cnf.at_most(1, [light[cell] for cell in run])
        for cell in run:
            line_of[cell].append(run)
    for cell in white:
        seen = {other for run in line_of[cell] for other in run}
        cnf.clause(light[other] for other in sorted(seen))
    for r in range(height):
        for c in range(width):
            if board.rows[r][c] in "01234":
                around = [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))]
                cnf.exactly(int(board.rows[r][c]), [light[n] for n in around if n in light])
    primary = [light[cell] for cell in white]
    cell_of = {var: cell for cell, var in light.items()}

    def literals(answer: Solution) -> list[int]:
        return values({light[cell] for cell in answer if cell in light}, primary)

    def decode(true: set[int]) -> Solution:
        return frozenset(cell_of[v] for v in true if v in cell_of)

    return Rules(cnf, primary, literals, decode)
