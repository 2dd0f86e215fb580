"""Rotation puzzles: labels on a grid, squares of cells that turn.

A square is a cycle of cells listed clockwise; turning it clockwise (``A+``) moves the
label of each cell to the next cell of the cycle, counter-clockwise (``A-``) to the
previous one. By default every 2x2 block of the grid is a square, named A, B, C, ...
row-major (the seed puzzle's A, B, C, D on 3x3). Any cycles of cells fit, so other
permutation puzzles are the same model. Labels may repeat.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from cpsolve.labels import natural_key

MOVE = re.compile(r"([A-Z]+)(\+|-|:R|:L)")


def square_name(index: int) -> str:
    """A, B, ..., Z, AA, AB, ...: the names of squares in order.

    >>> [square_name(i) for i in (0, 3, 25, 26, 27)]
    ['A', 'D', 'Z', 'AA', 'AB']
    """
    name = ""
    index += 1
    while index:
        index, digit = divmod(index - 1, 26)
        name = chr(ord("A") + digit) + name
    return name


@dataclass(frozen=True)
class Square:
    """A named cycle of cells, clockwise."""

    name: str
    cells: tuple[int, ...]


def blocks(width: int, height: int) -> tuple[Square, ...]:
    """Every 2x2 block of a ``width`` x ``height`` grid, row-major, as squares.

    >>> [s.cells for s in blocks(3, 3)]
    [(0, 1, 4, 3), (1, 2, 5, 4), (3, 4, 7, 6), (4, 5, 8, 7)]
    """
    out: list[Square] = []
    for r in range(height - 1):
        for c in range(width - 1):
            top = r * width + c
            out.append(Square(square_name(len(out)),
                              (top, top + 1, top + width + 1, top + width)))
    return tuple(out)


@dataclass(frozen=True)
class Move:
    """Turning square ``square`` (an index) clockwise (``turn`` +1) or counter-clockwise
    (-1)."""

    square: int
    turn: int
    name: str


@dataclass(frozen=True)
class Puzzle:
    """A rotation puzzle: the grid's size, the start and goal labels (row-major) and
    the squares."""

    width: int
    height: int
    start: tuple[str, ...]
    goal: tuple[str, ...]
    squares: tuple[Square, ...]

    @cached_property
    def moves(self) -> tuple[Move, ...]:
        """Every move: each square clockwise, then counter-clockwise (a square of two
        cells has one move, the swap)."""
        out = []
        for k, square in enumerate(self.squares):
            out.append(Move(k, 1, square.name + "+"))
            if len(square.cells) > 2:
                out.append(Move(k, -1, square.name + "-"))
        return tuple(out)

    @cached_property
    def by_name(self) -> dict[str, int]:
        return {move.name: k for k, move in enumerate(self.moves)}

    @cached_property
    def perms(self) -> np.ndarray:
        """Row k: the cell each cell takes its label from after move k."""
        n = self.width * self.height
        out = np.tile(np.arange(n, dtype=np.int64), (len(self.moves), 1))
        for k, move in enumerate(self.moves):
            cycle = self.squares[move.square].cells
            for i, cell in enumerate(cycle):
                after = cycle[(i + 1) % len(cycle)]
                if move.turn > 0:
                    out[k, after] = cell
                else:
                    out[k, cell] = after
        return out

    @cached_property
    def inverse(self) -> np.ndarray:
        """The index of the move undoing each move."""
        out = np.empty(len(self.moves), dtype=np.int64)
        for k, move in enumerate(self.moves):
            turn = -move.turn if len(self.squares[move.square].cells) > 2 else move.turn
            out[k] = next(j for j, m in enumerate(self.moves)
                          if m.square == move.square and m.turn == turn)
        return out

    @cached_property
    def labels(self) -> tuple[str, ...]:
        """The distinct labels, in natural order."""
        return tuple(sorted(set(self.goal), key=natural_key))

    @property
    def distinct(self) -> bool:
        return len(self.labels) == len(self.goal)

    def apply(self, state: tuple[str, ...], move: int) -> tuple[str, ...]:
        """The labels after move number ``move``."""
        return tuple(state[source] for source in self.perms[move])

    def text(self, state: tuple[str, ...]) -> str:
        """The labels as grid text, columns aligned."""
        width = max(len(label) for label in state)
        rows = [" ".join(label.rjust(width) for label in state[r * self.width:(r + 1) * self.width])
                for r in range(self.height)]
        return "\n".join(rows)


def parse_moves(puzzle: Puzzle, text: str) -> tuple[list[int], str | None]:
    """Move numbers from ``A+ B- ...`` (spaces optional; ``A:R``/``A:L``, the seed's
    notation, also read), and the first token that is not a move (None when all are).

    >>> from cpsolve.models.rotation.formats import parse
    >>> parse_moves(parse("1 2\\n3 4"), "A+ A:L")
    ([0, 1], None)
    """
    moves: list[int] = []
    rest = "".join(text.split())
    position = 0
    while position < len(rest):
        found = MOVE.match(rest, position)
        if found is None:
            return moves, rest[position:position + 8]
        name = found.group(1) + {"+": "+", "-": "-", ":R": "+", ":L": "-"}[found.group(2)]
        if name not in puzzle.by_name:
            return moves, found.group(0)
        moves.append(puzzle.by_name[name])
        position = found.end()
    return moves, None
