"""Board kinds that several genres share, with what the setter's tools need of them:
the clues a board shows, the board with some taken away, the edits a fix may try.

* :class:`NumberGrid`: a number in some cells (``None`` none, :data:`UNKNOWN` a
  number shown as ``?``): Hitori, Nurikabe, Fillomino, ...
* :class:`SymbolGrid`: a symbol in some cells (Masyu's pearls);
* rooms with numbers (:mod:`cpsolve.grid.rooms`), regions (:mod:`cpsolve.grid.regions`).

Cells are numbered ``r * cols + c``; rows and columns are 0-based in code and 1-based
in every message a user reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, ClassVar, TypeVar

from cpsolve.grid.geometry import OnGrid
from cpsolve.grid.hints import Clue, Edit
from cpsolve.grid.text import UNKNOWN_NUMBER

UNKNOWN = UNKNOWN_NUMBER  # a number shown as "?": there, its value not told
B = TypeVar("B", bound="NumberGrid")


@dataclass(frozen=True)
class NumberGrid(OnGrid):
    """An immutable grid with a number in some cells: ``numbers[cell]``, ``None`` for
    none, :data:`UNKNOWN` for "?". A genre's board is this kind or a subclass of it.

    >>> b = NumberGrid(2, 3, (2, None, None, None, UNKNOWN, 1))
    >>> b.clue_cells, b.shown(4), b.renumbered({0: None}).numbers[:2]
    ((0, 4, 5), None, (None, None))
    """

    PER_CELL = "numbers"
    rows: int
    cols: int
    numbers: tuple[int | None, ...]

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


def number_clues(unknown: bool = False, noun: str = "number") -> Callable[[Any], list[Clue]]:
    """The clues of a number grid: its numbers in reading order, each keyed by its
    cell; with ``unknown``, a "?" too (a clue that says a number is there, as
    Nurikabe's island of unknown size). ``noun`` names a number in sentences (a
    Sudoku's ``given``)."""

    def clues(board: NumberGrid) -> list[Clue]:
        cols = board.cols
        return [Clue(divmod(cell, cols), "?" if n < 0 else f"{noun} {n}", cell,
                     None if n < 0 else n) for cell, n in enumerate(board.numbers)
                if n is not None and (unknown or n != UNKNOWN)]

    return clues


def erased(board: B, gone: Sequence[Clue]) -> B:
    """``board`` with the numbers of ``gone`` erased (clues keyed by their cells)."""
    return board.renumbered({clue.index: None for clue in gone})


def number_edits(numbers: Callable[[Any, int], Iterable[int]], *, assumed: bool = True,
                 around: bool = False, noun: str = "number"
                 ) -> Callable[[Any, set[tuple[int, int]]], list[Edit[Any]]]:
    """A fix's edits at the cells where solutions differ (with ``around``, and their
    neighbours: a loop's differences lie between the cells a number sees): each number
    of ``numbers(board, cell)`` written in a cell without one, or a number changed into
    it (cost 2). With ``assumed``, the kit tries each as a clue on one solver (the
    statement states one number's rules); without, each changed board on its own (a
    number that brings rules of its own, such as an island). ``noun`` names the edit
    and a number in sentences (a Sudoku's ``given``)."""

    def edits(board: NumberGrid, cells: set[tuple[int, int]]) -> list[Edit[Any]]:
        grid = board.grid
        out: list[Edit[Any]] = []
        near = grid.around(cells) if around else [grid.cell(r, c) for r, c in sorted(cells)]
        for cell in near:
            r, c = grid.rc(cell)
            current = board.numbers[cell]
            where = grid.where(cell)
            bare = board.renumbered({cell: None})
            for number in numbers(board, cell):
                if number == current:
                    continue
                changed = board.renumbered({cell: number})
                clue = Clue((r, c), f"{noun} {number}", cell, number) if assumed else None
                if current is None:
                    out.append(Edit((r, c), noun, f"{noun} {number} at {where}", changed,
                                    clue=clue, base=None if assumed else changed,
                                    number=number))
                else:
                    was = "?" if current == UNKNOWN else str(current)
                    out.append(Edit((r, c), noun, f"{noun} {was} changed to {number} at "
                                    f"{where}", changed, clue=clue,
                                    base=bare if assumed else changed, number=number, cost=2))
        return out

    return edits


S = TypeVar("S", bound="SymbolGrid")


@dataclass(frozen=True)
class SymbolGrid(OnGrid):
    """An immutable grid with a symbol in some cells (a pearl, a black cell):
    ``symbols[cell]``, :attr:`EMPTY` for none. A genre's board subclasses it and names
    its symbols (``NAMES``: each one as sentences say it, ``white pearl``); its clues
    are the symbols, each keyed by its cell and symbol (:func:`symbol_clues`).

    >>> class Pearls(SymbolGrid):
    ...     NAMES = {1: "white pearl", 2: "black pearl"}
    >>> b = Pearls(1, 3, (1, 0, 2))
    >>> b.clue_cells, b.changed({0: 0}).symbols, symbol_clues(b)[1].at()
    ((0, 2), (0, 0, 2), 'black pearl at row 1, column 3')
    """

    PER_CELL = "symbols"
    rows: int
    cols: int
    symbols: tuple[Any, ...]
    EMPTY: ClassVar[Any] = 0
    NAMES: ClassVar[Mapping[Any, str]] = {}

    def __post_init__(self) -> None:
        super().__post_init__()
        if any(s != self.EMPTY and s not in self.NAMES for s in self.symbols):
            raise ValueError(f"a cell is empty or holds one of {', '.join(self.NAMES.values())}")

    @cached_property
    def clue_cells(self) -> tuple[int, ...]:
        """The cells holding a symbol, in reading order."""
        return tuple(cell for cell, s in enumerate(self.symbols) if s != self.EMPTY)

    def changed(self: S, changes: Mapping[int, Any]) -> S:
        """The board with the cells of ``changes`` holding those symbols."""
        symbols = list(self.symbols)
        for cell, symbol in changes.items():
            symbols[cell] = symbol
        return replace(self, symbols=tuple(symbols))


def symbol_clues(board: SymbolGrid) -> list[Clue]:
    """The symbols of a board, in reading order, each keyed by ``(cell, symbol)``."""
    return [Clue(board.grid.rc(cell), board.NAMES[board.symbols[cell]],
                 (cell, board.symbols[cell])) for cell in board.clue_cells]


def cleared(board: S, gone: Sequence[Clue]) -> S:
    """``board`` with the symbols of ``gone`` taken away."""
    return board.changed({clue.key[0]: board.EMPTY for clue in gone})  # type: ignore[index]


def symbol_edits(kind: str) -> Callable[[Any, set[tuple[int, int]]], list[Edit[Any]]]:
    """A fix's edits at the cells where solutions differ and their neighbours: each
    symbol put on a cell without one, or a symbol turned into another (cost 2); each
    tried as a clue (``kind`` names the edit in JSON: ``pearl``)."""

    def edits(board: SymbolGrid, cells: set[tuple[int, int]]) -> list[Edit[Any]]:
        grid, names = board.grid, board.NAMES
        out: list[Edit[Any]] = []
        for cell in grid.around(cells):
            at, where, current = grid.rc(cell), grid.where(cell), board.symbols[cell]
            for symbol, name in names.items():
                if symbol == current:
                    continue
                clue = Clue(at, name, (cell, symbol))
                changed = board.changed({cell: symbol})
                if current == board.EMPTY:
                    out.append(Edit(at, kind, f"a {name} at {where}", changed, clue=clue))
                else:
                    out.append(Edit(at, kind, f"the {names[current]} at {where} turned to a "
                                    f"{name}", changed, clue=clue,
                                    base=board.changed({cell: board.EMPTY}), cost=2))
        return out

    return edits


__all__ = ["UNKNOWN", "NumberGrid", "SymbolGrid", "cleared", "erased", "number_clues",
           "number_edits", "symbol_clues", "symbol_edits"]
