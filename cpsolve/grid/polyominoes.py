"""Polyominoes on a grid: shapes named whatever their turn or reflection, every
placement of a set of them inside a set of cells (LITS's tetrominoes in a region),
and the rule-language statement of pieces chosen among placements (:func:`place`).

A shape is a tuple of (row, column) offsets moved to row 0 and column 0 and sorted
(:func:`normal`); a :class:`Placement` is a shape's cells on a board.

>>> TETROMINOES.name([(5, 5), (5, 6), (6, 6), (6, 7)]), TETROMINOES.name([(0, 0), (0, 1)])
('S', None)
>>> sum(len(found) for found in TETROMINOES.orientations.values())
19
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cpsolve.grid.geometry import Grid
    from cpsolve.grid.rules.certificate import CertOut
    from cpsolve.grid.rules.cpsat import CpsatOut
    from cpsolve.grid.rules.model import Model
    from cpsolve.grid.rules.sat import SatOut

Shape = tuple[tuple[int, int], ...]


def normal(cells: Iterable[tuple[int, int]]) -> Shape:
    """``cells`` moved to row 0 and column 0, sorted."""
    listed = list(cells)
    top = min(r for r, _ in listed)
    left = min(c for _, c in listed)
    return tuple(sorted((r - top, c - left) for r, c in listed))


def images(cells: Iterable[tuple[int, int]]) -> set[Shape]:
    """Every orientation of a shape: its four turns, each also reflected.

    >>> len(images([(0, 0), (0, 1), (0, 2), (0, 3)])), len(images([(0, 0), (1, 0), (1, 1)]))
    (2, 4)
    """
    out = set()
    current = list(cells)
    for _ in range(4):
        current = [(c, -r) for r, c in current]
        out.add(normal(current))
        out.add(normal((r, -c) for r, c in current))
    return out


@dataclass(frozen=True)
class Placement:
    """A piece on the board: its ``shape``'s name and its ``cells``, in reading order."""

    shape: str
    cells: tuple[int, ...]


class Polyominoes:
    """A set of named shapes (one orientation of each, as (row, column) offsets), each
    the same shape whatever its turn or reflection."""

    def __init__(self, shapes: Mapping[str, Sequence[tuple[int, int]]]) -> None:
        self.orientations = {name: sorted(images(cells)) for name, cells in shapes.items()}
        self._named = {found: name for name, every in self.orientations.items()
                       for found in every}

    def name(self, cells: Iterable[tuple[int, int]]) -> str | None:
        """The shape ``cells`` (rows and columns) make, or ``None`` for none of the set."""
        listed = list(cells)
        return self._named.get(normal(listed)) if listed else None

    def placements(self, grid: Grid, cells: Iterable[int], names: Iterable[str] | None = None
                   ) -> list[Placement]:
        """Every placement of the shapes ``names`` (all unless told) whose cells all lie
        among ``cells``: by its first cell in reading order, then shape (in the set's
        order, or ``names``') and orientation.

        >>> from cpsolve.grid.geometry import Grid
        >>> [p.cells for p in TETROMINOES.placements(Grid(2, 4), range(8), "I")]
        [(0, 1, 2, 3), (4, 5, 6, 7)]
        """
        inside = set(cells)
        rows, cols = grid.rows, grid.cols
        shapes = [(name, self.orientations[name]) for name in (names or self.orientations)]
        out = []
        for cell in sorted(inside):
            r, c = divmod(cell, cols)
            for name, every in shapes:
                for orientation in every:
                    r0, c0 = orientation[0]  # the first cell in reading order
                    at = [(r + dr - r0) * cols + c + dc - c0 for dr, dc in orientation
                          if 0 <= r + dr - r0 < rows and 0 <= c + dc - c0 < cols]
                    if len(at) == len(orientation) and all(o in inside for o in at):
                        out.append(Placement(name, tuple(at)))
        return out


# The five tetrominoes (LITS places four of them: O is a 2x2 block).
TETROMINOES = Polyominoes({
    "L": ((0, 0), (1, 0), (2, 0), (2, 1)), "I": ((0, 0), (1, 0), (2, 0), (3, 0)),
    "T": ((0, 0), (0, 1), (0, 2), (1, 1)), "S": ((0, 1), (0, 2), (1, 0), (1, 1)),
    "O": ((0, 0), (0, 1), (1, 0), (1, 1))})


def place(m: Model, cover: Sequence[int], groups: Sequence[Sequence[Placement]],
          cells: Sequence[int], name: str = "placed") -> list[list[int]]:
    """State pieces chosen among placements on ``m``: a variable per placement
    (``name``, keyed by its cells), at most one chosen in each of ``groups`` (pairwise
    for a few, a counter past ten), and each of ``cells`` covered (its literal in
    ``cover``, a layer or a list of its variables, true) exactly when a chosen
    placement covers it (:class:`OneOf`; never where none can). Placements of two
    groups never share a cell (a group is a region's). Returns each group's
    variables; whether a group holds one at all is the genre's to say (LITS: each
    region's clue, :meth:`~cpsolve.grid.rules.model.Model.at_least`).

    >>> from cpsolve.grid.geometry import Grid
    >>> from cpsolve.grid.rules.model import Model
    >>> m = Model(Grid(1, 4))
    >>> shaded = m.cells("shaded")
    >>> place(m, shaded.vars, [TETROMINOES.placements(m.grid, range(4))], range(4))
    [[5]]
    >>> m.items[0].data.clauses()
    [[-1, 5], [-2, 5], [-3, 5], [-4, 5], [-5, 1], [-5, 2], [-5, 3], [-5, 4]]
    """
    every = [p for group in groups for p in group]
    ids = m.layer(name, [p.cells for p in every]).vars
    chosen, at = [], 0
    for group in groups:
        chosen.append(ids[at:at + len(group)])
        at += len(group)
    for mine in chosen:
        m.at_most(1, mine, card="direct")
    covering: dict[int, list[int]] = {}
    for var, p in zip(ids, every):
        for cell in p.cells:
            covering.setdefault(cell, []).append(var)
    m.require(OneOf([cover[c] for c in cells], [covering.get(c, []) for c in cells]))
    return chosen


@dataclass
class OneOf:
    """Each of ``lits`` holds exactly when one of its ``options`` does, of which the
    statement lets at most one hold (a cell and the pieces that can cover it; a
    region's shape and its pieces of that shape). SAT and a certificate take clauses:
    a literal implies one of its options, then each option its literals, option by
    option; CP-SAT a linear equality a literal, ``lit == sum(options)``, whose
    relaxation its search uses too."""

    lits: Sequence[int]
    options: Sequence[Sequence[int]]

    def clauses(self) -> list[list[int]]:
        implied: dict[int, list[int]] = {}  # each option's literals
        for lit, options in zip(self.lits, self.options):
            for o in options:
                implied.setdefault(o, []).append(lit)
        return [[-lit, *options] for lit, options in zip(self.lits, self.options)] + [
            [-o, lit] for o in sorted(implied) for lit in implied[o]]

    def sat(self, out: SatOut) -> None:
        out.add(self.clauses())

    def cpsat(self, out: CpsatOut) -> None:
        var = out.var
        for lit, options in zip(self.lits, self.options):
            out.model.add(var(lit) == sum(var(o) for o in options))

    def certificate(self, out: CertOut) -> None:
        for clause in self.clauses():
            out.clause(clause)


__all__ = ["TETROMINOES", "OneOf", "Placement", "Polyominoes", "Shape", "images", "normal",
           "place"]
