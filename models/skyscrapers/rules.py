"""The Skyscrapers rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell
and height, ``holds[cell, h]`` (:mod:`~cpsolve.grid.rules.alldifferent`).

* every cell holds one height from 1 to N, and no row or column holds one twice (so
  each holds every height once: a Latin square);
* ``taller[cell, h]``: the cell's building is h or taller (for h from 2 to N);
* ``seen[side, line, k]``: the k-th building from a side is seen from there: it is seen
  exactly when no building before it is as tall or taller (the nearest always is);
* a clue outside the grid: exactly that many of its line's buildings are seen;
* a given height: its cell holds it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import TRUE, Method, Model, Statement
from cpsolve.grid.rules.alldifferent import AllDifferent, candidates
from cpsolve.grid.techniques import (
    CLUE,
    Technique,
    hidden,
    no_cell_for_number,
    no_number_for_cell,
    places,
    repeated,
    too_few,
    too_many,
)
from cpsolve.models.skyscrapers.board import SIDES, Board, Heights


def rules(m: Model, board: Board) -> None:
    n = board.size
    with m.rule(CELL):
        holds = candidates(m, "holds", range(1, n + 1))
    # The hints': each row and column a rule of its own; a solve's: all at once.
    parts: list[tuple[Any, str]] = [
        ((line,), f"{'row' if k < n else 'column'} {k % n + 1} holds each height once")
        for k, line in enumerate(board.grid.lines)] if m.apart else \
        [(board.grid.lines, "every row and column holds each height once")]
    for units, said in parts:
        with m.rule(said):
            m.require(AllDifferent(holds.lits, units))
    if n < 2:
        return
    held = np.array([[holds[cell, h] for h in range(1, n + 1)] for cell in range(board.cells)],
                    dtype=np.int64)  # held[cell, h - 1]: the cell holds h
    with m.rule("a building is as tall as its height"):
        layer = m.layer("taller", [(cell, h) for cell in range(board.cells)
                                   for h in range(2, n + 1)])
        taller = np.zeros((board.cells, n + 1), dtype=np.int64)  # taller[cell, h], h >= 2
        taller[:, 2:] = np.array(layer.vars, dtype=np.int64).reshape(board.cells, n - 1)
        for h in range(2, n + 1):
            m.clauses(np.column_stack([-taller[:, h], held[:, h - 1:]]))
            for w in range(h, n + 1):
                m.clauses(np.column_stack([-held[:, w - 1], taller[:, h]]))
    with m.rule("a taller building hides every lower one behind it"):
        keys = [(side, line, k) for side in SIDES for line in range(n) for k in range(1, n)]
        seen = np.array(m.layer("seen", keys).vars, dtype=np.int64).reshape(4 * n, n - 1)
        lines = np.array([board.sight(side, line) for side in SIDES for line in range(n)],
                         dtype=np.int64)  # the cells of each sight line, nearest first
        for k in range(1, n):
            lit = seen[:, k - 1]
            here = held[lines[:, k]]  # (line, h - 1): the k-th building holds h
            m.clauses(np.column_stack([-lit, -here[:, 0]]))  # a 1 behind another: hidden
            m.clauses(np.column_stack([lit, -here[:, n - 1]]))  # an N: seen
            for h in range(2, n):
                blockers = taller[lines[:, :k], h]  # (line, j): the j-th before is h or taller
                m.clauses(np.column_stack([np.repeat(-lit, k), np.repeat(-here[:, h - 1], k),
                                           -blockers.ravel()]))  # seen: none before as tall
                m.clauses(np.column_stack([lit, -here[:, h - 1], blockers]))  # hidden: one is


def sightline(m: Model, board: Board, side: str, line: int) -> list[int]:
    """The literals "the k-th building from ``side`` is seen", nearest first."""
    seen = m.layers["seen"]
    return [TRUE, *(seen[side, line, k] for k in range(1, board.size))]


def clue(m: Model, board: Board, given: Clue) -> None:
    if isinstance(given.key, tuple):
        side, line = given.key
        m.exactly(given.value, sightline(m, board, side, line))
    else:
        m.clause(m.layers["holds"][given.index, given.value])


def decode(board: Board, values: Any) -> Heights:
    on = np.asarray(values, dtype=bool).reshape(board.cells, board.size)
    return tuple(((on.argmax(axis=1) + 1) * on.any(axis=1)).tolist())


def encode(board: Board, heights: Heights) -> list[bool]:
    return [h == v for h in heights for v in range(1, board.size + 1)]


# The hints' names for the steps: LEGUP's rules of Skyscrapers (its direct rules and
# contradictions, as its reference sheet names them).
CELL, UNIT = "every cell holds one height", "* holds each height once"
TECHNIQUES = (
    Technique("Last Number for Cell", CELL, when=places),
    Technique("Last Cell for Number", UNIT, when=hidden),
    Technique("Exceeding Visibility", CLUE, kind="trial", when=too_many),
    Technique("Insufficient Visibility", CLUE, kind="trial", when=too_few),
    Technique("Unresolved Cell", CELL, kind="trial", when=no_number_for_cell),
    Technique("Duplicate Number", UNIT, kind="trial", when=repeated),
    Technique("Unresolved Number", UNIT, kind="trial", when=no_cell_for_number),
)

STATEMENT: Statement[Board] = Statement(rules, clue, decode=decode, encode=encode,
                                        techniques=TECHNIQUES, methods=(
    Method("direct", "sat", "a variable a cell and height, pairwise Latin square clauses, "
           "a building seen from a side as clauses over the heights before it",
           literals=lambda board, **_: 12 * board.size ** 4),
    Method("alldifferent", "cpsat", "an integer per cell, AddAllDifferent per row and "
           "column, each sight line's count a linear constraint",
           literals=lambda board, **_: 12 * board.size ** 4),
))
