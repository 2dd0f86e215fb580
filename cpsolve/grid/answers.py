"""Answer kinds that several genres share, as text: how an answer is written (for
the command's output and JSON rows) and read back (``--check``).

* :class:`Marks`: a set of cells, written as rows with a mark (``#`` shaded, ``*`` a
  star) and ``.`` elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cpsolve.grid import text as gridtext


@dataclass(frozen=True)
class Marks:
    """An answer that is a set of cells (``frozenset`` of cell numbers), written as
    rows of ``mark`` and ``.``; read with any character of ``on`` for a marked cell and
    of ``off`` for another (``what`` names the mark in messages). ``clash(board,
    answer)`` lists where a read answer contradicts the board (a numbered cell
    shaded), as located messages.

    >>> from cpsolve.grid.boards import NumberGrid
    >>> board = NumberGrid(2, 2, (None,) * 4)
    >>> SHADED.rows(board, frozenset({0, 3}))
    ['#.', '.#']
    >>> SHADED.read("#.\\n.x", board)
    (frozenset({0, 3}), [])
    """

    mark: str = "#"
    on: str = "#xX*"
    off: str = ".-+_"
    what: str = "'#' (shaded)"
    clash: Callable[[Any, frozenset[int]], list[str]] | None = None

    def rows(self, board: Any, answer: frozenset[int]) -> list[str]:
        return gridtext.marked_rows(board.rows, board.cols, answer, self.mark)

    def show(self, board: Any, answer: frozenset[int]) -> str:
        return "\n".join(self.rows(board, answer))

    def read(self, text: str, board: Any) -> tuple[frozenset[int], list[str]]:
        marked = gridtext.read_marked(text, board.rows, board.cols, set(self.on),
                                      set(self.off), self.what)
        return marked, ([] if self.clash is None else self.clash(board, marked))

    def looks(self, text: str) -> bool:
        """Whether ``text`` reads as such an answer rather than a board."""
        return gridtext.looks_marked(text, set(self.on), set(self.off))


SHADED = Marks()


__all__ = ["SHADED", "Marks"]
