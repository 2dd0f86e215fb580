"""The Yajilin board: a grid whose clue cells may hold a number with an arrow.

Cells are numbered ``r * cols + c``. A clue cell is neither shaded nor on the loop; its
number, when it has an arrow, is how many shaded cells lie in the arrow's direction, up
to the board's edge. A clue cell without a number (``?``) or without an arrow says
nothing but that it is a clue cell.

An answer is the loop, a set of edges between orthogonally neighbouring cells, each
``(a, b)`` with ``a < b``, in the order of the grid's
:attr:`~cpsolve.grid.geometry.Grid.edges` (every encoding's projection): every other
cell the loop leaves out is shaded, so the loop says everything.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from cpsolve.grid.geometry import Edge, Grid

Loop = frozenset[Edge]  # an answer: the loop's edges between cells
STEPS = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}
WORDS = {"n": "up", "s": "down", "e": "right", "w": "left"}


@dataclass(frozen=True)
class Arrow:
    """A clue cell's content: ``number`` (``None``: shown as ``?``) and ``direction``
    (``n``, ``s``, ``e``, ``w``, or ``None`` for no arrow).

    >>> Arrow(2, "e").token, Arrow(None, None).token, Arrow(3, None).token
    ('2e', '?', '3')
    """

    number: int | None
    direction: str | None

    def __post_init__(self) -> None:
        if self.number is not None and self.number < 0:
            raise ValueError("a number is at least 0")
        if self.direction is not None and self.direction not in STEPS:
            raise ValueError("a direction is n, s, e or w")

    @property
    def token(self) -> str:
        """As grid text writes it: the number (``?`` for none), then the direction."""
        return ("?" if self.number is None else str(self.number)) + (self.direction or "")

    @property
    def counts(self) -> bool:
        """Whether the clue counts shaded cells (a number and an arrow)."""
        return self.number is not None and self.direction is not None


BLANK = Arrow(None, None)  # a clue cell that says nothing


@dataclass(frozen=True)
class Board:
    """An immutable Yajilin board: ``clues[cell]`` is an :class:`Arrow` on a clue cell,
    ``None`` on a cell the loop passes or that is shaded.

    >>> b = Board(2, 3, (Arrow(1, "e"), None, None, None, None, None))
    >>> b.ray(0), b.counted(0), b.clue_cells
    ((1, 2), (1, 2), (0,))
    """

    rows: int
    cols: int
    clues: tuple[Arrow | None, ...]

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1 or len(self.clues) != self.rows * self.cols:
            raise ValueError("a board has rows x cols cells")

    def with_clues(self, changes: dict[int, Arrow | None]) -> Board:
        """The board with the clue cells of ``changes`` (cell: clue, ``None`` for a
        cell without one) and its own elsewhere."""
        clues = list(self.clues)
        for cell, clue in changes.items():
            clues[cell] = clue
        return Board(self.rows, self.cols, tuple(clues))

    @cached_property
    def grid(self) -> Grid:
        return Grid.of(self.rows, self.cols)

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @cached_property
    def clue_cells(self) -> tuple[int, ...]:
        return tuple(cell for cell, clue in enumerate(self.clues) if clue is not None)

    @cached_property
    def open_cells(self) -> tuple[int, ...]:
        """The cells that are not clue cells: each shaded or on the loop."""
        return tuple(cell for cell, clue in enumerate(self.clues) if clue is None)

    @cached_property
    def counting(self) -> tuple[int, ...]:
        """The clue cells whose number counts shaded cells."""
        return tuple(cell for cell, clue in enumerate(self.clues)
                     if clue is not None and clue.counts)

    def ray(self, cell: int, direction: str | None = None) -> tuple[int, ...]:
        """Every cell in the arrow's direction from ``cell`` (or in ``direction``),
        nearest first."""
        clue = self.clues[cell]
        direction = direction or (clue.direction if clue is not None else None)
        if direction is None:
            return ()
        dr, dc = STEPS[direction]
        out = []
        at = self.grid.step(cell, dr, dc)
        while at is not None:
            out.append(at)
            at = self.grid.step(at, dr, dc)
        return tuple(out)

    def counted(self, cell: int, direction: str | None = None) -> tuple[int, ...]:
        """The cells of :meth:`ray` that may be shaded (not clue cells)."""
        return tuple(other for other in self.ray(cell, direction) if self.clues[other] is None)

    def most(self, cell: int, direction: str | None = None) -> int:
        """The most shaded cells the ray can hold: never two side by side.

        >>> Board(1, 6, (Arrow(0, "e"),) + (None,) * 5).most(0)
        3
        """
        runs, run = 0, 0
        for other in self.ray(cell, direction):
            if self.clues[other] is None:
                run += 1
            else:
                runs += (run + 1) // 2
                run = 0
        return runs + (run + 1) // 2
