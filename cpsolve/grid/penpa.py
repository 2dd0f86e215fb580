"""Penpa+ links (penpa-edit, ``https://swaroopg92.github.io/penpa-edit/#m=edit&p=...``),
read into what a square board shows: its size and, cell by cell, the numbers, shadings
and symbols of the puzzle's layer, the borders between cells and the lines between
their centres.

The ``p`` parameter is the board's text, its keys shortened by a table of two-letter
codes (``zN`` for ``"number"``, ...; a ``z`` of the text itself written ``zZ``),
compressed by raw DEFLATE and written in base64. Its lines: the header (the grid's kind
and size, margins included), the margins (top, bottom, left, right), the edit mode, the
puzzle's layer (``pu_q``, JSON), the answer's layer, and more that a board does not
depend on. Points are numbered on the grid padded by two on every side (``nx0 =
columns + 4``): a cell's centre is ``(row + 2 + top) * nx0 + column + 2 + left``, its
bottom-right corner that plus ``nx0 * ny0``. A genre reads what it needs from the
:class:`Board` (:mod:`cpsolve.grid.codecs`) and refuses, with its place, anything
else the link shows: a board is never read as less than it says.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass, field
from typing import Any

from cpsolve.errors import InputError

Cell = tuple[int, int]

URL_RE = re.compile(r"^(?:https?://)?[^\s#?]*penpa-edit[^\s#?]*[#?]\S*\bp=\S+$")
# The codes the text's keys are shortened to, in the order the writer applies them.
CODES = (('"qa"', "z9"), ('"pu_q"', "zQ"), ('"pu_a"', "zA"), ('"grid"', "zG"),
         ('"edit_mode"', "zM"), ('"surface"', "zS"), ('"line"', "zL"), ('"lineE"', "zE"),
         ('"wall"', "zW"), ('"cage"', "zC"), ('"number"', "zN"), ('"symbol"', "zY"),
         ('"special"', "zP"), ('"board"', "zB"), ('"command_redo"', "zR"),
         ('"command_undo"', "zU"), ('"command_replay"', "z8"), ('"numberS"', "z1"),
         ('"freeline"', "zF"), ('"freelineE"', "z2"), ('"thermo"', "zT"),
         ('"arrows"', "z3"), ('"direction"', "zD"), ('"squareframe"', "z0"),
         ('"polygon"', "z5"), ('"deletelineE"', "z4"), ('"killercages"', "z6"),
         ('"nobulbthermo"', "z7"), ('"__a"', "z_"), ("null", "zO"))
MAX_TEXT = 1 << 24  # characters of a link's text, inflated
# The puzzle layer's keys a board is made of; the others must be empty.
READ = ("number", "surface", "symbol", "lineE", "line")
IGNORED = ("command_redo", "command_undo", "command_replay")


@dataclass
class Board:
    """What a Penpa+ link's puzzle layer shows on a square board: ``numbers`` (the
    text written in a cell), ``surface`` (a cell's colour code: 1 dark grey, 3 light
    grey, 4 black, 8 grey, ...), ``symbols`` (a cell's shape and style, ``("circle_L",
    1)``), ``borders`` (thick lines between two cells, as the cells' pair) and
    ``lines`` (lines between two cells' centres)."""

    rows: int
    cols: int
    numbers: dict[Cell, str] = field(default_factory=dict)
    surface: dict[Cell, int] = field(default_factory=dict)
    symbols: dict[Cell, tuple[str, int]] = field(default_factory=dict)
    borders: set[tuple[Cell, Cell]] = field(default_factory=set)
    lines: set[tuple[Cell, Cell]] = field(default_factory=set)

    def only(self, genre: str, *kept: str) -> None:
        """A located error for the first cell showing anything but ``kept`` (this
        board's fields): ``genre``'s boards have none of it."""
        for what in NAMES:
            held: Any = getattr(self, what)
            if held and what not in kept:
                first = sorted(held)[0]
                cell = first if isinstance(first[0], int) else first[0]
                raise InputError(f"the Penpa+ link has {NAMES[what]} (the first at row "
                                 f"{cell[0] + 1}, column {cell[1] + 1}), which {genre} "
                                 "boards do not have")


def at(cell: Cell) -> str:
    """Where ``cell`` is, for an error: ``at row 3, column 2 of the Penpa+ link``."""
    return f"at row {cell[0] + 1}, column {cell[1] + 1} of the Penpa+ link"


NAMES = {"numbers": "numbers", "surface": "shaded cells", "symbols": "symbols",
         "borders": "thick borders", "lines": "lines"}


def text_of(url: str) -> str:
    """The link's board text, its codes written out."""
    found = re.search(r"[#?&]p=([^&#\s]+)", url)
    if found is None:
        raise InputError("a Penpa+ link has its board after p=", line=1, column=1)
    data = found.group(1)
    data += "=" * (-len(data) % 4)
    try:
        packed = base64.b64decode(data, validate=True)
        inflater = zlib.decompressobj(-15)
        text = inflater.decompress(packed, MAX_TEXT).decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as error:
        raise InputError(f"the Penpa+ link's board cannot be read ({error})", line=1,
                         column=found.start(1) + 1) from None
    if inflater.unconsumed_tail:
        raise InputError(f"the Penpa+ link's board is over {MAX_TEXT:,} characters", line=1,
                         column=found.start(1) + 1)
    for long, short in reversed(CODES):
        text = text.replace(short, long)
    return text.replace("zZ", "z")


def read(url: str) -> Board:
    """The board a Penpa+ link shows (see the module docstring)."""
    lines = text_of(url).split("\n")
    head = lines[0].split(",")
    if head[0] != "square" or len(lines) < 4:
        raise InputError(f"a Penpa+ link of a {head[0]!r} grid: only square grids are "
                         "read", line=1, column=1)
    try:
        nx, ny = int(head[1]), int(head[2])
        top, bottom, left, right = (int(v) for v in json.loads(lines[1]))
        layer = json.loads(lines[3])
    except (ValueError, TypeError, IndexError) as error:
        raise InputError(f"the Penpa+ link's board is damaged ({error})", line=1,
                         column=1) from None
    rows, cols = ny - top - bottom, nx - left - right
    if not (0 < rows <= 1000 and 0 < cols <= 1000) or not isinstance(layer, dict):
        raise InputError(f"the Penpa+ link's board is {cols}x{rows} (or damaged)", line=1,
                         column=1)
    board = Board(rows, cols)
    width = nx + 4
    points = width * (ny + 4)

    def cell(index: int) -> Cell:
        row, col = divmod(index, width)
        row, col = row - 2 - top, col - 2 - left
        if not (0 <= row < rows and 0 <= col < cols):
            raise InputError(f"the Penpa+ link has something outside the board (at point "
                             f"{index})", line=1, column=1)
        return row, col

    for key, value in layer.items():
        if key in IGNORED or key in READ or not value:
            continue
        raise InputError(f"the Penpa+ link has {key!r} marks, which no board read here "
                         "has", line=1, column=1)
    try:
        for index, (value, *_) in (layer.get("number") or {}).items():
            if int(index) >= points:
                raise InputError("a number of the Penpa+ link is not in a cell", line=1,
                                 column=1)
            board.numbers[cell(int(index))] = str(value)
        for index, colour in (layer.get("surface") or {}).items():
            board.surface[cell(int(index))] = int(colour)
        for index, (style, shape, *_) in (layer.get("symbol") or {}).items():
            board.symbols[cell(int(index))] = (str(shape), int(style))
        for key, kind in (("lineE", "borders"), ("line", "lines")):
            for pair in layer.get(key) or {}:
                a, b = (int(v) for v in pair.split(","))
                getattr(board, kind).add(_pair(a, b, width, points, cell, kind))
    except (ValueError, TypeError, AttributeError) as error:
        raise InputError(f"the Penpa+ link's board is damaged ({error})", line=1,
                         column=1) from None
    return board


def _pair(a: int, b: int, width: int, points: int, cell: Any, kind: str) -> tuple[Cell, Cell]:
    """The two cells a border (between two corners) or a line (between two centres)
    lies between."""
    if kind == "lines":
        if a >= points or b >= points:
            raise InputError("a line of the Penpa+ link does not join two cells", line=1,
                             column=1)
        return cell(a), cell(b)
    a, b = a - points, b - points  # corners: the cell of which each is the bottom right
    low, high = min(a, b), max(a, b)
    if high - low == 1:  # horizontal: between the cell above and the one below
        return cell(high), cell(high + width)
    if high - low == width:  # vertical: between the cell left and the one right
        return cell(high), cell(high + 1)
    raise InputError("a border of the Penpa+ link does not lie between two cells", line=1,
                     column=1)


__all__ = ["URL_RE", "Board", "at", "read", "text_of"]
