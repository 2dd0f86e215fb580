"""The Sashigane board: a clue in some cells, each a circle (with its L's size, or
none), an arrow (``n``, ``s``, ``e``, ``w``: the way it points), or a ``?`` (a mark
pzprjs draws and checks nothing of); and its forms.

Grid text: a first line ``ROWS COLS``, then rows of tokens: ``-`` (or ``.``) no clue,
``o`` a circle, ``o5`` (or ``5``) a circle with a number, ``n``, ``s``, ``e``, ``w``
(or ``^``, ``v``, ``>``, ``<``) an arrow pointing up, down, right, left, ``?``.

puzz.link (pzprjs ``decodeSashigane``): a hex digit a numbered circle, ``-`` and two
a larger number, ``.`` a circle, ``g``-``j`` an arrow up, down, left, right, ``@``
(or ``%``) a ``?``, ``k``-``z`` 1-16 cells without a clue. pzprjs files: ``o``,
``oN``, ``1``-``4`` (arrows up, down, left, right), ``-`` a ``?``, ``.`` none.
janko.at files (``puzzle sashigane``): ``problem``, a number a circle of that size, ``0``
a circle without one, ``n``, ``s``, ``e``, ``w`` an arrow, ``-`` none; a cell outside
the board (``@``) is no part of the genre here, refused, located.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, ClassVar

from cpsolve.errors import InputError
from cpsolve.grid import forms, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.codecs import Formats
from cpsolve.grid.geometry import OnGrid

CIRCLE = "o"  # a circle without a number
ASKED = "?"  # pzprjs's "?": a mark no rule reads
ARROWS = "nsew"  # an arrow pointing up, down, right, left
STEP = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}
WORDS = {"n": "up", "s": "down", "e": "right", "w": "left"}
GLYPHS = {"n": "\u2191", "s": "\u2193", "e": "\u2192", "w": "\u2190"}
Value = int | str | None  # a number: a circle of that size; CIRCLE, an arrow, ASKED
MOST = 255  # the largest number a URL writes (two hex digits after "-")
PZPR_ARROWS = {1: "n", 2: "s", 3: "w", 4: "e"}  # pzprjs's qdir


@dataclass(frozen=True)
class Board(OnGrid):
    """``clues[cell]``: ``None``, a number (a circle with its L's size), ``"o"`` (a
    circle), an arrow (``n``, ``s``, ``e``, ``w``) or ``"?"``."""

    PER_CELL: ClassVar[str] = "clues"
    rows: int
    cols: int
    clues: tuple[Value, ...]

    def __post_init__(self) -> None:
        super().__post_init__()
        for value in self.clues:
            if not (value is None or value in (CIRCLE, ASKED) or value in tuple(ARROWS)
                    or (isinstance(value, int) and value >= 1)):
                raise ValueError(f"a cell holds no clue, a circle, an arrow or '?', not {value!r}")

    @cached_property
    def clue_cells(self) -> tuple[int, ...]:
        return tuple(cell for cell, v in enumerate(self.clues) if v is not None)

    def circle(self, cell: int) -> bool:
        value = self.clues[cell]
        return value == CIRCLE or isinstance(value, int)

    def changed(self, changes: dict[int, Value]) -> Board:
        clues = list(self.clues)
        for cell, value in changes.items():
            clues[cell] = value
        return replace(self, clues=tuple(clues))

    def named(self, cell: int) -> str:
        """A clue as sentences name it: ``the circle 5``, ``the arrow up``."""
        value = self.clues[cell]
        if isinstance(value, int):
            return f"the circle {value}"
        if value == CIRCLE:
            return "the circle"
        if value == ASKED:
            return "the '?'"
        return f"the arrow {WORDS[str(value)]}"


def token(value: Value) -> str:
    """A clue as grid text writes it."""
    if value is None:
        return "-"
    return f"o{value}" if isinstance(value, int) else str(value)


GLYPH_IN = {"^": "n", "v": "s", ">": "e", "<": "w"}
REFUSED = ("a cell is - (none), o (a circle), oN or N (a circle of N cells), n, s, e, w "
           "(an arrow) or ?")


def read_token(text: str, where: gridtext.Token) -> Value:
    low = text.lower()
    if low in ("-", "."):
        return None
    if low in ("o", ASKED) or low in tuple(ARROWS):
        return low
    if low in GLYPH_IN:
        return GLYPH_IN[low]
    digits = low[1:] if low.startswith("o") else low
    if digits.isdigit() and digits.isascii():
        if int(digits) < 1:
            raise where.error("a circle's number is its L's size: from 1")
        if int(digits) > gridtext.MAX_CELLS:
            raise where.error(f"a circle's number is at most {gridtext.MAX_CELLS}")
        return int(digits)
    raise where.error(f"{REFUSED}, not {text!r}")


def parse_grid(text: str) -> Board:
    rows, cols, (grid,) = gridtext.read(text, 1, names=("clues",), words=True)
    return Board(rows, cols, tuple(read_token(t.text, t) for row in grid for t in row))


def to_text(board: Board) -> str:
    values = [token(v) for v in board.clues]
    return "\n".join([f"{board.rows} {board.cols}",
                      *(" ".join(values[r * board.cols:(r + 1) * board.cols])
                        for r in range(board.rows))])


HEX = "0123456789abcdef"
URL_ARROWS = {"g": "n", "h": "s", "i": "w", "j": "e"}


def decode(link: puzzlink.Link) -> list[Value]:
    """A URL body as pzprjs reads it; a body that ends early leaves the rest empty."""
    body, cells = link.body, link.cells
    out: list[Value] = [None] * cells
    cell, i = 0, 0
    while i < len(body) and cell < cells:
        ch = body[i]
        if ch in HEX:
            if int(ch, 16) < 1:
                raise link.error("a circle's number is its L's size: from 1", i)
            out[cell] = int(ch, 16)
        elif ch == "-":
            digits = body[i + 1:i + 3]
            if len(digits) < 2 or any(d not in HEX for d in digits) or int(digits, 16) < 1:
                raise link.error("'-' is a circle's number in two hex digits, from 1", i)
            out[cell] = int(digits, 16)
            i += 2
        elif ch == ".":
            out[cell] = CIRCLE
        elif ch in "%@":
            out[cell] = ASKED
        elif ch in URL_ARROWS:
            out[cell] = URL_ARROWS[ch]
        elif "k" <= ch <= "z":
            cell += ord(ch) - ord("k")
        else:
            raise link.error(f"a Sashigane body has no {ch!r}", i)
        cell += 1
        i += 1
    return out


def encode(clues: Sequence[Value]) -> str:
    arrows = {v: k for k, v in URL_ARROWS.items()}
    tokens: list[str | None] = []
    for value in clues:
        if value is None:
            tokens.append(None)
        elif isinstance(value, int):
            tokens.append(format(value, "x") if value < 16 else
                          f"-{value:02x}" if value <= MOST else ".")
        elif value == CIRCLE:
            tokens.append(".")
        elif value == ASKED:
            tokens.append("@")
        else:
            tokens.append(arrows[str(value)])
    return puzzlink.gaps(tokens, "klmnopqrstuvwxyz")


KINDS = {"sashigane": "Sashigane"}


def parse_url(text: str) -> Board:
    link = puzzlink.split(text, KINDS, max_cells=gridtext.MAX_CELLS)
    return Board(link.rows, link.cols, tuple(decode(link)))


def to_url(board: Board) -> str:
    if any(isinstance(v, int) and v > MOST for v in board.clues):
        raise InputError(f"a URL writes a circle's number up to {MOST}")
    return puzzlink.url("sashigane", board.cols, board.rows, encode(board.clues))


def parse_pzprv3(framed: forms.Framed) -> Board:
    values: list[Value] = []
    for t in (t for row in framed.grid("0") for t in row):
        text = t.text
        if text.startswith("o"):
            values.append(read_token(text, t) if len(text) > 1 else CIRCLE)
        elif text == "-":
            values.append(ASKED)
        elif text in (".", "#", "_"):
            values.append(None)
        elif text.isdigit() and int(text) in PZPR_ARROWS:
            values.append(PZPR_ARROWS[int(text)])
        else:
            raise t.error(f"a pzprjs cell is ., o, oN, 1-4 (an arrow) or -, not {text!r}")
    return Board(framed.rows, framed.cols, tuple(values))


def parse_janko(framed: forms.Framed) -> Board:
    """A janko.at file's ``problem`` (see the module docstring)."""
    values: list[Value] = []
    for t in (t for row in framed.grid("problem") for t in row):
        if t.text == "0":
            values.append(CIRCLE)
        elif t.text in ("-",) or t.text.lower() in tuple(ARROWS) or t.text.isdigit():
            values.append(read_token(t.text, t))
        else:
            raise t.error(f"a janko.at cell is - (none), a number (a circle of that size), "
                          f"0 (a circle) or n, s, e, w (an arrow), not {t.text!r}")
    return Board(framed.rows, framed.cols, tuple(values))


def formats(looks: Any) -> Formats[Board]:
    found = forms.Forms(kinds=KINDS, url=parse_url, grid=parse_grid, pzprv3=parse_pzprv3,
                        answer=looks, janko=parse_janko)
    return Formats(found, to_text, {"url": to_url, "grid": to_text})


__all__ = ["ARROWS", "ASKED", "CIRCLE", "STEP", "Board", "Value", "formats", "to_text",
           "to_url", "token"]
