"""What can be said about an Akari board before search: obstacles, deductions, and the
problem that is left after them.

:func:`obstacles` finds simple reasons a board has no solution. :func:`deduce` applies
the rules a person uses first, over the whole board at once (numpy), until nothing
changes:

* a light shines on its segments: no other light in them;
* a clue with as many lights around as its number: no more lights around it; one
  with exactly as many open neighbours as lights still missing: all of them lights;
* a cell that nothing lights yet, with exactly one open cell able to light it: a
  light there.

Each rule only records what every solution must contain, so the deductions are
sound and a contradiction proves the board has no solution. Puzzles made for people
often fall to these rules alone; on the rest they fix most cells, and the encoders
model only what is left (:class:`Residual`): fewer variables and clauses to build,
load and search. :func:`prepare` does both for the static driver
(:func:`cpsolve.grid.solve.solve`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cpsolve.grid.geometry import where
from cpsolve.models.akari import small
from cpsolve.models.akari.board import Board
from cpsolve.models.akari.small import SMALL

if TYPE_CHECKING:
    import numpy as np

UNKNOWN, NO, YES = -1, 0, 1


def obstacles(board: Board) -> str | None:
    """A simple reason the board has no solution, or ``None`` if none is evident.

    >>> obstacles(Board(("3.", "..")))
    'clue 3 at row 1, column 1 has only 2 white neighbours'
    >>> obstacles(Board((".0.", "0.0", ".0.")))
    'cell at row 1, column 1 cannot be lit: every cell that sees it touches a 0 clue'
    """
    import numpy as np

    cells, numbers, around = board.clue_table
    free = (around >= 0).sum(axis=1)
    short = np.nonzero(free < numbers)[0]
    if len(short):
        k = int(short[0])
        return (f"clue {numbers[k]} at {where(tuple(cells[k].tolist()))} has only {free[k]} "
                f"white neighbour{'s' if free[k] != 1 else ''}")
    # A white cell touching a 0 clue cannot hold a light; if no cell of its row and
    # column segments can, nothing lights it.
    banned = np.zeros(len(board.whites) + 1, dtype=bool)
    banned[around[numbers == 0].ravel()] = True  # index -1 lands on the spare slot
    seg = board.segments
    allowed = ~banned[:-1]
    can = np.bincount(seg.row, allowed, seg.count) + np.bincount(seg.col, allowed, seg.count)
    dark = np.nonzero((can[seg.row] == 0) & (can[seg.col] == 0))[0]
    if len(dark):
        return (f"cell at {where(board.whites[int(dark[0])])} cannot be lit: every cell "
                "that sees it touches a 0 clue")
    return None


@dataclass(frozen=True)
class Deductions:
    """Per white cell (in :attr:`Board.whites` order): YES, NO or UNKNOWN.

    ``contradiction`` names a rule that cannot be met when the board has no solution.
    """

    state: np.ndarray
    rounds: int
    contradiction: str | None = None

    @property
    def solved(self) -> bool:
        return self.contradiction is None and not (self.state == UNKNOWN).any()


def _lit(board: Board, yes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Lights per segment, and which white cells are lit."""
    import numpy as np

    seg = board.segments
    per_segment = (np.bincount(seg.row, yes, seg.count) + np.bincount(seg.col, yes, seg.count))
    return per_segment, (per_segment[seg.row] > 0) | (per_segment[seg.col] > 0)


def _crowded(board: Board, state: np.ndarray, per_segment: np.ndarray) -> str:
    """The contradiction of two forced lights in one segment, naming them."""
    import numpy as np

    seg = board.segments
    s = int(np.nonzero(per_segment > 1)[0][0])
    cells = np.nonzero((state == YES) & ((seg.row == s) | (seg.col == s)))[0][:2]
    first, second = (board.whites[int(i)] for i in cells)
    return f"lights forced at {where(first)} and {where(second)} would shine on each other"


def deduce(board: Board, *, max_rounds: int | None = None) -> Deductions:
    """Apply the rules until a fixpoint (or ``max_rounds``).

    >>> deduce(Board(("...", ".4.", "..."))).state.tolist()  # 1 a light, 0 none
    [0, 1, 0, 1, 1, 0, 1, 0]
    >>> deduce(Board(("..#", "4..", "..."))).contradiction  # a 4 on the edge
    'clue 4 at row 2, column 1 has room for only 3 lights around it'
    >>> deduce(Board(("....", ".1.1", "...."))).solved  # needs search
    False
    """
    import numpy as np

    seg = board.segments
    row, col, count = seg.row, seg.col, seg.count
    n = len(row)
    # Row and column segment ids are disjoint, so one bincount over both counts per
    # segment; ``pair[:n]`` and ``pair[n:]`` read a cell's row and column segments.
    rowcol = np.concatenate((row, col))
    index = np.arange(n)
    index2 = np.concatenate((index, index))
    cells_xy, numbers, around = board.clue_table
    ext = np.full(n + 1, UNKNOWN, dtype=np.int8)
    ext[n] = NO  # a clue's index -1 (no white neighbour there) reads this sentinel
    state = ext[:n]

    def lit() -> tuple[np.ndarray, np.ndarray]:
        yes = state == YES
        per = np.bincount(rowcol, np.concatenate((yes, yes)), count)
        pair = per[rowcol]
        return per, (pair[:n] + pair[n:]) > 0

    rounds = 0
    while max_rounds is None or rounds < max_rounds:
        rounds += 1
        before = state.copy()
        # Lights shine on their segments.
        per_segment, shone = lit()
        if per_segment.max(initial=0) > 1:
            return Deductions(state.copy(), rounds, _crowded(board, state, per_segment))
        state[shone & (state == UNKNOWN)] = NO
        if len(numbers):
            # Clues: all their lights there, or just enough open neighbours.
            near = ext[around]
            yes = (near == YES).sum(axis=1)
            open_ = near == UNKNOWN
            room = yes + open_.sum(axis=1)
            bad = (yes > numbers) | (room < numbers)
            if bad.any():
                k = int(np.argmax(bad))
                cell = (int(cells_xy[k, 0]), int(cells_xy[k, 1]))
                problem = (f"would get {yes[k]} lights around it" if yes[k] > numbers[k]
                           else f"has room for only {room[k]} lights around it")
                return Deductions(state.copy(), rounds,
                                  f"clue {numbers[k]} at {where(cell)} {problem}")
            state[around[open_ & (yes == numbers)[:, None]]] = NO
            state[around[open_ & (room == numbers)[:, None]]] = YES
            per_segment, shone = lit()
            if per_segment.max(initial=0) > 1:
                return Deductions(state.copy(), rounds, _crowded(board, state, per_segment))
        # A dark cell with a single candidate lighter.
        unknown = state == UNKNOWN
        twice = np.concatenate((unknown, unknown))
        open_count = np.bincount(rowcol, twice, count)
        # With one open cell in a segment, the sum of open indices is that cell.
        open_sum = np.bincount(rowcol, twice * index2, count)
        pair = open_count[rowcol]
        candidates = pair[:n] + pair[n:] - unknown
        dark = ~shone & (candidates == 0)
        if dark.any():
            return Deductions(state.copy(), rounds,
                              f"cell at {where(board.whites[int(np.argmax(dark))])} "
                              "can no longer be lit")
        single = ~shone & (candidates == 1)
        if single.any():
            sums = open_sum[rowcol]
            pick = np.where(unknown, index, np.where(pair[:n] == 1, sums[:n], sums[n:]))
            state[pick[single].astype(np.int64)] = YES
        if (state == before).all():
            break
    return Deductions(state.copy(), rounds)


@dataclass(frozen=True)
class Residual:
    """What is left to decide after deductions, as arrays the encoders consume.

    Open cells are the white cells still UNKNOWN; open cell ``j`` (white-cell index
    ``open_cells[j]``) is model variable ``j + 1``. ``segment_cells[bounds[s]:
    bounds[s + 1]]`` are the open cells of segment ``s``. ``dark`` are the white cells
    no fixed light reaches: each needs a light among the open cells of its segments.
    ``needs`` maps a clue's (open neighbours, lights still needed) to rows of open
    cells.
    """

    board: Board
    open_cells: np.ndarray
    fixed_lights: np.ndarray
    segment_cells: np.ndarray
    bounds: np.ndarray
    dark: np.ndarray
    needs: dict[tuple[int, int], np.ndarray]
    contradiction: str | None = None
    solved: bool = False
    stats: dict[str, Any] = field(default_factory=dict)

    @staticmethod
    def of(board: Board, deductions: Deductions | None = None) -> Residual:
        import numpy as np

        n = len(board.whites)
        if deductions is not None and deductions.solved:
            # Nothing is left to model: only the lights are needed, to decode.
            empty = np.zeros(0, dtype=np.int64)
            return Residual(board=board, open_cells=empty,
                            fixed_lights=np.nonzero(deductions.state == YES)[0],
                            segment_cells=empty, bounds=np.zeros(1, dtype=np.int64),
                            dark=empty, needs={}, solved=True)
        state = deductions.state if deductions is not None else np.full(n, UNKNOWN, np.int8)
        is_open = state == UNKNOWN
        yes = state == YES
        _, lit = _lit(board, yes)
        seg = board.segments
        flat, bounds = seg.table()
        keep = is_open[flat]
        owner = np.repeat(np.arange(seg.count), np.diff(bounds))[keep]
        open_bounds = np.concatenate([[0], np.cumsum(np.bincount(owner, minlength=seg.count))])
        _, numbers, around = board.clue_table
        need = numbers - np.append(yes, False)[around].sum(axis=1)
        open_ = np.append(is_open, False)[around]
        count = open_.sum(axis=1)
        packed = np.take_along_axis(np.where(open_, around, -1),
                                    np.argsort(~open_, axis=1, kind="stable"), axis=1)
        needs = {}
        for m, k in set(zip(count.tolist(), need.tolist())):
            if m == 0 and k == 0:
                continue
            rows = (count == m) & (need == k)
            needs[(m, k)] = packed[rows, :m]
        return Residual(board=board, open_cells=np.nonzero(is_open)[0],
                        fixed_lights=np.nonzero(yes)[0], segment_cells=flat[keep],
                        bounds=open_bounds, dark=np.nonzero(~lit)[0], needs=needs,
                        solved=deductions is not None and deductions.solved)

    def with_contradiction(self, reason: str,
                           stats: dict[str, Any] | None = None) -> Residual:
        """The same residual, known to have no solution for ``reason``."""
        from dataclasses import replace

        return replace(self, contradiction=reason, stats=dict(stats or {}))

    @property
    def decided(self) -> dict[str, dict[tuple[int, int], bool]]:
        """The cells the deductions decided, light or not, for the statement's models
        (:attr:`cpsolve.grid.rules.Model.decided`)."""
        open_, lights = self.variables().tolist(), set(self.fixed_lights.tolist())
        return {"light": {cell: i in lights for i, cell in enumerate(self.board.whites)
                          if not open_[i]}}

    def variables(self) -> np.ndarray:
        """Per white cell, its model variable (1-based), 0 for decided cells."""
        import numpy as np

        var = np.zeros(len(self.board.whites), dtype=np.int64)
        var[self.open_cells] = np.arange(1, len(self.open_cells) + 1)
        return var

    def decode(self, values: tuple[bool, ...]) -> frozenset[tuple[int, int]]:
        """The light cells: the fixed ones and the open cells set true in ``values``."""
        import numpy as np

        whites = self.board.whites
        chosen = self.open_cells[np.asarray(values, dtype=bool)] if len(values) else []
        return frozenset(whites[int(i)] for i in [*self.fixed_lights, *chosen])


def prepare(board: Board, deduce_first: bool = True) -> Residual | small.Open:
    """The board for the static driver: the obstacles, then (with ``deduce_first``)
    the deductions, and the residual problem; a contradiction either finds is the
    residual's ``contradiction``, and the deductions' figures its ``stats``. Up to
    :data:`~cpsolve.models.akari.small.SMALL` white cells, the same in plain Python
    (:mod:`cpsolve.models.akari.small`), whose :class:`~cpsolve.models.akari.small.Open`
    the encoders take as they take a :class:`Residual`.

    >>> prepare(Board(("3.", ".."))).contradiction
    'clue 3 at row 1, column 1 has only 2 white neighbours'
    >>> r = prepare(Board((".......", ".2#..#.", ".1..#..", "......2", ".#..#..",
    ...                    "..4...#", ".......")))
    >>> r.solved, len(r.decode(()))
    (True, 10)
    """
    if "".join(board.rows).count(".") <= SMALL:
        return small.prepare(board, deduce_first)
    start = time.perf_counter()
    reason = obstacles(board)
    if reason is not None:
        return Residual.of(board).with_contradiction(reason)
    if not deduce_first:
        return Residual.of(board)
    deductions = deduce(board)
    stats = {"deduction_seconds": time.perf_counter() - start,
             "cells_decided": int((deductions.state != UNKNOWN).sum()),
             "cells_open": int((deductions.state == UNKNOWN).sum()),
             "deduction_rounds": deductions.rounds}
    if deductions.contradiction is not None:
        return Residual.of(board).with_contradiction(deductions.contradiction, stats)
    residual = Residual.of(board, deductions)
    residual.stats.update(stats)
    return residual
