"""Boards divided into rooms, some of which carry a number written in one of their
cells (Heyawake, Country Road): the board's shape and its forms, written once.

Cells are numbered ``r * cols + c``; rooms are numbered by their first cell in
row-major order (as puzz.link numbers them), whatever names the input gave them.

Forms (:class:`RoomForms`):

* grid text, as published data sets write it: a first line ``ROWS COLS``, then ROWS
  rows of number tokens (``-`` or ``.`` for none, ``?`` for a number not given, at one
  cell of its room), then ROWS rows of room names (any token; a room is the cells of
  one name, and must be connected); the compact form drops the size line and writes
  one character a cell: a block of numbers, a blank line, a block of room names;
* puzz.link URLs: the room borders then the rooms' numbers in the order of their
  first cells (pzprjs ``decodeBorder`` and ``decodeRoomNumber16``), what follows the
  last room's number ignored, as on the site;
* janko.at files (``problem`` and ``areas``) and pzprjs files (the rooms, then each
  cell's number);
* Penpa+ links: the rooms the thick borders divide, a room's number in one of its cells
  or in a cell's corner.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from cpsolve.errors import InputError
from cpsolve.grid import flags as flagging
from cpsolve.grid import forms, penpa, puzzlink, regions
from cpsolve.grid import text as gridtext
from cpsolve.grid.geometry import Grid

if TYPE_CHECKING:
    from cpsolve.grid import codecs
    from cpsolve.grid.hints import Clue, Edit
    from cpsolve.grid.render import GridPicture

UNKNOWN = puzzlink.UNKNOWN  # a room whose number is shown as "?": numbered, no count given
NO_NUMBER = {"-", "."}


@dataclass(frozen=True)
class Rooms(regions.Outlined):
    """An immutable board of rooms: ``room[cell]`` the room of each cell, and the
    number of each room (``None``: no number; :data:`UNKNOWN`: "?"), with the cell it
    is written in (``clue_cell[room]``); the walls inside rooms (:class:`~cpsolve.grid.
    regions.Outlined`), and the holes, cells in no room.

    >>> b = Rooms(2, 3, (0, 0, 1, 0, 0, 1), (2, None), (0, 2))
    >>> b.rooms, b.room_cells[1], b.borders
    (2, (2, 5), [(1, 2), (4, 5)])
    """

    PER_CELL = "room"
    rows: int
    cols: int
    room: tuple[int, ...]
    numbers: tuple[int | None, ...]
    clue_cell: tuple[int, ...]
    walls: tuple[regions.Wall, ...] = ()
    holes: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        super().__post_init__()
        if len(self.numbers) != len(self.clue_cell) or len(self.numbers) != self.rooms:
            raise ValueError("one number (or None) and one clue cell per room")

    @cached_property
    def rooms(self) -> int:
        return max(self.room) + 1

    @cached_property
    def room_cells(self) -> tuple[tuple[int, ...], ...]:
        """The cells of each room, in order."""
        return tuple(tuple(cells) for cells in self.grid.regions(self.room))

    @cached_property
    def borders(self) -> list[tuple[int, int]]:
        """The pairs of neighbouring cells with a room border between them."""
        return self.grid.borders(self.room)

    @cached_property
    def crossing(self) -> tuple[tuple[int, ...], ...]:
        """Each room's edges (indices into ``grid.edges``) that cross its border: a
        loop that visits the room enters and leaves by them (Country Road).

        >>> Rooms(2, 3, (0, 0, 1, 0, 0, 1), (2, None), (0, 2)).crossing[1]
        (1, 3)
        """
        out: list[list[int]] = [[] for _ in range(self.rooms)]
        for k, (a, b) in enumerate(self.grid.edges):
            if self.room[a] != self.room[b]:
                out[self.room[a]].append(k)
                out[self.room[b]].append(k)
        return tuple(tuple(edges) for edges in out)

    def label(self, room: int) -> str | None:
        """A room's number as written (``?`` for :data:`UNKNOWN`), or ``None``."""
        number = self.numbers[room]
        return None if number is None else "?" if number == UNKNOWN else str(number)


B = TypeVar("B", bound=Rooms)


def clue_cells(grid: Grid, room: Sequence[int]) -> tuple[int, ...]:
    """Where each room's number is written when the input does not say: the top cell
    of its leftmost column, as the site writes it."""
    return tuple(min(cells, key=lambda c: (c % grid.cols, c // grid.cols))
                 for cells in grid.regions(room))


def _number(text: str, error: Callable[[str], InputError]) -> int:
    """A room's number as written (``?``: :data:`UNKNOWN`), or ``error(message)``."""
    if text == "?":
        return UNKNOWN
    if text.isascii() and text.isdigit():
        # read only as many digits as a board can count to (Python refuses to read an
        # integer of more than 4,300 digits)
        if len(text.lstrip("0")) > len(str(gridtext.MAX_CELLS)) or int(
                text) > gridtext.MAX_CELLS:
            raise error(f"a number above {gridtext.MAX_CELLS:,}, more than any board has "
                        "cells")
        return int(text)
    raise error(f"a number is a count (0, 1, ...), '?', or '-' for none, not {text!r}")


def _numbered(grid: Grid, room: Sequence[int],
              written: Iterable[tuple[int, str, str, Callable[[str], InputError]]]
              ) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
    """The rooms' numbers and the cells they are written in, from what is written in
    cells: ``(cell, text, place, error)``, ``place`` where it is for a message
    (``at line 3, column 2``), ``error(message)`` the error located there."""
    value: list[int | None] = [None] * (max(room) + 1)
    where = list(clue_cells(grid, room))
    given: dict[int, str] = {}
    for cell, text, place, error in written:
        number = _number(text, error)
        r = room[cell]
        if r in given:
            raise error(f"a second number in the room of the one {given[r]}")
        given[r] = place
        value[r] = number
        where[r] = cell
    return tuple(value), tuple(where)


@dataclass(frozen=True)
class RoomForms(Generic[B]):
    """The forms of a family whose board is a :class:`Rooms` (``board`` its class,
    ``kind`` its puzz.link type, ``kinds`` every spelling it answers to, ``answer``
    whether a text the board reader refused is an answer, ``flags`` the rules the board
    may carry, :class:`~cpsolve.grid.flags.Flag`, read and written as
    :func:`~cpsolve.grid.codecs.number_grid` does)."""

    board: Callable[..., B]
    kind: str
    kinds: Mapping[str, str]
    answer: Callable[[str], bool] | None = None
    holes: bool = False  # a room named @ or # is a hole (regions.Outlined)
    flags: flagging.Flags = flagging.Flags()

    def from_tokens(self, rows: int, cols: int, numbers: gridtext.Grid,
                    names: gridtext.Grid, **said: bool) -> B:
        """A board from its grids of number and room tokens, wherever they were read."""
        room, hole = regions.read(names, "room", regions.HOLES if self.holes else "")
        written = [(cell, token) for cell, token in enumerate(t for row in numbers for t in row)
                   if token.text not in NO_NUMBER]
        for cell, token in written:
            if cell in hole:
                raise token.error("a number in a cell of no room")
        value, where = _numbered(Grid.of(rows, cols), room, (
            (cell, token.text, f"at line {token.line}, column {token.column}", token.error)
            for cell, token in written))
        return self.board(rows, cols, tuple(room), value, where, holes=hole, **said)

    def parse_grid(self, text: str) -> B:
        """Read grid text (see the module docstring)."""
        text, said = self.flags.from_text(text)
        rows, cols, (numbers, names) = gridtext.read(text, 2, names=("numbers", "rooms"))
        return self.from_tokens(rows, cols, numbers, names, **said)

    def parse_url(self, url: str) -> B:
        """Read a puzz.link / pzv.jp URL (see the module docstring)."""
        link = puzzlink.split(url, self.kinds, max_cells=gridtext.MAX_CELLS,
                              read=self.flags.letters)
        room, walls, end = puzzlink.decode_regions(link)
        numbers, _ = puzzlink.decode_numbers(link, end, max(room) + 1)
        return self.board(link.rows, link.cols, tuple(room), tuple(numbers),
                          clue_cells(Grid(link.rows, link.cols), room), tuple(walls),
                          **self.flags.from_link(link))

    def to_url(self, board: Rooms) -> str:
        """The puzz.link URL of ``board``."""
        regions.unholed(board, "a puzz.link URL")
        body = puzzlink.encode_regions(board.rows, board.cols, board.room, board.walls)
        body += puzzlink.encode_numbers(list(board.numbers))
        return puzzlink.url(self.kind, board.cols, board.rows, body, self.flags.segment(board))

    def to_text(self, board: Rooms) -> str:
        """The board as grid text, its flags on the size line (:func:`to_text`)."""
        return self.flags.to_text(to_text(board), board)

    def pzprv3(self, framed: forms.Framed) -> B:
        """A pzprjs file's board: the room count, the rooms' numbers cell by cell, then
        each cell's number ('.' none, '-' a number not given)."""
        names, numbers = framed.grid("0"), framed.grid("1")
        shown = {".": "-", "-": "?"}
        numbers = [[gridtext.Token(shown.get(t.text, t.text), t.line, t.column) for t in row]
                   for row in numbers]
        return self.from_tokens(framed.rows, framed.cols, numbers, names)

    def parse_penpa(self, shown: penpa.Board) -> B:
        """A Penpa+ link's board: rooms the borders divide, a room's number in any of
        its cells (or in a cell's corner, as some setters write it), "?" a number not
        given."""
        title = next(iter(self.kinds.values()))
        shown.only(title, "borders", "numbers", "corners")
        room, walls = shown.regions()

        def error(at: str) -> Callable[[str], InputError]:
            return lambda message: InputError(f"{message} ({at})")

        value, where = _numbered(Grid.of(shown.rows, shown.cols), room, (
            (r * shown.cols + c, text.strip(), penpa.at((r, c)), error(penpa.at((r, c))))
            for (r, c), text in sorted([*shown.numbers.items(),
                                        *((cell, text) for (cell, _), text in
                                          shown.corners.items())])))
        return self.board(shown.rows, shown.cols, room, value, where, walls)

    def to_penpa(self, board: Rooms) -> str:
        """The Penpa+ link of ``board``: its rooms' borders, each number in its cell."""
        regions.unholed(board, "a Penpa+ link")
        self.flags.unsaid(board, "a Penpa+ link")
        return penpa.write(penpa.Board(
            board.rows, board.cols, borders=penpa.borders(board.cols, board.fences),
            numbers={board.grid.rc(cell): board.label(room) or ""
                     for room, cell in enumerate(board.clue_cell)
                     if board.numbers[room] is not None}))

    def forms(self) -> forms.Forms[B]:
        """Every form the family reads."""
        return forms.Forms(
            kinds=self.kinds, url=self.parse_url, grid=self.parse_grid,
            janko=lambda framed: self.from_tokens(framed.rows, framed.cols,
                                                  framed.grid("problem", "numbers"),
                                                  framed.grid("areas", "rooms")),
            pzprv3=self.pzprv3, pzprv3_blocks=lambda kind: (1, 0), answer=self.answer,
            penpa=self.parse_penpa)

    def formats(self) -> codecs.Formats[B]:
        """The family's :class:`~cpsolve.grid.codecs.Formats`: every form it reads,
        grid text as its main form, and the URL, grid text and Penpa+ link as exports."""
        from cpsolve.grid.codecs import Formats

        return Formats(self.forms(), regions.main_form(self.to_text, self.to_url),
                       {"url": self.to_url, "grid": self.to_text, "penpa": self.to_penpa})


def to_text(board: Rooms) -> str:
    """The board as grid text (the sized form), rooms named a, b, ..., z, A, ...

    >>> print(to_text(Rooms(2, 3, (0, 0, 1, 0, 0, 1), (2, 1), (0, 2))))
    2 3
    2 - 1
    - - -
    a a b
    a a b
    """
    regions.unwalled(board)
    shown = {cell: board.label(room) for room, cell in enumerate(board.clue_cell)
             if board.numbers[room] is not None}
    numbers = [shown.get(cell) or "-" for cell in range(board.cells)]
    return "\n".join([f"{board.rows} {board.cols}",
                      *regions.lines(board.cols, numbers,
                                     regions.names(board.room, board.holes))])


def numbered(board: B, changes: Mapping[int, int | None]) -> B:
    """``board`` with the rooms of ``changes`` numbered (``None``: no number)."""
    numbers = list(board.numbers)
    for room, number in changes.items():
        numbers[room] = number
    return replace(board, numbers=tuple(numbers))


def clues(board: Rooms) -> list[Clue]:
    """The rooms' numbers as clues, in reading order of the cells they are written in
    ("?" says nothing and is no clue); a clue's key is its room."""
    from cpsolve.grid.hints import Clue

    found = [Clue(board.grid.rc(board.clue_cell[room]), f"number {number}", room, number)
             for room, number in enumerate(board.numbers)
             if number is not None and number != UNKNOWN]
    return sorted(found, key=lambda clue: clue.cell)


def without(board: B, gone: Sequence[Clue]) -> B:
    """``board`` with the numbers of ``gone`` erased."""
    return numbered(board, {clue.key: None for clue in gone})  # type: ignore[misc]


def number_edits(noun: str, numbers: Callable[[int], Iterable[int]]
                 ) -> Callable[[Any, set[tuple[int, int]]], list[Edit[Any]]]:
    """A fix's edits for rooms where solutions differ: each number of
    ``numbers(room size)`` written in a room without one (or "?"), or changed (the
    least change first); ``noun`` is what a room is called (``room``, ``region``)."""
    from cpsolve.grid.hints import Clue, Edit

    def edits(board: Any, cells: set[tuple[int, int]]) -> list[Edit[Any]]:
        rooms = sorted({board.room[board.grid.cell(r, c)] for r, c in cells})
        out: list[Edit[Any]] = []
        for room in rooms:
            at = board.grid.rc(board.clue_cell[room])
            where = board.grid.where(board.clue_cell[room])
            current = board.numbers[room]
            bare = numbered(board, {room: None})
            for number in numbers(len(board.room_cells[room])):
                if number == current:
                    continue
                clue = Clue(at, f"number {number}", room, number)
                changed = numbered(board, {room: number})
                if current is None or current == UNKNOWN:
                    out.append(Edit(at, "number", f"number {number} in the {noun} at {where}",
                                    changed, clue=clue, number=number))
                else:
                    out.append(Edit(at, "number", f"number {current} changed to {number} in "
                                    f"the {noun} at {where}", changed, clue=clue, base=bare,
                                    number=number, cost=2))
        return out

    return edits


def shaded_picture(board: Rooms, shading: frozenset[int] | None = None, *, title: str
                   ) -> GridPicture:
    """A board of rooms: thick room borders, the rooms' numbers ("?" too), and a
    shading when given (shaded cells black, a number on one in white, the unshaded
    cells without a number dotted)."""
    from cpsolve.grid.render import DOT, SHADE, GridPicture

    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"{title} {board.cols}x{board.rows}")
    pic.borders.update((rc(a), rc(b)) for a, b in board.fences)
    shaded = shading or frozenset()
    for cell in shaded:
        pic.fill[rc(cell)] = SHADE
    if shading is not None:
        for cell in range(board.cells):
            if cell not in shaded:
                pic.dots[rc(cell)] = DOT
    for number, cell in zip(board.numbers, board.clue_cell):
        if number is not None:
            pic.dots.pop(rc(cell), None)
            pic.label[rc(cell)] = ("?" if number == UNKNOWN else str(number),
                                   "#ffffff" if cell in shaded else SHADE)
    return pic


def loop_picture(board: Rooms, loop: frozenset[tuple[int, int]] | None = None, *,
                 title: str) -> GridPicture:
    """A board of rooms with a loop through cell centres (Country Road): thick room
    borders, holes grey, the rooms' numbers ("?" too), and the loop when given, with a
    dot in each cell it leaves out that holds no number."""
    from cpsolve.grid.render import DOT, HOLE, SHADE, GridPicture

    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"{title} {board.cols}x{board.rows}")
    pic.borders.update((rc(a), rc(b)) for a, b in board.fences)
    pic.fill.update((rc(cell), HOLE) for cell in board.holes)
    if loop is not None:
        passed = {cell for edge in loop for cell in edge}
        pic.lines.extend((rc(a), rc(b)) for a, b in sorted(loop))
        pic.dots.update((rc(cell), DOT) for cell in range(board.cells)
                        if cell not in passed and cell not in board.holes)
    for room, cell in enumerate(board.clue_cell):
        text = board.label(room)
        if text is not None:
            pic.dots.pop(rc(cell), None)
            pic.label[rc(cell)] = (text, SHADE)
    return pic
