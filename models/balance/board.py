"""The Balance Loop board: a grid whose cells may hold a circle, white or black, with
a number in it or none. A circle is held as pzprjs's code for it, the number its URL
writes: 0 a white circle, 1 a black one, ``2n`` a white circle numbered ``n``,
``2n + 1`` a black one; ``None`` a cell without a circle.

Cells are numbered ``r * cols + c``; the loop is a set of edges ``(a, b)``, ``a < b``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cpsolve.grid.boards import NumberGrid
from cpsolve.grid.geometry import Edge

WHITE, BLACK = 0, 1
Loop = frozenset[Edge]  # an answer: the loop's edges
FULL = "the loop passes through every cell"
PLAIN = "the loop need not pass every cell"


def colour(code: int) -> int:
    """WHITE or BLACK."""
    return code % 2


def number(code: int) -> int | None:
    """The number in the circle, ``None`` for none.

    >>> number(0), number(9), colour(9)
    (None, 4, 1)
    """
    return code // 2 if code >= 2 else None


def code(shade: int, value: int | None) -> int:
    """The code of a circle of colour ``shade`` holding ``value`` (``None``: none)."""
    return shade if value is None else 2 * value + shade


def named(code_: int) -> str:
    """A circle as sentences name it: ``white circle 4``, ``black circle``."""
    value = number(code_)
    word = "white" if colour(code_) == WHITE else "black"
    return f"{word} circle" + ("" if value is None else f" {value}")


@dataclass(frozen=True)
class Board(NumberGrid):
    """An immutable Balance Loop board: ``numbers[cell]`` a circle's code (see the
    module) or ``None``, and ``full`` whether the loop passes every cell (pzprjs's
    variant, ``balance/f/``).

    >>> Board(1, 3, (None, 9, 0)).circles
    (1, 2)
    """

    full: bool = False

    @property
    def circles(self) -> tuple[int, ...]:
        return self.clue_cells

    @property
    def rule(self) -> str:
        return FULL if self.full else PLAIN

    def filled(self, full: bool = True) -> Board:
        return self if self.full == full else replace(self, full=full)
