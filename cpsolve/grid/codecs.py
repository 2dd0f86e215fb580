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

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from cpsolve.errors import InputError, UsageError
from cpsolve.grid import flags as flagging
from cpsolve.grid import forms, penpa, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.flags import Flag

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
    the body. A body that goes on after the numbers (Fillomino's borders drawn in the
    board) has ``rest(link)``, the board's fields it says, and ``after(board)``, what
    the board writes after its numbers (empty: nothing), and ``saved(framed)``, the
    same fields as a pzprjs file saves them (after its grid of numbers); a board whose
    ``after`` says something is written only as a URL (``only`` says so in the words
    the other forms refuse it with)."""

    decode: Callable[[puzzlink.Link], list[int | None]]
    encode: Callable[[Sequence[int | None]], str]
    rest: Callable[[puzzlink.Link], dict[str, Any]] | None = None
    after: Callable[[Any], str] | None = None
    only: str = "it is written only as a puzz.link URL"
    saved: Callable[[forms.Framed], dict[str, Any]] | None = None

    def more(self, board: Any, form: str) -> str:
        """What ``board`` writes after its numbers; refused in ``form`` (not a URL)
        when that is something."""
        said = self.after(board) if self.after is not None else ""
        if said and form != "url":
            raise UsageError(f"the board cannot be written as {form}: {self.only}")
        return said


def _number16(link: puzzlink.Link) -> list[int | None]:
    return puzzlink.decode_numbers(link, 0, link.cells)[0]


# pzprjs decodeNumber16: hex digits, -xx and wider forms, "." for "?", g-z runs of
# empty cells; a body that ends early leaves the cells after it empty.
NUMBER16 = CellNumbers(_number16, puzzlink.encode_numbers)

_DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def _decode36(link: puzzlink.Link) -> list[int | None]:
    body = link.body
    numbers: list[int | None] = []
    index = 0
    while len(numbers) < link.cells:
        if index >= len(body):  # a body that ends early: the cells after it empty
            numbers.extend([None] * (link.cells - len(numbers)))
            break
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
# other character an empty cell; a body that ends early leaves the cells after it empty.
BASE36 = CellNumbers(_decode36, _encode36)


def number_grid(board: Callable[..., B], kinds: Mapping[str, str], url: CellNumbers, *,
                least: int = 0, why: str = "", looks: Callable[[str], bool] | None = None,
                most: int | None = None, unknown: str | None = None,
                flags: Iterable[Flag] | None = None, labels: bool = False,
                janko: Mapping[str, str] | None = None,
                ruled: tuple[str, str, str] | None = None) -> Formats[B]:
    """The forms of a grid of numbers (``board(rows, cols, numbers)``): grid text (a
    first line ``ROWS COLS``, then rows of tokens, a number, ``-`` or ``.`` for none,
    ``?`` for a number not given; or, without the size line, rows of one character a
    cell) and puzz.link URLs of the types ``kinds`` with the body ``url``. A number
    below ``least`` is refused (``why`` says why), or above ``most``; ``unknown``:
    "?" is refused, this saying why; ``looks(text)``: whether text that is no board is
    an answer (the error then says to give it with ``--check``). ``flags``: the rules
    the board may carry (:class:`~cpsolve.grid.flags.Flag`: a word the size line may
    say after ROWS COLS, ``fill``, and the letter a URL says it by, if any), each the
    board's Boolean field of that name (``board(..., fill=True)``), written back there.
    ``labels``: the numbers only tell cells apart (Numberlink's), and
    a Penpa+ link's letters are read as numbers no other cell has, in reading order.
    janko.at and pzprjs files are read too (a janko.at file's ``problem`` grid, under the
    types ``kinds`` or the janko.at names ``janko``: Kurodoko's ``kuromasu``).
    ``ruled``: ``(type, word, letter)``, a URL type of ``kinds`` that is the genre under
    the flag ``word`` unless its flag segment says ``letter`` (pzprjs's ``arukone``,
    Numberlink under the fill rule, ``arukone/e/`` without it); a board with that flag
    on is written as that type.

    >>> from dataclasses import dataclass
    >>> from cpsolve.grid.boards import NumberGrid
    >>> @dataclass(frozen=True)
    ... class Filled(NumberGrid):
    ...     fill: bool = False
    >>> f = number_grid(Filled, {"numlin": "Numberlink"}, NUMBER16, flags=[Flag("fill", "all")])
    >>> board = f.parse("1 3 fill\\n1 - 1")
    >>> board.fill, f.text(board)
    (True, '1 3 fill\\n1 - 1')
    """
    name = next(iter(kinds))
    rules = flagging.of(flags)

    def parse_grid(text: str) -> B:
        text, said = rules.from_text(text)
        rows, cols, numbers = gridtext.read_numbers(text, least=least, why=why, most=most,
                                                    unknown=unknown)
        return board(rows, cols, tuple(numbers), **said)

    def parse_url(text: str) -> B:
        link = puzzlink.split(text, kinds, max_cells=gridtext.MAX_CELLS,
                              read=rules.letters + (ruled[2] if ruled else ""))
        said = rules.from_link(link)
        if ruled is not None and link.kind == ruled[0]:
            said[ruled[1]] = ruled[2] not in link.flags
        numbers = url.decode(link)
        if url.rest is not None:
            said |= url.rest(link)
        if unknown is not None and puzzlink.UNKNOWN in numbers:
            raise link.error(unknown, max(link.body.find("."), 0))  # pzprjs writes "?" "."
        for cell, number in enumerate(numbers):
            if number is not None and 0 <= number < least:
                reason = why or f"a number from {least}"
                raise link.error(f"a {number} at cell {cell + 1}: {reason}", 0)
        return board(link.rows, link.cols, tuple(numbers), **said)

    def parse_penpa(shown: penpa.Board) -> B:
        shown.only(kinds[name], "numbers")
        numbers: list[int | None] = [None] * (shown.rows * shown.cols)
        named: dict[str, str] = {}
        if labels:  # a letter is a number no cell shows
            texts = sorted(shown.numbers.items())
            used = [int(t) for _, t in texts if t.strip().isdigit()]
            fresh = max(used, default=0)
            for _, text in texts:
                if text.strip().isalpha() and text.strip() not in named:
                    fresh += 1
                    named[text.strip()] = str(fresh)
        for (row, col), text in sorted(shown.numbers.items()):
            text = named.get(text.strip(), text)
            where = penpa.at((row, col))
            if text.strip() in ("", "?"):
                if unknown is not None:
                    raise InputError(f"{unknown} ({where})")
                numbers[row * shown.cols + col] = puzzlink.UNKNOWN
                continue
            if not text.strip().isdigit():
                raise InputError(f"{text!r} is no number ({where})")
            number = int(text)
            if number < least or (most is not None and number > most):
                reason = why or (f"a number from {least}" + (f" to {most}" if most else ""))
                raise InputError(f"a {number} {where}: {reason}")
            numbers[row * shown.cols + col] = number
        return board(shown.rows, shown.cols, tuple(numbers))

    def to_url(b: Any) -> str:
        body = url.encode(b.numbers) + url.more(b, "url")
        if ruled is not None and getattr(b, ruled[1]):
            return puzzlink.url(ruled[0], b.cols, b.rows, body)
        return puzzlink.url(name, b.cols, b.rows, body, rules.segment(b))

    def to_penpa(b: Any) -> str:
        rules.unsaid(b, "a Penpa+ link")
        url.more(b, "a Penpa+ link")
        return penpa.write(penpa.Board(b.rows, b.cols, numbers={
            divmod(cell, b.cols): "?" if number == puzzlink.UNKNOWN else str(number)
            for cell, number in enumerate(b.numbers) if number is not None}))

    def to_grid(b: Any) -> str:
        url.more(b, "grid text")
        return rules.to_text(gridtext.numbers_text(b.rows, b.cols, b.numbers), b)

    def to_text(b: Any) -> str:
        """The board in its main form: grid text, or its URL where only a URL holds it
        (what is printed, minimized or certified is the board given, whole)."""
        return to_url(b) if url.after is not None and url.after(b) else to_grid(b)

    def parse_pzprv3(framed: forms.Framed) -> B:
        """A pzprjs file's numbers: ``.`` none, ``-`` a number not given, as its grid
        text writes them (``-`` none, ``?`` not given) read by the grid's rules; a
        player's shading or dot saved in the same grid (``#``, ``+``: Nurikabe's) is
        the answer's, not the board's."""
        shown = {".": "-", "-": "?", "#": "-", "+": "-"}
        grid = [[gridtext.Token(shown.get(t.text, t.text), t.line, t.column) for t in row]
                for row in framed.grid("0")]
        numbers = gridtext.numbers_of(grid, least=least, why=why, most=most, unknown=unknown)
        said = url.saved(framed) if url.saved is not None else {}
        return board(framed.rows, framed.cols, tuple(numbers), **said)

    def parse_janko(framed: forms.Framed) -> B:
        """A janko.at file's ``problem`` grid: numbers, ``-`` for none (its
        ``solution``, when there, is the answer's)."""
        numbers = gridtext.numbers_of(framed.grid("problem"), least=least, why=why, most=most,
                                      unknown=unknown)
        return board(framed.rows, framed.cols, tuple(numbers))

    found = forms.Forms(kinds=kinds, url=parse_url, grid=parse_grid, answer=looks,
                        penpa=parse_penpa, pzprv3=parse_pzprv3, janko=parse_janko,
                        janko_kinds=janko or {})
    return Formats(found, to_text, {"url": to_url, "grid": to_grid, "penpa": to_penpa})


@dataclass(frozen=True)
class Param:
    """A number a board carries beside its cells (Star Battle's stars a unit), written
    after the size in grid text and before the body in a URL: the board's field
    ``name``, the ``word`` a header writes (``STARS``) and what it ``means``; ``janko``,
    the key a janko.at file gives it by (Star Battle's ``depth``), where it has one."""

    name: str
    word: str
    means: str
    janko: str | None = None


def region_grid(board: Callable[..., B], kinds: Mapping[str, str], *, title: str,
                empty: str, param: Param | None = None,
                looks: Callable[[str], bool] | None = None, holes: bool = False
                ) -> Formats[B]:
    """The forms of a board divided into regions (``board(rows, cols, region)``, or
    ``board(rows, cols, number, region)`` with a ``param``): grid text, a first line
    ``ROWS COLS`` (and the param's number) then rows of region names (any token; a
    region is the cells of one name, connected), or without a param nor the size line
    rows of one character a cell; the data sets' longer form, rows of empty cells
    (``-`` or ``.``; ``empty`` says why nothing else) before the names; puzz.link
    URLs of the types ``kinds`` (the param's number and ``/``, then the region
    borders; what follows them ignored, as on the site); without a param, janko.at
    (``areas``; with a param, its key's number) and pzprjs files. ``title`` names the
    genre in messages. With
    ``holes``, a cell named ``@`` or ``#`` in grid text or a janko.at file is in no
    region (:class:`~cpsolve.grid.regions.Outlined`), and grid text writes it ``#``;
    a URL or Penpa+ link cannot write one.

    >>> from cpsolve.grid.regions import Regions
    >>> f = region_grid(Regions, {"lits": "LITS"}, title="LITS", empty="no clues")
    >>> board = f.parse("2 2\\nx y\\nx x")
    >>> board.region, f.exports["url"](board)
    ((0, 1, 0, 0), 'https://puzz.link/p?lits/2/2/g8')
    """
    import re

    from cpsolve.errors import InputError
    from cpsolve.grid import regions

    kind = next(iter(kinds))
    headed_re = re.compile(r"^(\s*\d+\s+\d+)\s+(\d+)\s*$")  # ROWS COLS and the number

    def parse_grid(text: str) -> B:
        said = gridtext.content(text)
        first = said[0][1] if said else ""
        values: list[int] = []
        if param is not None:
            if not said:
                raise InputError("empty board", line=1, column=1)
            number = said[0][0]
            headed = headed_re.match(first)
            if not headed:
                if gridtext.SIZE_RE.match(first):
                    raise InputError(f"the first line of a {title} is ROWS COLS {param.word} "
                                     f"({param.means})", line=number,
                                     column=len(first.rstrip()) + 1)
                raise InputError(f"a {title} starts with a line ROWS COLS {param.word}, "
                                 "then the rows of region names", line=number, column=1)
            digits = headed.group(2)
            if len(digits.lstrip("0")) > len(str(gridtext.MAX_CELLS)) or int(digits) < 1:
                raise InputError(f"{param.word} is 1 to {gridtext.MAX_CELLS:,} "
                                 f"({param.means}), not {digits}", line=number,
                                 column=headed.start(2) + 1)
            values.append(int(digits))
            first = headed.group(1)  # the size line the kit reads; columns stay
            lines = text.splitlines()
            lines[number - 1] = first
            text = "\n".join(lines)
        sized = gridtext.SIZE_RE.match(first)
        rows = int(sized.group(1)) if sized else 0
        blocks = 2 if rows and len(said) - 1 == 2 * rows else 1
        _, _, grids = gridtext.read(text, blocks, names=("cells", "regions")[2 - blocks:])
        for token in (t for row in grids[0] for t in row) if blocks == 2 else ():
            if token.text not in ("-", "."):
                raise token.error(f"a cell of a {title} board is '-' ({empty}), "
                                  f"not {token.text!r}")
        names = grids[-1]
        return divided(len(names), len(names[0]), values, names)

    marks = regions.HOLES if holes else ""

    def divided(rows: int, cols: int, values: list[int], names: gridtext.Grid) -> B:
        region, hole = regions.read(names, holes=marks)
        return board(rows, cols, *values, region, holes=hole)

    def parse_url(url: str) -> B:
        link = puzzlink.split(url, kinds, max_cells=gridtext.MAX_CELLS)
        values: list[int] = []
        if param is not None:
            digits, slash, rest = link.body.partition("/")  # no borders: one region
            digits = digits or "1"  # none written: one, as the site reads it
            if not digits.isascii() or not digits.isdigit() or int(digits) < 1 \
                    or len(digits) > len(str(gridtext.MAX_CELLS)):
                raise link.error(f"expected {param.word}/BORDERS after the size "
                                 f"({param.means}, a number from 1)", 0)
            values.append(int(digits))
            link = puzzlink.Link(link.kind, link.cols, link.rows, rest,
                                 link.offset + len(digits) + 1)
        region, walls, _ = puzzlink.decode_regions(link)
        return board(link.rows, link.cols, *values, tuple(region), walls=tuple(walls))

    def head(b: Any) -> list[str]:
        return [str(getattr(b, param.name))] if param is not None else []

    def to_url(b: Any) -> str:
        regions.unholed(b, "a puzz.link URL")
        body = puzzlink.encode_regions(b.rows, b.cols, b.region, b.walls)
        return puzzlink.url(kind, b.cols, b.rows, "/".join([*head(b), body]))

    def to_text(b: Any) -> str:
        regions.unwalled(b)
        return "\n".join([" ".join([str(b.rows), str(b.cols), *head(b)]),
                          *regions.lines(b.cols, regions.names(b.region, b.holes))])

    def framed(*names: str) -> Callable[[forms.Framed], B]:
        return lambda f: divided(f.rows, f.cols, [], f.grid(*names))

    def parse_penpa(shown: penpa.Board) -> B:
        shown.only(title, "borders", *(("margin",) if param is not None else ()))
        values: list[int] = []
        if param is not None:
            values.append(_margin_number(shown, param))
        region, walls = shown.regions()
        return board(shown.rows, shown.cols, *values, region, walls=walls)

    def to_penpa(b: Any) -> str:
        regions.unholed(b, "a Penpa+ link")
        shown = penpa.Board(b.rows, b.cols, borders=penpa.borders(b.cols, b.fences))
        if param is not None:  # the count above the board, a star beside it
            shown.margin[(-1, b.cols - 2)] = str(getattr(b, param.name))
            shown.margin[(-1, b.cols - 1)] = ("star", 2)
        return penpa.write(shown)

    def counted(f: forms.Framed) -> B:  # the param's number, the region count, the names
        token = f.skipped[0]
        if not token.text.isdigit() or int(token.text) < 1:
            raise token.error(f"{param.word} is a number from 1 ({param.means}), not "  # type: ignore[union-attr]
                              f"{token.text!r}")
        return divided(f.rows, f.cols, [int(token.text)], f.grid("0"))

    def janko_counted(f: forms.Framed) -> B:  # the param's key, then the areas
        key = param.janko  # type: ignore[union-attr]
        token = f.values.get(key or "")
        if token is None:
            raise f.kind.error(f"the file gives {param.means} as '{key} N'")  # type: ignore[union-attr]
        if not token.text.isdigit() or int(token.text) < 1:
            raise token.error(f"{key} is a number from 1 ({param.means}), not "  # type: ignore[union-attr]
                              f"{token.text!r}")
        return divided(f.rows, f.cols, [int(token.text)], f.grid("areas", "regions"))

    found = forms.Forms(
        kinds=kinds, url=parse_url, grid=parse_grid, answer=looks,
        janko=framed("areas", "regions") if param is None else
        janko_counted if param.janko else None,
        pzprv3=framed("0") if param is None else counted,  # the region count, the names
        pzprv3_blocks=lambda kind: (1,) if param is None else (2,), penpa=parse_penpa)
    return Formats(found, regions.main_form(to_text, to_url),
                   {"url": to_url, "grid": to_text, "penpa": to_penpa})


def _margin_number(shown: penpa.Board, param: Param) -> int:
    """The one number written outside a Penpa+ board (Star Battle's stars a unit), the
    symbols beside it left out (the star the editor draws after the count)."""
    numbers = {cell: mark for cell, mark in shown.margin.items() if isinstance(mark, str)}
    if len(numbers) != 1:
        raise InputError(f"a Penpa+ link gives {param.means} as one number outside the "
                         f"board; this one has {len(numbers)}")
    (cell, text), = numbers.items()
    if not text.strip().isdigit() or int(text) < 1:
        raise InputError(f"{text!r} {penpa.at(cell)} is not {param.means} (a number from 1)")
    return int(text)


# Three cells a base-27 character, each 0, 1 or 2 (pzprjs decodeCircle: Masyu's pearls);
# never None, so the types below are narrower than CellNumbers says.
BASE3 = CellNumbers(
    lambda link: puzzlink.decode_base3(link, 0, link.cells)[0],  # type: ignore[arg-type,return-value]
    puzzlink.encode_base3)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Tatham:
    """Simon Tatham's game IDs of a grid of symbols (his Loopy, say): ``WxH``, the
    game's parameters (the pattern ``params``; ``written`` when writing one), ``:`` and
    the description, a character of ``symbols`` a cell and ``a``-``z`` runs of 1-26
    cells without one (``None``). ``game`` is the name in his web links, ``title`` the
    game's in messages, ``form`` an ID's start (``WxHt0``); ``check(match)`` refuses
    the parameters a genre does not play (a located :class:`InputError`).

    >>> loopy = Tatham("loopy", "Loopy", "WxHt0", {"3": 3}, r"(?:t\\d+)?", "t0")
    >>> loopy.read("3x1t0:a3a"), loopy.write(1, 3, (None, 3, None))
    ((1, 3, (None, 3, None)), '3x1t0:a3a')
    >>> loopy.read("3x1t0:a3b")
    Traceback (most recent call last):
    ...
    cpsolve.errors.InputError: 1:9: the description covers more than 3x1 = 3 cells
    """

    game: str
    title: str
    form: str
    symbols: Mapping[str, Any]
    params: str = ""
    written: str = ""
    check: Callable[[re.Match[str]], None] | None = None

    @property
    def pattern(self) -> re.Pattern[str]:
        chars = re.escape("".join(sorted(self.symbols)))
        return re.compile(rf"^(?P<w>\d+)x(?P<h>\d+){self.params}"
                          rf"(?::(?P<desc>[0-9a-z{chars}]*)|(?P<seed>#.*))$")

    def read(self, game_id: str) -> tuple[int, int, tuple[Any, ...]]:
        """The rows, the columns and the cells' values of a game ID (errors located
        in it)."""
        match = self.pattern.match(game_id)
        if not match:
            raise InputError(f"not a {self.title} game ID of the form {self.form}:description",
                             line=1, column=1)
        if match.group("seed"):
            raise InputError("this is a random seed (WxH#seed), not a puzzle: use the game ID "
                             f"({self.form}:...)", line=1, column=match.start("seed") + 1)
        if self.check is not None:
            self.check(match)
        width, height = int(match.group("w")), int(match.group("h"))
        cells = width * height
        if width < 1 or height < 1 or cells > gridtext.MAX_CELLS:
            raise InputError(f"bad size {width}x{height}", line=1, column=1)
        start, desc = match.start("desc"), match.group("desc")
        values: list[Any] = []
        for index, ch in enumerate(desc):
            if ch not in self.symbols and not "a" <= ch <= "z":
                raise InputError(f"unexpected character {ch!r} in the description", line=1,
                                 column=start + index + 1)
            values.extend([self.symbols[ch]] if ch in self.symbols
                          else [None] * (ord(ch) - ord("a") + 1))
            if len(values) > cells:
                raise InputError(f"the description covers more than {width}x{height} = "
                                 f"{cells} cells", line=1, column=start + index + 1)
        if len(values) != cells:
            raise InputError(f"the description covers {len(values)} cells, {width}x{height} "
                             f"needs {cells}", line=1, column=start + len(desc) + 1)
        return height, width, tuple(values)

    def write(self, rows: int, cols: int, values: Sequence[Any]) -> str:
        """The game ID of a board."""
        token = {value: ch for ch, value in list(self.symbols.items())[::-1]}
        body = puzzlink.gaps([None if v is None else token[v] for v in values],
                             puzzlink.GAPS26)
        return f"{cols}x{rows}{self.written}:{body}"


def symbol_grid(board: Callable[..., B], kinds: Mapping[str, str], url: CellNumbers,
                symbols: Mapping[str, Any], *, refused: str, what: str = "symbols",
                field: str = "symbols", janko: str = "problem", pzprv3: str = "0",
                game: Tatham | None = None,
                penpa_symbols: Mapping[tuple[str, int], str] | None = None,
                penpa_dots: bool = False, flags: Iterable[Flag] | None = None,
                **more: Any) -> Formats[B]:
    """The forms of a grid of symbols (``board(rows, cols, values)``, the values cell
    by cell in its attribute ``field``), a token of ``symbols`` a cell (read as
    written, else in lower case): grid text (a first line ``ROWS COLS``, then rows of
    tokens; or rows of one character a cell), janko.at files (the section ``janko``),
    pzprjs files (the grid ``pzprv3``), puzz.link URLs of the types ``kinds`` with the
    body ``url``, and with ``game`` Tatham's game IDs and links (exported under the
    game's name). A token that is none of them is refused by ``refused`` (what a cell
    holds; the token follows), the grids named ``what``. Boards are written with each
    value's first token. Penpa+ links: a number in a cell is the token it writes, a
    symbol the token ``penpa_symbols`` gives its shape and style (written with the
    first shape that gives it; ``penpa_dots``: the grid drawn as its points only).
    ``flags``: the rules the board may carry, as :func:`number_grid` reads them.
    ``more``: more forms (:class:`~cpsolve.grid.forms.Forms`' ``answer``).

    >>> f = symbol_grid(lambda r, c, v: (r, c, v), {"mashu": "Masyu"}, BASE3,
    ...                 {"-": 0, "w": 1, "b": 2}, refused="a cell is -, w or b")
    >>> f.parse("w-\\n-B"), f.parse("https://puzz.link/p?mashu/2/2/9i")
    ((2, 2, (1, 0, 0, 2)), (2, 2, (1, 0, 0, 2)))
    >>> f.parse("w-\\n-q")
    Traceback (most recent call last):
    ...
    cpsolve.errors.InputError: 2:2: a cell is -, w or b, not 'q'
    """
    name = next(iter(kinds))
    rules = flagging.of(flags)
    written: dict[Any, str] = {}
    for token, value in symbols.items():
        written.setdefault(value, token)

    def read(rows: int, cols: int, grid: gridtext.Grid, **said: bool) -> B:
        values = []
        for token in (t for row in grid for t in row):
            value = symbols.get(token.text, symbols.get(token.text.lower(), symbols))
            if value is symbols:
                raise token.error(f"{refused}, not {token.text!r}")
            values.append(value)
        return board(rows, cols, tuple(values), **said)

    def parse_grid(text: str) -> B:
        text, said = rules.from_text(text)
        rows, cols, (grid,) = gridtext.read(text, 1, names=(what,))
        return read(rows, cols, grid, **said)

    def parse_url(text: str) -> B:
        link = puzzlink.split(text, kinds, max_cells=gridtext.MAX_CELLS, read=rules.letters)
        return board(link.rows, link.cols, tuple(url.decode(link)), **rules.from_link(link))

    def parse_penpa(shown: penpa.Board) -> B:
        shown.only(kinds[name], "numbers", *(("symbols",) if penpa_symbols else ()))
        empty = written[symbols["-"]] if "-" in symbols else "-"
        values = [symbols[empty]] * (shown.rows * shown.cols)
        for (row, col), shape in sorted(shown.symbols.items()):
            where = penpa.at((row, col))
            token = (penpa_symbols or {}).get(shape)
            if token is None:
                raise InputError(f"a {shape[0]} of style {shape[1]} {where}: {refused}")
            values[row * shown.cols + col] = symbols[token]
        for (row, col), text in sorted(shown.numbers.items()):
            where = penpa.at((row, col))
            value = symbols.get(text.strip(), symbols)
            if value is symbols or (row, col) in shown.symbols:
                raise InputError(f"{refused}, not {text!r} ({where})")
            values[row * shown.cols + col] = value
        return board(shown.rows, shown.cols, tuple(values))

    def to_url(b: Any) -> str:
        return puzzlink.url(name, b.cols, b.rows, url.encode(getattr(b, field)),
                            rules.segment(b))

    shapes: dict[str, tuple[str, int]] = {}
    for shape, token in (penpa_symbols or {}).items():
        shapes.setdefault(token, shape)

    def to_penpa(b: Any) -> str:
        rules.unsaid(b, "a Penpa+ link")
        shown = penpa.Board(b.rows, b.cols, dots=penpa_dots)
        empty = symbols.get("-", symbols)
        for cell, value in enumerate(getattr(b, field)):
            if value != empty:
                token = written[value]
                if token in shapes:
                    shown.symbols[divmod(cell, b.cols)] = shapes[token]
                else:
                    shown.numbers[divmod(cell, b.cols)] = token
        return penpa.write(shown)

    def to_text(b: Any) -> str:
        values = [written[v] for v in getattr(b, field)]
        return rules.to_text("\n".join([f"{b.rows} {b.cols}", *(
            " ".join(values[r * b.cols:(r + 1) * b.cols]) for r in range(b.rows))]), b)

    exports: dict[str, Callable[[B], str]] = {"url": to_url, "grid": to_text,
                                              "penpa": to_penpa}
    if game is not None:
        more.update(game_id=(game.pattern, lambda text: board(*game.read(text))),
                    tatham=game.game)
        def to_game(b: Any) -> str:
            rules.unsaid(b, f"{game.title}'s game ID")  # type: ignore[union-attr]
            return game.write(b.rows, b.cols, getattr(b, field))  # type: ignore[union-attr]

        exports[game.game] = to_game
    found = forms.Forms(kinds=kinds, url=parse_url, grid=parse_grid,
                        janko=lambda framed: read(framed.rows, framed.cols, framed.grid(janko)),
                        pzprv3=lambda framed: read(framed.rows, framed.cols,
                                                   framed.grid(pzprv3)),
                        penpa=parse_penpa, **more)
    return Formats(found, to_text, exports)


__all__ = ["BASE3", "BASE36", "NUMBER16", "CellNumbers", "Formats",
           "Param", "Tatham", "number_grid", "region_grid", "symbol_grid"]
