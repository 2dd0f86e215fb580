"""The Ripple Effect board and its forms: a grid divided into rooms, some cells given a
number.

* grid text, as published data sets write it: a first line ``ROWS COLS``, then ROWS
  rows of numbers (``-`` or ``.`` for none), then ROWS rows of room names (any token;
  a room is the cells of one name, connected); or, without the size line, a block of
  one character a cell, a blank line, a block of room names;
* puzz.link URLs (``ripple``): the room borders, each cell's number (pzprjs
  ``decodeBorder``, ``decodeNumber16``), then the cells outside the board (pzprjs
  ``decodeEmpty``), which are refused when there are any; pzprjs's other genres on the
  same board (``cojun``, ``suguru``, ``meander``) are refused by name;
* janko.at files (``problem`` and ``areas``) and pzprjs files (the borders, then each
  cell's number);
* Penpa+ links: the rooms the thick borders divide, the numbers in cells.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from cpsolve.errors import InputError
from cpsolve.grid import codecs, forms, penpa, puzzlink, regions
from cpsolve.grid import text as gridtext
from cpsolve.grid.boards import NumberGrid
from cpsolve.grid.regions import Wall

Filling = tuple[int, ...]  # an answer: the number of every cell

KINDS = {"ripple": "Ripple Effect", "hakyukoka": "Ripple Effect", "cojun": "Ripple Effect",
         "suguru": "Ripple Effect", "meander": "Ripple Effect"}
# pzprjs's other genres of the same board (its ripple.js): read by none of cpsolve's.
OTHERS = {"cojun": "Cojun (a number above its neighbour below it in a room, none "
                   "beside an equal one)",
          "suguru": "Suguru (no equal numbers touching, even at a corner)",
          "meander": "Meandering Numbers (consecutive numbers beside each other in a "
                     "room)"}
WHY = "a number from 1 (a room of n cells holds 1 to n)"


@dataclass(frozen=True)
class Board(regions.Divided, NumberGrid):
    """An immutable Ripple Effect: ``numbers[cell]`` the given number of each cell
    (``None`` none, "?" a number not told), ``region[cell]`` its room (numbered by
    first cell), and the walls drawn inside rooms, which ask nothing (pzprjs keeps
    them; a URL writes them back).

    >>> b = Board(2, 2, (1, None, None, None), (0, 0, 1, 1))
    >>> b.region_cells, b.size(3), b.largest
    (((0, 1), (2, 3)), 2, 2)
    """

    PER_CELL = "region"
    rows: int
    cols: int
    numbers: tuple[int | None, ...]
    region: tuple[int, ...]
    walls: tuple[Wall, ...] = ()
    holes: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        super().__post_init__()
        if len(self.numbers) != self.cells:
            raise ValueError("a board has rows x cols numbers")

    def size(self, cell: int) -> int:
        """The number of cells of ``cell``'s room: the largest number it may hold."""
        return len(self.region_cells[self.region[cell]])

    @cached_property
    def largest(self) -> int:
        """The largest room's size: the largest number on the board."""
        return max(map(len, self.region_cells))


def _numbers(grid: gridtext.Grid) -> list[int | None]:
    return gridtext.numbers_of(grid, least=1, why=WHY)


def _from(rows: int, cols: int, numbers: gridtext.Grid, names: gridtext.Grid,
          walls: tuple[Wall, ...] = ()) -> Board:
    region, _ = regions.read(names, "room")
    return Board(rows, cols, tuple(_numbers(numbers)), region, walls)


def parse_grid(text: str) -> Board:
    """Grid text (see the module docstring)."""
    rows, cols, (numbers, names) = gridtext.read(text, 2, names=("numbers", "rooms"))
    return _from(rows, cols, numbers, names)


def parse_url(text: str) -> Board:
    """A puzz.link URL: borders, numbers, and no cell outside the board."""
    link = puzzlink.split(text, KINDS, max_cells=gridtext.MAX_CELLS)
    if link.kind in OTHERS:
        raise InputError(f"{link.kind} is pzprjs's {OTHERS[link.kind]} on Ripple Effect's "
                         "board, another genre: not read", line=1,
                         column=text.find("?" + link.kind) + 2)
    region, walls, start = puzzlink.decode_regions(link)
    numbers, end = puzzlink.decode_numbers(link, start, link.cells)
    if 0 in numbers:
        cell = numbers.index(0)
        _, at = puzzlink.decode_numbers(link, start, cell)  # where its number starts
        raise link.error(f"a 0 at row {cell // link.cols + 1}, column {cell % link.cols + 1}"
                         f": {WHY}", at)
    chars = -(-link.cells // 5)
    for index, char in enumerate(link.body[end:end + chars], end):
        if char not in puzzlink.BASE32:
            raise link.error(f"{char!r} is not a digit of the cells outside the board "
                             "(0-9, a-v)", index)
        if char != "0":
            raise link.error("cells outside the board (pzprjs's empty cells) are not "
                             "read", index)
    return Board(link.rows, link.cols, tuple(numbers), tuple(region), tuple(walls))


def to_url(board: Board) -> str:
    """The puzz.link URL of ``board``, as pzprjs writes it (no empty cells: nothing
    after the numbers).

    >>> to_url(parse_url("https://puzz.link/p?ripple/4/4/9n8rigk14h32k"))
    'https://puzz.link/p?ripple/4/4/9n8rigk14h32k'
    """
    body = puzzlink.encode_regions(board.rows, board.cols, board.region, board.walls)
    return puzzlink.url("ripple", board.cols, board.rows,
                        body + puzzlink.encode_numbers(list(board.numbers)))


def to_text(board: Board) -> str:
    """The board as grid text (the sized form), rooms named a, b, ...

    >>> print(to_text(Board(1, 3, (None, 2, None), (0, 0, 1))))
    1 3
    - 2 -
    a a b
    """
    regions.unwalled(board)
    numbers = ["-" if n is None else "?" if n < 0 else str(n) for n in board.numbers]
    return "\n".join([f"{board.rows} {board.cols}",
                      *regions.lines(board.cols, numbers, regions.names(board.region))])


def parse_pzprv3(framed: forms.Framed) -> Board:
    """A pzprjs file: its borders (skipped lines: right of each cell, then below each
    cell, 1 a border), then each cell's number (``.`` none, ``-`` a number not told)."""
    rows, cols = framed.rows, framed.cols
    lines = framed.skipped
    high = rows if cols > 1 else 0  # a line of no borders is no line in the file
    vertical = [_bits(lines[r], cols - 1) if high else [] for r in range(rows)]
    horizontal = [_bits(lines[high + r], cols) for r in range(rows - 1)]
    link = puzzlink.Link("ripple", cols, rows, puzzlink.encode_borders(vertical, horizontal), 0)
    region, walls, _ = puzzlink.decode_regions(link)
    shown = {".": "-", "-": "?", "#": "-"}
    numbers = [[gridtext.Token(shown.get(t.text, t.text), t.line, t.column) for t in row]
               for row in framed.grid("0")]
    return Board(rows, cols, tuple(_numbers(numbers)), tuple(region), tuple(walls))


def parse_penpa(shown: penpa.Board) -> Board:
    """A Penpa+ link: rooms the thick borders divide, numbers in cells."""
    shown.only("Ripple Effect", "borders", "numbers")
    region, walls = shown.regions()
    tokens = [[gridtext.Token("-", 1, 1) for _ in range(shown.cols)] for _ in range(shown.rows)]
    for (r, c), text in sorted(shown.numbers.items()):
        if not text.strip().isdigit() or int(text) < 1:
            raise InputError(f"{text!r} is not {WHY} ({penpa.at((r, c))})")
        tokens[r][c] = gridtext.Token(text.strip(), 1, 1)
    return Board(shown.rows, shown.cols, tuple(_numbers(tokens)), region, walls)


def to_penpa(board: Board) -> str:
    """The Penpa+ link of ``board``: its rooms' borders, its numbers."""
    return penpa.write(penpa.Board(
        board.rows, board.cols, borders=penpa.borders(board.cols, board.fences),
        numbers={board.grid.rc(cell): "?" if n < 0 else str(n)
                 for cell, n in enumerate(board.numbers) if n is not None}))


def _bits(line: gridtext.Token, count: int) -> list[bool]:
    """A line of a pzprjs file's borders: ``count`` tokens, 1 a border."""
    words = line.text.split()
    if len(words) != count or any(w not in ("0", "1") for w in words):
        raise line.error(f"a line of borders is {count} token{'' if count == 1 else 's'} of 0 "
                         "and 1")
    return [w == "1" for w in words]


class Forms(forms.Forms[Board]):
    """The kit's forms, but a pzprjs file's lines of borders before its numbers are
    counted from its size (the kit's reader counts them by its genre alone)."""

    def parse(self, text: str) -> Board:
        if forms.without_bom(text).strip().startswith("pzprv3"):
            head = forms.read_pzprv3(text, lambda kind: ())
            lines = (head.rows if head.cols > 1 else 0) + head.rows - 1
            return self._framed(forms.read_pzprv3(text, lambda kind: (lines,)),
                                parse_pzprv3, "pzprjs files")
        return super().parse(text)


FORMATS: codecs.Formats[Board] = codecs.Formats(
    Forms(kinds=KINDS, url=parse_url, grid=parse_grid,
          janko=lambda framed: _from(framed.rows, framed.cols,
                                     framed.grid("problem", "numbers"),
                                     framed.grid("areas", "rooms")),
          janko_kinds={"hakyuu": "Ripple Effect"}, pzprv3=parse_pzprv3,
          penpa=parse_penpa),
    regions.main_form(to_text, to_url), {"url": to_url, "grid": to_text, "penpa": to_penpa})

__all__ = ["FORMATS", "KINDS", "Board", "Filling", "parse_grid", "parse_url", "to_text",
           "to_url"]
