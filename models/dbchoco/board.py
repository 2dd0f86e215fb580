"""A Double Choco board and its forms: the colour of every cell (white or grey) and a
number in some cells (``None`` none, "?" a number not told).

* grid text: ``ROWS COLS``, then the colours (a row of ``.`` white and ``#`` grey a
  board row), then the numbers (a number, ``-`` or ``.`` for none, ``?``); without
  the size line, the two grids as blocks of one character a cell, a blank line apart;
  or, after the size line, one grid of a token a cell, ``#`` before a grey cell's
  number (``#3``, ``#?``; ``#`` alone a grey cell without one), as the setter's page
  writes it;
* puzz.link URLs as pzprjs writes them (``dbchoco``): a bit a cell for grey, five a
  character in base 32, then the numbers (pzprjs decodeIce, decodeNumber16);
* pzprjs files: a token a cell, ``-`` before it for grey, ``.`` none, ``0`` "?".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from cpsolve.grid import codecs, forms, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.boards import NumberGrid

WHY = "a half has at least one cell: a number from 1"
COLOURS = {".": False, "#": True}
KINDS = {"dbchoco": "Double Choco"}


@dataclass(frozen=True)
class Board(NumberGrid):
    """A Double Choco board: the kit's grid of numbers with ``grey[cell]``.

    >>> b = Board(1, 2, (1, None), (False, True))
    >>> b.largest, b.clue_cells
    (1, (0,))
    """

    grey: tuple[bool, ...] = field(default=())
    # The largest half an answer has, where that is proven (the steps' board:
    # :func:`~cpsolve.models.dbchoco.rules.bounded`); None: half the board.
    bound: int | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if len(self.grey) != self.rows * self.cols:
            raise ValueError("a board has a colour a cell")

    @cached_property
    def largest(self) -> int:
        """The largest half an area may have: half the board (at least 1), or the
        bound proven."""
        half = max(1, self.cells // 2)
        return half if self.bound is None else max(1, min(half, self.bound))


def _colours(grid: gridtext.Grid) -> tuple[bool, ...]:
    out = []
    for token in (t for row in grid for t in row):
        if token.text not in COLOURS:
            raise token.error(f"a colour is '.' (white) or '#' (grey), not {token.text!r}")
        out.append(COLOURS[token.text])
    return tuple(out)


def parse_grid(text: str) -> Board:
    lines = gridtext.content(text)
    size = gridtext.SIZE_RE.match(lines[0][1]) if lines else None
    if size and len(lines) == 1 + int(size[1]):  # one grid: a token a cell
        return parse_cells(text)
    rows, cols, (colours, numbers) = gridtext.read(text, 2, names=("colours", "numbers"))
    grey = _colours(colours)
    return Board(rows, cols, tuple(gridtext.numbers_of(numbers, least=1, why=WHY)), grey)


def parse_cells(text: str) -> Board:
    """Grid text of one grid, a token a cell: ``#`` before a grey cell's number.

    >>> b = parse_cells("1 3\\n#3 . #\\n")
    >>> b.numbers, b.grey
    ((3, None, None), (True, False, True))
    """
    rows, cols, (grid,) = gridtext.read(text, 1, names=("cells",))
    return _marked(rows, cols, grid, "#", {"": "-"})


def _marked(rows: int, cols: int, grid: gridtext.Grid, mark: str,
            meaning: dict[str, str]) -> Board:
    """The board of a grid of a token a cell, ``mark`` before a grey cell's token and
    the rest its number as grid text writes one (``meaning``: the form's own tokens
    for none and "?" in grid text's), each error at the number's place."""
    grey, tokens = [], []
    for token in (t for row in grid for t in row):
        dark = token.text.startswith(mark)
        rest = token.text[len(mark):] if dark else token.text
        grey.append(dark)
        tokens.append(gridtext.Token(meaning.get(rest, rest), token.line,
                                     token.column + len(mark) * dark))
    numbers = gridtext.numbers_of([tokens], least=1, why=WHY)
    return Board(rows, cols, tuple(numbers), tuple(grey))


def to_cells(board: Board) -> str:
    """``board`` as grid text of one grid (:func:`parse_cells`).

    >>> print(to_cells(Board(2, 2, (1, None, None, -2), (True, True, False, False))), end="")
    2 2
    #1 #
    . ?
    """
    def token(cell: int) -> str:
        number = board.numbers[cell]
        shown = "" if number is None else "?" if number == gridtext.UNKNOWN_NUMBER else str(number)
        return ("#" + shown) if board.grey[cell] else (shown or ".")

    return "\n".join([f"{board.rows} {board.cols}",
                      *(" ".join(token(r * board.cols + c) for c in range(board.cols))
                        for r in range(board.rows))]) + "\n"


def to_text(board: Board) -> str:
    size, _, numbers = gridtext.numbers_text(board.rows, board.cols, board.numbers
                                             ).partition("\n")
    colours = ["".join("#" if board.grey[c] else "." for c in line)
               for line in (range(r * board.cols, (r + 1) * board.cols)
                            for r in range(board.rows))]
    return "\n".join([size, *colours, numbers])


def decode_grey(link: puzzlink.Link) -> tuple[list[bool], int]:
    """The grey cells of a body (pzprjs decodeIce: a character is five cells, read as
    JavaScript's ``parseInt(ch, 32)``, a character that is no such digit none grey),
    and where the body goes on."""
    grey: list[bool] = []
    index = 0
    while len(grey) < link.cells and index < len(link.body):
        try:
            value = int(link.body[index], 32)
        except ValueError:
            value = 0
        grey.extend(bool(value & bit) for bit in (16, 8, 4, 2, 1))
        index += 1
    grey = grey[:link.cells]
    return grey + [False] * (link.cells - len(grey)), index


def encode_grey(grey: tuple[bool, ...]) -> str:
    digits = "0123456789abcdefghijklmnopqrstuv"
    return "".join(digits[sum(16 >> k for k, on in enumerate(grey[start:start + 5]) if on)]
                   for start in range(0, len(grey), 5))


def parse_url(text: str) -> Board:
    link = puzzlink.split(text, KINDS, max_cells=gridtext.MAX_CELLS)
    grey, end = decode_grey(link)
    rest = puzzlink.Link(link.kind, link.cols, link.rows, link.body[end:], link.offset + end)
    numbers = codecs.NUMBER16.decode(rest)
    for cell, number in enumerate(numbers):
        if number is not None and number == 0:
            raise rest.error(f"a 0 at cell {cell + 1}: {WHY}", 0)
    return Board(link.rows, link.cols, tuple(numbers), tuple(grey))


def to_url(board: Board) -> str:
    return puzzlink.url("dbchoco", board.cols, board.rows,
                        encode_grey(board.grey) + puzzlink.encode_numbers(board.numbers))


def parse_pzprv3(framed: forms.Framed) -> Board:
    """A pzprjs file's cells: ``-`` before a token a grey cell, then ``.`` none, ``0``
    a number not told ("?"), or the number."""
    return _marked(framed.rows, framed.cols, framed.grid("0"), "-",
                   {"": "-", ".": "-", "0": "?"})


FORMATS: codecs.Formats[Board] = codecs.Formats(
    forms.Forms(kinds=KINDS, url=parse_url, grid=parse_grid, pzprv3=parse_pzprv3),
    to_text, {"url": to_url, "grid": to_text})

__all__ = ["FORMATS", "Board", "decode_grey", "encode_grey", "parse_cells", "parse_grid",
           "to_cells", "to_text", "to_url"]
