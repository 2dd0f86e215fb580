"""A grid family's clues as the setter's tools and the generator see them: what a clue
is, which single edits a fix may make, and the *clue model* every tool works on.

A family declares one :class:`Hints`: its clues (numbers, pearls, ...), the rules of
its board without them, the clauses of one clue, the board with some clues taken away,
and the edits a fix may try near a set of cells. The kit does the rest
(:mod:`cpsolve.grid.setter`, :mod:`cpsolve.grid.grading`, :mod:`cpsolve.grid.generate`).

The **clue model** (:func:`clue_model`) is the board's rules as clauses, with every
clue's clauses guarded by a selector of its own (:func:`cpsolve.cnf.guard`): assumed,
the clue holds; left free, it is off. One incremental SAT solver then turns clues on
and off by assumptions. The lazy rules (connectivity, one loop) of the rules' model
must hold whatever the clues: their cuts are then implied by the rules alone and stay
valid as clues come and go.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from cpsolve.backends.sat import CnfModel
from cpsolve.cnf import guard
from cpsolve.grid.geometry import where
from cpsolve.limits import Deadline, building

Board = TypeVar("Board")
Cell = tuple[int, int]
# Clause groups of one clue, and the top variable after the auxiliary ones it took.
ClueClauses = Callable[[Any, "Clue", int], tuple[list[Any], int]]


@dataclass(frozen=True)
class Clue:
    """One clue of a board: ``cell`` where it is written (0-based row and column),
    ``text`` how a sentence names it (``number 2``, ``white pearl``), ``key`` the
    family's own handle on it (a room, a cell), ``number`` the number it shows (JSON
    ``clue``; ``None`` for a clue that is not a number), ``place`` what it is about when
    its cell alone does not say (``row 3``: Star Battle's counts of rows, columns and
    regions), and ``cells`` the cells it speaks of, when more than its own (a
    picture outlines them all).

    >>> Clue((0, 2), "number 2", 0, 2).at()
    'number 2 at row 1, column 3'
    >>> Clue((2, 0), "1 star", ("row", 2), 1, place="row 3").at()
    '1 star in row 3'
    """

    cell: Cell
    text: str
    key: Hashable
    number: int | None = None
    place: str = ""
    cells: tuple[Cell, ...] = ()

    @property
    def index(self) -> int:
        """The key, for a clue keyed by a number (a cell, a room)."""
        if not isinstance(self.key, int):
            raise TypeError(f"the clue {self.text!r} is keyed by {self.key!r}, not a number")
        return self.key

    @property
    def value(self) -> int:
        """The number the clue shows (a :class:`TypeError` for one that shows none)."""
        if self.number is None:
            raise TypeError(f"the clue {self.text!r} shows no number")
        return self.number

    def outlined(self) -> tuple[Cell, ...]:
        """The cells a picture outlines for the clue."""
        return self.cells or (self.cell,)

    def named(self) -> str:
        """Where the clue is, as a sentence names it: its place, else its cell."""
        return self.place or where(self.cell)

    def at(self) -> str:
        """The clue and where it is, in words (a text that says its place already,
        ``3 above column 1``, is enough).

        >>> Clue((0, 0), "3 above column 1", ("top", 0), 3, place="above column 1").at()
        '3 above column 1'
        """
        if self.place:
            return self.text if self.place in self.text else f"{self.text} in {self.place}"
        return f"{self.text} at {where(self.cell)}"


@dataclass(frozen=True)
class Edit(Generic[Board]):
    """One single change a fix may make to a board: ``board`` is the changed board,
    ``text`` says what changed (``number 2 on the black cell at row 3, column 4``),
    ``kind`` names the change for JSON (``number``, ``black``, ``pearl``, ...),
    ``cell`` where it is, ``number`` the number it writes, if any, and ``cost`` how
    large a change it is (fixes are listed the least change first).

    ``clue`` and ``base`` tell the kit how to try it quickly: the change is ``clue``
    added to ``base`` (``base`` ``None``: to the board itself; ``clue`` ``None``: the
    change is ``base`` alone). Edits with the same ``base`` are tried on one solver,
    each clue by an assumption; an edit whose ``base`` alone is already a fix is not
    tried with a clue on top (the least change first).
    """

    cell: Cell
    kind: str
    text: str
    board: Board
    clue: Clue | None = None
    base: Board | None = None
    number: int | None = None
    cost: int = 1

    def to_json(self) -> dict[str, Any]:
        return {"cell": [self.cell[0] + 1, self.cell[1] + 1], "clue": self.number,
                "edit": self.kind, "text": self.text}


@dataclass(frozen=True)
class Hints(Generic[Board]):
    """What a family declares for the setter's tools and the generator.

    ``clues(board)``
        The clues a setter may take away, in reading order.
    ``rules(board)``, ``clauses``, ``guarded``
        Made by the kit from the family's statement (:mod:`cpsolve.grid.rules`) when
        it has one; a family without one writes them.
    ``rules(board)``
        The rules of the board without its clues as a :class:`CnfModel` over the whole
        board (no deductions: they would use the clues being questioned); its
        projection decodes as the family's ``prepare(board, False)`` decodes, and its
        lazy rules hold whatever the clues.
    ``clauses(board, clue, top)``
        The clause groups of one clue over the same variables, auxiliary variables
        numbered from ``top + 1``; returns the groups and the new top.
    ``without(board, clues)``
        The board with those clues taken away (a number erased, a pearl removed).
    ``edits(board, cells)``
        Single changes near ``cells`` (where solutions differ), the least change first:
        the candidates for fixes. ``None``: the family offers no fixes.
    ``guarded(board, clues, selectors, top)`` (optional)
        Every clue's clauses already guarded by its selector, in one go, for families
        with many clues that build them in bulk; returns the groups and the new top.
    ``implied(board, guards, top)`` (optional; the kit's from a statement)
        What follows from the rules with the board's clues as they stand, for the
        solvers alone (``Model.implied(clues=False)``), each clause with the literals
        ``guards`` added (:func:`clue_model` with ``implied``: it holds while every
        clue of the board is on). Without it, a question asked with every clue on
        searches without those clauses (a Hotaru Beam with every firefly numbered:
        rings of uncounted line, each cut by a lazy rule, 31,000 of them on one 10x10).
    ``symmetric``
        The clues stand where the board's symmetry puts them (pearls, say): the
        generator takes them away orbit by orbit. Otherwise the board's structure
        carries the symmetry and clues go one at a time.
    ``removable``
        Whether a setter takes these clues away. ``False`` for clues that are the
        genre's rules (Star Battle's counts of rows, columns and regions): they are
        questioned when a board has no solution, but ``--redundant``, ``--minimize``
        and the generator's last step leave them be; ``kept`` says why, in the words
        those options print.
    ``monotone``
        Whether taking a clue away relaxes the board (its solutions are the board's
        and more). Not so for Nurikabe's numbers: a number gone, its island must go
        too. A clue left out of the clue model is free (on or off as a solution
        needs), so for such clues the clues in conflict mean "these cannot hold
        together, whatever the other clues"; they are not ``removable``.
    ``noun``
        What a clue is called in messages (``number``, ``pearl``).
    ``unit``
        What the answer's variables are, as the kit's grade counts them (``cells``,
        ``edges``).
    """

    clues: Callable[[Board], list[Clue]]
    rules: Callable[[Board], CnfModel] = None  # type: ignore[assignment]
    clauses: ClueClauses = None  # type: ignore[assignment]
    without: Callable[[Board, Sequence[Clue]], Board] = None  # type: ignore[assignment]
    edits: Callable[[Board, set[Cell]], Iterable[Edit[Board]]] | None = None
    guarded: Callable[[Board, Sequence[Clue], Sequence[int], int],
                      tuple[list[Any], int]] | None = None
    implied: Callable[[Board, Sequence[int], int], tuple[list[Any], int]] | None = None
    symmetric: bool = False
    removable: bool = True
    monotone: bool = True
    kept: str = "they are the genre's rules, not clues a setter takes away"
    noun: str = "clue"
    unit: str = "cells"

    def __post_init__(self) -> None:
        if self.removable and not self.monotone:
            raise ValueError("clues whose removal is no relaxation are not removable")


@dataclass
class ClueModel:
    """The rules of a board with each clue under its own selector: the ``model``
    (its projection the answer's variables), the ``clues`` in order and their
    ``selectors``."""

    model: CnfModel
    clues: list[Clue]
    selectors: list[int] = field(default_factory=list)

    @property
    def projection(self) -> list[int]:
        return list(self.model.projection)


def guarded_clauses(hints: Hints[Any], board: Any, clues: Sequence[Clue],
                    selectors: Sequence[int], top: int) -> tuple[list[Any], int]:
    """Every clue's clauses guarded by its selector: the family's bulk ``guarded`` if
    it has one, else its ``clauses`` one clue at a time."""
    if hints.guarded is not None:
        return hints.guarded(board, clues, selectors, top)
    groups: list[Any] = []
    for clue, selector in zip(clues, selectors):
        own, top = hints.clauses(board, clue, top)
        groups.extend(guard(group, selector) for group in own if len(group))
    return groups, top


def clue_model(hints: Hints[Any], board: Any, extra: Sequence[Clue] = (),
               deadline: Deadline | None = None, implied: bool = False) -> ClueModel:
    """The clue model of ``board``: its rules, and each of its clues (then each of
    ``extra``, clues a fix may add) guarded by a selector of its own; built under
    ``deadline`` and the memory budget (:func:`cpsolve.limits.building`: a
    :class:`~cpsolve.limits.TimeUp` when the limit passes first). With ``implied``, in a
    family whose clues only narrow the answers (``monotone``), what follows from the
    board's clues too (:attr:`Hints.implied`): for questions asked with every clue on
    (is the board unique, where do its answers differ), not for those that weigh
    clues against each other (grades, conflicts, redundant clues), whose answers it
    would change."""
    with building(deadline or Deadline(None), "the clues' model"):
        model = hints.rules(board)
        clues = [*hints.clues(board), *extra]
        first = model.nvars + 1
        selectors = list(range(first, first + len(clues)))
        groups, top = guarded_clauses(hints, board, clues, selectors,
                                      model.nvars + len(clues))
        if implied and hints.implied is not None and hints.monotone:
            # One variable, true while the board's clues are all on and a fix's off,
            # switches what follows from them.
            own = len(clues) - len(extra)
            top += 1
            groups.append([[top, *(-s for s in selectors[:own]), *selectors[own:]]])
            following, top = hints.implied(board, [-top], top)
            groups.extend(following)
        for group in groups:
            model.add(group)
    model.nvars = max(top, model.nvars + len(clues))
    return ClueModel(model, clues, selectors)


def cells_of(show: Callable[[Any, Any], str], decode: Callable[[tuple[bool, ...]], Any],
              board: Any, values: tuple[bool, ...], indices: Iterable[int]) -> set[Cell]:
    """The cells whose text changes when the projection variables ``indices`` of
    ``values`` are flipped: the cells those variables speak about (a light, a shaded
    cell, the ends of a loop's edge), read off the family's own text of the answer."""
    from cpsolve.grid.text import differing_cells

    flipped = list(values)
    for index in indices:
        flipped[index] = not flipped[index]
    return differing_cells(show(board, decode(values)), show(board, decode(tuple(flipped))))
