"""Answer kinds that several genres share, as text: how an answer is written (for
the command's output and JSON rows) and read back (``--check``).

* :class:`Marks`: a set of cells, written as rows with a mark (``#`` shaded, ``*`` a
  star) and ``.`` elsewhere;
* :class:`Tokens`: a loop (or paths) along a grid's edges, written as a token a node
  naming the directions it leaves the node by (:mod:`cpsolve.grid.loops`).
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


@dataclass(frozen=True)
class Tokens:
    """An answer that is a set of a grid's edges (``frozenset`` of ``(a, b)``, ``a <
    b``), written as a token a node (``se``, ``ns``, ``-``; see
    :func:`cpsolve.grid.loops.to_rows`). ``grid(board)`` is the grid whose nodes carry
    the tokens (a board's cells unless told: Slitherlink's are its corner points);
    ``ends``: a path's one-letter ends are tokens too (Numberlink).

    >>> from cpsolve.grid.boards import NumberGrid
    >>> board = NumberGrid(2, 2, (None,) * 4)
    >>> LOOP.rows(board, frozenset({(0, 1), (2, 3), (0, 2), (1, 3)}))
    ['se sw', 'ne nw']
    >>> LOOP.read("se sw\\nne nw", board)[0] == frozenset({(0, 1), (2, 3), (0, 2), (1, 3)})
    True
    """

    grid: Callable[[Any], Any] = lambda board: board.grid
    what: str = "loop"
    ends: bool = False

    def rows(self, board: Any, answer: frozenset[tuple[int, int]]) -> list[str]:
        from cpsolve.grid import loops

        return loops.to_rows(self.grid(board), answer)

    def show(self, board: Any, answer: frozenset[tuple[int, int]]) -> str:
        from cpsolve.grid import loops

        return loops.show(self.grid(board), answer)

    def read(self, text: str, board: Any) -> tuple[frozenset[tuple[int, int]], list[str]]:
        from cpsolve.grid import loops

        found, _, problems = loops.read_tokens(text, self.grid(board), what=self.what)
        return found, problems

    def looks(self, text: str) -> bool:
        from cpsolve.grid import loops

        return loops.looks_like(text, ends=self.ends)


LOOP = Tokens()


__all__ = ["LOOP", "SHADED", "Marks", "Tokens"]
