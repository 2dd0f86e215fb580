"""Akari's own SAT builders, kept in place of the statement's compile
(:mod:`cpsolve.models.akari.rules`) because they are measured faster: pure functions
that build, never solve.

They model a :class:`~cpsolve.models.akari.analysis.Residual`, the cells deductions
left open (all white cells when deductions are off), or the lists of
:class:`~cpsolve.models.akari.small.Open` on a published board: one Boolean per open
cell ("a light here"), numbered 1.. in :attr:`Board.whites` order, decoded through the
residual's ``decode``. Cells that fixed lights already reach need nothing; clues need
what is still missing. ``tests/akari/test_statement.py`` holds them to the statement.

The two ways the statement says "every white cell is lit":

``sight`` (the default)
    Every dark cell needs a light among the open cells that see it: one clause
    listing its row segment and its column segment; at most one light per segment;
    the clues. No auxiliary variable, so nothing for the solver to branch on but
    the cells; the fastest in ``benchmarks/akari.py``. Clauses of every length are
    gathered in one numpy pass, or built grouped by the lengths of a cell's two
    segments on large boards (in slices a build's watch can stop between).

``segments``
    A *segment* is a maximal run of white cells in a row or a column; a light lights
    exactly its two segments. One extra Boolean per segment of two or more open cells
    says "this segment holds a light" (a one-cell segment reuses its cell's
    variable). Then: at most one light per segment; a segment marked lit holds a
    light (``-S or x1 or ... or xk``); every dark cell has its row or its column
    segment marked (a binary clause); the clues. Sound: a marked segment holds a
    light, and a light in a cell's segment lights the cell. Complete: mark exactly
    the segments that hold a light. Clauses stay short on boards with long
    segments; the marks are auxiliary, solutions are projected on the cells.

SAT cardinality constraints (at most one light per segment, exactly N lights around
a clue) are built by ``card``: ``direct`` (pairwise clauses for short segments, a
sequential counter for long ones, and the (k+1)-subset clauses for clues, which
never have more than four literals), or any :mod:`pysat.card` encoding by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cpsolve.backends.sat import CnfModel
from cpsolve.cnf import AMO_ONLY_CARDS, CARDS, at_most_one, card_clauses, exactly
from cpsolve.models.akari.analysis import Residual
from cpsolve.models.akari.small import LightNames, Open

if TYPE_CHECKING:
    import numpy as np


def _rows_of_length(flat: np.ndarray, bounds: np.ndarray, length: int) -> np.ndarray:
    """The segments of exactly ``length`` cells as rows of a 2-D array of cell indices."""
    import numpy as np

    sizes = np.diff(bounds)
    starts = bounds[:-1][sizes == length]
    return flat[starts[:, None] + np.arange(length)]


GATHER_UP_TO = 2000  # dark cells whose clauses are gathered in one pass (most boards)
SLICE_LITERALS = 1_000_000  # literals of sight clauses built by one array operation


def _sight(var: np.ndarray, flat: np.ndarray, bounds: np.ndarray, rows: np.ndarray,
           cols: np.ndarray, dark: np.ndarray, cnf: _Clauses) -> list[list[int]]:
    """Each dark cell's clause: the open cells of its row segment, and those of its
    column segment but itself (an open cell is in both). Clauses of every length are
    gathered at once, as ranges of ``flat`` laid end to end."""
    import numpy as np

    starts = np.stack([bounds[rows], bounds[cols]], axis=1).ravel()
    lengths = np.stack([bounds[rows + 1] - bounds[rows],
                        bounds[cols + 1] - bounds[cols]], axis=1).ravel()
    total = int(lengths.sum())
    ends = np.cumsum(lengths)
    cells = flat[np.repeat(starts - ends + lengths, lengths) + np.arange(total)]
    piece = np.repeat(np.arange(len(lengths)), lengths)
    owner = piece // 2
    keep = ~((piece % 2 == 1) & (cells == dark[owner]))  # the cell itself, once
    sizes = np.bincount(owner[keep], minlength=len(dark))
    if (sizes == 0).any():
        cnf.impossible()  # a dark cell nothing can light
    literals = var[cells[keep]].tolist()
    edges = np.concatenate([[0], np.cumsum(sizes)]).tolist()
    return [literals[edges[k]:edges[k + 1]] for k in range(len(dark)) if sizes[k]]


class _Clauses:
    """A CNF under construction: clause groups and the next free variable."""

    def __init__(self, nvars: int) -> None:
        self.model = CnfModel(nvars=nvars, projection=range(1, nvars + 1))
        self.top = nvars

    def new(self, count: int) -> np.ndarray:
        import numpy as np

        first = self.top + 1
        self.top += count
        return np.arange(first, first + count, dtype=np.int64)

    def add(self, clauses: Any) -> None:
        self.model.add(clauses)

    def impossible(self) -> None:
        """A contradiction (a clue that cannot be met, a cell nothing can light)."""
        (f,) = self.new(1).tolist()
        self.add([[f], [-f]])


def build_sat(residual: Residual | Open, *, encoding: str = "sight",
              card: str = "direct") -> CnfModel:
    """The CNF model of what ``residual`` leaves open; open cell j is variable j + 1."""
    if encoding not in ("sight", "segments"):
        raise ValueError(f"unknown encoding {encoding!r}")
    if card not in CARDS:
        raise ValueError(f"unknown cardinality encoding {card!r}; known: {', '.join(CARDS)}")
    if isinstance(residual, Open):
        if encoding == "sight" and card == "direct" and residual.listed():
            return residual.cnf()
        residual = residual.residual()
    import numpy as np
    from pysat.formula import IDPool

    board = residual.board
    seg = board.segments
    var = residual.variables()
    cnf = _Clauses(len(residual.open_cells))
    flat, bounds = residual.segment_cells, residual.bounds
    sizes = np.diff(bounds)
    dark = residual.dark

    if encoding == "segments":
        # The marks: 0 (false) for a segment with no open cell, the cell's own variable
        # for a segment with one.
        marks = np.zeros(seg.count, dtype=np.int64)
        single = sizes == 1
        marks[single] = var[flat[bounds[:-1][single]]]
        multi = np.nonzero(sizes >= 2)[0]
        marks[multi] = cnf.new(len(multi))
        a, b = marks[seg.row[dark]], marks[seg.col[dark]]
        both = (a != 0) & (b != 0) & (a != b)
        cnf.add(np.stack([a[both], b[both]], axis=1))
        one = np.where(a != 0, a, b)[~both]
        if (one == 0).any():
            cnf.impossible()
        cnf.add(one[one != 0][:, None])
        for length in np.unique(sizes[multi]).tolist():
            members = var[_rows_of_length(flat, bounds, length)]
            cnf.add(np.concatenate([-marks[sizes == length][:, None], members], axis=1))
    elif len(dark) <= GATHER_UP_TO:
        cnf.add(_sight(var, flat, bounds, seg.row[dark], seg.col[dark], dark, cnf))
    else:
        # Many dark cells: their clauses by the lengths of their two segments, as arrays
        # (the order the solver was measured fastest with on large boards).
        row_len, col_len = sizes[seg.row[dark]], sizes[seg.col[dark]]
        is_open = var[dark] > 0
        for a, b, own in set(zip(row_len.tolist(), col_len.tolist(), is_open.tolist())):
            if a + b - own == 0:
                cnf.impossible()
                continue
            cells = dark[(row_len == a) & (col_len == b) & (is_open == own)]
            # In slices of about SLICE_LITERALS: the watch of the build can stop it
            # between two (one array of a long open row's clauses took seconds).
            step = max(1, SLICE_LITERALS // (a + b))
            for first in range(0, len(cells), step):
                group = cells[first:first + step]
                row = flat[bounds[seg.row[group]][:, None] + np.arange(a)]
                col = flat[bounds[seg.col[group]][:, None] + np.arange(b)]
                if own:
                    col = col[col != group[:, None]].reshape(len(group), b - 1)
                cnf.add(var[np.concatenate([row, col], axis=1)])

    multi_lengths = [length for length in np.unique(sizes).tolist() if length >= 2]
    if card == "direct":
        for length in multi_lengths:
            groups, cnf.top = at_most_one(var[_rows_of_length(flat, bounds, length)], cnf.top)
            for group in groups:
                cnf.add(group)
    pool = IDPool(start_from=cnf.top + 1)
    if card != "direct":
        for length in multi_lengths:
            for row in var[_rows_of_length(flat, bounds, length)].tolist():
                cnf.add(card_clauses(row, 1, card, pool))

    for (m, need), cells in residual.needs.items():
        lits = var[cells]
        if not 0 <= need <= m:
            cnf.impossible()
        elif card == "direct" or card in AMO_ONLY_CARDS or need in (0, m):
            for group in exactly(lits, need):
                cnf.add(group)
        else:
            for row in lits.tolist():
                cnf.add(card_clauses(row, need, card, pool, exact=True))
    cnf.model.nvars = max(cnf.top, pool.top)
    cnf.model.names = LightNames(board.whites, residual.open_cells)
    return cnf.model


def literals(residual: Residual | Open, *, encoding: str = "sight",
             card: str = "direct") -> int:
    """About how many literals a model of ``residual`` holds, before building it: the
    dark cells' clauses (``sight``: as long as the cell's two segments, so an open
    board of side n holds n\u00b3 literals; ``segments``: two each, and each segment
    once more), "at most one" per segment (pairwise, then a counter) and the clues.

    >>> from cpsolve.models.akari.formats import parse
    >>> from cpsolve.models.akari.analysis import Residual
    >>> open_board = Residual.of(parse("...\\n...\\n..."))
    >>> literals(open_board), literals(open_board, encoding="segments")
    (90, 90)
    """
    if isinstance(residual, Open):
        if encoding == "sight" and card == "direct":
            return residual.literals()
        residual = residual.residual()
    import numpy as np

    sizes = np.diff(residual.bounds).astype(np.int64)
    seg = residual.board.segments
    dark = residual.dark
    at_most_one = int(np.minimum(sizes * (sizes - 1), 6 * sizes).sum())
    clues = sum(16 * cells.size for cells in residual.needs.values())
    if encoding == "sight":
        sight = int((sizes[seg.row[dark]] + sizes[seg.col[dark]]).sum())
    else:
        sight = 2 * len(dark) + 2 * int(sizes.sum())
    return sight + at_most_one + clues

