"""Rules that shading genres share, stated on the rule language's model: the shading
itself (a variable per cell, the answer), no two shaded cells side by side (or touching
at a corner, Star Battle's stars: :class:`Untouching`), no block all shaded, and the
unshaded (or shaded) cells connected.

>>> from cpsolve.grid.geometry import Grid
>>> from cpsolve.grid.rules.model import Model
>>> m = Model(Grid(2, 2))
>>> shaded = shading(m)
>>> apart(m, shaded); no_block(m, shaded)
>>> [item.data.tolist() if hasattr(item.data, "tolist") else item.data for item in m.items]
[[[-1, -2], [-1, -3], [-2, -4], [-3, -4]], [[-1, -2, -3, -4]]]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cpsolve.grid.rules.globals import Connected
from cpsolve.grid.rules.model import Layer, Model

if TYPE_CHECKING:
    from cpsolve.grid.geometry import Grid
    from cpsolve.grid.rules.certificate import CertOut
    from cpsolve.grid.rules.cpsat import CpsatOut
    from cpsolve.grid.rules.sat import SatOut


def shading(m: Model, name: str = "shaded") -> Layer:
    """A variable per cell, true where the cell is shaded: the answer (its values
    decode as the set of shaded cells)."""
    layer = m.cells(name)
    m.solution(range(layer.first, layer.first + layer.count))
    return layer


def _grid(m: Model) -> Any:
    if m.grid is None:
        raise ValueError("a shading rule needs the model's grid")
    return m.grid


def apart(m: Model, shaded: Layer, pairs: Sequence[tuple[int, int]] | None = None, *,
          corners: bool = False) -> None:
    """No two shaded cells side by side (of ``pairs``: the grid's neighbours unless
    told); with ``corners``, not even at a corner (:class:`Untouching`)."""
    import numpy as np

    noun = _noun(shaded)
    if corners:
        with m.rule(f"no two {noun} touch, not even at a corner"):
            m.require(Untouching(_grid(m), shaded))
        return
    pairs = _grid(m).pairs if pairs is None else pairs
    if len(pairs):
        with m.rule(f"no two {noun} side by side"):
            m.clauses(-(np.asarray(pairs, dtype=np.int64) + shaded.first))


def _noun(layer: Layer) -> str:
    """What a layer's true cells are, in a rule's name (``shaded cells``, ``stars``)."""
    return "shaded cells" if layer.name == "shaded" else f"{layer.name}s"


def no_block(m: Model, shaded: Layer, value: bool = True) -> None:
    """No 2x2 block of cells all shaded (``value`` ``False``: all unshaded)."""
    import numpy as np

    blocks = _grid(m).blocks
    if blocks:
        lits = np.asarray(blocks, dtype=np.int64) + shaded.first
        said = "shaded" if value else "unshaded"
        with m.rule(f"no 2x2 block all {said}"):
            m.clauses(-lits if value else lits)


def unshaded_connected(m: Model, shaded: Layer, *, apart_too: bool = True) -> None:
    """The unshaded cells are connected. With ``apart_too`` (no two shaded cells side
    by side, stated beside it): of two neighbouring cells one is unshaded, so CP-SAT
    roots the set at the first cell or its first neighbour; and on a board of at least
    2x2, an unshaded cell has an unshaded neighbour (implied: such a board leaves two
    unshaded cells at least), which the solvers get for free."""
    grid = _grid(m)
    first = shaded.first
    roots = ([0, grid.neighbours[0][0]] if grid.cells > 1 else [0]) if apart_too else None
    with m.rule("the unshaded cells are connected"):
        m.require(Connected([-(first + c) for c in range(grid.cells)], grid.neighbours,
                            "unshaded connected", roots=roots, grid=grid, where=grid.where))
    if apart_too and grid.rows >= 2 and grid.cols >= 2:
        with m.implied():
            m.clauses([[first + cell, *(-(first + o) for o in grid.neighbours[cell])]
                       for cell in range(grid.cells)])


def shaded_connected(m: Model, shaded: Layer, roots: Sequence[int] | None = None) -> None:
    """The shaded cells are connected."""
    grid = _grid(m)
    with m.rule("the shaded cells are connected"):
        m.require(Connected([shaded.first + c for c in range(grid.cells)], grid.neighbours,
                            "shaded connected", roots=roots, grid=grid, where=grid.where))


@dataclass
class Untouching:
    """No two cells of ``layer`` (a variable per cell of ``grid``) true where they
    touch, by a side or a corner (a king's move): on SAT and in a certificate a clause
    a touching pair; on CP-SAT at most one true in each 2x2 block, the same rule in a
    quarter of the constraints, as every touching pair lies in a block (a grid one
    cell wide keeps the pairs).

    >>> from cpsolve.grid.geometry import Grid
    >>> m = Model(Grid(2, 2))
    >>> apart(m, shading(m), corners=True)
    >>> m.items[0].data.clauses().tolist()
    [[-1, -2], [-1, -3], [-1, -4], [-2, -3], [-2, -4], [-3, -4]]
    """

    grid: Grid
    layer: Layer

    def clauses(self) -> Any:
        return -(_touching(self.grid) + self.layer.first)

    def sat(self, out: SatOut) -> None:
        out.add(self.clauses())

    def cpsat(self, out: CpsatOut) -> None:
        grid, model = self.grid, out.model
        if grid.rows < 2 or grid.cols < 2:
            for clause in self.clauses().tolist():
                model.add_bool_or(out.bools(clause))
            return
        cell = out.bools(self.layer.vars)
        for block in grid.blocks:
            model.add_at_most_one([cell[c] for c in block])

    def certificate(self, out: CertOut) -> None:
        for clause in self.clauses().tolist():
            out.clause(clause)


@lru_cache(maxsize=16)
def _touching(grid: Grid) -> Any:
    """Every pair of cells that touch, ``a < b``, by ``a`` (an array, kept a grid)."""
    import numpy as np

    pairs = [(a, b) for a, near in enumerate(grid.touching) for b in near if a < b]
    return np.asarray(pairs, dtype=np.int64).reshape(-1, 2)


__all__ = ["Untouching", "apart", "no_block", "shaded_connected", "shading",
           "unshaded_connected"]
