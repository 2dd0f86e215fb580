"""Reading and writing Fillomino boards: grid text and puzz.link URLs; answers.

Grid text (:func:`parse_grid`): a first line ``ROWS COLS``, then ROWS rows of tokens, a
number from 1, ``-`` (or ``.``) for an empty cell, ``?`` for a given cell whose number
is not told; or rows of digits and ``.``, one character a cell.

puzz.link (:func:`parse_url`): ``https://puzz.link/p?fillomino/COLS/ROWS/BODY``, the
numbers as the site's editor encodes them. The site's variant with borders drawn in
the board (after the numbers) is refused: its areas are cut by those borders too.

An answer is the number of every cell: rows of space-separated numbers (or of digits,
one a cell, when every number is below 10).

:func:`parse` detects the form. Every error is an InputError naming line and column.
"""

from __future__ import annotations

import re

from cpsolve.errors import InputError
from cpsolve.grid import forms, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.geometry import Broken
from cpsolve.models.fillomino.board import UNKNOWN, Board, Filling

URL_KINDS = {"fillomino": "Fillomino"}


def parse(text: str) -> Board:
    """Read a board in any supported form: grid text or a puzz.link URL (or a
    mirror's, see :mod:`cpsolve.grid.forms`).

    >>> parse("https://puzz.link/p?fillomino/5/5/g1k34g2h5h4n").numbers[:8]
    (None, 1, None, None, None, None, None, 3)
    >>> parse("2 2\\n1 -\\n? 3\\n").numbers
    (1, None, -2, 3)
    """
    return FORMS.parse(text)


def parse_grid(text: str) -> Board:
    """Read grid text (see the module docstring)."""
    rows, cols, numbers = gridtext.read_numbers(
        text, least=1, why="an area has at least one cell: a number from 1")
    return Board(rows, cols, tuple(numbers))


def parse_url(url: str) -> Board:
    """Read a puzz.link / pzv.jp Fillomino URL.

    >>> parse_url("https://puzz.link/p?fillomino/7/3/159u159").numbers[:3]
    (1, 5, 9)
    """
    link = puzzlink.split(url, URL_KINDS, max_cells=gridtext.MAX_CELLS)
    decoded, end = puzzlink.decode_numbers(link, 0, link.cells, short=True)
    numbers = [UNKNOWN if n == -2 else n for n in decoded]
    for cell, number in enumerate(numbers):
        if number is not None and number == 0:
            raise link.error(f"a 0 at cell {cell + 1}: an area has at least one cell", 0)
    if end < len(link.body):
        borders = puzzlink.Link(link.kind, link.cols, link.rows, link.body[end:],
                                link.offset + end)
        vertical, horizontal, _ = puzzlink.decode_borders(borders)
        if any(any(row) for row in (*vertical, *horizontal)):
            raise link.error("borders drawn in the board (a variant of the site's) are "
                             "not read: only numbers", end)
    return Board(link.rows, link.cols, tuple(numbers))


def to_url(board: Board) -> str:
    """The puzz.link URL of ``board``.

    >>> url = "https://puzz.link/p?fillomino/5/5/g1k34g2h5h4n"
    >>> to_url(parse_url(url)) == url
    True
    """
    numbers = [-2 if n == UNKNOWN else n for n in board.numbers]
    return puzzlink.url("fillomino", board.cols, board.rows,
                        puzzlink.encode_numbers(numbers))


def to_text(board: Board) -> str:
    """The board as grid text (the sized form).

    >>> print(to_text(parse("2 2\\n1 -\\n? 12\\n")))
    2 2
     1  -
     ? 12
    """
    return gridtext.numbers_text(board.rows, board.cols, board.numbers)


def to_rows(board: Board, filling: Filling) -> list[str]:
    """An answer as rows of numbers, each right-aligned to the widest."""
    width = max(len(str(n)) for n in filling)
    return [" ".join(str(n).rjust(width) for n in filling[start:start + board.cols])
            for start in range(0, board.cells, board.cols)]


def show(board: Board, filling: Filling) -> str:
    """An answer as text: rows of numbers."""
    return "\n".join(to_rows(board, filling))


def read_answer(text: str, board: Board) -> tuple[Filling, list[str]]:
    """An answer (rows of space-separated numbers, or of digits one a cell) for
    ``board``, and the given numbers it writes otherwise."""
    said = gridtext.content(text)
    if not said:
        raise InputError("empty answer", line=1, column=1)
    spaced = any(" " in line.strip() for _, line in said)
    if len(said) == board.rows + 1 and gridtext.SIZE_RE.match(said[0][1]):
        said = said[1:]  # a sized answer: its size line
    if len(said) != board.rows:
        raise InputError(f"the answer has {len(said)} rows, the board {board.rows}",
                         line=said[-1][0], column=1)
    filling: list[int] = []
    for number, line in said:
        tokens = ([(m.start() + 1, m.group()) for m in re.finditer(r"\S+", line)]
                  if spaced else [(k + 1, ch) for k, ch in enumerate(line) if ch.strip()])
        if len(tokens) != board.cols:
            raise InputError(f"a row of the answer has {len(tokens)} cells, the board "
                             f"{board.cols} columns", line=number, column=1)
        for column, token in tokens:
            if not (token.isascii() and token.isdigit()) or len(token) > 7 or int(token) < 1:
                raise InputError(f"a cell of an answer is a number from 1, not {token!r}",
                                 line=number, column=column)
            filling.append(int(token))
    clash: list[str] = [Broken(f"the given {given} at {board.grid.where(cell)} is written "
                               f"{filling[cell]}", board.grid.rc(cell))
                        for cell, given in enumerate(board.numbers)
                        if given is not None and given > 0 and given != filling[cell]]
    return tuple(filling), clash


FORMS: forms.Forms[Board] = forms.Forms(kinds=URL_KINDS, url=parse_url, grid=parse_grid)
