"""Pieces that genres' generators share (the loop itself is :mod:`cpsolve.grid.generate`):
a Python random generator drawn from the kit's, a scattered shading, numbers read off
an answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from cpsolve.grid.connectivity import components
from cpsolve.grid.geometry import SYMMETRIES, Grid
from cpsolve.options import Option

if TYPE_CHECKING:
    import numpy as np

    from cpsolve.grid.hints import Clue

Board = TypeVar("Board")
Answer = TypeVar("Answer")
Cell = tuple[int, int]


@dataclass(frozen=True)
class Settings:
    """What the generator was asked for: the size, the symmetry, the density and the
    family's own layout options (by name)."""

    rows: int
    cols: int
    symmetry: str
    density: float
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def grid(self) -> Grid:
        return Grid.of(self.rows, self.cols)


@dataclass(frozen=True)
class Layout(Generic[Board, Answer]):
    """How a family's generator lays out a board and mends it.

    ``make(settings, rng)``
        A board of the size asked for, with the symmetry, around an answer, with every
        clue the answer allows; returns the board and the answer (valid: the kit checks
        it), or ``None`` when it finds no layout (the kit counts a layout tried).
    ``mend(board, answer, other, cells, settings, rng)``
        A board (every clue given) and its answer, changed where ``answer`` is not
        pinned down: ``cells`` (0-based row and column) are where a second solution
        ``other`` differs (``None`` when the grade's reasoning left them open instead);
        ``None`` gives up the layout.
    ``density``
        The ``--density`` declaration: what share of what it sets (black cells, numbered
        rooms, pearls), its default and its range.
    ``options``
        The family's own layout options (``--largest``, ...), each declared once.
    ``clued``
        With ``density``, whether the share is of clues kept at least (the kit keeps
        them while taking clues away); otherwise the family's ``make`` reads it.
    ``random(settings, seed, **options)`` (optional)
        A random board that need not be unique, made only when asked for by name
        (``--random``).
    ``simplify(board, answer, pinned, settings, rng)`` (optional)
        Once the answer is pinned down, the board's structure made simpler where it
        stays so (rooms merged again after mending cut them, say): ``pinned(board)``
        says whether a changed board (every clue given) still pins the answer down.
    ``smallest``
        The fewest rows and columns a board has.
    ``symmetries``
        The symmetries ``--symmetry`` offers, the first the default when ``rot2`` is
        not among them (a family whose layouts have none: ``("none",)``).
    ``unsymmetric``
        The default is ``none`` though ``rot2`` is offered: the family's published
        boards are not symmetric (Gokigen Naname's).
    ``first(clues, answer)`` (optional)
        A number for each of the board's clues (:attr:`Hints.clues`, in their order):
        clues are tried for taking away highest first, in random order among equals
        (default: all in random order); a genre whose published boards keep few clues
        of one kind says which go first.
    ``orders`` (default 1)
        How many random orders the clues are taken away in, from the same mended layout,
        the board with the fewest clues kept: a greedy pass leaves a minimal board, not
        the smallest; where a pass is cheap, a few give boards as sparse as published
        ones (Tapa's).
    ``too_small(rows, cols)`` (optional)
        Why no board of that size exists, beyond ``smallest`` (``None``: one may): a
        usage error at once instead of layouts tried in vain.
    ``unfit(rows, cols, symmetry)`` (optional)
        The same for a size with a symmetry (Nurikabe's mirrored layouts need an odd
        width).
    """

    make: Callable[[Settings, np.random.Generator], tuple[Board, Answer] | None]
    mend: Callable[[Board, Answer, Answer | None, set[Cell], Settings, np.random.Generator],
                   tuple[Board, Answer] | None]
    density: Option
    options: tuple[Option, ...] = ()
    clued: bool = True
    random: Callable[..., Board] | None = None
    simplify: Callable[[Board, Answer, Callable[[Board], bool], Settings,
                        np.random.Generator], Board] | None = None
    smallest: int = 2
    symmetries: tuple[str, ...] = SYMMETRIES
    too_small: Callable[[int, int], str | None] | None = None
    unfit: Callable[[int, int, str], str | None] | None = None
    first: Callable[[Sequence[Clue], Answer], Sequence[float]] | None = None
    unsymmetric: bool = False
    orders: int = 1

    @property
    def symmetry(self) -> str:
        """The default symmetry: ``rot2``, as published, where the family has it."""
        if self.unsymmetric and "none" in self.symmetries:
            return "none"
        return "rot2" if "rot2" in self.symmetries else self.symmetries[0]


@dataclass(frozen=True)
class Made(Generic[Board, Answer]):
    """A generated puzzle: the board, its one solution (``answer``), its grade, the
    layouts tried, the repairs made to the last one, and the seconds taken; or, when
    ``board`` is ``None``, why there is none (``reason``)."""

    board: Board | None
    answer: Answer | None = None
    grade: str | None = None
    attempts: int = 0
    repairs: int = 0
    seconds: float = 0.0
    reason: str | None = None


def python_random(rng: np.random.Generator) -> random.Random:
    """A :class:`random.Random` seeded from the generator's ``rng`` (the same seed, the
    same board)."""
    return random.Random(int(rng.integers(1 << 62)))


def _stays_connected(grid: Grid, shaded: set[int], cell: int) -> bool:
    """Whether shading ``cell`` keeps the unshaded cells connected (they are now): its
    unshaded neighbours still reach each other without it."""
    around = [o for o in grid.neighbours[cell] if o not in shaded]
    if not around:
        return False  # the last unshaded cell, or one already cut off
    seen = {cell, around[0]}
    stack = [around[0]]
    while stack and not all(other in seen for other in around):
        here = stack.pop()
        for other in grid.neighbours[here]:
            if other not in seen and other not in shaded:
                seen.add(other)
                stack.append(other)
    return all(other in seen for other in around)


def scattered(grid: Grid, share: float, rnd: random.Random, symmetry: str = "none"
              ) -> frozenset[int]:
    """Cells shaded an orbit at a time (under ``symmetry``) in random order, while less
    than ``share`` of the grid is shaded: an orbit when none of its cells touches a
    shaded cell (or another of the orbit) and the unshaded cells stay connected.

    >>> from cpsolve.grid.geometry import Grid
    >>> sorted(scattered(Grid(3, 3), 0.2, random.Random(1)))
    [5, 6]
    """
    shaded: set[int] = set()
    order = list(range(grid.cells))
    rnd.shuffle(order)
    for cell in order:
        if len(shaded) >= share * grid.cells:
            break
        orbit = set(grid.orbit(cell, symmetry))
        if any(o in shaded or (o in orbit and o != c)
               for c in orbit for o in [c, *grid.neighbours[c]]):
            continue
        if len(orbit) == 1:
            if _stays_connected(grid, shaded, cell):
                shaded.add(cell)
            continue
        rest = [c for c in range(grid.cells) if c not in shaded and c not in orbit]
        if rest and len(components(rest, grid.neighbours)) == 1:
            shaded |= orbit
    return frozenset(shaded)


def line_mates(grid: Grid, cell: int) -> list[int]:
    """The other cells of ``cell``'s row, then of its column."""
    r, c = grid.rc(cell)
    return ([grid.cell(r, k) for k in range(grid.cols) if k != c]
            + [grid.cell(k, c) for k in range(grid.rows) if k != r])


def counted(cells: Iterable[Sequence[int]], answer: Any,
            holds: Callable[[int], bool] | None = None) -> list[int]:
    """For each group of cells, how many are in ``answer`` (or for which ``holds``):
    the numbers an answer gives the clues that count it."""
    test = holds or answer.__contains__
    return [sum(1 for cell in group if test(cell)) for group in cells]


__all__ = ["Layout", "Made", "Settings", "counted", "line_mates", "python_random",
           "scattered"]
