"""Board kinds that several genres share, with what the setter's tools need of them:
the clues a board shows, the board with some taken away, the edits a fix may try.

* :class:`NumberGrid`: a number in some cells (``None`` none, :data:`UNKNOWN` a
  number shown as ``?``): Hitori, Nurikabe, Fillomino, ...
* rooms with numbers (:mod:`cpsolve.grid.rooms`), regions (:mod:`cpsolve.grid.regions`).

Cells are numbered ``r * cols + c``; rows and columns are 0-based in code and 1-based
in every message a user reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, TypeVar

from cpsolve.grid.geometry import Grid
from cpsolve.grid.hints import Clue, Edit
from cpsolve.grid.text import UNKNOWN_NUMBER

UNKNOWN = UNKNOWN_NUMBER  # a number shown as "?": there, its value not told
B = TypeVar("B", bound="NumberGrid")


@dataclass(frozen=True)
class NumberGrid:
    """An immutable grid with a number in some cells: ``numbers[cell]``, ``None`` for
    none, :data:`UNKNOWN` for "?". A genre's board is this kind or a subclass of it.

    >>> b = NumberGrid(2, 3, (2, None, None, None, UNKNOWN, 1))
    >>> b.clue_cells, b.shown(4), b.renumbered({0: None}).numbers[:2]
    ((0, 4, 5), None, (None, None))
    """

    rows: int
    cols: int
    numbers: tuple[int | None, ...]

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1 or len(self.numbers) != self.rows * self.cols:
            raise ValueError("a board has rows x cols cells")

    @cached_property
    def grid(self) -> Grid:
        return Grid.of(self.rows, self.cols)

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @cached_property
    def clue_cells(self) -> tuple[int, ...]:
        """The numbered cells ("?" too), in reading order."""
        return tuple(cell for cell, n in enumerate(self.numbers) if n is not None)

    def shown(self, cell: int) -> int | None:
        """The number a cell shows (``None`` for none and for "?")."""
        number = self.numbers[cell]
        return None if number is None or number < 0 else number

    @cached_property
    def _showing(self) -> dict[tuple[str, int, int], list[int]]:
        """The cells of each row and column showing each number."""
        out: dict[tuple[str, int, int], list[int]] = {}
        cols = self.cols
        for cell in range(self.cells):
            number = self.shown(cell)
            if number is not None:
                out.setdefault(("row", cell // cols, number), []).append(cell)
                out.setdefault(("col", cell % cols, number), []).append(cell)
        return out

    def lines_showing(self) -> list[list[int]]:
        """For each row, then each column, and each number it shows, the cells showing
        it."""
        return list(self._showing.values())

    def showing(self, cell: int, number: int) -> list[int]:
        """The other cells of ``cell``'s row, then of its column, that show ``number``.

        >>> NumberGrid(2, 2, (1, 1, 1, 2)).showing(0, 1)
        [1, 2]
        """
        r, c = divmod(cell, self.cols)
        return [o for key in (("row", r, number), ("col", c, number))
                for o in self._showing.get(key, ()) if o != cell]

    def renumbered(self: B, changes: Mapping[int, int | None]) -> B:
        """The board with the cells of ``changes`` numbered anew (``None``: none)."""
        numbers = list(self.numbers)
        for cell, number in changes.items():
            numbers[cell] = number
        return replace(self, numbers=tuple(numbers))


def number_clues(unknown: bool = False) -> Callable[[Any], list[Clue]]:
    """The clues of a number grid: its numbers in reading order, each keyed by its
    cell; with ``unknown``, a "?" too (a clue that says a number is there, as
    Nurikabe's island of unknown size)."""

    def clues(board: NumberGrid) -> list[Clue]:
        cols = board.cols
        return [Clue(divmod(cell, cols), "?" if n < 0 else f"number {n}", cell,
                     None if n < 0 else n) for cell, n in enumerate(board.numbers)
                if n is not None and (unknown or n != UNKNOWN)]

    return clues


def erased(board: B, gone: Sequence[Clue]) -> B:
    """``board`` with the numbers of ``gone`` erased (clues keyed by their cells)."""
    return board.renumbered({clue.index: None for clue in gone})


def number_edits(numbers: Callable[[Any, int], Iterable[int]], *, assumed: bool = True
                 ) -> Callable[[Any, set[tuple[int, int]]], list[Edit[Any]]]:
    """A fix's edits at the cells where solutions differ: each number of
    ``numbers(board, cell)`` written in a cell without one, or a number changed into it
    (cost 2). With ``assumed``, the kit tries each as a clue on one solver (the
    statement states one number's rules); without, each changed board on its own (a
    number that brings rules of its own, such as an island)."""

    def edits(board: NumberGrid, cells: set[tuple[int, int]]) -> list[Edit[Any]]:
        grid = board.grid
        out: list[Edit[Any]] = []
        for r, c in sorted(cells):
            cell = grid.cell(r, c)
            current = board.numbers[cell]
            where = grid.where(cell)
            bare = board.renumbered({cell: None})
            for number in numbers(board, cell):
                if number == current:
                    continue
                changed = board.renumbered({cell: number})
                clue = Clue((r, c), f"number {number}", cell, number) if assumed else None
                if current is None:
                    out.append(Edit((r, c), "number", f"number {number} at {where}", changed,
                                    clue=clue, base=None if assumed else changed,
                                    number=number))
                else:
                    was = "?" if current == UNKNOWN else str(current)
                    out.append(Edit((r, c), "number", f"number {was} changed to {number} at "
                                    f"{where}", changed, clue=clue,
                                    base=bare if assumed else changed, number=number, cost=2))
        return out

    return edits


__all__ = ["UNKNOWN", "NumberGrid", "erased", "number_clues", "number_edits"]
