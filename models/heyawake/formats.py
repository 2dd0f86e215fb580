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

from cpsolve.grid import forms, puzzlink, regions
from cpsolve.grid import text as gridtext
from cpsolve.grid.geometry import Grid
from cpsolve.models.heyawake.board import UNKNOWN, Board, Shading

URL_KINDS = {"heyawake": "Heyawake", "heyawacky": "Heyawake"}
NO_NUMBER = {"-", "."}
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
    rows, cols, (numbers, names) = gridtext.read(text, 2, names=("numbers", "rooms"))
    return _board(rows, cols, numbers, names)


def _board(rows: int, cols: int, numbers: gridtext.Grid, names: gridtext.Grid) -> Board:
    """A board from its grids of number and room tokens, wherever they were read."""
    grid = Grid.of(rows, cols)
    room = regions.read(names, "room")
    count = max(room) + 1
    value: list[int | None] = [None] * count
    where = list(clue_cells(grid, room))
    given: dict[int, gridtext.Token] = {}
    for cell, token in enumerate(t for row in numbers for t in row):
        if token.text in NO_NUMBER:
            continue
        if token.text == "?":
            number = UNKNOWN
        elif token.text.isascii() and token.text.isdigit():
            # read only as many digits as a board can count to (Python refuses to
            # read an integer of more than 4,300 digits)
            if len(token.text.lstrip("0")) > len(str(gridtext.MAX_CELLS)) or int(
                    token.text) > gridtext.MAX_CELLS:
                raise token.error(f"a number above {gridtext.MAX_CELLS:,}, more than any "
                                  "board has cells")
            number = int(token.text)
        else:
            raise token.error(f"a number is a count (0, 1, ...), '?', or '-' for none, "
                              f"not {token.text!r}")
        r = room[cell]
        if r in given:
            first = given[r]
            raise token.error(f"a second number in the room of the one at line {first.line}, "
                              f"column {first.column}")
        given[r] = token
        value[r] = number
        where[r] = cell
    return Board(rows, cols, tuple(room), tuple(value), tuple(where))


def clue_cells(grid: Grid, room: Sequence[int]) -> tuple[int, ...]:
    """Where each room's number is written when the input does not say: the top cell
    of its leftmost column, as the site writes it."""
    return tuple(min(cells, key=lambda c: (c % grid.cols, c // grid.cols))
                 for cells in grid.regions(room))


def parse_url(url: str) -> Board:
    """Read a puzz.link / pzv.jp Heyawake URL (room borders, then the rooms' numbers in
    the order of their first cells; what follows the last room's number is ignored, as
    on the site).

    >>> b = parse_url("https://puzz.link/p?heyawake/6/6/lll155007rs12222j")
    >>> b.numbers
    (2, 2, 2, 2, None, None, None, None)
    """
    link = puzzlink.split(url, URL_KINDS, max_cells=gridtext.MAX_CELLS)
    room, end = puzzlink.decode_regions(link)
    rows, cols = link.rows, link.cols
    count = max(room) + 1
    numbers, _ = puzzlink.decode_numbers(link, end, count)
    return Board(rows, cols, tuple(room), tuple(numbers), clue_cells(Grid(rows, cols), room))


def to_url(board: Board) -> str:
    """The puzz.link URL of ``board``.

    >>> url = "https://puzz.link/p?heyawake/6/6/lll155007rs12222j"
    >>> to_url(parse_url(url)) == url
    True
    """
    body = puzzlink.encode_regions(board.rows, board.cols, board.room)
    body += puzzlink.encode_numbers(list(board.numbers))
    return puzzlink.url("heyawake", board.cols, board.rows, body)


def to_text(board: Board) -> str:
    """The board as grid text (the sized form), rooms named a, b, ..., z, A, ...

    >>> print(to_text(parse("2 3\\n2 - 1\\n- - -\\na a b\\na a b\\n")))
    2 3
    2 - 1
    - - -
    a a b
    a a b
    """
    shown = {cell: ("?" if number == UNKNOWN else str(number))
             for number, cell in zip(board.numbers, board.clue_cell) if number is not None}
    numbers = [shown.get(cell, "-") for cell in range(board.cells)]
    return "\n".join([f"{board.rows} {board.cols}",
                      *regions.lines(board.cols, numbers, regions.names(board.room))])


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


def _pzprv3(framed: forms.Framed) -> Board:
    """A pzprjs file's board: the room count, the rooms' numbers cell by cell, then
    each cell's number ('.' none, '-' a number not given)."""
    names, numbers = framed.grid("0"), framed.grid("1")
    shown = {".": "-", "-": "?"}
    numbers = [[gridtext.Token(shown.get(t.text, t.text), t.line, t.column) for t in row]
               for row in numbers]
    return _board(framed.rows, framed.cols, numbers, names)


def _is_answer(text: str) -> bool:
    return gridtext.looks_marked(text, SHADED, UNSHADED)


FORMS: forms.Forms[Board] = forms.Forms(
    kinds=URL_KINDS,
    url=parse_url,
    grid=parse_grid,
    janko=lambda framed: _board(framed.rows, framed.cols,
                                framed.grid("problem", "numbers"),
                                framed.grid("areas", "rooms")),
    pzprv3=_pzprv3,
    pzprv3_blocks=lambda kind: (1, 0),
    answer=_is_answer,
)
