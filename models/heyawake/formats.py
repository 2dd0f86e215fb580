"""Reading and writing Heyawake boards: grid text and puzz.link URLs; answers.

Grid text (:func:`parse_grid`), as published data sets write it: a first line ``ROWS
COLS``, then ROWS rows of number tokens (``-`` or ``.`` for none, ``?`` for a number not
given, at one cell of its room), then ROWS rows of room names (any token; a room is the
cells of one name, and must be connected). The compact form drops the size line and
writes one character a cell: a block of numbers, a blank line, a block of room names.

puzz.link (:func:`parse_url`): ``https://puzz.link/p?heyawake/COLS/ROWS/BODY``, the room
borders then the rooms' numbers, as the site's editor encodes them.

:func:`parse` detects the form. Every error is an InputError naming line and column.
"""

from __future__ import annotations

from collections.abc import Sequence

from cpsolve.grid import forms, rooms
from cpsolve.grid import text as gridtext
from cpsolve.grid.geometry import Grid
from cpsolve.models.heyawake.board import Board, Shading

URL_KINDS = {"heyawake": "Heyawake", "heyawacky": "Heyawake"}
SHADED, UNSHADED = set("#xX1*"), set(".-+0_")


def parse(text: str) -> Board:
    """Read a board in any supported form: grid text, a puzz.link URL (or a mirror's,
    see :mod:`cpsolve.grid.forms`), a janko.at or pzprjs file.

    >>> parse("https://puzz.link/p?heyawake/6/6/lll155007rs12222j").rooms
    8
    >>> b = parse("2 3\\n2 - 1\\n- - -\\na a b\\na a b\\n")
    >>> b.numbers, b.room_cells
    ((2, 1), ((0, 1, 3, 4), (2, 5)))
    >>> parse("pzprv3\\nheyawake\\n2\\n3\\n2\\n0 0 1\\n0 0 1\\n2 . 1\\n. . .\\n").numbers
    (2, 1)
    """
    return FORMS.parse(text)


def parse_grid(text: str) -> Board:
    """Read grid text (see the module docstring)."""
    return ROOMS.parse_grid(text)


def clue_cells(grid: Grid, room: Sequence[int]) -> tuple[int, ...]:
    """Where each room's number is written when the input does not say: the top cell
    of its leftmost column, as the site writes it."""
    return rooms.clue_cells(grid, room)


def parse_url(url: str) -> Board:
    """Read a puzz.link / pzv.jp Heyawake URL (room borders, then the rooms' numbers in
    the order of their first cells; what follows the last room's number is ignored, as
    on the site).

    >>> b = parse_url("https://puzz.link/p?heyawake/6/6/lll155007rs12222j")
    >>> b.numbers
    (2, 2, 2, 2, None, None, None, None)
    """
    return ROOMS.parse_url(url)


def to_url(board: Board) -> str:
    """The puzz.link URL of ``board``.

    >>> url = "https://puzz.link/p?heyawake/6/6/lll155007rs12222j"
    >>> to_url(parse_url(url)) == url
    True
    """
    return ROOMS.to_url(board)


def to_text(board: Board) -> str:
    """The board as grid text (the sized form), rooms named a, b, ..., z, A, ...

    >>> print(to_text(parse("2 3\\n2 - 1\\n- - -\\na a b\\na a b\\n")))
    2 3
    2 - 1
    - - -
    a a b
    a a b
    """
    return rooms.to_text(board)


def to_rows(board: Board, shading: Shading) -> list[str]:
    """An answer as rows of ``#`` (shaded) and ``.``."""
    return gridtext.marked_rows(board.rows, board.cols, shading, "#")


def show(board: Board, shading: Shading) -> str:
    """An answer as text: rows of ``#`` (shaded) and ``.``."""
    return "\n".join(to_rows(board, shading))


def read_answer(text: str, board: Board) -> tuple[Shading, list[str]]:
    """An answer (rows of ``#`` shaded and ``.`` unshaded; ``x``, ``1`` and ``-``,
    ``+``, ``0`` are read too) for ``board``; no cell of it disagrees with the board
    (an answer only shades), so the list of differences is empty."""
    return gridtext.read_marked(text, board.rows, board.cols, SHADED, UNSHADED,
                                "'#' (shaded)"), []


def _is_answer(text: str) -> bool:
    return gridtext.looks_marked(text, SHADED, UNSHADED)


ROOMS: rooms.RoomForms[Board] = rooms.RoomForms(Board, "heyawake", URL_KINDS, answer=_is_answer)
FORMS: forms.Forms[Board] = ROOMS.forms()
