"""How the generator lays out a Kakuro board (the loop is the kit's,
:mod:`cpsolve.grid.generate`): black cells scattered with the symmetry to the density
asked for, then more wherever a run would be a single cell or longer than 9, the
white cells kept connected; random digits, none twice in a run, and every run's sum.
Where the sums leave cells open, one open cell takes another digit (its runs' sums
written anew). The kit keeps every sum unless a lower ``--density`` asks otherwise.
"""

from __future__ import annotations

import numpy as np

from cpsolve.grid.geometry import Grid
from cpsolve.grid.layouts import Cell, Layout, Settings
from cpsolve.models.kakuro.board import Board, Digits
from cpsolve.options import Option

LONGEST = 6  # the longest run laid out (published boards: 2 to 4 cells mostly, 6 at most
# in nine runs of ten)
BLACK = Option("black", 0.27, "Share of black cells at least (published boards: 0.22 to "
               "0.36, 0.27 the median of janko.at's)", kind=float, low=0, high=0.6)


def _runs(grid: Grid, black: list[bool]) -> list[list[int]]:
    bare = Board(grid.rows, grid.cols, tuple(black))
    return [list(run.cells) for run in bare.runs]


def _groups(grid: Grid, black: list[bool]) -> list[list[int]]:
    """The groups of white cells side by side."""
    seen: set[int] = set()
    out = []
    for start in range(grid.cells):
        if black[start] or start in seen:
            continue
        group, todo = [start], [start]
        seen.add(start)
        while todo:
            for other in grid.neighbours[todo.pop()]:
                if not black[other] and other not in seen:
                    seen.add(other)
                    group.append(other)
                    todo.append(other)
        out.append(group)
    return out


def pattern(settings: Settings, share: float, rng: np.random.Generator) -> list[bool] | None:
    """Black cells with the symmetry: scattered to part of ``share``, then a run of one
    cell lengthened (a black cell beside it made white) or closed (made black), a run
    longer than 9 cut, the white cells apart from the largest group made black, until
    every run is 2 to 9 cells long; ``None`` when that fails or leaves too few white
    cells."""
    grid = settings.grid
    black = [False] * grid.cells

    def put(cell: int, value: bool) -> None:
        for image in grid.orbit(cell, settings.symmetry):
            black[image] = value

    for cell in rng.permutation(grid.cells).tolist():
        if sum(black) < share * grid.cells:
            put(cell, True)
    for _ in range(8 * grid.cells):
        groups = _groups(grid, black)
        if len(groups) > 1:
            for group in sorted(groups, key=len)[:-1]:
                for cell in group:
                    put(cell, True)
            continue
        bad = [run for run in _runs(grid, black) if len(run) == 1 or len(run) > LONGEST]
        if not bad:
            break
        run = bad[int(rng.integers(len(bad)))]
        if len(run) > LONGEST:
            put(run[int(rng.integers(2, len(run) - 2))], True)
            continue
        cell = run[0]
        beside = [o for o in grid.neighbours[cell] if black[o]]
        if beside and rng.random() < 0.6:
            put(beside[int(rng.integers(len(beside)))], False)
        else:
            put(cell, True)
    else:
        return None
    if sum(black) > (share + 0.15) * grid.cells or not _groups(grid, black):
        return None
    return black if all(2 <= len(run) <= LONGEST for run in _runs(grid, black)) else None


def filled(board: Board, rng: np.random.Generator, fixed: dict[int, int] | None = None,
           lean: int = 0) -> Digits | None:
    """Random digits in the white cells, none twice in a run (``fixed`` kept), by
    search in random order (``lean`` 1 or -1: the low or the high digits first, give or
    take a little, for sums near the least or the most a run makes, which few sets of
    digits make); ``None`` if none."""
    runs_of: dict[int, list[tuple[int, ...]]] = {}
    for run in board.runs:
        for cell in run.cells:
            runs_of.setdefault(cell, []).append(run.cells)
    digits = [0] * board.cells
    order = list(board.white)
    for cell, digit in (fixed or {}).items():
        digits[cell] = digit
    free = [cell for cell in order if not digits[cell]]
    budget = [20000]

    def place() -> bool:
        """Backtracking over ``free`` in order, a stack of each cell's digits left to
        try (not Python's own: a 60x60 has thousands of cells)."""
        left: list[list[int]] = []
        while True:
            if len(left) == len(free):
                return True
            budget[0] -= 1
            if budget[0] < 0:
                return False
            cell = free[len(left)]
            used = {digits[o] for run in runs_of[cell] for o in run}
            order = (rng.permutation(9) + 1).tolist() if not lean else sorted(
                range(1, 10), key=lambda d: lean * d + 4 * rng.random())
            left.append([d for d in order if d not in used])
            while not left[-1]:  # no digit left here: back to the cell before
                left.pop()
                if not left:
                    return False
                digits[free[len(left) - 1]] = 0
            digits[free[len(left) - 1]] = left[-1].pop(0)

    return tuple(digits) if place() else None


def summed(board: Board, digits: Digits) -> Board:
    """The board with every run's sum the digits make."""
    return board.resummed({(run.way, run.key): sum(digits[c] for c in run.cells)
                           for run in board.runs})


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Digits] | None:
    """A symmetric pattern of black cells, random digits, every sum."""
    black = pattern(settings, float(settings.options.get("black", BLACK.default)), rng)
    if black is None:
        return None
    bare = Board(settings.rows, settings.cols, tuple(black))
    digits = filled(bare, rng)
    return None if digits is None else (summed(bare, digits), digits)


def mend(board: Board, digits: Digits, other: Digits | None, cells: set[Cell],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Digits] | None:
    """One open cell, at random, another digit (the others kept), the sums anew."""
    open_cells = sorted(board.grid.cell(r, c) for r, c in cells
                        if not board.black[board.grid.cell(r, c)])
    if not open_cells:
        return None
    cell = open_cells[int(rng.integers(len(open_cells)))]
    if rng.random() < 0.12:  # the open cell (with its images) made black, where it may be
        black = list(board.black)
        for image in board.grid.orbit(cell, settings.symmetry):
            black[image] = True
        if len(_groups(board.grid, black)) == 1 and all(
                len(run) >= 2 for run in _runs(board.grid, black)):
            bare = Board(board.rows, board.cols, tuple(black))
            keep = {c: d for c, d in enumerate(digits) if d and not black[c]}
            changed = filled(bare, rng, keep)
            if changed is not None:
                return summed(bare, changed), changed
    keep = {c: d for c, d in enumerate(digits) if d}
    for run in board.runs:  # the open cell's runs free to take other digits
        if cell in run.cells:
            for o in run.cells:
                keep.pop(o, None)
    bare = Board(board.rows, board.cols, board.black)
    avoid = {digits[cell], other[cell] if other is not None else 0}
    for _ in range(20):
        changed = filled(bare, rng, keep, lean=1 if rng.random() < 0.5 else -1)
        if changed is not None and changed[cell] not in avoid:
            return summed(bare, changed), changed
    return None


LAYOUT: Layout[Board, Digits] = Layout(
    make=make, mend=mend,
    density=Option("density", 1.0, "Share of the sums kept at least (published boards "
                   "keep every one)", kind=float, low=0, high=1),
    options=(BLACK,), clued=True, smallest=3)
