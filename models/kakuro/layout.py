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

BLACK = Option("black", 0.27, "Share of black cells at least (published boards: 0.22 to "
               "0.36, 0.27 the median of janko.at's)", kind=float, low=0, high=0.6)


def _runs(grid: Grid, black: list[bool]) -> list[list[int]]:
    bare = Board(grid.rows, grid.cols, tuple(black))
    return [list(run.cells) for run in bare.runs]


def _connected(grid: Grid, black: list[bool]) -> bool:
    white = [cell for cell in range(grid.cells) if not black[cell]]
    if not white:
        return False
    seen, todo = {white[0]}, [white[0]]
    while todo:
        for other in grid.neighbours[todo.pop()]:
            if not black[other] and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(white)


def pattern(settings: Settings, share: float, rng: np.random.Generator) -> list[bool] | None:
    """Black cells with the symmetry: scattered to ``share``, then added until no run
    is one cell or longer than 9; ``None`` when the white cells fall apart."""
    grid = settings.grid
    black = [False] * grid.cells
    for cell in rng.permutation(grid.cells).tolist():
        if sum(black) < share * grid.cells:
            for image in grid.orbit(cell, settings.symmetry):
                black[image] = True
    for _ in range(4 * grid.cells):
        bad = [run for run in _runs(grid, black) if len(run) == 1 or len(run) > 9]
        if not bad:
            break
        run = bad[int(rng.integers(len(bad)))]
        cell = run[0] if len(run) == 1 else run[int(rng.integers(1, len(run) - 1))]
        for image in grid.orbit(cell, settings.symmetry):
            black[image] = True
    else:
        return None
    return black if _connected(grid, black) else None


def filled(board: Board, rng: np.random.Generator, fixed: dict[int, int] | None = None
           ) -> Digits | None:
    """Random digits in the white cells, none twice in a run (``fixed`` kept), by
    search in random order; ``None`` if none."""
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

    def place(k: int) -> bool:
        if k == len(free):
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        cell = free[k]
        used = {digits[o] for run in runs_of[cell] for o in run}
        for d in (rng.permutation(9) + 1).tolist():
            if d not in used:
                digits[cell] = d
                if place(k + 1):
                    return True
                digits[cell] = 0
        return False

    return tuple(digits) if place(0) else None


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
    keep = {c: d for c, d in enumerate(digits) if d and c != cell}
    for run in board.runs:  # the open cell's runs' other cells free to move too, a few
        if cell in run.cells and rng.random() < 0.3:
            for o in run.cells:
                keep.pop(o, None)
    bare = Board(board.rows, board.cols, board.black)
    changed = filled(bare, rng, keep)
    if changed is None or changed == digits:
        return None
    return summed(bare, changed), changed


LAYOUT: Layout[Board, Digits] = Layout(
    make=make, mend=mend,
    density=Option("density", 1.0, "Share of the sums kept at least (published boards "
                   "keep every one)", kind=float, low=0, high=1),
    options=(BLACK,), clued=True, smallest=3)
