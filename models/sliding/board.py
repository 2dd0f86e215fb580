"""Sliding-tile boards: walls, one blank, tiles with labels that may repeat.

A :class:`Board` is ``width`` x ``height`` cells in row-major order; each cell is
:data:`WALL`, :data:`BLANK` or a tile label (any other string). A :class:`Puzzle`
is a start and a goal with the same walls and the same multiset of labels. Moves
name the direction the blank moves: ``U``, ``D``, ``L``, ``R`` (DevQuiz 2011).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

WALL = "="
BLANK = "0"
MOVES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}


def direction(width: int, cell: int, target: int) -> str:
    """The move that takes the blank from ``cell`` to the neighbouring ``target``.

    >>> direction(3, 4, 1), direction(3, 4, 5)
    ('U', 'R')
    """
    step = (target // width - cell // width, target % width - cell % width)
    return next(move for move, delta in MOVES.items() if delta == step)


def path_moves(width: int, path: list[int]) -> str:
    """The moves of a blank that visits the cells of ``path`` in turn."""
    return "".join(direction(width, c, d) for c, d in zip(path, path[1:]))


@dataclass(frozen=True)
class Board:
    """One arrangement of a sliding puzzle; ``cells`` row-major."""

    width: int
    height: int
    cells: tuple[str, ...]

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1 or len(self.cells) != self.width * self.height:
            raise ValueError("cells must fill width x height")
        if self.cells.count(BLANK) != 1:
            raise ValueError("a board has exactly one blank")

    @cached_property
    def blank(self) -> int:
        return self.cells.index(BLANK)

    @cached_property
    def walls(self) -> frozenset[int]:
        return frozenset(i for i, cell in enumerate(self.cells) if cell == WALL)

    @cached_property
    def labels(self) -> Counter[str]:
        """The multiset of tile labels (blank and walls excluded)."""
        return Counter(cell for cell in self.cells if cell not in (WALL, BLANK))

    def neighbour(self, cell: int, move: str) -> int | None:
        """The cell the blank reaches from ``cell`` by ``move``; ``None`` off the board."""
        dr, dc = MOVES[move]
        r, c = divmod(cell, self.width)
        r, c = r + dr, c + dc
        if 0 <= r < self.height and 0 <= c < self.width:
            return r * self.width + c
        return None

    def apply(self, move: str) -> Board:
        """The board after the blank moves by ``move`` (a ValueError if it cannot)."""
        target = self.neighbour(self.blank, move)
        if target is None or self.cells[target] == WALL:
            raise ValueError(f"blank cannot move {move}")
        cells = list(self.cells)
        cells[self.blank], cells[target] = cells[target], BLANK
        return Board(self.width, self.height, tuple(cells))

    def rows(self) -> list[list[str]]:
        return [list(self.cells[r * self.width:(r + 1) * self.width])
                for r in range(self.height)]

    def text(self) -> str:
        """Grid text, columns aligned; the blank as ``.``, walls as ``#``.

        >>> print(Board(2, 2, ("1", "10", "=", "0")).text())
         1 10
         #  .
        """
        shown = ["#" if c == WALL else "." if c == BLANK else c for c in self.cells]
        size = max(len(s) for s in shown)
        return "\n".join(" ".join(s.rjust(size) for s in shown[r * self.width:
                                                               (r + 1) * self.width])
                         for r in range(self.height))

    def devquiz(self) -> str | None:
        """The DevQuiz line ``W,H,cells`` when every label is one character."""
        if any(len(label) != 1 for label in self.labels):
            return None
        return f"{self.width},{self.height}," + "".join(self.cells)


@dataclass(frozen=True)
class Puzzle:
    """A start and a goal of the same shape, walls and labels."""

    start: Board
    goal: Board

    @property
    def width(self) -> int:
        return self.start.width

    @property
    def height(self) -> int:
        return self.start.height

    @cached_property
    def distinct(self) -> bool:
        """Whether every tile label occurs once."""
        return all(count == 1 for count in self.start.labels.values())
