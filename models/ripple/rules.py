"""The Ripple Effect rules, stated once (:mod:`cpsolve.grid.rules`): a number per cell,
one-hot (:func:`cpsolve.grid.rules.numbers.numbers`, ``holds[cell, n]``), from 1 to
the largest room's size.

* a cell holds no number above its room's size;
* a room of n cells holds each number from 1 to n once (exactly one cell of it holds
  each: with one number a cell and none above n, the room's n cells hold 1 to n);
* two cells of one row or column fewer than k + 1 cells apart never both hold k (a
  clause for each such pair and k);
* a given number (a clue) is written in its cell (``FALSE`` past the largest room: a
  number no room holds has no answer).

There is no global rule: the SAT model is the whole of the rules.
"""

from __future__ import annotations

import numpy as np

from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement
from cpsolve.grid.rules.numbers import decoded, encoded, numbers
from cpsolve.models.ripple.board import Board


def ripples(board: Board) -> np.ndarray:
    """Every pair of cells a number forbids together: rows ``(a, b, k)``, cells ``a <
    b`` of one row or column ``k`` or fewer steps apart, ``k`` no larger than either
    room (a pair no number of either cell reaches asks nothing).

    >>> ripples(Board(1, 3, (None,) * 3, (0, 0, 0))).tolist()
    [[0, 1, 1], [0, 1, 2], [0, 1, 3], [0, 2, 2], [0, 2, 3], [1, 2, 1], [1, 2, 2], [1, 2, 3]]
    """
    grid = board.grid
    size = [board.size(cell) for cell in range(board.cells)]
    out = []
    for line in grid.lines:
        for i, a in enumerate(line):
            for j in range(i + 1, min(len(line), i + 1 + size[a])):
                b = line[j]
                out.extend((a, b, k) for k in range(j - i, min(size[a], size[b]) + 1))
    return np.array(out, dtype=np.int64).reshape(-1, 3)


def rules(m: Model, board: Board) -> None:
    holds = numbers(m, board.largest).lits  # holds[cell, n - 1]
    size = np.array([board.size(cell) for cell in range(board.cells)])
    above = np.argwhere(np.arange(1, board.largest + 1)[None, :] > size[:, None])
    if len(above):
        m.clauses(-holds[above[:, 0], above[:, 1]].reshape(-1, 1))
    for cells in board.region_cells:
        for n in range(1, len(cells) + 1):
            m.exactly(1, [int(holds[cell, n - 1]) for cell in cells])
    pairs = ripples(board)
    if len(pairs):
        k = pairs[:, 2] - 1
        m.clauses(-np.stack([holds[pairs[:, 0], k], holds[pairs[:, 1], k]], axis=1))


def clue(m: Model, board: Board, number: Clue) -> None:
    m.clause(m.layers["holds"][number.index, number.value])  # FALSE past the largest


def literals(board: Board, per: int) -> int:
    """About how many literals (terms, for CP-SAT) a model holds, before building it:
    ``per`` for each cell and number, and a ripple clause for each cell, number and
    step within it."""
    largest = board.largest
    return board.cells * largest * (per + 2 * largest)


STATEMENT: Statement[Board] = Statement(
    rules, clue,
    decode=lambda board, values: decoded(values, board.largest),
    encode=lambda board, filling: encoded(filling, board.largest),
    stats=lambda board: {"rooms": board.regions, "numbers up to": board.largest},
    methods=(
        Method("direct", "sat", "a Boolean per cell and number; each room's numbers once, "
               "as subset clauses or a counter; the ripples as pairs",
               literals=lambda board, **_: literals(board, 12)),
        Method("linear", "cpsat", "a Boolean per cell and number; each room's numbers once "
               "as exactly-one constraints; the ripples as pairs",
               literals=lambda board, **_: literals(board, 16)),
    ))

__all__ = ["STATEMENT", "literals", "ripples", "rules"]
