"""Akari as constraint models: pure functions that build, never solve.

Every encoding has one Boolean per white cell ("a light here"), numbered in the
order of :attr:`Board.whites`, and every encoding decodes through :func:`decode` to
the same solution type, the frozenset of light cells.

Two formulations, each for both backends:

``segments`` (the default)
    A *segment* is a maximal run of white cells in a row or a column; a light lights
    exactly its two segments. One extra Boolean per segment of two or more cells says
    "this segment holds a light" (a one-cell segment reuses its cell's variable).
    Then: at most one light per segment; a segment marked lit holds a light
    (``-S or x1 or ... or xk``); every white cell has its row or its column segment
    marked (a binary clause); every clue sees exactly its number of lights. Sound:
    a marked segment holds a light, and a light in a cell's segment lights the cell.
    Complete: mark exactly the segments that hold a light. The marks are auxiliary:
    solutions are projected on the cell variables, never counted twice.

``plain``
    The obvious model: every white cell has a light among the cells it sees (one
    clause as long as its row and column segments together), at most one light per
    segment, the clues. Kept as the baseline that experiments compare against.

SAT cardinality constraints (at most one light per segment, exactly N lights around
a clue) are built by ``card``: ``direct`` (pairwise clauses for short segments, a
sequential counter for long ones, and the (k+1)-subset clauses for clues, which
never have more than four literals), or any :mod:`pysat.card` encoding by name.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel
from models.akari.board import Board, Cell

ENCODINGS = ("segments", "plain")
# Names from pysat.card.EncType. The first three only encode "at most one"; with
# them the clues use the direct subset clauses.
AMO_ONLY_CARDS = ("pairwise", "ladder", "bitwise")
CARDS = ("direct", "seqcounter", "totalizer", "sortnetwrk", "cardnetwrk", "mtotalizer",
         "kmtotalizer", *AMO_ONLY_CARDS)
PAIRWISE_UP_TO = 6  # longer segments get a sequential counter under ``direct``


def decode(board: Board, values: tuple[bool, ...]) -> frozenset[Cell]:
    """The light cells of a solution given as one value per white cell."""
    whites = board.whites
    return frozenset(whites[i] for i, on in enumerate(values) if on)


def _rows_of_length(flat: np.ndarray, bounds: np.ndarray, length: int) -> np.ndarray:
    """The segments of exactly ``length`` cells as rows of a 2-D array of cell indices."""
    sizes = np.diff(bounds)
    starts = bounds[:-1][sizes == length]
    return flat[starts[:, None] + np.arange(length)]


def _neighbour_table(board: Board) -> dict[tuple[int, int], np.ndarray]:
    """Clues grouped by (white neighbours, number): rows of white-cell indices."""
    index = {cell: i for i, cell in enumerate(board.whites)}
    groups: dict[tuple[int, int], list[list[int]]] = {}
    for cell, number in board.clues.items():
        around = [index[n] for n in board.white_neighbours(cell)]
        groups.setdefault((len(around), number), []).append(around)
    return {key: np.array(rows, dtype=np.int64).reshape(len(rows), key[0])
            for key, rows in groups.items()}


def _subset_clauses(lits: np.ndarray, number: int) -> list[np.ndarray]:
    """Clauses for "exactly ``number`` of each row of ``lits`` are true".

    At most k: every k+1 of them has a false one; at least k: every m-k+1 of them has a
    true one. Exact for any m; used where m <= 4.
    """
    m = lits.shape[1]
    out = []
    if number < m:
        picks = np.array(list(combinations(range(m), number + 1)))
        out.append(-lits[:, picks].reshape(-1, number + 1))
    if number > 0:
        picks = np.array(list(combinations(range(m), m - number + 1)))
        out.append(lits[:, picks].reshape(-1, m - number + 1))
    return out


def build_sat(board: Board, *, encoding: str = "segments", card: str = "direct") -> CnfModel:
    """The CNF model of ``board``. Light variables are 1..n in white-cell order."""
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool

    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r}; known: {', '.join(ENCODINGS)}")
    if card not in CARDS:
        raise ValueError(f"unknown cardinality encoding {card!r}; known: {', '.join(CARDS)}")
    n = len(board.whites)
    flat, bounds = board.segments.table()
    sizes = np.diff(bounds)
    lights = np.arange(1, n + 1, dtype=np.int64)
    top = n
    model = CnfModel(nvars=0, projection=range(1, n + 1))
    seg = board.segments

    if encoding == "segments":
        # The segment marks: a one-cell segment's mark is its cell's light.
        marks = np.zeros(seg.count, dtype=np.int64)
        single = sizes == 1
        marks[single] = lights[flat[bounds[:-1][single]]]
        long = np.nonzero(~single)[0]
        marks[long] = np.arange(top + 1, top + 1 + len(long))
        top += len(long)
        model.add(np.stack([marks[seg.row], marks[seg.col]], axis=1))
        for length in np.unique(sizes[~single]).tolist():
            members = lights[_rows_of_length(flat, bounds, length)]
            owners = marks[sizes == length]
            model.add(np.concatenate([-owners[:, None], members], axis=1))
    else:
        segs = [flat[bounds[s]:bounds[s + 1]] for s in range(seg.count)]
        sees = []
        for i in range(n):
            row, col = segs[seg.row[i]], segs[seg.col[i]]
            sees.append((lights[row].tolist() + lights[col[col != i]].tolist()))
        model.add(sees)

    pool = IDPool(start_from=top + 1)
    multi = [length for length in np.unique(sizes).tolist() if length >= 2]
    for length in multi:
        members = lights[_rows_of_length(flat, bounds, length)]
        if card == "direct" and length <= PAIRWISE_UP_TO:
            pairs = np.array(list(combinations(range(length), 2)))
            model.add(-members[:, pairs].reshape(-1, 2))
        else:
            kind = EncType.seqcounter if card == "direct" else getattr(EncType, card)
            for row in members.tolist():
                model.add(CardEnc.atmost(row, 1, vpool=pool, encoding=kind).clauses)

    for (m, number), cells in _neighbour_table(board).items():
        lits = lights[cells]
        if number > m:
            impossible = pool.id(("impossible",))
            model.add([[impossible], [-impossible]])
        elif card == "direct" or card in AMO_ONLY_CARDS or number in (0, m):
            for group in _subset_clauses(lits, number):
                model.add(group)
        else:
            for row in lits.tolist():
                model.add(CardEnc.equals(row, number, vpool=pool,
                                         encoding=getattr(EncType, card)).clauses)
    model.nvars = max(top, pool.top)
    return model


def build_cpsat(board: Board, *, encoding: str = "segments") -> CpsatModel:
    """The CP-SAT model of ``board``; its projection is the light variables."""
    from ortools.sat.python import cp_model

    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r}; known: {', '.join(ENCODINGS)}")
    model = cp_model.CpModel()
    whites = board.whites
    x = [model.NewBoolVar(f"light_r{r + 1}c{c + 1}") for r, c in whites]
    flat, bounds = board.segments.table()
    seg = board.segments
    segs = [flat[bounds[s]:bounds[s + 1]].tolist() for s in range(seg.count)]
    if encoding == "segments":
        marks: list[Any] = []
        for s, members in enumerate(segs):
            if len(members) == 1:
                marks.append(x[members[0]])
            else:
                # With at most one light, "sum == mark" says both "at most one" and
                # "the mark is set exactly when the segment holds a light".
                mark = model.NewBoolVar(f"seg{s}")
                model.Add(sum(x[i] for i in members) == mark)
                marks.append(mark)
        for i in range(len(whites)):
            a, b = marks[seg.row[i]], marks[seg.col[i]]
            model.AddBoolOr([a] if a is b else [a, b])
    else:
        for members in segs:
            if len(members) > 1:
                model.AddAtMostOne(x[i] for i in members)
        for i in range(len(whites)):
            row, col = segs[seg.row[i]], segs[seg.col[i]]
            model.AddBoolOr([x[j] for j in row] + [x[j] for j in col if j != i])
    index = {cell: i for i, cell in enumerate(whites)}
    for cell, number in board.clues.items():
        around = [x[index[n]] for n in board.white_neighbours(cell)]
        if around:
            model.Add(sum(around) == number)
        elif number:
            model.AddBoolOr([])  # a clue with no white neighbour cannot be met
    return CpsatModel(model=model, projection=x)
