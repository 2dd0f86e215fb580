"""Reading and writing Hitori boards: grid text and puzz.link URLs; answers.

Grid text (:func:`parse_grid`): a first line ``ROWS COLS``, then ROWS rows of tokens,
a number, ``-`` or ``.`` for an empty cell, ``?`` for a number not given; or, without
the size line, rows of one character a cell (digits, ``.``, ``?``).

puzz.link (:func:`parse_url`): ``https://puzz.link/p?hitori/COLS/ROWS/BODY``, a
character a cell as the site's editor writes them: ``0``-``9`` and ``a``-``z`` a number
in base 36, ``-`` and two characters a number from 36 to 1,295, ``@`` (or ``%``) a
number not given, ``.`` an empty cell.

:func:`parse` detects the form. Every error is an InputError naming line and column.
"""

from __future__ import annotations

from cpsolve.errors import UsageError
from cpsolve.grid import forms, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.models.hitori.board import UNKNOWN, Board, Shading

URL_KINDS = {"hitori": "Hitori"}
SHADED, UNSHADED = set("#xX*"), set(".-+_")
BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def parse(text: str) -> Board:
    """Read a board in any supported form: grid text or a puzz.link URL (or a
    mirror's, see :mod:`cpsolve.grid.forms`).

    >>> parse("https://puzz.link/p?hitori/4/4/1114142333214213").numbers[:4]
    (1, 1, 1, 4)
    >>> parse("2 2\\n1 -\\n? 12\\n").numbers
    (1, None, -2, 12)
    """
    return FORMS.parse(text)


def parse_grid(text: str) -> Board:
    """Read grid text (see the module docstring)."""
    rows, cols, numbers = gridtext.read_numbers(text, least=0)
    return Board(rows, cols, tuple(numbers))


def parse_url(url: str) -> Board:
    """Read a puzz.link / pzv.jp Hitori URL.

    >>> parse_url("https://puzz.link/p?hitori/6/5/111.45.2..453.3.1..2....3.3.1.").numbers[:6]
    (1, 1, 1, None, 4, 5)
    """
    link = puzzlink.split(url, URL_KINDS, max_cells=gridtext.MAX_CELLS)
    body = link.body
    numbers: list[int | None] = []
    index = 0
    while len(numbers) < link.cells:
        if index >= len(body):
            raise link.error(f"the body ends after {len(numbers)} of {link.cells} cells",
                             index)
        char = body[index]
        if char in BASE36:
            numbers.append(BASE36.index(char))
        elif char == "-":
            pair = body[index + 1:index + 3]
            if len(pair) < 2 or any(ch not in BASE36 for ch in pair):
                raise link.error("'-' is followed by two base-36 digits", index)
            numbers.append(int(pair, 36))
            index += 2
        elif char in "@%":
            numbers.append(UNKNOWN)
        else:
            numbers.append(None)
        index += 1
    return Board(link.rows, link.cols, tuple(numbers))


def to_url(board: Board) -> str:
    """The puzz.link URL of ``board`` (numbers up to 1,295, as the site writes them).

    >>> to_url(parse("2 2\\n1 -\\n? 40\\n"))
    'https://puzz.link/p?hitori/2/2/1.@-14'
    >>> to_url(parse("1 2\\n1 -\\n"))  # a final '.' is followed by '/', as on the site
    'https://puzz.link/p?hitori/2/1/1./'
    """
    body = []
    for number in board.numbers:
        if number is None:
            body.append(".")
        elif number == UNKNOWN:
            body.append("@")
        elif number < 36:
            body.append(BASE36[number])
        elif number < 36 * 36:
            body.append("-" + BASE36[number // 36] + BASE36[number % 36])
        else:
            raise UsageError(f"a number of {number} has no puzz.link form (at most 1,295)")
    return puzzlink.url("hitori", board.cols, board.rows, "".join(body))


def to_text(board: Board) -> str:
    """The board as grid text (the sized form).

    >>> print(to_text(parse("2 2\\n1 -\\n? 12\\n")))
    2 2
     1  -
     ? 12
    """
    return gridtext.numbers_text(board.rows, board.cols, board.numbers)


def to_rows(board: Board, shading: Shading) -> list[str]:
    """An answer as rows of ``#`` (shaded) and ``.``."""
    return gridtext.marked_rows(board.rows, board.cols, shading, "#")


def show(board: Board, shading: Shading) -> str:
    """An answer as text: rows of ``#`` (shaded) and ``.``."""
    return "\n".join(to_rows(board, shading))


def read_answer(text: str, board: Board) -> tuple[Shading, list[str]]:
    """An answer (rows of ``#`` shaded and ``.`` unshaded; ``x`` and ``-``, ``+`` are
    read too) for ``board``; an answer only shades, so the list of differences is
    empty."""
    return gridtext.read_marked(text, board.rows, board.cols, SHADED, UNSHADED,
                                "'#' (shaded)"), []


def _is_answer(text: str) -> bool:
    return gridtext.looks_marked(text, SHADED, UNSHADED)


FORMS: forms.Forms[Board] = forms.Forms(kinds=URL_KINDS, url=parse_url, grid=parse_grid,
                                        answer=_is_answer)
