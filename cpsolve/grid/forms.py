"""Every form a grid board is pasted in, told apart once for every grid family.

* puzz.link URLs and their mirrors (``pzv.jp``, ``pzprxs.vercel.app``,
  ``pzplus.tck.mn``), with or without ``https://``, ``p`` or ``p.html``, in the
  editor's modes (``akari_edit``): :mod:`cpsolve.grid.puzzlink` splits them;
* Tatham's web links (``.../js/lightup.html#7x7:...``): the game ID after ``#``;
* janko.at puzzle files: ``begin``, ``puzzle NAME``, ``size N`` (or ``rows`` and
  ``cols``), then sections (``problem``, ``areas``, ``solution``, ``clabels``, ...;
  written bare or in brackets, ``[problem]``), each the lines of whitespace-separated
  tokens up to the next of janko.at's keys, ``end`` (read as the site's own script
  reads them: a line that starts with one of its keys sets that key, any other line
  belongs to the section before it, lines starting ``;`` or ``//`` are comments);
* pzprjs save files: ``pzprv3``, the genre, the rows, the columns, then the board's
  grids as the editor writes them;
* Penpa+ links (penpa-edit), in the genres that read them (:mod:`cpsolve.grid.penpa`);
* the family's own grid text;
* any of them after a UTF-8 byte-order mark.

A family declares only its own bits (:class:`Forms`): the type names it answers to,
how it reads a URL and its grid text, and how it turns a janko.at or pzprjs board's
token grids into a board. A board that names another type raises
:class:`~cpsolve.errors.ForeignPuzzle` (the command asks the other families which one
reads it); grid text that reads as the family's answer says to give it with
``--check``. Every error names its line and column.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from cpsolve.errors import ForeignPuzzle, InputError
from cpsolve.grid import penpa, puzzlink
from cpsolve.grid.text import MAX_CELLS, Grid, Token

Board = TypeVar("Board")

BOM = "\ufeff"
TATHAM_LINK_RE = re.compile(r"^(?:https?://)?[^\s#?]*/(?P<game>[a-z]+)\.html#(?P<id>\S+)$")


@dataclass(frozen=True)
class Framed:
    """A board read from a janko.at or pzprjs file: its type token, its size, and its
    grids of tokens (janko.at: by section name; pzprjs: in the file's order, by
    their index as a string, ``"0"``, ``"1"``, ...)."""

    kind: Token
    rows: int
    cols: int
    grids: Mapping[str, Grid]
    skipped: tuple[Token, ...] = ()  # pzprjs: the lines before the grids (a count)
    rest: tuple[tuple[int, str], ...] = ()  # pzprjs: the lines after them (number, text)
    sections: Mapping[str, Grid] = field(default_factory=dict)  # janko.at: as written
    values: Mapping[str, Token] = field(default_factory=dict)  # janko.at: depth, variant

    def grid(self, *names: str) -> Grid:
        """The first of the grids ``names`` that the file has, ``rows`` rows of
        ``cols`` tokens; an error naming the type's line when it has none, and the
        place where a section of that name is not of the board's size."""
        for name in names:
            if name in self.grids:
                return self.grids[name]
            if name in self.sections:
                return board_shaped(self.sections[name], self.rows, self.cols, name,
                                    self.kind)
        raise self.kind.error(f"the file has no {' or '.join(repr(n) for n in names)} "
                              "section")

    def section(self, name: str, rows: int, cols: int | None = None) -> Grid:
        """The janko.at section ``name``, ``rows`` rows of ``cols`` tokens (``None``:
        rows of any length), each error at its place."""
        if name not in self.sections:
            raise self.kind.error(f"the file has no {name!r} section")
        return board_shaped(self.sections[name], rows, cols, name, self.kind)


def board_shaped(grid: Grid, rows: int, cols: int | None, what: str, at: Token) -> Grid:
    """``grid`` when it is ``rows`` rows of ``cols`` tokens (``None``: of any length);
    else an error at the first row or token that is not.

    >>> t = Token("x", 1, 1)
    >>> board_shaped([[Token("1", 2, 1)], [Token("2", 3, 1), Token("3", 3, 3)]], 2, 1, "problem", t)
    Traceback (most recent call last):
    cpsolve.errors.InputError: 3:3: a row of the problem has 2 tokens, not 1
    """
    for row in grid[:rows]:
        if cols is not None and len(row) != cols:
            if len(row) > cols:
                raise row[cols].error(f"a row of the {what} has {len(row)} tokens, not {cols}")
            last = row[-1]
            raise InputError(f"a row of the {what} has {len(row)} tokens, not {cols}",
                             line=last.line, column=last.column + len(last.text))
    if len(grid) != rows:
        where = grid[rows][0] if len(grid) > rows else grid[-1][-1] if grid else at
        raise where.error(f"the {what} has {len(grid)} rows, not {rows}")
    return grid


def without_bom(text: str) -> str:
    """``text`` without the UTF-8 byte-order mark some editors write first.

    >>> without_bom("\\ufeff1..")
    '1..'
    """
    return text[1:] if text.startswith(BOM) else text


def _size(value: Token) -> int:
    if not value.text.isascii() or not value.text.isdigit() or int(value.text) < 1:
        raise value.error(f"a size is a positive count, not {value.text!r}")
    return int(value.text)


def _grid(lines: list[tuple[int, str]], start: int, rows: int, cols: int,
          what: str) -> Grid:
    """``rows`` rows of ``cols`` whitespace-separated tokens from ``lines[start:]``."""
    grid: Grid = []
    for number, line in lines[start:start + rows]:
        row = [Token(m.group(), number, m.start() + 1) for m in re.finditer(r"\S+", line)]
        if len(row) != cols:
            at = row[cols] if len(row) > cols else None
            message = f"a row of the {what} has {len(row)} cells, the board {cols} columns"
            if at is not None:
                raise at.error(message)
            raise InputError(message, line=number, column=len(line.rstrip()) + 1)
        grid.append(row)
    if len(grid) < rows:
        last = lines[-1][0] if lines else 1
        raise InputError(f"the {what} end after {len(grid)} of {rows} rows", line=last + 1,
                         column=1)
    return grid


def _content(text: str) -> list[tuple[int, str]]:
    return [(number, line.rstrip()) for number, line in enumerate(text.splitlines(), 1)
            if line.strip()]


def _checked_size(rows: int, cols: int, at: Token) -> None:
    if rows * cols > MAX_CELLS:
        raise at.error(f"{rows}x{cols} is too large (at most {MAX_CELLS:,} cells)")


# The keys of janko.at's files (its script's): a line that starts with one sets it.
JANKO_KEYS = frozenset((
    "begin", "end", "puzzle", "variant", "options", "size", "rows", "cols", "depth",
    "problem", "solution", "areas", "labels", "rlabels", "clabels", "lines", "nodes",
    "moves", "info", "author", "solver", "source", "unit", "title"))


def is_janko(text: str) -> bool:
    """Whether ``text`` is a janko.at file: its first line ``begin`` or ``puzzle NAME``.

    >>> is_janko("begin\\npuzzle akari\\n"), is_janko("rows 15\\n")
    (True, False)
    """
    first = text.strip().split("\n", 1)[0].strip().lower()
    return first == "begin" or first.startswith("puzzle ")


def read_janko(text: str) -> Framed:
    """A janko.at puzzle file: its type, size, values (``depth``, ``variant``) and
    sections, as janko.at's own script reads them (see the module docstring); the
    sections of the board's size are its ``grids``.

    >>> f = read_janko("begin\\npuzzle akari\\nsize 2\\nproblem\\n- 1\\nx -\\nend\\n")
    >>> f.kind.text, f.rows, [[t.text for t in row] for row in f.grid("problem")]
    ('akari', 2, [['-', '1'], ['x', '-']])
    >>> f = read_janko("puzzle nonogram\\nsize 2\\nrlabels\\n2\\n1 0\\n")
    >>> [[t.text for t in row] for row in f.sections["rlabels"]], "rlabels" in f.grids
    ([['2'], ['1', '0']], False)
    """
    lines = _content(text)
    values: dict[str, Token] = {}
    sections: dict[str, Grid] = {}
    current: Grid | None = None
    for number, line in lines:
        stripped = line.strip()
        if stripped.startswith((";", "//", "%")):
            continue
        words = [Token(m.group(), number, m.start() + 1) for m in re.finditer(r"\S+", line)]
        key = words[0].text.lower()
        name = key[1:-1] if key.startswith("[") and key.endswith("]") else key
        if name not in JANKO_KEYS:
            if current is not None:  # a row of the section before it
                current.append(words)
            continue
        if name == "end":
            break
        current = None
        if len(words) == 1:
            current = sections[name] = []
        elif name == "size":
            values["rows"] = values["cols"] = values["size"] = words[1]
        elif name == "variant":
            raise words[1].error(f"janko.at's variant {words[1].text!r}, which is not read "
                                 "here")
        elif name == "puzzle" and len(words) > 2:
            raise words[2].error(f"a variant of janko.at's {words[1].text.rstrip(',')} "
                                 f"({' '.join(w.text for w in words[1:])}), which is not "
                                 "read here")
        else:
            values[name] = words[1]
    if "puzzle" not in values:
        raise InputError("a janko.at file names its puzzle ('puzzle NAME')",
                         line=lines[0][0] if lines else 1, column=1)
    kind = values["puzzle"]
    if "rows" not in values or "cols" not in values:
        raise kind.error("a janko.at file gives its size ('size N', or 'rows' and 'cols')")
    rows, cols = _size(values["rows"]), _size(values["cols"])
    _checked_size(rows, cols, kind)
    grids = {name: grid for name, grid in sections.items()
             if len(grid) == rows and all(len(row) == cols for row in grid)}
    return Framed(Token(kind.text.lower(), kind.line, kind.column), rows, cols,
                  grids, sections=sections, values=values)


def read_pzprv3(text: str, blocks: Callable[[str], tuple[int, ...]]) -> Framed:
    """A pzprjs save file: ``pzprv3`` (or ``pzprv3.N``), the genre, the rows, the
    columns (left out for a square board: pzprjs writes a Sudoku's size once), then
    grids of tokens. ``blocks(genre)`` says how many lines to skip before each grid
    (Heyawake's room count, Star Battle's stars and region count), one entry a grid;
    those lines are the file's ``skipped`` tokens.

    >>> f = read_pzprv3("pzprv3\\nmashu\\n1\\n2\\n1 . \\n", lambda kind: (0,))
    >>> f.kind.text, f.rows, f.cols, [t.text for t in f.grid("0")[0]]
    ('mashu', 1, 2, ['1', '.'])
    >>> f = read_pzprv3("pzprv3\\nsudoku\\n2\\n1 . \\n. 2 \\n", lambda kind: (0,))
    >>> f.rows, f.cols, [t.text for t in f.grid("0")[1]]
    (2, 2, ['.', '2'])
    """
    lines = _content(text)
    if len(lines) < 4:
        at = lines[-1][0] + 1 if lines else 1
        raise InputError("a pzprv3 file has its genre, rows and columns on the lines after "
                         "'pzprv3'", line=at, column=1)
    head = [Token(line.strip(), number, len(line) - len(line.lstrip()) + 1)
            for number, line in lines[1:4]]
    kind, rows_token, cols_token = head
    rows = _size(rows_token)
    square = not re.fullmatch(r"[0-9]+", cols_token.text)  # a row, not the columns
    cols = rows if square else _size(cols_token)
    _checked_size(rows, cols, kind)
    grids: dict[str, Grid] = {}
    skipped: list[Token] = []
    index = 3 if square else 4
    for k, skip in enumerate(blocks(kind.text)):
        for number, line in lines[index:index + skip]:
            skipped.append(Token(line.strip(), number, len(line) - len(line.lstrip()) + 1))
        index += skip
        grids[str(k)] = _grid(lines, index, rows, cols, "board")
        index += rows
    return Framed(kind, rows, cols, grids, tuple(skipped), tuple(lines[index:]))


def read_pzprv3_framed(text: str, kinds: Mapping[str, str],
                       frame: Callable[[Framed], tuple[int, int]],
                       what: str = "the board in its frame") -> tuple[Framed, Grid]:
    """A pzprjs file whose board stands in a frame of clues (not ROWS rows of COLS
    tokens): its head (:func:`read_pzprv3`, no grid), then the grid of ``frame(head)``
    rows and columns of tokens after its size lines. A file of a type not in ``kinds``
    is a :class:`~cpsolve.errors.ForeignPuzzle`; ``frame`` may refuse the head's size
    (an error at its place); a row of another length, and a grid cut short, are errors
    at their line (``what`` names the grid).

    >>> head, grid = read_pzprv3_framed("pzprv3\\ntents\\n1\\n2\\n. 1 . \\n. 1 A \\n",
    ...                                 {"tents": "Tents"}, lambda h: (h.rows + 1, h.cols + 1))
    >>> head.rows, head.cols, [[t.text for t in row] for row in grid]
    (1, 2, [['.', '1', '.'], ['.', '1', 'A']])
    """
    head = read_pzprv3(text, lambda kind: ())
    kind = head.kind
    if kind.text not in kinds:
        raise ForeignPuzzle(f"puzzle type {kind.text!r} is not {next(iter(kinds.values()))} "
                            f"({', '.join(kinds)})", kind=kind.text, line=kind.line,
                            column=kind.column)
    rows, cols = frame(head)
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1)
             if line.strip()]
    start = next(k for k, (number, _) in enumerate(lines) if number > kind.line) + 2
    grid: Grid = []
    for number, line in lines[start:start + rows]:
        tokens = [Token(m.group(), number, m.start() + 1) for m in re.finditer(r"\S+", line)]
        if len(tokens) != cols:
            raise InputError(f"a row of {what} has {len(tokens)} tokens, not {cols}",
                             line=number, column=1)
        grid.append(tokens)
    if len(grid) < rows:
        raise InputError(f"the board ends after {len(grid)} of {rows} rows",
                         line=(lines[-1][0] if lines else 0) + 1, column=1)
    return head, grid


@dataclass(frozen=True)
class Forms(Generic[Board]):
    """What a grid family reads beside the forms every family shares.

    ``kinds`` maps every type name the family answers to (puzz.link's, pzprjs',
    janko.at's, Tatham's) to its name in messages; ``url(text)`` reads a puzz.link
    URL (through :func:`cpsolve.grid.puzzlink.split`); ``grid(text)`` the family's
    grid text. Optional: ``janko(framed)`` and ``pzprv3(framed)`` make a board from
    those files' grids (``pzprv3_blocks(genre)``: the lines before each grid, see
    :func:`read_pzprv3`); ``game_id`` (a pattern and its reader) for a one-line
    game ID such as Tatham's, read also after ``#`` in Tatham's web links to the
    game ``tatham``; ``answer(text)``, whether text the board reader refused is the
    family's answer (then the error says to give it with ``--check``);
    ``janko_kinds``, the family's names on janko.at beside ``kinds`` (read in its files
    only: a URL with one is foreign, as pzprjs has it); ``pzprv3_file(text)``, a
    pzprjs file read whole by the family, where its board is not ROWS rows of COLS
    tokens (clues in a frame around the grid, a grid of points).
    """

    kinds: Mapping[str, str]
    url: Callable[[str], Board]
    grid: Callable[[str], Board]
    janko: Callable[[Framed], Board] | None = None
    pzprv3: Callable[[Framed], Board] | None = None
    pzprv3_blocks: Callable[[str], tuple[int, ...]] = field(default=lambda kind: (0,))
    game_id: tuple[re.Pattern[str], Callable[[str], Board]] | None = None
    tatham: str | None = None
    answer: Callable[[str], bool] | None = None
    penpa: Callable[[penpa.Board], Board] | None = None
    janko_kinds: Mapping[str, str] = field(default_factory=dict)
    pzprv3_file: Callable[[str], Board] | None = None

    @property
    def name(self) -> str:
        return next(iter(self.kinds.values()))

    def parse(self, text: str) -> Board:
        """A board in any form the family reads (see the module docstring)."""
        text = without_bom(text)
        stripped = text.strip()
        if not stripped:
            raise InputError("empty board", line=1, column=1)
        first = stripped.split("\n", 1)[0].strip()
        if first.startswith("v:") and "\n" in stripped:
            # pzprjs's "this puzzle uses variant rules", on a save file's first line
            raise InputError(puzzlink.UNSTATED.format(
                form="file", segment=first, remove="that first line", name=self.name),
                line=1, column=1)
        if first.startswith("pzprv3"):
            if self.pzprv3_file is not None:
                return self.pzprv3_file(text)
            return self._framed(read_pzprv3(text, self.pzprv3_blocks), self.pzprv3,
                                "pzprjs files")
        if is_janko(stripped):
            return self._framed(read_janko(text), self.janko, "janko.at files",
                                {**self.kinds, **self.janko_kinds})
        if "\n" not in stripped:
            try:
                return self._one_line(stripped)
            except InputError as error:  # positions in the one-line form -> in the text
                raise puzzlink.shifted(error, text) from None
        return self._grid(text)

    def _framed(self, framed: Framed, reader: Callable[[Framed], Board] | None,
                what: str, kinds: Mapping[str, str] | None = None) -> Board:
        kind, kinds = framed.kind, kinds or self.kinds
        if kind.text not in kinds:
            raise ForeignPuzzle(f"puzzle type {kind.text!r} is not {self.name} "
                                f"({', '.join(kinds)})", kind=kind.text,
                                line=kind.line, column=kind.column)
        if reader is None:
            raise kind.error(f"{self.name} boards are not read from {what}")
        return reader(framed)

    def _one_line(self, line: str) -> Board:
        if penpa.URL_RE.match(line):
            if self.penpa is None:
                raise InputError(f"{self.name} boards are not read from Penpa+ links: give "
                                 "a puzz.link URL or grid text", line=1, column=1)
            return self.penpa(penpa.read(line))
        if puzzlink.URL_RE.match(line):
            return self.url(line)
        link = TATHAM_LINK_RE.match(line)
        if link:
            game = link.group("game")
            if game != self.tatham or self.game_id is None:
                raise ForeignPuzzle(f"this is a link to Tatham's {game!r}, not {self.name}",
                                    kind=game, line=1, column=link.start("game") + 1)
            try:
                return self.game_id[1](link.group("id"))
            except InputError as error:
                raise InputError(error.message, line=1,
                                 column=(error.column or 1) + link.start("id")) from None
        if self.game_id is not None and self.game_id[0].match(line):
            return self.game_id[1](line)
        if "://" in line:
            return self.url(line)  # says it is not a puzz.link URL
        return self._grid(line)

    def _grid(self, text: str) -> Board:
        try:
            return self.grid(text)
        except InputError as error:
            if self.answer is not None and _quietly(self.answer, text):
                raise InputError(f"{error.message}; this looks like an answer: give it with "
                                 "--check ANSWER, and the board as BOARD", line=error.line,
                                 column=error.column) from None
            raise


def _quietly(test: Callable[[str], bool], text: str) -> bool:
    try:
        return test(text)
    except InputError:
        return False
