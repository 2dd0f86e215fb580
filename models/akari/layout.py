"""Akari boards: random ones with a known solution (for tests, benchmarks and
experiments), and how the generator lays out a puzzle and mends it (the loop is the
kit's, :mod:`cpsolve.grid.generate`), the way Simon Tatham's Light Up does, with a
repair step that lets it reach large boards.

:func:`generate` places black cells at random, then lights greedily on unlit white
cells in random order (a new light on an unlit cell sees no other light, so the
placement is always valid and lights every cell), and gives each black cell, with
probability ``clues``, its number of neighbouring lights. Always solvable, not always
uniquely.

The generator's layout (:func:`make`): black cells laid out with the symmetry asked
for, about ``density`` of the board; lights placed as above; every black cell
numbered. Its repair (:func:`mend`): where the grade's deductions (for no grade, the
hardest deductions: a board they decide is unique) leave cells undetermined, some of
them become black (with their symmetric images), spread apart, and the lights and
numbers are mended around them. The numbers then go while the grade's deductions
still decide the board (Akari's own :class:`~cpsolve.models.akari.grading.Grader`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cpsolve.grid.geometry import SYMMETRIES, Grid
from cpsolve.grid.layouts import Layout, Made, Settings
from cpsolve.limits import Deadline
from cpsolve.models.akari.board import WHITE, Board, Cell, Segments
from cpsolve.options import Option

if TYPE_CHECKING:
    import numpy as np


def generate(width: int, height: int, *, black: float = 0.2, clues: float = 1.0,
             seed: int = 0) -> tuple[Board, frozenset[Cell]]:
    """A random ``width`` x ``height`` board and the light placement it was made from.

    >>> from cpsolve.models.akari.check import check
    >>> board, lights = generate(12, 9, seed=3)
    >>> check(board, lights)
    []
    """
    import numpy as np

    rng = np.random.default_rng(seed)
    is_black = rng.random((height, width)) < black
    light = _lights(is_black, rng)
    numbered = is_black & (rng.random((height, width)) < clues)
    board = _board(is_black, light, numbered)
    return board, frozenset(zip(*(axis.tolist() for axis in np.nonzero(light))))


def _lights(is_black: np.ndarray, rng: np.random.Generator,
            keep: np.ndarray | None = None) -> np.ndarray:
    """A valid placement lighting every white cell: the lights of ``keep`` that are
    still white and see no other, then a light on each unlit cell in random order."""
    import numpy as np

    height, width = is_black.shape
    white = ~is_black
    if not white.any():
        return np.zeros_like(white)
    seg = Segments.of(white)  # each white cell's row and column runs
    at = np.cumsum(white.ravel()) - 1  # a cell's place among the white cells
    rows, cols = seg.row[at].tolist(), seg.col[at].tolist()
    lit = np.zeros(seg.count, dtype=bool)
    light = np.zeros_like(white)
    order: list[int] = []
    if keep is not None:
        order.extend(np.flatnonzero(keep & white).tolist())
    order.extend(rng.permutation(height * width).tolist())
    whites = white.ravel().tolist()
    for index in order:
        if not whites[index]:
            continue
        a, b = rows[index], cols[index]
        if lit[a] or lit[b]:
            continue
        lit[a] = lit[b] = True
        light.flat[index] = True
    return light


def _board(is_black: np.ndarray, light: np.ndarray, numbered: np.ndarray) -> Board:
    """The board of a layout: numbered black cells show their count of lights."""
    import numpy as np

    padded = np.pad(light, 1).astype(np.int8)
    around = padded[:-2, 1:-1] + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:]
    codes = np.where(is_black, np.where(numbered, 48 + around, ord("#")), ord("."))
    return Board(tuple(bytes(row).decode() for row in codes.astype(np.uint8).tolist()))


def layout(width: int, height: int, density: float, symmetry: str,
           rng: np.random.Generator) -> np.ndarray:
    """Black cells with ``symmetry``, about ``density`` of the board: whole orbits
    taken in random order until the share is reached.

    >>> import numpy as np
    >>> black = layout(9, 7, 0.2, "rot2", np.random.default_rng(1))
    >>> bool((black == black[::-1, ::-1]).all()), bool(0.15 < black.mean() < 0.3)
    (True, True)
    """
    import numpy as np

    black = np.zeros((height, width), dtype=bool)
    grid = Grid(height, width)
    want = round(density * width * height)
    count = 0
    for index in rng.permutation(width * height).tolist():
        if count >= want:
            break
        if black.flat[index]:
            continue
        for image in grid.orbit(index, symmetry):
            if not black.flat[image]:
                black.flat[image] = True
                count += 1
    return black


def _spread(cells: list[Cell], rng: np.random.Generator, share: int = 6) -> list[Cell]:
    """Some of ``cells``, in random order, no two within two rows and two columns of
    each other: about one in ``share``, at least one."""
    chosen: list[Cell] = []
    for k in rng.permutation(len(cells)).tolist():
        r, c = cells[k]
        if all(abs(r - a) > 2 or abs(c - b) > 2 for a, b in chosen):
            chosen.append((r, c))
            if len(chosen) >= max(1, len(cells) // share):
                break
    return chosen


def tiled_unique(width: int, height: int, *, seed: int = 0, tile: int = 12,
                 kinds: int = 12) -> tuple[Board, frozenset[Cell]]:
    """A large board with exactly one solution, for benchmarks of uniqueness proofs:
    ``kinds`` unique puzzles of ``tile`` x ``tile`` (:func:`puzzle`, no grade) laid
    out at random, one black line between them (which keeps their solutions apart, so
    each stays the only one), black cells where no whole tile fits.

    >>> from cpsolve.models.akari import solve
    >>> board, lights = tiled_unique(40, 27, seed=1, kinds=2)
    >>> result = solve(board, unique=True)
    >>> result.unique, result.solution == lights
    (True, True)
    """
    import numpy as np

    rng = np.random.default_rng(seed)
    pool = []
    for k in range(kinds):
        made = puzzle(tile, tile, seed=seed * 1000 + k, symmetry="none")
        assert made.board is not None and made.answer is not None
        pool.append((made.board, made.answer))
    rows = [["#"] * width for _ in range(height)]
    lights: set[Cell] = set()
    for top in range(0, height - tile + 1, tile + 1):
        for left in range(0, width - tile + 1, tile + 1):
            board, solution = pool[int(rng.integers(kinds))]
            for r, row in enumerate(board.rows):
                rows[top + r][left:left + tile] = list(row)
            lights.update((top + r, left + c) for r, c in solution)
    return Board(tuple("".join(row) for row in rows)), frozenset(lights)


def lights_of(lights: frozenset[Cell], shape: tuple[int, int]) -> np.ndarray:
    """A light placement as a boolean array."""
    import numpy as np

    light = np.zeros(shape, dtype=bool)
    for r, c in lights:
        light[r, c] = True
    return light


def _placed(light: np.ndarray) -> frozenset[Cell]:
    import numpy as np

    return frozenset(zip(*(axis.tolist() for axis in np.nonzero(light))))


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, frozenset[Cell]]:
    """Black cells with the symmetry, lights, every black cell numbered."""
    black = layout(settings.cols, settings.rows, settings.density, settings.symmetry, rng)
    light = _lights(black, rng)
    return _board(black, light, black), _placed(light)


def mend(board: Board, lights: frozenset[Cell], other: Any, cells: set[Cell],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, frozenset[Cell]]:
    """Some of ``cells``, spread apart, made black with their images; the lights kept
    where they still fit, more placed, every black cell numbered again."""
    black = board.grid != WHITE
    light = lights_of(lights, black.shape)
    grid = settings.grid
    for cell in _spread(sorted(cells), rng):
        for image in grid.orbit(grid.cell(*cell), settings.symmetry):
            black.flat[image] = True
    light = _lights(black, rng, keep=light & ~black)
    return _board(black, light, black), _placed(light)


def random_board(settings: Settings, seed: int, clues: float = 1.0) -> Board:
    """Without ``--unique``: a random board (:func:`generate`), not always unique."""
    return generate(settings.cols, settings.rows, black=settings.density, clues=clues,
                    seed=seed)[0]


LAYOUT: Layout[Board, frozenset[Cell]] = Layout(
    make=make, mend=mend,
    density=Option("density", 0.2, "Share of black cells (at the start)", kind=float, low=0,
                   high=1, metavar="D"),
    options=(Option("clues", 1.0, "Without --unique: share of black cells with their "
                    "number", kind=float, low=0, high=1, metavar="C"),),
    clued=False, random=random_board, smallest=1,
)


def puzzle(width: int, height: int, *, grade: str | None = None, symmetry: str = "rot2",
           density: float = 0.2, seed: int = 0, deadline: Deadline | None = None,
           log: Callable[[str], None] | None = None, **more: Any) -> Made[Board, Any]:
    """A ``width`` x ``height`` puzzle with exactly one solution, of ``grade`` (easy,
    tricky or hard; ``None``: any, with numbers minimal for uniqueness alone), black
    cells laid out with ``symmetry``: the kit's generator
    (:func:`cpsolve.grid.generate.generate`) with this family's layout.

    >>> made = puzzle(10, 10, grade="easy", seed=2)
    >>> made.grade, len(made.board.rows)
    ('easy', 10)
    >>> from cpsolve.models.akari import solve
    >>> result = solve(made.board, unique=True)
    >>> result.unique, result.solution == made.answer
    (True, True)
    """
    from cpsolve.grid.generate import generate as generated
    from cpsolve.models.akari import AKARI

    return generated(AKARI, height, width, grade=grade, symmetry=symmetry, density=density,
                     seed=seed, deadline=deadline, log=log, **more)


__all__ = ["LAYOUT", "SYMMETRIES", "generate", "layout", "make", "mend", "puzzle",
           "tiled_unique"]
