"""Penpa+ links (penpa-edit, ``https://swaroopg92.github.io/penpa-edit/#m=edit&p=...``),
read into what a square board shows (:func:`read`): its size and, cell by cell, the
numbers, arrows, shadings and symbols of the puzzle's layer, the borders between cells,
the lines between their centres and what is written in the margins; and written from
it (:func:`write`), as penpa-edit writes its links.

The ``p`` parameter is the board's text, its keys shortened by a table of two-letter
codes (``zN`` for ``"number"``, ...; a ``z`` of the text itself written ``zZ``),
compressed by raw DEFLATE and written in base64. Its lines: the header (the grid's kind
and size, margins included), the margins (top, bottom, left, right), the edit mode, the
puzzle's layer (``pu_q``, JSON), the answer's layer, and more that a board does not
depend on. Points are numbered on the grid padded by two on every side (``nx0 =
columns + 4``): a cell's centre is ``(row + 2 + top) * nx0 + column + 2 + left``, its
bottom-right corner that plus ``nx0 * ny0``, its top-left quarter (where a small number
sits in its corner) ``4 * nx0 * ny0 + 4 * centre``. A number is ``[text, style, kind]``:
kind ``"1"`` (and the sizes ``"5"``, ``"6"``, ``"10"``) a number, ``"2"`` a number with
an arrow (``"2_3"``: 0 up, 1 left, 2 right, 3 down). Older links draw an arrow as a
symbol beside a number (``arrow_fouredge_B``, its style one flag a direction). Borders
on the board's outline divide nothing and are left out. A genre reads what it needs
from the :class:`Board` (:mod:`cpsolve.grid.codecs`) and refuses, with its place,
anything else the link shows: a board is never read as less than it says.

>>> board = Board(2, 3, numbers={(0, 0): "2"}, borders={((0, 1), (0, 2))})
>>> read(write(board)) == board
True
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from cpsolve.errors import InputError

Cell = tuple[int, int]

EDITOR = "https://swaroopg92.github.io/penpa-edit/"
# The editor's own address, or any copy of it: its edit and solve links' parameters
URL_RE = re.compile(r"^(?:https?://)?(?:[^\s#?]*penpa-edit[^\s#?]*[#?]\S*\bp=|"
                    r"[^\s#?]*[#?]m=(?:edit|solve)&p=)\S+$")
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
READ = ("number", "numberS", "surface", "symbol", "lineE", "line")
IGNORED = ("command_redo", "command_undo", "command_replay")
GRIDS = ("square", "sudoku", "kakuro")  # grid kinds whose points lie as a square grid's do
NUMBER_KINDS = ("1", "5", "6", "10")  # a number, normal, small, medium or big
ARROWS = "nwes"  # an arrow number's direction, 0-3
FOUR_EDGES = "eswnwnes"  # arrow_fouredge's flags: the direction each draws
SIZE = 38  # the editor's cell size in pixels, as it writes it


@dataclass
class Board:
    """What a Penpa+ link's puzzle layer shows on a square board: ``numbers`` (the
    text written in a cell), ``arrows`` (a number and its arrow's direction, ``n``,
    ``w``, ``e`` or ``s``), ``corners`` (a small number in a cell's corner, by the
    cell and the corner: 0 top left, 1 top right, 2 bottom left, 3 bottom right),
    ``tapas`` (a Tapa clue: its numbers written in its cell in the editor's Tapa mode,
    one character each, ``31``), ``surface`` (a cell's colour code: 1 dark grey, 3
    light grey, 4 black, 8 grey, ...), ``symbols`` (a cell's shape and style,
    ``("circle_L", 1)``), ``borders`` (lines between two cells, as the cells' pair),
    ``lines`` (lines between two cells' centres), ``margin`` (the numbers and
    symbols outside the board, at rows and columns beyond it: ``(-1, 8)``) and
    ``vertices`` (a number on a grid point, point ``(r, c)`` the top left corner of cell
    ``(r, c)``, the board's outline included: Gokigen Naname's) and ``marks`` (a symbol
    on a grid point, its shape and style: Hotaru Beam's fireflies). ``grid`` is
    the editor's grid kind, ``dots`` whether it shows only the grid's points (Slitherlink)."""

    rows: int
    cols: int
    numbers: dict[Cell, str] = field(default_factory=dict)
    arrows: dict[Cell, tuple[str, str]] = field(default_factory=dict)
    corners: dict[tuple[Cell, int], str] = field(default_factory=dict)
    tapas: dict[Cell, str] = field(default_factory=dict)
    surface: dict[Cell, int] = field(default_factory=dict)
    symbols: dict[Cell, tuple[str, Any]] = field(default_factory=dict)
    borders: set[tuple[Cell, Cell]] = field(default_factory=set)
    lines: set[tuple[Cell, Cell]] = field(default_factory=set)
    margin: dict[Cell, str | tuple[str, Any]] = field(default_factory=dict)
    vertices: dict[Cell, str] = field(default_factory=dict)
    marks: dict[Cell, tuple[str, Any]] = field(default_factory=dict)
    grid: str = field(default="square", compare=False)
    dots: bool = field(default=False, compare=False)
    space: int = field(default=0, compare=False)  # margins wider than one (a Nonogram's)

    def only(self, genre: str, *kept: str) -> None:
        """A located error for the first cell showing anything but ``kept`` (this
        board's fields): ``genre``'s boards have none of it."""
        for what in NAMES:
            held: Any = getattr(self, what)
            if held and what not in kept:
                first = sorted(held)[0]
                cell = first if isinstance(first[0], int) else first[0]
                raise InputError(f"the Penpa+ link has {NAMES[what]} ({_place(cell)}), "
                                 f"which {genre} boards do not have")

    def regions(self) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
        """The cells' regions, the board divided by its borders, numbered by their
        first cells, and the walls inside them (borders with one region on both sides,
        :class:`~cpsolve.grid.regions.Outlined`)."""
        from cpsolve.grid.geometry import Grid

        grid = Grid.of(self.rows, self.cols)
        region = grid.label_regions(lambda a, b: (grid.rc(a), grid.rc(b)) in self.borders)
        walls = sorted((a, b) for a, b in grid.pairs if region[a] == region[b]
                       and (grid.rc(a), grid.rc(b)) in self.borders)
        return tuple(region), tuple(walls)


def borders(cols: int, pairs: Iterable[tuple[int, int]]) -> set[tuple[Cell, Cell]]:
    """Borders between the cells of ``pairs`` (numbered ``row * cols + column``)."""
    return {(divmod(a, cols), divmod(b, cols)) for a, b in pairs}


def at(cell: Cell) -> str:
    """Where ``cell`` is, for an error: ``at row 3, column 2 of the Penpa+ link``."""
    return f"at row {cell[0] + 1}, column {cell[1] + 1} of the Penpa+ link"


def _place(cell: Cell) -> str:
    return f"the first at row {cell[0] + 1}, column {cell[1] + 1}"


NAMES = {"numbers": "numbers", "arrows": "arrows", "corners": "numbers in cell corners",
         "tapas": "Tapa clues",
         "surface": "shaded cells", "symbols": "symbols", "borders": "thick borders",
         "lines": "lines", "margin": "marks outside the board",
         "vertices": "numbers on grid points", "marks": "symbols on grid points"}


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


@dataclass(frozen=True)
class _Points:
    """Where a board's points are: cell centres, corners and quarters, on the grid of
    ``nx`` by ``ny`` cells (margins included) padded by two; the board's cells start
    after the margins ``top`` and ``left``."""

    rows: int
    cols: int
    top: int
    left: int
    nx: int
    ny: int

    @property
    def width(self) -> int:
        """nx0: the columns, margins and padding."""
        return self.nx + 4

    @property
    def count(self) -> int:
        """nx0 * ny0: the centres' points (a corner is this plus its cell's centre)."""
        return self.width * (self.ny + 4)

    @property
    def view(self) -> int:
        """The point nearest the middle of the grid, margins included, as the editor
        centres its view: a cell's centre, a corner or an edge's middle."""
        middle = (2 + (self.ny - 1) // 2) * self.width + 2 + (self.nx - 1) // 2
        kind = {(1, 1): 0, (0, 0): 1, (1, 0): 2, (0, 1): 3}[(self.nx % 2, self.ny % 2)]
        return kind * self.count + middle

    def cell(self, index: int, outside: bool = False) -> Cell:
        """The cell centred on point ``index`` (``outside``: one in the margins too)."""
        row, col = divmod(index, self.width)
        found = (row - 2 - self.top, col - 2 - self.left)
        if not self.inside(found) and not (outside and 0 <= index < self.count):
            raise InputError(f"the Penpa+ link has something outside the board (at point "
                             f"{index})", line=1, column=1)
        return found

    def centre(self, cell: Cell) -> int:
        return (cell[0] + 2 + self.top) * self.width + cell[1] + 2 + self.left

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols


def read(url: str) -> Board:
    """The board a Penpa+ link shows (see the module docstring)."""
    lines = text_of(url).split("\n")
    head = lines[0].split(",")
    if head[0] not in GRIDS or len(lines) < 4:
        raise InputError(f"a Penpa+ link of a {head[0]!r} grid: only square grids are "
                         "read", line=1, column=1)
    try:
        nx, ny = int(head[1]), int(head[2])
        top, bottom, left, right = (int(v) for v in json.loads(lines[1]))
        layer = json.loads(lines[3])
        mode = json.loads(lines[2]) if lines[2].startswith("{") else {}
    except (ValueError, TypeError, IndexError) as error:
        raise InputError(f"the Penpa+ link's board is damaged ({error})", line=1,
                         column=1) from None
    rows, cols = ny - top - bottom, nx - left - right
    if not (0 < rows <= 1000 and 0 < cols <= 1000 and min(top, bottom, left, right) >= 0
            ) or not isinstance(layer, dict):
        raise InputError(f"the Penpa+ link's board is {cols}x{rows} (or damaged)", line=1,
                         column=1)
    grid = (mode.get("grid") or []) if isinstance(mode, dict) else []
    board = Board(rows, cols, grid=head[0], dots=grid[:1] == ["3"])
    points = _Points(rows, cols, top, left, nx, ny)
    for key, value in layer.items():
        if key in IGNORED or key in READ or not value:
            continue
        raise InputError(f"the Penpa+ link has {key!r} marks, which no board read here "
                         "has", line=1, column=1)
    try:
        _read_layer(layer, board, points)
    except (ValueError, TypeError, AttributeError, KeyError) as error:
        raise InputError(f"the Penpa+ link's board is damaged ({error!r})", line=1,
                         column=1) from None
    return board


def _read_layer(layer: dict[str, Any], board: Board, points: _Points) -> None:
    for index, (text, _, kind, *_) in (layer.get("number") or {}).items():
        if points.count <= int(index) < 2 * points.count:  # a grid point
            board.vertices[_point(int(index), points, "a number")] = str(text)
            continue
        if int(index) >= points.count:
            raise InputError("a number of the Penpa+ link is not in a cell", line=1, column=1)
        cell = points.cell(int(index), outside=True)
        text = str(text)
        if not points.inside(cell):
            board.margin[cell] = text
        elif kind == "2" and "_" in text:
            number, _, way = text.rpartition("_")
            if not way.isdigit() or int(way) >= len(ARROWS):
                raise InputError(f"an arrow pointing {way!r} {at(cell)}: only up, down, left "
                                 "and right are read", line=1, column=1)
            board.arrows[cell] = (number, ARROWS[int(way)])
        elif kind in NUMBER_KINDS or kind == "2":  # an arrow's number without its arrow
            board.numbers[cell] = text
        elif kind == "4":  # a Tapa clue, its numbers written one after another
            board.tapas[cell] = text
        else:
            raise InputError(f"a number of kind {kind!r} {at(cell)} (corner, candidates "
                             "or text), which no board read here has", line=1, column=1)
    for index, (text, *_) in (layer.get("numberS") or {}).items():
        centre, quarter = divmod(int(index) - 4 * points.count, 4)
        board.corners[points.cell(centre), quarter] = str(text)
    for index, colour in (layer.get("surface") or {}).items():
        board.surface[points.cell(int(index))] = int(colour)
    for index, (style, shape, *_) in (layer.get("symbol") or {}).items():
        if points.count <= int(index) < 2 * points.count:  # a grid point
            board.marks[_point(int(index), points, "a symbol")] = (
                str(shape), tuple(style) if isinstance(style, list) else int(style))
            continue
        cell = points.cell(int(index), outside=True)
        if not points.inside(cell):
            board.margin[cell] = (str(shape), style)
        elif isinstance(style, list) and str(shape).startswith("arrow_fouredge") \
                and cell in board.numbers:
            ways = {FOUR_EDGES[i] for i, flag in enumerate(style) if flag}
            if len(ways) != 1:
                raise InputError(f"a number with {len(ways)} arrows {at(cell)}", line=1,
                                 column=1)
            board.arrows[cell] = (board.numbers.pop(cell), ways.pop())
        else:
            board.symbols[cell] = (str(shape), tuple(style) if isinstance(style, list)
                                   else int(style))
    for key, kind in (("lineE", "borders"), ("line", "lines")):
        for pair in layer.get(key) or {}:
            a, b = (int(v) for v in pair.split(","))
            found = _pair(a, b, points, kind)
            if found is not None:
                getattr(board, kind).add(found)


def _point(index: int, points: _Points, what: str) -> Cell:
    """The grid point at ``index`` (a cell's bottom right corner), as the top left
    corner of the cell after it: ``(0, 0)`` the board's own top left."""
    r, c = points.cell(index - points.count, outside=True)
    if not (-1 <= r < points.rows and -1 <= c < points.cols):
        raise InputError(f"{what} of the Penpa+ link is on a point off the board", line=1,
                         column=1)
    return r + 1, c + 1


def _pair(a: int, b: int, points: _Points, kind: str) -> tuple[Cell, Cell] | None:
    """The two cells a border (between two corners) or a line (between two centres)
    lies between; ``None`` for a border on the board's outline or in its margins."""
    if kind == "lines":
        if a >= points.count or b >= points.count:
            raise InputError("a line of the Penpa+ link does not join two cells", line=1,
                             column=1)
        return points.cell(a), points.cell(b)
    low, high = sorted((a - points.count, b - points.count))  # each a cell's bottom right
    if not 0 <= low < points.count:
        raise InputError("a border of the Penpa+ link does not lie between two cells",
                         line=1, column=1)
    if high - low == 1:  # horizontal: between the cell above and the one below
        cells = (points.cell(high, outside=True), points.cell(high + points.width, True))
    elif high - low == points.width:  # vertical: between the cell left and the one right
        cells = (points.cell(high, outside=True), points.cell(high + 1, outside=True))
    else:
        raise InputError("a border of the Penpa+ link does not lie between two cells",
                         line=1, column=1)
    return cells if all(points.inside(cell) for cell in cells) else None


def _layer() -> dict[str, Any]:
    """An empty layer, every key the editor's own holds."""
    return {"command_redo": {"__a": []}, "command_undo": {"__a": []},
            "command_replay": {"__a": []}, "surface": {}, "number": {}, "numberS": {},
            "symbol": {}, "thermo": [], "arrows": [], "direction": [], "squareframe": [],
            "polygon": [], "line": {}, "lineE": {}, "wall": {}, "cage": {},
            "deletelineE": {}, "killercages": [], "nobulbthermo": []}


def _mode(dots: bool) -> dict[str, Any]:
    """The editor's modes: the puzzle's layer open for editing, the grid's lines
    (``dots``: its points only)."""
    submodes = {"surface": ["", 1], "line": ["1", 2], "lineE": ["1", 2], "wall": ["", 2],
                "cage": ["1", 10], "number": ["1", 1], "symbol": ["circle_L", 1],
                "special": ["thermo", ""], "board": ["", ""], "move": ["1", ""],
                "combi": ["battleship", ""], "sudoku": ["1", 1]}
    answer = dict(submodes, line=["1", 3], lineE=["1", 3], wall=["", 3], number=["1", 2],
                  sudoku=["1", 9])
    return {"qa": "pu_q", "grid": ["3", "1", "2"] if dots else ["1", "2", "1"],
            "pu_q": {"edit_mode": "number", **submodes},
            "pu_a": {"edit_mode": "surface", **answer}}


def write(board: Board) -> str:
    """The Penpa+ link of ``board``, the text as the editor writes it (19 lines: the
    grid, the margins, the modes, the puzzle's layer, an empty answer layer, the cells
    inside the margins, then the editor's settings), its keys shortened, compressed
    and in base64. The margins are a row and a column on each side when ``board.margin``
    has anything, as the editor's puzz.link import lays out Star Battle's count
    (``board.space`` of them when that is more: a Nonogram's clues)."""
    space = max(board.space, 1 if board.margin else 0)
    nx, ny = board.cols + 2 * space, board.rows + 2 * space
    points = _Points(board.rows, board.cols, space, space, nx, ny)
    layer = _layer()
    for cell, text in sorted(board.numbers.items()):
        dark = board.surface.get(cell) in (1, 4)  # white on a black or dark cell
        layer["number"][str(points.centre(cell))] = [text, 4 if dark else 1, "1"]
    for cell, (text, way) in sorted(board.arrows.items()):
        layer["number"][str(points.centre(cell))] = [f"{text}_{ARROWS.index(way)}", 1, "2"]
    for cell, text in sorted(board.tapas.items()):
        layer["number"][str(points.centre(cell))] = [text, 1, "4"]
    for (r, c), text in sorted(board.vertices.items()):
        layer["number"][str(points.count + points.centre((r - 1, c - 1)))] = [text, 1, "1"]
    for (r, c), (shape, style) in sorted(board.marks.items()):
        layer["symbol"][str(points.count + points.centre((r - 1, c - 1)))] = [
            list(style) if isinstance(style, tuple) else style, shape, 1]
    for (cell, quarter), text in sorted(board.corners.items()):
        layer["numberS"][str(4 * points.count + 4 * points.centre(cell) + quarter)] = [text, 1]
    for cell, mark in sorted(board.margin.items()):
        at_point = str(points.centre(cell))
        if isinstance(mark, str):
            layer["number"][at_point] = [mark, 1, "1"]
        else:
            layer["symbol"][at_point] = [mark[1], mark[0], 2]
    for cell, colour in sorted(board.surface.items()):
        layer["surface"][str(points.centre(cell))] = colour
    for cell, (shape, style) in sorted(board.symbols.items()):
        layer["symbol"][str(points.centre(cell))] = [
            list(style) if isinstance(style, tuple) else style, shape, 1]
    for a, b in sorted(board.borders):
        low, high = sorted((a, b))
        corner = points.count + points.centre(low)  # the bottom right of the first cell
        other = corner - 1 if high[0] > low[0] else corner - points.width
        layer["lineE"][f"{min(corner, other)},{max(corner, other)}"] = 2
    for a, b in sorted(board.lines):
        ends = sorted((points.centre(a), points.centre(b)))
        layer["line"][f"{ends[0]},{ends[1]}"] = 2
    head = (f"{board.grid},{nx},{ny},{SIZE},0,1,1,{SIZE * (nx + 1)},{SIZE * (ny + 1)},"
            f"{points.view},{points.view},0,0,0,0,Title: ,Author: ,,,OFF,false")
    cells = [points.centre((r, c)) for r in range(board.rows) for c in range(board.cols)]
    mode = _json(_mode(board.dots))
    text = "\n".join([
        head, _json([space] * 4), mode, _json(layer), _json(_layer()),
        _json(cells[:1] + [b - a for a, b in zip(cells, cells[1:])]), "[]", "{}", '"x"',
        '"x"', "[3,2,3]", mode, '"x"', "0", _json(_layer()), _json(_layer()), "{}", "[]", ""])
    text = text.replace("z", "zZ")
    for long, short in CODES:
        text = text.replace(long, short)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode("utf-8")) + packer.flush()
    return f"{EDITOR}#m=edit&p={base64.b64encode(packed).decode('ascii')}"


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


__all__ = ["EDITOR", "URL_RE", "Board", "at", "borders", "read", "text_of", "write"]
