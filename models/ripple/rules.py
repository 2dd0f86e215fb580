"""The Ripple Effect rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell
and number up to its room's size, ``holds[(cell, n)]`` (a number above its room's size
is no variable: ``FALSE``).

* a cell holds at least one number and at most one (clauses, pairwise);
* a room of n cells holds each number from 1 to n at least once and at most once (so,
  with its n cells, one number a cell, each once: the halves each imply the other, and
  both are stated for propagation);
* two cells of one row or column fewer than k + 1 cells apart never both hold k (a
  clause for each such pair and k, :func:`ripples`);
* a given number (a clue) is written in its cell (``FALSE`` past its room's size: no
  answer).

There is no global rule: the SAT model is the whole of the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import numpy as np

from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import FALSE, Method, Model, Statement
from cpsolve.grid.techniques import Technique, hidden
from cpsolve.models.ripple.board import Board, Filling


def sizes(board: Board) -> np.ndarray:
    """Each cell's room's size: the largest number the cell may hold."""
    return np.array([len(board.region_cells[k]) for k in board.region], dtype=np.int64)


def keys(board: Board) -> list[tuple[int, int]]:
    """The variables' keys, ``(cell, n)`` cell by cell, ``n`` from 1 to its room's
    size: the answer's projection in order."""
    return [(cell, n) for cell, size in enumerate(sizes(board).tolist())
            for n in range(1, size + 1)]


def ripples(board: Board) -> np.ndarray:
    """Every pair of cells a number forbids together: rows ``(a, b, k)``, cells ``a <
    b`` of one row or column ``k`` or fewer steps apart, ``k`` no larger than either
    room (a pair no number of either cell reaches asks nothing).

    >>> ripples(Board(1, 3, (None,) * 3, (0, 0, 0))).tolist()
    [[0, 1, 1], [0, 1, 2], [0, 1, 3], [1, 2, 1], [1, 2, 2], [1, 2, 3], [0, 2, 2], [0, 2, 3]]
    """
    size = sizes(board).reshape(board.rows, board.cols)
    cell = np.arange(board.cells).reshape(board.rows, board.cols)
    out = []
    for step in range(1, board.largest + 1):
        for a, b, sa, sb in ((cell[:, :-step], cell[:, step:], size[:, :-step], size[:, step:]),
                             (cell[:-step], cell[step:], size[:-step], size[step:])):
            # each pair once for every k from the step up to the smaller room's size
            many = np.maximum(np.minimum(sa, sb).ravel() - step + 1, 0)
            if not many.any():
                continue
            first = np.repeat(np.cumsum(many) - many, many)
            k = step + np.arange(int(many.sum())) - first
            out.append(np.stack([np.repeat(a.ravel(), many), np.repeat(b.ravel(), many), k],
                                axis=1))
    return np.concatenate(out) if out else np.zeros((0, 3), dtype=np.int64)


def _pairs(lits: np.ndarray) -> np.ndarray:
    """No two of each row of ``lits`` both hold: a clause a pair, every row's."""
    width = lits.shape[1]
    if width < 2:
        return np.zeros((0, 2), dtype=np.int64)
    first, second = np.array(list(combinations(range(width), 2)), dtype=np.int64).T
    return -np.stack([lits[:, first].ravel(), lits[:, second].ravel()], axis=1)


def rules(m: Model, board: Board) -> None:
    layer = m.layer("holds", keys(board), named=lambda key: f"{m.grid.name(key[0])}="  # type: ignore[union-attr]
                    f"{key[1]}")
    m.solution(layer.vars)
    size = sizes(board)
    lits = np.full((board.cells, board.largest), FALSE, dtype=np.int64)
    lits[np.arange(board.largest)[None, :] < size[:, None]] = layer.vars
    # A solve's: the rooms of one size at once; the hints': each room a rule of its own.
    by_size: dict[tuple[int, str], list[tuple[int, ...]]] = {}
    for cells in board.region_cells:
        n = len(cells)
        said = ("a room of n cells holds 1 to n, each once" if not m.apart else
                f"the room of 1 cell at {board.grid.name(cells[0])} holds 1" if n == 1 else
                f"the room of {n} at {board.grid.name(cells[0])} holds 1 to {n}, each once")
        by_size.setdefault((n, said), []).append(cells)
    for (n, said), rooms in by_size.items():
        held = lits[np.array(rooms, dtype=np.int64)][:, :, :n]  # room, cell, number
        with m.rule(said):
            for rows in (held.reshape(-1, n), held.transpose(0, 2, 1).reshape(-1, n)):
                m.clauses(rows)  # each cell a number; each number in a cell
                m.clauses(_pairs(rows))  # a cell one number; a number once
    pairs = ripples(board)
    if len(pairs):
        k = pairs[:, 2] - 1
        with m.rule("two equal numbers k in a row or column are more than k cells apart"):
            m.clauses(-np.stack([lits[pairs[:, 0], k], lits[pairs[:, 1], k]], axis=1))


def clue(m: Model, board: Board, number: Clue) -> None:
    m.clause(m.layers["holds"][(number.index, number.value)])  # FALSE past the room's size


def decode(board: Board, values: Sequence[bool]) -> Filling:
    """The numbers the projection's values write, cell by cell (0 where none holds)."""
    out = [0] * board.cells
    for (cell, n), on in zip(keys(board), values):
        if on:
            out[cell] = n
    return tuple(out)


def encode(board: Board, filling: Filling) -> list[bool]:
    """The projection's values of ``filling``."""
    return [filling[cell] == n for cell, n in keys(board)]


def literals(board: Board, per: int) -> int:
    """About how many literals (terms, for CP-SAT) a model holds, before building it:
    ``per`` for each cell and number it may hold, and a ripple clause for each cell,
    number and step within it."""
    held = int(sizes(board).sum())
    return held * (per + 2 * board.largest)


# The hints' names for the steps: pzl.org.uk's Ripple Effect guide (a number with one
# cell left in its room).
TECHNIQUES = (Technique("Hidden Single", "the room of * holds *", when=hidden),)

STATEMENT: Statement[Board] = Statement(
    rules, clue, techniques=TECHNIQUES,
    decode=decode, encode=encode,
    stats=lambda board: {"rooms": board.regions, "numbers up to": board.largest},
    methods=(
        Method("direct", "sat", "a Boolean per cell and number up to its room's size; "
               "one number a cell and each number once a room, pairwise; the ripples as "
               "pairs",
               literals=lambda board, **_: literals(board, 12)),
        Method("direct", "cpsat", "the same Booleans and clauses, on CP-SAT",
               literals=lambda board, **_: literals(board, 16)),
    ))

__all__ = ["STATEMENT", "decode", "encode", "keys", "literals", "ripples", "rules", "sizes"]
