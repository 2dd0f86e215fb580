"""A number per cell over a wide range of numbers, stated on the rule language's
model: the kit's one-hot layer (:class:`~.alldifferent.Candidates`, ``holds[cell,
n]`` "the cell holds ``n``"), every number from 1 to a largest, exactly one a cell,
with "at most one" by a sequential counter on long rows (an area's size in Fillomino
runs to the board's cells, where pairwise clauses would grow as its square). The
layer is the answer, cell by cell and number by number, decoded as a tuple of
numbers. The rule is the kit's one number a cell
(:class:`~cpsolve.grid.rules.alldifferent.OneNumber`), with its counter.

>>> from cpsolve.grid.geometry import Grid
>>> from cpsolve.grid.rules.model import Model
>>> m = Model(Grid(1, 2))
>>> holds = numbers(m, 3)
>>> holds.lits.tolist(), holds[1, 2], m.name(4)
([[1, 2, 3], [4, 5, 6]], 5, 'holds r1c2=1')
>>> decoded((False, True, False, True, False, False), 3), encoded((2, 1), 3)
((2, 1), [False, True, False, True, False, False])
"""

from __future__ import annotations

from collections.abc import Sequence

from cpsolve.grid.rules.alldifferent import Candidates, OneNumber
from cpsolve.grid.rules.model import Model


def numbers(m: Model, largest: int, name: str = "holds") -> Candidates:
    """A number from 1 to ``largest`` in every cell of the model's grid, exactly one a
    cell (the answer): the layer, ``holds[cell, n]`` (``FALSE`` past ``largest``)."""
    if m.grid is None:
        raise ValueError("a number per cell needs the model's grid")
    cell_name = m.grid.name
    layer = Candidates(name, m.grid.cells, range(1, largest + 1), m.nvars + 1,
                       named=lambda key: f"{cell_name(key[0])}={key[1]}")  # type: ignore
    m.adopt(layer)
    m.require(OneNumber(layer.lits, layer.numbers, counter=True))
    m.solution(range(layer.first, layer.first + layer.count))
    return layer


def decoded(values: Sequence[bool], largest: int) -> tuple[int, ...]:
    """The numbers the values of a one-hot answer write, cell by cell (0 where none
    holds)."""
    return tuple(next((n + 1 for n in range(largest) if values[start + n]), 0)
                 for start in range(0, len(values), largest))


def encoded(filling: Sequence[int], largest: int) -> list[bool]:
    """The values of a one-hot answer that writes ``filling``."""
    return [number == n for number in filling for n in range(1, largest + 1)]


__all__ = ["decoded", "encoded", "numbers"]
