"""Reading and writing Nurikabe boards: grid text and puzz.link URLs; answers.

Grid text (:func:`parse_grid`): a first line ``ROWS COLS``, then ROWS rows of tokens,
a number, ``-`` or ``.`` for none, ``?`` for a number not given; or, without the size
line, rows of one character a cell (digits, ``.``, ``?``).

puzz.link (:func:`parse_url`): ``https://puzz.link/p?nurikabe/COLS/ROWS/BODY``, the
numbers cell by cell as the site's editor writes them (``.`` a number not given; a
body that ends early leaves the cells after it empty, as the site reads it).

:func:`parse` detects the form. Every error is an InputError naming line and column.
"""

from __future__ import annotations

from cpsolve.grid import forms, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.geometry import Broken
from cpsolve.models.nurikabe.board import UNKNOWN, Board, Shading

URL_KINDS = {"nurikabe": "Nurikabe"}
SHADED, UNSHADED = set("#xX*"), set(".-+_")


def parse(text: str) -> Board:
    """Read a board in any supported form: grid text or a puzz.link URL (or a
    mirror's, see :mod:`cpsolve.grid.forms`).

    >>> parse("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g").clue_cells
    (1, 7, 17, 23)
    >>> parse("2 2\\n1 -\\n? 12\\n").numbers
    (1, None, -2, 12)
    """
    return FORMS.parse(text)


def parse_grid(text: str) -> Board:
    """Read grid text (see the module docstring)."""
    rows, cols, numbers = gridtext.read_numbers(
        text, least=1, why="an island has at least one cell: a number from 1")
    return Board(rows, cols, tuple(numbers))


def parse_url(url: str) -> Board:
    """Read a puzz.link / pzv.jp Nurikabe URL.

    >>> parse_url("https://puzz.link/p?nurikabe/3/3/1g1i1g1").numbers
    (1, None, 1, None, None, None, 1, None, 1)
    """
    link = puzzlink.split(url, URL_KINDS, max_cells=gridtext.MAX_CELLS)
    decoded, _ = puzzlink.decode_numbers(link, 0, link.cells, short=True)
    numbers = [UNKNOWN if n == -2 else n for n in decoded]
    for cell, number in enumerate(numbers):
        if number is not None and number == 0:
            raise link.error(f"a 0 at cell {cell + 1}: an island has at least one cell", 0)
    return Board(link.rows, link.cols, tuple(numbers))


def to_url(board: Board) -> str:
    """The puzz.link URL of ``board``.

    >>> url = "https://puzz.link/p?nurikabe/10/10/1k4u1j7i3r6y1w-11m3n2"
    >>> to_url(parse_url(url)) == url
    True
    """
    numbers = [-2 if n == UNKNOWN else n for n in board.numbers]
    return puzzlink.url("nurikabe", board.cols, board.rows, puzzlink.encode_numbers(numbers))


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
    """An answer (rows of ``#`` shaded and ``.``; ``x`` and ``-``, ``+`` are read too)
    for ``board``, and the numbers it shades (a numbered cell is never shaded)."""
    shaded = gridtext.read_marked(text, board.rows, board.cols, SHADED, UNSHADED,
                                  "'#' (shaded)")
    clash: list[str] = [Broken(f"the number at {board.grid.where(cell)} is shaded",
                               board.grid.rc(cell))
                        for cell in sorted(shaded) if board.numbers[cell] is not None]
    return shaded, clash


def _is_answer(text: str) -> bool:
    return gridtext.looks_marked(text, SHADED, UNSHADED)


FORMS: forms.Forms[Board] = forms.Forms(kinds=URL_KINDS, url=parse_url, grid=parse_grid,
                                        answer=_is_answer)
