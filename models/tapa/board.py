"""Tapa's board and its forms: some cells hold a clue, a list of up to four numbers
(each the length of a run of shaded cells around it, ``?`` a run of unknown length).

A clue is a tuple of numbers, :data:`UNKNOWN` for ``?``: ``(3, 1)``, ``(UNKNOWN,)``.
A clue is one number 0-8 or ``?``, or two to four numbers from 1 (or ``?``, counted as
1) whose sum and count are at most 8, as pzprjs holds them (its ``isValidQnums``). A
lone ``?`` is pzprjs's: any ring, none shaded included (its checker counts an empty
ring as the run ``0``). janko.at's lone ``?`` is one run of unknown length, at least a
cell: :data:`RUN`, ``(RUN,)``, written ``+`` in grid text; pzprjs has no such clue, so
its URL and Penpa+ forms cannot write it.

Grid text: a first line ``ROWS COLS``, then rows of tokens: ``-`` or ``.`` a cell
without a clue, a clue as its numbers one after another (``31``, ``1?1``; commas
between them read too: ``3,1``).

puzz.link (pzprjs ``decodeNumber_tapa``): a character a clue of one number (``0``-``8``,
``.`` for ``?``, ``9`` for 1 1 1 1), two characters in base 36 for the others (360 +
6a + b for two numbers, 396 + 16a + 4b + c for three, 460 + a bit a number for four,
0 for ``?``), ``g``-``z`` 1-20 cells without a clue. A body that ends before the board
does leaves the rest without clues, as the site reads it.

pzprjs files: ``.`` a cell without a clue, a clue as its numbers with commas, ``-``
for ``?`` (``3,1``, ``-``); ``#`` and ``+`` (a player's marks) a cell without one.

Penpa+ links: a clue as its numbers written in the cell in the editor's Tapa mode (as its
puzz.link import writes them) or as a plain number, one character each (``31``, ``?1``).

janko.at files (``puzzle tapa``): ``problem``, ``-`` a cell without a clue, a clue as its
digits run together, ``9`` a ``?`` (as janko.at's script draws it: ``39`` is 3 ?), a lone
``9`` janko.at's one run (:data:`RUN`); a cell given as shaded or not (``x``, ``o``) is no
part of the genre here, refused, located.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from cpsolve.errors import InputError
from cpsolve.grid import forms, penpa, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.codecs import Formats
from cpsolve.grid.geometry import OnGrid

UNKNOWN = -2  # a run of unknown length, '?'
RUN = -3  # a lone clue of one run of unknown length, at least a cell (janko.at's '?'): '+'
Runs = tuple[int, ...]  # a clue: run lengths, UNKNOWN for '?'
TOKEN_RE = re.compile(r"^(?:[0-8?](,?[0-8?]){0,3}|\+)$")
KINDS = {"tapa": "Tapa"}


def valid(clue: Sequence[int]) -> bool:
    """Whether ``clue`` is a clue pzprjs holds: one number 0-8 or ``?``; or two to
    four from 1 or ``?`` (as 1), their sum and count at most 8.

    >>> valid((3, 1, 1)), valid((0, 1)), valid((5, 2)), valid((UNKNOWN,)), valid((RUN, 1))
    (True, False, False, True, False)
    """
    if len(clue) == 1:
        return clue[0] in (UNKNOWN, RUN) or 0 <= clue[0] <= 8
    return 2 <= len(clue) <= 4 and all(n == UNKNOWN or n >= 1 for n in clue) and \
        len(clue) + sum(1 if n == UNKNOWN else n for n in clue) <= 8


def token(clue: Runs) -> str:
    """A clue as grid text writes it: its numbers one after another, ``?`` for one not
    given, ``+`` for janko.at's one run."""
    return "".join("?" if n == UNKNOWN else "+" if n == RUN else str(n) for n in clue)


def label(clue: Runs) -> str:
    """A clue as pictures and messages write it: its numbers with spaces, janko.at's
    one run ``+``."""
    return " ".join("?" if n == UNKNOWN else "+" if n == RUN else str(n) for n in clue)


def read_token(text: str) -> Runs | None:
    """A grid text token as a clue (``None``: no clue); a ValueError if it is neither.

    >>> read_token("31"), read_token("-"), read_token("?,1")
    ((3, 1), None, (-2, 1))
    """
    if text in ("-", "."):
        return None
    if not TOKEN_RE.match(text):
        raise ValueError(text)
    clue = tuple(UNKNOWN if ch == "?" else RUN if ch == "+" else int(ch)
                 for ch in text.replace(",", ""))
    if not valid(clue):
        raise ValueError(text)
    return clue


@dataclass(frozen=True)
class TapaGrid(OnGrid):
    """An immutable Tapa board: ``clues[cell]`` a clue (a tuple of run lengths,
    :data:`UNKNOWN` for ``?``), ``None`` on a cell without one.

    >>> b = TapaGrid(1, 3, ((3, 1), None, None))
    >>> b.clue_cells, b.with_clues({0: None}).clues
    ((0,), (None, None, None))
    """

    PER_CELL = "clues"
    rows: int
    cols: int
    clues: tuple[Runs | None, ...]

    @cached_property
    def clue_cells(self) -> tuple[int, ...]:
        return tuple(cell for cell, clue in enumerate(self.clues) if clue is not None)

    def with_clues(self, changes: Mapping[int, Runs | None]) -> TapaGrid:
        """The board with the cells of ``changes`` given those clues (``None``: none)."""
        clues = list(self.clues)
        for cell, clue in changes.items():
            clues[cell] = clue
        return replace(self, clues=tuple(clues))


# puzz.link ------------------------------------------------------------------------------

PAIR, TRIPLE, QUAD, END = 360, 396, 460, 476  # where each length's two-character codes start


def _unpacked(code: int) -> Runs | None:
    """A two-character code's clue (``None``: a code pzprjs reads as no clue)."""
    if PAIR <= code < TRIPLE:
        values = list(divmod(code - PAIR, 6))
    elif TRIPLE <= code < QUAD:
        a, rest = divmod(code - TRIPLE, 16)
        values = [a, *divmod(rest, 4)]
    elif QUAD <= code < END:
        values = [(code - QUAD) >> k & 1 for k in (3, 2, 1, 0)]
    else:
        return None
    return tuple(n or UNKNOWN for n in values)


def decode(link: puzzlink.Link) -> list[Runs | None]:
    """The clues of a puzz.link body (see the module docstring), cell by cell.

    >>> decode(puzzlink.Link("tapa", 3, 2, "3a7.9", 0))
    [(3,), (1, 1), (-2,), (1, 1, 1, 1), None, None]
    """
    body, cells = link.body, link.cells
    clues: list[Runs | None] = []
    index = 0
    while index < len(body) and len(clues) < cells:
        ch = body[index]
        if "0" <= ch <= "8":
            clues.append((int(ch),))
        elif ch == "9":
            clues.append((1, 1, 1, 1))
        elif ch == ".":
            clues.append((UNKNOWN,))
        elif "a" <= ch <= "f":
            pair = body[index:index + 2]
            if len(pair) == 2 and pair[1] not in "0123456789abcdefghijklmnopqrstuvwxyz":
                raise link.error(f"a base-36 digit expected after {ch!r}", index + 1)
            clue = _unpacked(int(pair, 36)) if len(pair) == 2 else None
            if len(pair) == 2 and clue is None:
                raise link.error(f"{pair!r} is no clue's code (from a0 to d7)", index)
            clues.append(clue)  # a lone last character: a cell without a clue, as pzprjs
            index += 1
        elif "g" <= ch <= "z":
            clues.extend([None] * (int(ch, 36) - 15))
        else:
            raise link.error(f"unexpected character {ch!r} among the clues", index)
        index += 1
    return clues[:cells] + [None] * (cells - len(clues[:cells]))


def _code(clue: Runs) -> str:
    if clue == (RUN,):
        raise InputError("janko.at's lone '?' (one run of unknown length, '+') has no "
                         "puzz.link form: pzprjs's '?' also allows a ring with none shaded")
    if len(clue) == 1:
        return "." if clue[0] == UNKNOWN else str(clue[0])
    if clue == (1, 1, 1, 1):
        return "9"
    shown = [max(n, 0) for n in clue]
    if len(clue) == 2:
        code = PAIR + 6 * shown[0] + shown[1]
    elif len(clue) == 3:
        code = TRIPLE + 16 * shown[0] + 4 * shown[1] + shown[2]
    else:
        code = QUAD + sum(1 << (3 - k) for k, n in enumerate(shown) if n)
    return _base36(code)


def _base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return digits[number // 36] + digits[number % 36]


def encode(clues: Sequence[Runs | None]) -> str:
    """The puzz.link body of ``clues`` (the inverse of :func:`decode`).

    >>> encode([(3,), (1, 1), (UNKNOWN,), (1, 1, 1, 1), None, None])
    '3a7.9h'
    """
    return puzzlink.gaps([None if clue is None else _code(clue) for clue in clues],
                         puzzlink.GAPS16)


# The forms ------------------------------------------------------------------------------

def _refused(text: str) -> str:
    return (f"a cell is '-' (no clue) or a clue: one number 0-8, '?' or '+' (one run of "
            f"unknown length), or two to four numbers from 1 or '?' whose sum and count "
            f"are at most 8 ('31', '1?1'); not {text!r}")


def formats(looks: Any) -> Formats[TapaGrid]:
    """Tapa's forms (see the module docstring); ``looks(text)``: whether text that is
    no board is an answer."""

    def parse_grid(text: str) -> TapaGrid:
        rows, cols, (grid,) = gridtext.read(text, 1, names=("clues",), words=True)
        clues: list[Runs | None] = []
        for item in (t for row in grid for t in row):
            try:
                clues.append(read_token(item.text))
            except ValueError:
                raise item.error(_refused(item.text)) from None
        return TapaGrid(rows, cols, tuple(clues))

    def parse_url(text: str) -> TapaGrid:
        link = puzzlink.split(text, KINDS, max_cells=gridtext.MAX_CELLS)
        return TapaGrid(link.rows, link.cols, tuple(decode(link)))

    def to_url(b: TapaGrid) -> str:
        return puzzlink.url("tapa", b.cols, b.rows, encode(b.clues))

    def to_text(b: TapaGrid) -> str:
        from cpsolve.grid.loops import aligned

        return f"{b.rows} {b.cols}\n" + aligned([token(c) if c else "-" for c in b.clues],
                                                 b.cols)

    def parse_pzprv3(framed: forms.Framed) -> TapaGrid:
        clues: list[Runs | None] = []
        for item in (t for row in framed.grid("0") for t in row):
            if item.text in (".", "#", "+"):
                clues.append(None)
                continue
            parts = item.text.split(",")
            try:
                clue = tuple(UNKNOWN if p == "-" else int(p) if p.isdigit() and len(p) == 1
                             else -1 for p in parts)
            except ValueError:
                clue = (-1,)
            if not valid(clue):
                raise item.error(f"a clue is its numbers with commas, '-' for '?' (3,1), "
                                 f"as Tapa holds them; not {item.text!r}")
            clues.append(clue)
        return TapaGrid(framed.rows, framed.cols, tuple(clues))

    def parse_penpa(shown: penpa.Board) -> TapaGrid:
        shown.only("Tapa", "tapas", "numbers")
        clues: list[Runs | None] = [None] * (shown.rows * shown.cols)
        for (row, col), text in sorted({**shown.numbers, **shown.tapas}.items()):
            try:
                clues[row * shown.cols + col] = read_token(text.strip().replace(" ", ""))
            except ValueError:
                raise InputError(f"{_refused(text)} ({penpa.at((row, col))})") from None
        return TapaGrid(shown.rows, shown.cols, tuple(clues))

    def to_penpa(b: TapaGrid) -> str:
        """As the editor's own puzz.link import writes a Tapa: each clue in its Tapa
        mode."""
        if any(clue == (RUN,) for clue in b.clues):
            raise InputError("janko.at's lone '?' (one run of unknown length, '+') has no "
                             "Penpa+ form")
        return penpa.write(penpa.Board(b.rows, b.cols, tapas={
            divmod(cell, b.cols): token(clue) for cell, clue in enumerate(b.clues) if clue}))

    def parse_janko(framed: forms.Framed) -> TapaGrid:
        clues: list[Runs | None] = []
        for item in (t for row in framed.grid("problem") for t in row):
            text = item.text
            if text != "-" and not (text.isascii() and text.isdigit()):
                raise item.error(f"a cell is '-' (no clue) or a clue's digits, 9 a '?' "
                                 f"('39'), not {text!r}")
            try:
                clues.append((RUN,) if text == "9" else read_token(text.replace("9", "?")))
            except ValueError:
                raise item.error(_refused(text)) from None
        return TapaGrid(framed.rows, framed.cols, tuple(clues))

    found = forms.Forms(kinds=KINDS, url=parse_url, grid=parse_grid, answer=looks,
                        pzprv3=parse_pzprv3, penpa=parse_penpa, janko=parse_janko)
    return Formats(found, to_text, {"url": to_url, "grid": to_text, "penpa": to_penpa})


__all__ = ["RUN", "UNKNOWN", "Runs", "TapaGrid", "decode", "encode", "formats", "label",
           "read_token", "token", "valid"]
