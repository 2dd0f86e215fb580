"""Boards of arrow clues (Yajilin, and the genres that count along an arrow): some
cells are clue cells, each with a number and an arrow, either of which may be missing.
The board's kind (:class:`ArrowGrid`), its forms (:func:`arrow_grid`) and its clues for
the setter's tools (:func:`clues`, :func:`without`), written once.

Grid text: a first line ``ROWS COLS``, then ROWS rows of whitespace-separated tokens:
``-`` (or ``.``) a cell without a clue; a clue cell as its number and the direction of
its arrow, ``n`` up, ``s`` down, ``e`` right, ``w`` left (``2e``; the letter first,
``e2``, reads too); a number without a letter (``3``) has no arrow, ``?`` (or ``@``) is
a clue cell without a number, ``?e`` an arrow without a number.

puzz.link (pzprjs ``decodeArrowNumber16``): a clue as its direction 0-4 (none, up,
down, left, right) and a hex digit, ``.`` for no number; ``5``-``9`` the direction
plus 5 and two hex digits; ``-``, the direction and three; ``a``-``z`` 1-26 cells
without a clue. A body that ends before the board does leaves the cells after it
without a clue, and a number it cuts short is read from the digits left, as the site
reads them.

pzprjs files: a clue as its direction (0-4, as in a URL), a comma and its number
(``-`` none given), ``.`` none.

Penpa+ links: a number with an arrow, or a number alone (``?`` none given); a shaded
cell is a clue cell (one without a number says nothing), and may be boxed in, as
editors draw them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar, cast

from cpsolve.errors import InputError
from cpsolve.grid import forms, penpa, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.codecs import Formats
from cpsolve.grid.geometry import DOWN, LEFT, RIGHT, UP, OnGrid

if TYPE_CHECKING:
    from cpsolve.grid.hints import Clue

STEPS = {"n": UP, "s": DOWN, "e": RIGHT, "w": LEFT}
WORDS = {"n": "up", "s": "down", "e": "right", "w": "left"}
GLYPHS = {"n": "\u2191", "s": "\u2193", "e": "\u2192", "w": "\u2190", None: ""}
URL_DIRECTIONS = (None, "n", "s", "w", "e")  # pzprjs's qdir 0-4: none, up, down, left, right
MOST = 4095  # the largest number a URL writes (three hex digits)
TOKEN_RE = re.compile(r"^(?:(?P<n>[0-9]+|\?)(?P<d>[nsew])?|(?P<d2>[nsew])(?P<n2>[0-9]+|\?))$",
                      re.IGNORECASE)
B = TypeVar("B", bound="ArrowGrid")


@dataclass(frozen=True)
class Arrow:
    """A clue cell's content: ``number`` (``None``: shown as ``?``) and ``direction``
    (``n``, ``s``, ``e``, ``w``, or ``None`` for no arrow).

    >>> Arrow(2, "e").token, Arrow(None, None).token, Arrow(3, None).token, Arrow(1, "n").label
    ('2e', '?', '3', '1\u2191')
    """

    number: int | None
    direction: str | None

    def __post_init__(self) -> None:
        if self.number is not None and self.number < 0:
            raise ValueError("a number is at least 0")
        if self.direction is not None and self.direction not in STEPS:
            raise ValueError("a direction is n, s, e or w")

    @property
    def token(self) -> str:
        """As grid text writes it: the number (``?`` for none), then the direction."""
        return ("?" if self.number is None else str(self.number)) + (self.direction or "")

    @property
    def label(self) -> str:
        """As a picture writes it: the number (``?`` for none), then the arrow."""
        return ("?" if self.number is None else str(self.number)) + GLYPHS[self.direction]

    @property
    def counts(self) -> bool:
        """Whether the clue counts along its arrow (a number and an arrow)."""
        return self.number is not None and self.direction is not None


BLANK = Arrow(None, None)  # a clue cell that says nothing


@dataclass(frozen=True)
class ArrowGrid(OnGrid):
    """An immutable board of arrow clues: ``clues[cell]`` an :class:`Arrow` on a clue
    cell, ``None`` elsewhere. A genre's board is this kind or a subclass of it.

    >>> b = ArrowGrid(2, 3, (Arrow(1, "e"), None, None, BLANK, None, None))
    >>> b.ray(0), b.clue_cells, b.open_cells, b.counting
    ((1, 2), (0, 3), (1, 2, 4, 5), (0,))
    """

    PER_CELL = "clues"
    rows: int
    cols: int
    clues: tuple[Arrow | None, ...]

    def with_clues(self: B, changes: Mapping[int, Arrow | None]) -> B:
        """The board with the clue cells of ``changes`` (cell: clue, ``None`` for a
        cell without one) and its own elsewhere."""
        clues = list(self.clues)
        for cell, clue in changes.items():
            clues[cell] = clue
        return replace(self, clues=tuple(clues))

    @cached_property
    def clue_cells(self) -> tuple[int, ...]:
        return tuple(cell for cell, clue in enumerate(self.clues) if clue is not None)

    @cached_property
    def open_cells(self) -> tuple[int, ...]:
        """The cells that are not clue cells."""
        return tuple(cell for cell, clue in enumerate(self.clues) if clue is None)

    @cached_property
    def counting(self) -> tuple[int, ...]:
        """The clue cells whose number counts along their arrow."""
        return tuple(cell for cell, clue in enumerate(self.clues)
                     if clue is not None and clue.counts)

    def token(self, cell: int) -> str | None:
        """A clue cell's token as grid text writes it (``None`` on another cell)."""
        clue = self.clues[cell]
        return None if clue is None else clue.token

    def ray(self, cell: int, direction: str | None = None) -> tuple[int, ...]:
        """Every cell in the arrow's direction from ``cell`` (or in ``direction``) to
        the board's edge, nearest first."""
        clue = self.clues[cell]
        direction = direction or (clue.direction if clue is not None else None)
        if direction is None:
            return ()
        found = self._rays.get((cell, direction))
        if found is None:  # each ray walked once a board (the rules, checker and hints ask)
            found = self._rays[cell, direction] = tuple(self.grid.ray(cell, *STEPS[direction]))
        return found

    @cached_property
    def _rays(self) -> dict[tuple[int, str], tuple[int, ...]]:
        return {}

    def counted(self, cell: int, direction: str | None = None) -> tuple[int, ...]:
        """The cells of :meth:`ray` that are not clue cells (in genres whose clue
        cells are never shaded, the cells an arrow counts)."""
        return tuple(other for other in self.ray(cell, direction) if self.clues[other] is None)

    def most(self, cell: int, direction: str | None = None) -> int:
        """The most cells of :meth:`ray` that can be shaded, never two side by side
        and no clue cell: a count above it cannot hold.

        >>> ArrowGrid(1, 6, (Arrow(0, "e"),) + (None,) * 5).most(0)
        3
        """
        runs, run = 0, 0
        for other in self.ray(cell, direction):
            if self.clues[other] is None:
                run += 1
            else:
                runs += (run + 1) // 2
                run = 0
        return runs + (run + 1) // 2


def clue(board: ArrowGrid, cell: int, direction: str, number: int) -> Clue:
    """The clue of a number with an arrow at ``cell``, keyed ``(cell, direction)``."""
    from cpsolve.grid.hints import Clue

    return Clue(board.grid.rc(cell), f"number {number} pointing {WORDS[direction]}",
                (cell, direction), number)


def clues(board: ArrowGrid) -> list[Clue]:
    """The numbers with arrows as clues, in reading order (a clue cell without both
    says nothing to take away).

    >>> [c.text for c in clues(ArrowGrid(1, 3, (Arrow(1, "e"), BLANK, Arrow(2, None))))]
    ['number 1 pointing right']
    """
    return [clue(board, cell, arrow.direction, arrow.number) for cell in board.counting
            if (arrow := board.clues[cell]) and arrow.direction and arrow.number is not None]


def without(board: B, gone: Sequence[Clue]) -> B:
    """``board`` with the numbers of ``gone`` taken away: their cells stay clue cells,
    without a number or an arrow (:data:`BLANK`)."""
    return board.with_clues({cast(tuple[int, str], c.key)[0]: BLANK for c in gone})


def read_token(text: str) -> Arrow | None:
    """A cell's token as a clue (``None``: not a clue cell); a ValueError if it is
    neither.

    >>> read_token("2e"), read_token("-"), read_token("w?")
    (Arrow(number=2, direction='e'), None, Arrow(number=None, direction='w'))
    """
    if text in ("-", "."):
        return None
    if text == "@":
        return BLANK
    match = TOKEN_RE.match(text)
    if not match:
        raise ValueError(text)
    number = match.group("n") or match.group("n2")
    direction = (match.group("d") or match.group("d2") or "").lower() or None
    if number is not None and number != "?" and (len(number) > 4 or int(number) > MOST):
        raise ValueError(text)
    return Arrow(None if number in (None, "?") else int(number), direction)


def decode(link: puzzlink.Link) -> list[Arrow | None]:
    """The clues of a puzz.link body (see the module docstring), cell by cell.

    >>> [c.token if c else "-" for c in decode(puzzlink.Link("yajilin", 4, 2, "20b3.a0.", 0))]
    ['0s', '-', '-', '?w', '-', '?', '-', '-']
    """
    body = link.body
    clues: list[Arrow | None] = []
    index = 0

    def digits(start: int, count: int) -> int:
        found = body[start:start + count]  # a number the body's end cuts short is read
        # from the digits left, as pzprjs reads it (none left: no number, refused)
        if not found or any(ch not in "0123456789abcdef" for ch in found.lower()) or (
                len(found) < count and start + count <= len(body)):
            words = "a hex digit" if count == 1 else f"{count} hex digits"
            raise link.error(f"{words} expected here", start)
        return int(found, 16)

    while index < len(body) and len(clues) < link.cells:
        ch = body[index]
        if ch in "01234":
            if index + 1 >= len(body):
                raise link.error("a clue's number is missing after its direction", index + 1)
            number = None if body[index + 1] == "." else digits(index + 1, 1)
            clues.append(Arrow(number, URL_DIRECTIONS[int(ch)]))
            index += 2
        elif ch in "56789":
            clues.append(Arrow(digits(index + 1, 2), URL_DIRECTIONS[int(ch) - 5]))
            index += 3
        elif ch == "-":
            if body[index + 1:index + 2] not in tuple("01234"):
                raise link.error("a direction 0-4 expected after '-'", index + 1)
            clues.append(Arrow(digits(index + 2, 3), URL_DIRECTIONS[int(body[index + 1])]))
            index += 5
        elif "a" <= ch <= "z":
            clues.extend([None] * (int(ch, 36) - 9))
            index += 1
        else:
            raise link.error(f"unexpected character {ch!r} among the arrows", index)
    return clues[:link.cells] + [None] * (link.cells - len(clues))


def _url_clue(clue: Arrow) -> str:
    direction = URL_DIRECTIONS.index(clue.direction)
    number = clue.number
    if number is None:
        return f"{direction}."
    if number < 16:
        return f"{direction}{number:x}"
    if number < 256:
        return f"{direction + 5}{number:02x}"
    if number <= MOST:
        return f"-{direction}{number:03x}"
    raise InputError(f"{number} cannot be written in a puzz.link URL (at most {MOST})")


def encode(clues: tuple[Arrow | None, ...]) -> str:
    """The puzz.link body of ``clues`` (the inverse of :func:`decode`).

    >>> encode((Arrow(0, "s"), None, None, Arrow(None, "w"), None, BLANK, None, None))
    '20b3.a0.b'
    """
    return puzzlink.gaps([None if clue is None else _url_clue(clue) for clue in clues],
                         puzzlink.GAPS26)


# A clue drawn on a grid point (``penpa_points``): its style, the direction of its dot.
POINT_STYLES = {1: "e", 2: "s", 3: "w", 4: "n"}


def arrow_grid(board: Callable[..., B], kinds: Mapping[str, str], *,
               refuse: Mapping[str, str] | None = None,
               looks: Callable[[str], bool] | None = None,
               janko: Mapping[str, str] | None = None, janko_blank: str = "",
               janko_points: bool = False, penpa_points: str | None = None) -> Formats[B]:
    """The forms of a board of arrow clues (``board(rows, cols, clues)``): grid text
    and puzz.link URLs of the types ``kinds`` (see the module docstring); ``refuse``
    maps a URL flag to why a board with it is refused (another rule); ``looks(text)``:
    whether text that is no board is an answer. With ``janko`` (the genre's names on
    janko.at), janko.at files: the ``problem`` section's tokens as grid text's
    (``3n``, ``-``), each character of ``janko_blank`` a clue cell that says nothing
    (Yajilin's grey cells ``x`` and ``#``); with ``janko_points``, the section is the
    ``size + 1`` rows of the grid's points, each a cell here (Hotaru Beam: janko.at draws
    the lines between points, pzprjs between cells' centres). With ``penpa_points``
    (the editor's shape of a clue), Penpa+ links draw the clues as that shape on the
    points of a board one cell smaller each way, the dot's direction its style (1 right,
    2 down, 3 left, 4 up) and the number on the point, as penpa-edit lays out Hotaru
    Beam (and noqx reads it); such links are read, and written for boards whose every
    clue has a direction (others as arrows in cells, which are read too).

    >>> f = arrow_grid(ArrowGrid, {"yajilin": "Yajilin"})
    >>> b = f.parse("2 3\\n2e - -\\n- ? n1\\n")
    >>> [c.token if c else "-" for c in b.clues], f.exports["url"](b)
    (['2e', '-', '-', '-', '?', '1n'], 'https://puzz.link/p?yajilin/3/2/42c0.11')
    """
    name = next(iter(kinds))

    def parse_grid(text: str) -> B:
        rows, cols, (grid,) = gridtext.read(text, 1, names=("clues",), words=True)
        clues: list[Arrow | None] = []
        for token in (t for row in grid for t in row):
            try:
                clues.append(read_token(token.text))
            except ValueError:
                raise token.error(f"a cell is '-' (no clue) or a clue: a number up to "
                                  f"{MOST} and the direction of its arrow (n, s, e, w: "
                                  f"'2e'), '?' or a number alone; not {token.text!r}"
                                  ) from None
        return board(rows, cols, tuple(clues))

    def parse_url(text: str) -> B:
        link = puzzlink.split(text, kinds, max_cells=gridtext.MAX_CELLS, refuse=refuse)
        return board(link.rows, link.cols, tuple(decode(link)))

    def to_url(b: Any) -> str:
        return puzzlink.url(name, b.cols, b.rows, encode(b.clues))

    def parse_points(shown: penpa.Board) -> B:
        shown.only(kinds[name], "marks", "vertices")
        cols = shown.cols + 1
        clues: list[Arrow | None] = [None] * ((shown.rows + 1) * cols)
        for (r, c), (shape, style) in sorted(shown.marks.items()):
            if shape != penpa_points or style not in POINT_STYLES:
                raise InputError(f"a symbol {shape!r} of style {style!r} at row {r + 1}, "
                                 f"column {c + 1} of the Penpa+ link's points: "
                                 f"{kinds[name]}'s are {penpa_points!r}, styles 1-4")
            token = shown.vertices.pop((r, c), "").strip() or "?"
            try:
                clues[r * cols + c] = read_token(token + POINT_STYLES[style])
            except ValueError:
                raise InputError(f"a clue is a number up to {MOST} or '?', not {token!r} "
                                 f"(at row {r + 1}, column {c + 1} of the Penpa+ link's "
                                 "points)") from None
        for r, c in sorted(shown.vertices):
            raise InputError(f"a number on a point without a clue (at row {r + 1}, column "
                             f"{c + 1} of the Penpa+ link's points)")
        return board(shown.rows + 1, cols, tuple(clues))

    def parse_penpa(shown: penpa.Board) -> B:
        if penpa_points is not None and (shown.marks or shown.vertices):
            return parse_points(shown)
        shown.only(kinds[name], "numbers", "arrows", "surface", "borders")
        clues: list[Arrow | None] = [None] * (shown.rows * shown.cols)
        written = [(cell, text, None) for cell, text in shown.numbers.items()]
        for (cell, text, way) in sorted([*written, *((c, t, w) for c, (t, w) in
                                                      shown.arrows.items())]):
            token = text.strip() or "?"
            try:
                clue = read_token(token + (way or ""))
            except ValueError:
                raise InputError(f"a clue is a number up to {MOST} or '?', not {text!r} "
                                 f"({penpa.at(cell)})") from None
            clues[cell[0] * shown.cols + cell[1]] = clue
        for r, c in shown.surface:  # a shaded cell is a clue cell, saying nothing alone
            clues[r * shown.cols + c] = clues[r * shown.cols + c] or BLANK
        clued = {divmod(cell, shown.cols) for cell, clue in enumerate(clues) if clue}
        for a, b in sorted(shown.borders):  # a box drawn around a clue cell
            if a not in clued and b not in clued:
                raise InputError(f"a border between cells without clues ({penpa.at(a)}): "
                                 f"{kinds[name]} boards have none")
        return board(shown.rows, shown.cols, tuple(clues))

    def to_penpa(b: Any) -> str:
        if penpa_points is not None and b.rows > 1 and b.cols > 1 and all(
                clue is None or clue.direction is not None for clue in b.clues):
            on = penpa.Board(b.rows - 1, b.cols - 1)
            styles = {way: style for style, way in POINT_STYLES.items()}
            for cell, clue in enumerate(b.clues):
                if clue is not None:
                    on.marks[divmod(cell, b.cols)] = (penpa_points, styles[clue.direction])
                    if clue.number is not None:
                        on.vertices[divmod(cell, b.cols)] = str(clue.number)
            return penpa.write(on)
        shown = penpa.Board(b.rows, b.cols)
        for cell, clue in enumerate(b.clues):
            if clue is None:
                continue
            text = "?" if clue.number is None else str(clue.number)
            if clue.direction is None:
                shown.numbers[divmod(cell, b.cols)] = text
            else:
                shown.arrows[divmod(cell, b.cols)] = (text, clue.direction)
        return penpa.write(shown)

    def to_text(b: Any) -> str:
        from cpsolve.grid.loops import aligned

        tokens = [clue.token if clue else "-" for clue in b.clues]
        return f"{b.rows} {b.cols}\n" + aligned(tokens, b.cols)

    def parse_pzprv3(framed: forms.Framed) -> B:
        """A pzprjs file's clues: ``.`` none, ``D,N`` a direction (0 none, 1 up, 2
        down, 3 left, 4 right) and a number (``-`` none given)."""
        clues: list[Arrow | None] = []
        for token in (t for row in framed.grid("0") for t in row):
            if token.text == ".":
                clues.append(None)
                continue
            way, comma, number = token.text.partition(",")
            if not comma or way not in ("0", "1", "2", "3", "4") or not (
                    number == "-" or (number.isdigit() and int(number) <= MOST)):
                raise token.error(f"a clue is a direction 0-4, a comma and a number up to "
                                  f"{MOST} or '-' (none given), not {token.text!r}")
            clues.append(Arrow(None if number == "-" else int(number),
                               URL_DIRECTIONS[int(way)]))
        return board(framed.rows, framed.cols, tuple(clues))

    def parse_janko(framed: forms.Framed) -> B:
        clues: list[Arrow | None] = []
        rows, cols = framed.rows + janko_points, framed.cols + janko_points
        for token in (t for row in framed.section("problem", rows, cols) for t in row):
            if token.text in janko_blank:
                clues.append(BLANK)
                continue
            try:  # an arrow alone ('w'): no number told
                clues.append(read_token("?" + token.text if token.text in ("n", "s", "e", "w")
                                        else token.text))
            except ValueError:
                raise token.error(f"a cell is '-' (no clue) or a number and the direction "
                                  f"of its arrow ('3n'), not {token.text!r}") from None
        return board(rows, cols, tuple(clues))

    found = forms.Forms(kinds=kinds, url=parse_url, grid=parse_grid, answer=looks,
                        penpa=parse_penpa, pzprv3=parse_pzprv3,
                        janko=parse_janko if janko is not None else None,
                        janko_kinds=janko or {})
    return Formats(found, to_text, {"url": to_url, "grid": to_text, "penpa": to_penpa})


__all__ = ["BLANK", "GLYPHS", "STEPS", "WORDS", "Arrow", "ArrowGrid", "arrow_grid", "clue",
           "clues", "decode", "encode", "read_token", "without"]
