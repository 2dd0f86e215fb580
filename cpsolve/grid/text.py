"""Grids of tokens in text, as puzzle files write them, read with every token's place.

Two forms, detected per grid:

* sized: a first line ``ROWS COLS``, then blocks of ROWS rows of whitespace-separated
  tokens (the published data sets' form; a row of COLS single characters written
  without spaces is read too);
* compact: rows of one character a cell, without a size line (as janko.at and many
  hand-written files), blocks separated by blank lines.

Lines starting with ``%`` are comments. Every error is a located
:class:`~cpsolve.errors.InputError` (a ragged row names the row and where it breaks).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from cpsolve.errors import InputError

MAX_CELLS = 1_000_000
SIZE_RE = re.compile(r"^\s*(\d+)\s+(\d+)\s*$")


@dataclass(frozen=True)
class Token:
    """One cell's text and where it stands (1-based line and column)."""

    text: str
    line: int
    column: int

    def error(self, message: str) -> InputError:
        return InputError(message, line=self.line, column=self.column)


Grid = list[list[Token]]


def _lines(text: str) -> list[tuple[int, str]]:
    """Lines with their numbers, comments dropped, trailing space cut."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("%"):
            continue
        out.append((number, line.rstrip()))
    return out


def content(text: str) -> list[tuple[int, str]]:
    """The lines that say something (not blank, not a ``%`` comment), with their
    1-based numbers.

    >>> content("% a board\\n\\n1.\\n")
    [(3, '1.')]
    """
    return [(number, line) for number, line in _lines(text) if line.strip()]


def _tokens(number: int, line: str) -> list[Token]:
    return [Token(m.group(), number, m.start() + 1) for m in re.finditer(r"\S+", line)]


def _chars(number: int, line: str) -> list[Token]:
    start = len(line) - len(line.lstrip())
    return [Token(ch, number, start + k + 1) for k, ch in enumerate(line.strip())]


def read(text: str, blocks: int, *, names: tuple[str, ...] = (),
         words: bool = False) -> tuple[int, int, list[Grid]]:
    """``blocks`` grids of the same size, sized or compact; returns rows, columns and
    the grids. ``names`` name the blocks in messages (``clues``, ``rooms``). With
    ``words``, rows without a size line are whitespace-separated tokens of any length
    (a loop's ``se ew sw``), not characters.

    >>> rows, cols, grids = read("2 3\\n1 - -\\n- - 2\\na a b\\na c b\\n", 2)
    >>> rows, cols, [[t.text for t in row] for row in grids[1]]
    (2, 3, [['a', 'a', 'b'], ['a', 'c', 'b']])
    >>> read("ab\\nab\\n\\n1.\\n.2\\n", 2)[2][1][1][1].text
    '2'
    >>> read("2 2\\n1 2\\n3\\n", 1)
    Traceback (most recent call last):
    ...
    cpsolve.errors.InputError: 3:2: row has 1 cell, the board has 2 columns
    """
    names = names or tuple(f"grid {k + 1}" for k in range(blocks))
    lines = _lines(text)
    said = content(text)
    if not said:
        raise InputError("empty board", line=1, column=1)
    first_number, first = said[0]
    size = SIZE_RE.match(first)
    if size:
        if max(len(size.group(k).lstrip("0")) for k in (1, 2)) > len(str(MAX_CELLS)):
            # read no more digits than a board can have (nor Python's 4,300)
            raise InputError(f"the size is too large (at most {MAX_CELLS:,} cells)",
                             line=first_number, column=1)
        rows, cols = int(size.group(1)), int(size.group(2))
        if rows < 1 or cols < 1:
            raise InputError(f"a board of {rows}x{cols} has no cell", line=first_number,
                             column=1)
        if rows * cols > MAX_CELLS:
            raise InputError(f"{rows}x{cols} is too large (at most {MAX_CELLS:,} cells)",
                             line=first_number, column=1)
        body = said[1:]
        grids = []
        for k in range(blocks):
            chunk = body[k * rows:(k + 1) * rows]
            if len(chunk) < rows:
                at = (chunk[-1][0] + 1) if chunk else (body[-1][0] + 1 if body else
                                                       first_number + 1)
                raise InputError(f"the {names[k]} end after {len(chunk)} of {rows} rows",
                                 line=at, column=1)
            grids.append([_row(number, line, cols) for number, line in chunk])
        if len(body) > blocks * rows:
            number, line = body[blocks * rows]
            raise InputError(f"more rows than the {rows}x{cols} board has", line=number,
                             column=len(line) - len(line.lstrip()) + 1)
        return rows, cols, grids
    # Compact: blocks of character rows separated by blank lines.
    chunks: list[list[tuple[int, str]]] = [[]]
    for number, line in lines:
        if line.strip():
            chunks[-1].append((number, line))
        elif chunks[-1]:
            chunks.append([])
    chunks = [chunk for chunk in chunks if chunk]
    if len(chunks) != blocks:
        number = chunks[min(len(chunks), blocks) - 1][-1][0] if chunks else 1
        raise InputError(f"expected {blocks} block{'s' if blocks != 1 else ''} of rows "
                         f"({', '.join(names)}) separated by blank lines, or a first line "
                         f"ROWS COLS; found {len(chunks)}", line=number, column=1)
    grids = []
    for chunk in chunks:
        grid = [_tokens(number, line) if words else _compact(number, line)
                for number, line in chunk]
        grids.append(grid)
    rows, cols = len(grids[0]), len(grids[0][0])
    if rows * cols > MAX_CELLS:
        raise InputError(f"{rows}x{cols} is too large (at most {MAX_CELLS:,} cells)",
                         line=first_number, column=1)
    for k, grid in enumerate(grids):
        if len(grid) != rows:
            raise InputError(f"the {names[k]} have {len(grid)} rows, the {names[0]} {rows}",
                             line=grid[-1][0].line, column=1)
        for row in grid:
            _width(row, cols, f"the first row has {cols}")
    return rows, cols, grids


def _compact(number: int, line: str) -> list[Token]:
    """A compact row: one character a cell, or whitespace-separated single characters."""
    tokens = _tokens(number, line)
    if len(tokens) > 1 and all(len(t.text) == 1 for t in tokens):
        return tokens
    return _chars(number, line)


def _row(number: int, line: str, cols: int) -> list[Token]:
    tokens = _tokens(number, line)
    if len(tokens) == 1 and cols > 1 and len(tokens[0].text) == cols:
        tokens = _chars(number, line)  # COLS characters written without spaces
    _width(tokens, cols, f"the board has {cols} columns")
    return tokens


def _width(row: list[Token], cols: int, expected: str) -> None:
    if len(row) == cols:
        return
    what = f"row has {len(row)} cell{'s' if len(row) != 1 else ''}, {expected}"
    if len(row) > cols:
        raise row[cols].error(what)
    last = row[-1]
    raise InputError(what, line=last.line, column=last.column + len(last.text))


def answer_cells(text: str) -> list[list[str]]:
    """An answer written as text, cell by cell: rows of whitespace-separated tokens
    (a loop's ``se ew``) where a row has spaces, else one character a cell.

    >>> answer_cells("#.#\\n..#"), answer_cells("se sw\\nne nw")
    ([['#', '.', '#'], ['.', '.', '#']], [['se', 'sw'], ['ne', 'nw']])
    """
    rows = [line for line in text.splitlines() if line.strip()]
    spaced = any(" " in line.strip() for line in rows)
    return [line.split() if spaced else list(line) for line in rows]


def differing_cells(first: str, second: str) -> set[tuple[int, int]]:
    """The cells (0-based row and column) where two answers of one board, as text,
    differ.

    >>> sorted(differing_cells("#.\\n..", ".#\\n.."))
    [(0, 0), (0, 1)]
    """
    a, b = answer_cells(first), answer_cells(second)
    return {(r, c) for r, (row_a, row_b) in enumerate(zip(a, b))
            for c, (x, y) in enumerate(zip(row_a, row_b)) if x != y}


def marked(text: str, cells: set[tuple[int, int]], mark: str = "?") -> str:
    """An answer as text with ``cells`` written as ``mark``, tokens kept aligned.

    >>> print(marked("#.#\\n..#", {(0, 1), (1, 2)}))
    #?#
    ..?
    >>> print(marked("se ew sw\\nne ew nw", {(0, 1)}))
    se ?  sw
    ne ew nw
    """
    rows = answer_cells(text)
    spaced = any(len(token) > 1 for row in rows for token in row) or any(
        " " in line.strip() for line in text.splitlines())
    for r, c in cells:
        rows[r][c] = mark
    if not spaced:
        return "\n".join("".join(row) for row in rows)
    width = max(len(token) for row in rows for token in row)
    return "\n".join(" ".join(token.ljust(width) for token in row).rstrip() for row in rows)


def marked_rows(rows: int, cols: int, marked: Collection[int], mark: str = "#") -> list[str]:
    """An answer that marks cells (shaded, starred) as rows of ``mark`` and ``.``.

    >>> marked_rows(2, 3, {0, 4})
    ['#..', '.#.']
    """
    return ["".join(mark if r * cols + c in marked else "." for c in range(cols))
            for r in range(rows)]


def read_marked(text: str, rows: int, cols: int, on: Collection[str], off: Collection[str],
                what: str) -> frozenset[int]:
    """The cells an answer marks (tokens in ``on``; those in ``off`` are not marked), for
    a board of ``rows`` x ``cols``; a located error for another size or token (``what``
    names the mark: ``'#' (shaded)``).

    >>> sorted(read_marked("#.\\n.#\\n", 2, 2, {"#"}, {"."}, "'#' (shaded)"))
    [0, 3]
    """
    found_rows, found_cols, (grid,) = read(text, 1, names=("answer",))
    if (found_rows, found_cols) != (rows, cols):
        raise InputError(f"the answer is {found_rows}x{found_cols}, the board {rows}x{cols}",
                         line=grid[0][0].line, column=1)
    marked = set()
    for cell, token in enumerate(t for row in grid for t in row):
        if token.text in on:
            marked.add(cell)
        elif token.text not in off:
            raise token.error(f"a cell of an answer is {what} or '.', not {token.text!r}")
    return frozenset(marked)


def looks_marked(text: str, on: Collection[str], off: Collection[str]) -> bool:
    """Whether ``text`` reads as an answer of marked cells (every token a mark or not,
    and some mark that is not a digit): a board reader that refused it can say to give
    it with ``--check``."""
    _, _, (grid,) = read(text, 1, names=("answer",))
    tokens = {t.text for row in grid for t in row}
    return tokens <= set(on) | set(off) and any(not t.isdigit() for t in tokens & set(on))


UNKNOWN_NUMBER = -2  # a cell numbered "?" (puzz.link's "."), in every family that has one


def read_numbers(text: str, *, least: int = 0, why: str = "", most: int | None = None,
                 unknown: str | None = None) -> tuple[int, int, list[int | None]]:
    """A grid of numbers (one grid, sized or compact): a number from ``least`` (``why``
    says why no less) up to ``most`` (when given), ``-`` or ``.`` for none, ``?`` for
    a number not given (:data:`UNKNOWN_NUMBER`; refused, ``unknown`` saying why, when
    given); rows, columns and the numbers cell by cell, every error located.

    >>> read_numbers("2 2\\n1 -\\n? 12\\n")
    (2, 2, [1, None, -2, 12])
    >>> read_numbers("1 2\\n1 ?", unknown="no '?'")
    Traceback (most recent call last):
    ...
    cpsolve.errors.InputError: 2:3: no '?'
    """
    rows, cols, (grid,) = read(text, 1, names=("numbers",))
    return rows, cols, numbers_of(grid, least=least, why=why, most=most, unknown=unknown)


def numbers_of(grid: Grid, *, least: int = 0, why: str = "", most: int | None = None,
               unknown: str | None = None) -> list[int | None]:
    """The numbers of a grid of tokens, cell by cell, as :func:`read_numbers` reads
    them (wherever the tokens were read: grid text, a pzprjs file), every error at its
    token."""
    numbers: list[int | None] = []
    for token in (t for row in grid for t in row):
        if token.text in ("-", "."):
            numbers.append(None)
        elif token.text == "?":
            if unknown is not None:
                raise token.error(unknown)
            numbers.append(UNKNOWN_NUMBER)
        elif token.text.isascii() and token.text.isdigit():
            if len(token.text.lstrip("0")) > len(str(MAX_CELLS)) or int(token.text) > MAX_CELLS:
                raise token.error(f"a number above {MAX_CELLS:,}, more than any board has "
                                  "cells")
            if most is not None and int(token.text) > most:
                raise token.error(f"a number up to {most:,}, not {token.text}")
            if int(token.text) < least:
                raise token.error(why or f"a number from {least}")
            numbers.append(int(token.text))
        else:
            held = "a number or '-'" if unknown is not None else "a number, '?' or '-'"
            raise token.error(f"a cell holds {held} for none, not {token.text!r}")
    return numbers


def numbers_text(rows: int, cols: int, numbers: Sequence[int | None]) -> str:
    """A grid of numbers as :func:`read_numbers` reads it, the sized form.

    >>> print(numbers_text(2, 2, [1, None, -2, 12]))
    2 2
     1  -
     ? 12
    """
    tokens = ["-" if n is None else "?" if n == UNKNOWN_NUMBER else str(n) for n in numbers]
    width = max(len(token) for token in tokens)
    lines = [f"{rows} {cols}"]
    for r in range(rows):
        lines.append(" ".join(token.rjust(width) for token in
                              tokens[r * cols:(r + 1) * cols]).rstrip())
    return "\n".join(lines)
