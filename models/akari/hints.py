"""Akari's clues for the setter's tools and the generator: the numbers on black cells.

The clue model states the statement's rules (:mod:`cpsolve.models.akari.rules`): the
whole board lit (no deductions: they would use the clues being questioned), then every
number's "exactly N lights around" under its selector; both built in bulk with numpy
(the selector a column of its own), faster than the statement's compile. A fix may
put a number on an unnumbered black cell next to a cell where solutions differ, or
make such a cell (or one that sees it) black, unnumbered, or numbered when that is not
enough.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cpsolve.backends.sat import CnfModel
from cpsolve.cnf import exactly
from cpsolve.grid.geometry import where
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.models.akari.board import Board, Cell
from cpsolve.models.akari.rules import STATEMENT, clues

if TYPE_CHECKING:
    import numpy as np


def rules(board: Board) -> CnfModel:
    """The lit board without its numbers: the fast path's own model of it (``sight``,
    ``direct``: :func:`~cpsolve.models.akari.encodings.build_sat`), built in bulk:
    with the numbers' clauses, the clue model in 0.6 of the time the statement's
    compile takes on the published boards, 0.4 at 100x100
    (``tests/akari/test_statement.py`` holds the two to each other)."""
    from cpsolve.models.akari.analysis import Residual
    from cpsolve.models.akari.encodings import build_sat

    return build_sat(replace(Residual.of(board), needs={}))


def _around(board: Board, cells: Sequence[Cell]) -> np.ndarray:
    """The white neighbours of each cell as model variables, 0 where none (k x 4)."""
    import numpy as np

    index = {cell: i + 1 for i, cell in enumerate(board.whites)}
    rows = [[index[n] for n in board.white_neighbours(cell)] for cell in cells]
    return np.array([row + [0] * (4 - len(row)) for row in rows], dtype=np.int64).reshape(-1, 4)


def guarded(board: Board, given: Sequence[Clue], selectors: Sequence[int], top: int
            ) -> tuple[list[Any], int]:
    """Every number's "exactly N lights around", guarded by its selector: the numbers
    of one count of white neighbours and one value share their clause arrays."""
    import numpy as np

    if not given:
        return [], top
    lits = _around(board, [clue.cell for clue in given])
    numbers = np.array([clue.number for clue in given], dtype=np.int64)
    sel = np.asarray(selectors, dtype=np.int64)
    count = (lits != 0).sum(axis=1)
    packed = np.take_along_axis(lits, np.argsort(lits == 0, axis=1, kind="stable"), axis=1)
    groups: list[Any] = []
    for m, k in sorted(set(zip(count.tolist(), numbers.tolist()))):
        chosen = (count == m) & (numbers == k)
        if not 0 <= k <= m:
            groups.append(-sel[chosen][:, None])  # this number cannot hold
            continue
        for group in exactly(packed[chosen, :m], k):
            per = len(group) // int(chosen.sum())
            groups.append(np.concatenate([group, -np.repeat(sel[chosen], per)[:, None]],
                                         axis=1))
    return groups, top


def with_cell(board: Board, cell: Cell, char: str) -> Board:
    """``board`` with ``cell`` written as ``char`` (``.``, ``#`` or a number)."""
    rows = [list(row) for row in board.rows]
    rows[cell[0]][cell[1]] = char
    return Board(tuple("".join(row) for row in rows))


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the numbers of ``gone`` removed (the cells stay black)."""
    rows = [list(row) for row in board.rows]
    for clue in gone:
        rows[clue.cell[0]][clue.cell[1]] = "#"
    return Board(tuple("".join(row) for row in rows))


def edits(board: Board, cells: set[Cell]) -> list[Edit[Board]]:
    """Numbers on the unnumbered black cells next to ``cells``; then the white cells of
    ``cells`` and those that see them made black, unnumbered, or numbered."""
    undetermined = sorted(cells)
    out: list[Edit[Board]] = []
    blacks = sorted({n for cell in undetermined for n in board.neighbours(cell)
                     if board.rows[n[0]][n[1]] == "#"})
    for cell in blacks:
        for number in range(len(board.white_neighbours(cell)) + 1):
            out.append(Edit(cell, "number", f"number {number} on the black cell at "
                            f"{where(cell)}", with_cell(board, cell, str(number)),
                            clue=Clue(cell, f"number {number}", cell, number),
                            number=number))
    seen = set(undetermined)
    whites = list(undetermined)
    for cell in undetermined:
        for other in board.visible(cell):
            if other not in seen:
                seen.add(other)
                whites.append(other)
    for cell in whites:
        black = with_cell(board, cell, "#")
        out.append(Edit(cell, "black", f"a black cell at {where(cell)}", black, base=black,
                        cost=2))
        for number in range(len(black.white_neighbours(cell)) + 1):
            out.append(Edit(cell, "black", f"a black cell numbered {number} at "
                            f"{where(cell)}", with_cell(board, cell, str(number)),
                            clue=Clue(cell, f"number {number}", cell, number), base=black,
                            number=number, cost=3))
    return out


# The statement's clues and each one's clauses (the family defers these hints, so they
# are named here); the rules and all the clues at once by the builders above.
HINTS: Hints[Board] = Hints(clues=clues, rules=rules, clauses=STATEMENT.own,
                            guarded=guarded, without=without, edits=edits, noun="number")
