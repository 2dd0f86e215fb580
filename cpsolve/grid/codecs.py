"""A genre's board forms declared from the kit's pieces: :class:`Formats` (what the
command reads and writes) and, for grids of numbers, :func:`number_grid` with the
puzz.link bodies pzprjs writes (:data:`NUMBER16`, :data:`BASE36`).

>>> from cpsolve.grid.boards import NumberGrid
>>> f = number_grid(NumberGrid, {"hitori": "Hitori"}, BASE36)
>>> board = f.parse("https://puzz.link/p?hitori/2/2/1.@-14")
>>> board.numbers, f.exports["url"](board)
((1, None, -2, 40), 'https://puzz.link/p?hitori/2/2/1.@-14')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from cpsolve.errors import UsageError
from cpsolve.grid import forms, puzzlink
from cpsolve.grid import text as gridtext

B = TypeVar("B")


@dataclass(frozen=True)
class Formats(Generic[B]):
    """How a genre reads and writes boards: ``forms`` (every form it reads, detected:
    :class:`~cpsolve.grid.forms.Forms`), ``text(board)`` the board in its main form
    (``--no-solve``, generators) and ``exports``, the ``--format`` choices."""

    forms: forms.Forms[B]
    text: Callable[[B], str]
    exports: Mapping[str, Callable[[B], str]] = field(default_factory=dict)

    def parse(self, text: str) -> B:
        return self.forms.parse(text)


@dataclass(frozen=True)
class CellNumbers:
    """A puzz.link body of a number per cell: ``decode(link)`` the numbers cell by
    cell (``None`` none, :data:`~cpsolve.grid.puzzlink.UNKNOWN` "?"), ``encode(numbers)``
    the body."""

    decode: Callable[[puzzlink.Link], list[int | None]]
    encode: Callable[[Sequence[int | None]], str]


def _number16(short: bool) -> CellNumbers:
    def decode(link: puzzlink.Link) -> list[int | None]:
        return puzzlink.decode_numbers(link, 0, link.cells, short=short)[0]

    return CellNumbers(decode, puzzlink.encode_numbers)


# pzprjs decodeNumber16: hex digits, -xx and wider forms, "." for "?", g-z runs of
# empty cells; a body that ends early leaves the cells after it empty (NUMBER16) or is
# refused (NUMBER16_WHOLE).
NUMBER16 = _number16(short=True)
NUMBER16_WHOLE = _number16(short=False)

_DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def _decode36(link: puzzlink.Link) -> list[int | None]:
    body = link.body
    numbers: list[int | None] = []
    index = 0
    while len(numbers) < link.cells:
        if index >= len(body):
            raise link.error(f"the body ends after {len(numbers)} of {link.cells} cells",
                             index)
        char = body[index]
        if char in _DIGITS36:
            numbers.append(_DIGITS36.index(char))
        elif char == "-":
            pair = body[index + 1:index + 3]
            if len(pair) < 2 or any(ch not in _DIGITS36 for ch in pair):
                raise link.error("'-' is followed by two base-36 digits", index)
            numbers.append(int(pair, 36))
            index += 2
        elif char in "@%":
            numbers.append(puzzlink.UNKNOWN)
        else:
            numbers.append(None)
        index += 1
    return numbers


def _encode36(numbers: Sequence[int | None]) -> str:
    body = []
    for number in numbers:
        if number is None:
            body.append(".")
        elif number == puzzlink.UNKNOWN:
            body.append("@")
        elif number < 36:
            body.append(_DIGITS36[number])
        elif number < 36 * 36:
            body.append("-" + _DIGITS36[number // 36] + _DIGITS36[number % 36])
        else:
            raise UsageError(f"a number of {number} has no puzz.link form (at most 1,295)")
    return "".join(body)


# A character a cell (pzprjs Hitori's decodeHitori): 0-9 and a-z a number in base 36,
# "-" and two characters one from 36 to 1,295, "@" (or "%") a number not given, any
# other character an empty cell.
BASE36 = CellNumbers(_decode36, _encode36)


def number_grid(board: Callable[..., B], kinds: Mapping[str, str], url: CellNumbers, *,
                least: int = 0, why: str = "", looks: Callable[[str], bool] | None = None
                ) -> Formats[B]:
    """The forms of a grid of numbers (``board(rows, cols, numbers)``): grid text (a
    first line ``ROWS COLS``, then rows of tokens, a number, ``-`` or ``.`` for none,
    ``?`` for a number not given; or, without the size line, rows of one character a
    cell) and puzz.link URLs of the types ``kinds`` with the body ``url``. A number
    below ``least`` is refused (``why`` says why); ``looks(text)``: whether text that
    is no board is an answer (the error then says to give it with ``--check``)."""
    name = next(iter(kinds))

    def parse_grid(text: str) -> B:
        rows, cols, numbers = gridtext.read_numbers(text, least=least, why=why)
        return board(rows, cols, tuple(numbers))

    def parse_url(text: str) -> B:
        link = puzzlink.split(text, kinds, max_cells=gridtext.MAX_CELLS)
        numbers = url.decode(link)
        for cell, number in enumerate(numbers):
            if number is not None and 0 <= number < least:
                reason = why or f"a number from {least}"
                raise link.error(f"a {number} at cell {cell + 1}: {reason}", 0)
        return board(link.rows, link.cols, tuple(numbers))

    def to_url(b: Any) -> str:
        return puzzlink.url(name, b.cols, b.rows, url.encode(b.numbers))

    def to_text(b: Any) -> str:
        return gridtext.numbers_text(b.rows, b.cols, b.numbers)

    found = forms.Forms(kinds=kinds, url=parse_url, grid=parse_grid, answer=looks)
    return Formats(found, to_text, {"url": to_url, "grid": to_text})


__all__ = ["BASE36", "NUMBER16", "NUMBER16_WHOLE", "CellNumbers", "Formats", "number_grid"]
