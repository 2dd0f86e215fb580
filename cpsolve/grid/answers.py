"""Answer kinds that several genres share, as text: how an answer is written (for
the command's output and JSON rows) and read back (``--check``).

* :class:`Marks`: a set of cells, written as rows with a mark (``#`` shaded, ``*`` a
  star) and ``.`` elsewhere;
* :class:`Tokens`: a loop (or paths) along a grid's edges, written as a token a node
  naming the directions it leaves the node by (:mod:`cpsolve.grid.loops`);
* :class:`ShadedLoop`: a loop whose cells left out are shaded, clue cells apart.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from cpsolve.grid import text as gridtext


class AnswerKind(Protocol):
    """What a genre's answer kind does (:class:`Marks`, :class:`Tokens`,
    :class:`Numbers`, or a genre's own, such as Shakashaka's triangles): write an answer
    as rows of text, and read one back with where it contradicts the board."""

    def rows(self, board: Any, answer: Any) -> list[str]: ...

    def show(self, board: Any, answer: Any) -> str: ...

    def read(self, text: str, board: Any) -> tuple[Any, list[str]]: ...


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


def numbers_shaded(board: Any, answer: frozenset[int]) -> list[str]:
    """Where a read shading shades a numbered cell (``board.numbers``), for genres
    whose numbers stand in unshaded cells (Nurikabe).

    >>> from cpsolve.grid.boards import NumberGrid
    >>> numbers_shaded(NumberGrid(1, 2, (3, None)), frozenset({0, 1}))
    ['the number at row 1, column 1 is shaded']
    """
    from cpsolve.grid.geometry import Broken

    return [Broken(f"the number at {board.grid.where(cell)} is shaded", board.grid.rc(cell))
            for cell in sorted(answer) if board.numbers[cell] is not None]


SHADED = Marks()
UNSHADED_NUMBERS = Marks(clash=numbers_shaded)  # shaded cells, never a numbered one


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


@dataclass(frozen=True)
class ShadedLoop(Tokens):
    """A loop through cells whose other cells are shaded, but for clue cells, which
    are neither (Yajilin, Koburin): written as :class:`Tokens`, with ``mark`` on a
    shaded cell and a clue cell's own token (``clue(board, cell)``, ``None`` on a cell
    that is no clue cell); read back with ``x`` for shaded too, naming the cells where
    the answer contradicts the board: an open cell neither shaded nor on the loop, a
    clue where the board has none, a clue cell shaded.

    >>> from cpsolve.grid.arrows import Arrow, ArrowGrid
    >>> kind = ShadedLoop(clue=ArrowGrid.token)
    >>> board = ArrowGrid(2, 3, (None,) * 5 + (Arrow(1, "w"),))
    >>> loop = frozenset({(0, 1), (0, 3), (1, 4), (3, 4)})
    >>> kind.rows(board, loop), kind.shaded(board, loop)
    (['se sw #', 'ne nw 1w'], frozenset({2}))
    >>> kind.read("se sw -\\nne nw 1w", board)[1]
    ['the cell at row 1, column 3 is neither shaded nor on the loop']
    """

    clue: Callable[[Any, int], str | None] = lambda board, cell: None
    mark: str = "#"

    def shaded(self, board: Any, answer: frozenset[tuple[int, int]]) -> frozenset[int]:
        """The cells ``answer`` leaves out that are not clue cells."""
        passed = {node for edge in answer for node in edge}
        return frozenset(cell for cell in range(self.grid(board).cells)
                         if cell not in passed and self.clue(board, cell) is None)

    def tokens(self, board: Any, answer: frozenset[tuple[int, int]]) -> list[str]:
        """Each cell's token."""
        from cpsolve.grid import loops

        out = loops.tokens(self.grid(board), answer)
        for cell in self.shaded(board, answer):
            out[cell] = self.mark
        for cell in range(len(out)):
            out[cell] = self.clue(board, cell) or out[cell]
        return out

    def rows(self, board: Any, answer: frozenset[tuple[int, int]]) -> list[str]:
        cells, cols = self.tokens(board, answer), self.grid(board).cols
        return [" ".join(cells[k:k + cols]) for k in range(0, len(cells), cols)]

    def show(self, board: Any, answer: frozenset[tuple[int, int]]) -> str:
        from cpsolve.grid import loops

        return loops.aligned(self.tokens(board, answer), self.grid(board).cols)

    def read(self, text: str, board: Any) -> tuple[frozenset[tuple[int, int]], list[str]]:
        from cpsolve.grid import loops
        from cpsolve.grid.geometry import Broken

        grid = self.grid(board)
        clues = [self.clue(board, cell) for cell in range(grid.cells)]
        given = {token for token in clues if token is not None}
        found, texts, problems = loops.read_tokens(text, grid, what=self.what,
                                                   other=(self.mark, "x", *sorted(given)))
        for cell, written in enumerate(texts):
            where, at = grid.where(cell), grid.rc(cell)
            if clues[cell] is None and written == "-":
                problems.append(Broken(f"the cell at {where} is neither shaded nor on the "
                                       "loop", at))
            elif clues[cell] is None and written in given:
                problems.append(Broken(f"the answer has a clue at {where}, the board has "
                                       "none", at))
            elif clues[cell] is not None and written in (self.mark, "x"):
                problems.append(Broken(f"the clue cell at {where} is shaded", at))
        return found, problems

    def looks(self, text: str) -> bool:
        """Whether ``text`` reads as an answer (a loop's two-letter tokens or the mark)
        rather than a board."""
        from cpsolve.errors import InputError
        from cpsolve.grid import loops

        try:
            _, _, (found,) = gridtext.read(text, 1, names=("answer",), words=True)
        except InputError:
            return False
        said = {t.text.lower() for row in found for t in row}
        return any(t == self.mark or (len(t) == 2 and set(t) <= set(loops.DIRECTIONS)
                                      and len(set(t)) == 2) for t in said)


@dataclass(frozen=True)
class Numbers:
    """An answer that is a number in every cell (a tuple, cell by cell), written as
    rows of numbers right-aligned to the widest, space-separated; read back spaced or
    one digit a cell, after an optional size line, naming the numbers the board gives
    (``given(board)``: a number a cell, ``None`` or below 1 for none) that it writes
    otherwise.

    >>> from cpsolve.grid.boards import NumberGrid
    >>> board = NumberGrid(2, 2, (1, None, None, 10))
    >>> NUMBERS.rows(board, (1, 2, 2, 10))
    [' 1  2', ' 2 10']
    >>> NUMBERS.read("1 2\\n2 3", board)
    ((1, 2, 2, 3), ['the given 10 at row 2, column 2 is written 3'])
    """

    given: Callable[[Any], Any] = lambda board: board.numbers
    compact: bool = False  # rows of digits, unspaced, when every number is one digit

    def rows(self, board: Any, answer: tuple[int, ...]) -> list[str]:
        width = max(len(str(n)) for n in answer)
        gap = "" if self.compact and width == 1 else " "
        return [gap.join(str(n).rjust(width) for n in answer[start:start + board.cols])
                for start in range(0, len(answer), board.cols)]

    def show(self, board: Any, answer: tuple[int, ...]) -> str:
        return "\n".join(self.rows(board, answer))

    def read(self, text: str, board: Any) -> tuple[tuple[int, ...], list[str]]:
        import re

        from cpsolve.errors import InputError
        from cpsolve.grid.geometry import Broken

        said = gridtext.content(text)
        if not said:
            raise InputError("empty answer", line=1, column=1)
        spaced = any(" " in line.strip() for _, line in said)
        if len(said) == board.rows + 1 and gridtext.SIZE_RE.match(said[0][1]):
            said = said[1:]  # a sized answer: its size line
        if len(said) != board.rows:
            raise InputError(f"the answer has {len(said)} rows, the board {board.rows}",
                             line=said[-1][0], column=1)
        numbers: list[int] = []
        for number, line in said:
            tokens = ([(m.start() + 1, m.group()) for m in re.finditer(r"\S+", line)]
                      if spaced else [(k + 1, ch) for k, ch in enumerate(line) if ch.strip()])
            if len(tokens) != board.cols:
                raise InputError(f"a row of the answer has {len(tokens)} cells, the board "
                                 f"{board.cols} columns", line=number, column=1)
            for column, token in tokens:
                if not (token.isascii() and token.isdigit()) or len(token) > 7 \
                        or int(token) < 1:
                    raise InputError(f"a cell of an answer is a number from 1, not {token!r}",
                                     line=number, column=column)
                numbers.append(int(token))
        grid = board.grid
        clash: list[str] = [Broken(f"the given {given} at {grid.where(cell)} is written "
                                   f"{numbers[cell]}", grid.rc(cell))
                            for cell, given in enumerate(self.given(board))
                            if given is not None and given > 0 and given != numbers[cell]]
        return tuple(numbers), clash


NUMBERS = Numbers()


__all__ = ["LOOP", "NUMBERS", "SHADED", "UNSHADED_NUMBERS", "AnswerKind", "Marks", "Numbers",
           "ShadedLoop", "Tokens", "numbers_shaded"]
