"""Reading and writing Country Road boards and answers.

Boards are the kit's numbered rooms (:mod:`cpsolve.grid.rooms`): grid text (``ROWS
COLS``, rows of numbers, ``-`` for none, then rows of region names), puzz.link URLs
(``https://puzz.link/p?country/COLS/ROWS/BODY``: the region borders, then the regions'
numbers), janko.at and pzprjs files.

An answer is a token a cell, the directions the loop leaves it by (``ns``, ``ew``,
``ne``, ...), ``-`` where it does not pass: the convention of every loop family.
"""

from __future__ import annotations

from cpsolve.grid import forms, loops, rooms
from cpsolve.models.country.board import Board, Loop

URL_KINDS = {"country": "Country Road", "countryroad": "Country Road"}


def parse(text: str) -> Board:
    """Read a board in any supported form (see the module docstring).

    >>> parse("https://puzz.link/p?country/6/6/2ad8k06f8qgo6i2").rooms
    5
    >>> parse("2 3\\n2 - -\\n- - -\\na a b\\na a b\\n").numbers
    (2, None)
    """
    return FORMS.parse(text)


def to_url(board: Board) -> str:
    """The puzz.link URL of ``board``.

    >>> url = "https://puzz.link/p?country/6/6/2ad8k06f8qgo6i2"
    >>> to_url(parse(url)) == url
    True
    """
    return ROOMS.to_url(board)


def to_text(board: Board) -> str:
    """The board as grid text (the sized form)."""
    return rooms.to_text(board)


def to_rows(board: Board, loop: Loop) -> list[str]:
    """A loop as rows of space-separated tokens, one a cell (as the JSON writes it)."""
    return loops.to_rows(board.grid, loop)


def show(board: Board, loop: Loop) -> str:
    """A loop as text, tokens aligned in columns."""
    return loops.show(board.grid, loop)


def read_answer(text: str, board: Board) -> tuple[Loop, list[str]]:
    """A loop written as tokens (see :func:`to_rows`), and where its tokens disagree."""
    loop, _, problems = loops.read_tokens(text, board.grid)
    return loop, problems


ROOMS: rooms.RoomForms[Board] = rooms.RoomForms(Board, "country", URL_KINDS,
                                                answer=loops.looks_like)
FORMS: forms.Forms[Board] = ROOMS.forms()
