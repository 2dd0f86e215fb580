"""The LITS rules as a CNF, for certificates (``docs/certificates.md``): one variable
per cell, true where it is shaded, and one per tetromino a region can hold.

- each region holds exactly one tetromino (none, and no shaded cell, in a region the
  setter's tools set free), an L, I, T or S (turned or mirrored; never
  the 2x2 square): the region's four-cell connected sets of those shapes are
  enumerated from the board, exactly one is chosen, and a cell of the region is
  shaded exactly when the chosen one covers it;
- two tetrominoes of the same shape in different regions never share an edge;
- no 2x2 block is all shaded;
- the shaded cells are connected: a cut (:class:`~cpsolve.certify.cuts.Connected`).
"""

from __future__ import annotations

from cpsolve.certify.cuts import Connected
from cpsolve.certify.rules import RuleCnf, Rules
from cpsolve.models.lits.board import Board

Shape = tuple[tuple[int, int], ...]


def _canonical(cells: list[tuple[int, int]]) -> Shape:
    """The least of the eight turned and mirrored forms of ``cells``, each moved to
    start at (0, 0)."""
    forms = []
    for flip in (False, True):
        for turns in range(4):
            moved = []
            for r, c in cells:
                if flip:
                    c = -c
                for _ in range(turns):
                    r, c = c, -r
                moved.append((r, c))
            top = min(r for r, _ in moved)
            left = min(c for _, c in moved)
            forms.append(tuple(sorted((r - top, c - left) for r, c in moved)))
    return min(forms)


LETTERS = {_canonical(cells): letter for letter, cells in (
    ("L", [(0, 0), (1, 0), (2, 0), (2, 1)]),
    ("I", [(0, 0), (0, 1), (0, 2), (0, 3)]),
    ("T", [(0, 0), (0, 1), (0, 2), (1, 1)]),
    ("S", [(0, 1), (0, 2), (1, 0), (1, 1)]))}


def tetrominoes(board: Board, cells: list[int]) -> list[tuple[str, frozenset[int]]]:
    """Every L, I, T and S made of the connected ``cells``: grown cell by cell from
    each one, the sets of four kept once."""
    grid = board.grid
    inside = set(cells)
    grown = {frozenset([cell]) for cell in cells}
    for _ in range(3):
        grown = {part | {nxt} for part in grown for cell in part
                 for nxt in grid.neighbours[cell] if nxt in inside and nxt not in part}
    out = []
    for part in sorted(grown, key=sorted):
        letter = LETTERS.get(_canonical([grid.rc(cell) for cell in part]))
        if letter is not None:
            out.append((letter, part))
    return out


def rules(board: Board) -> Rules:
    """The rule CNF of ``board``."""
    cnf = RuleCnf()
    grid = board.grid
    rows, cols = board.rows, board.cols
    shade = [cnf.var(("shaded", cell)) for cell in range(board.cells)]
    region_cells: dict[int, list[int]] = {}
    for cell, k in enumerate(board.region):
        region_cells.setdefault(k, []).append(cell)
    chosen: list[tuple[int, str, frozenset[int], int]] = []  # region, shape, cells, var
    for k, cells in sorted(region_cells.items()):
        if k in board.free:  # a region the setter's tools left without a tetromino
            for cell in cells:
                cnf.clause([-shade[cell]])
            continue
        options = tetrominoes(board, cells)
        mine = [cnf.var(("tetromino", k, tuple(sorted(part)))) for _, part in options]
        cnf.exactly(1, mine)
        for cell in cells:
            cnf.clause([-shade[cell], *(v for v, (_, part) in zip(mine, options)
                                        if cell in part)])
            for v, (_, part) in zip(mine, options):
                if cell in part:
                    cnf.clause([-v, shade[cell]])
        chosen.extend((k, letter, part, v) for v, (letter, part) in zip(mine, options))
    by_shape: dict[str, list[tuple[int, frozenset[int], int]]] = {}
    for k, letter, part, v in chosen:
        by_shape.setdefault(letter, []).append((k, part, v))
    for placed in by_shape.values():
        for i, (k1, part1, v1) in enumerate(placed):
            around = {nxt for cell in part1 for nxt in grid.neighbours[cell]}
            for k2, part2, v2 in placed[i + 1:]:
                if k1 != k2 and around & part2:
                    cnf.clause([-v1, -v2])
    for r in range(rows - 1):
        for c in range(cols - 1):
            cnf.clause([-shade[r * cols + c], -shade[r * cols + c + 1],
                        -shade[(r + 1) * cols + c], -shade[(r + 1) * cols + c + 1]])
    connected = Connected("shaded connected", grid.neighbours, shade, grid.where)

    return Rules.of_cells(cnf, shade, [connected])
