"""The Nonogram board and its forms: a grid of ``rows`` x ``cols`` cells, each column
with its clue above it (the lengths of its runs of shaded cells, top to bottom) and
each row with its clue to its left (left to right). A clue ``()`` (written ``0``) says
the line holds no shaded cell; ``None`` (written ``?``) that the line has no clue, a
board only the setter's tools make.

* grid text (puzzlekit's): ``ROWS COLS``, then a line for each column's clue, left to
  right, then one for each row's, top to bottom: the numbers separated by spaces,
  ``0`` or ``-`` for an empty line, ``?`` for none;
* a picture: rows of ``#`` (shaded) and ``.`` only, one character a cell, read as the
  board whose clues are the picture's (what a setter draws; the setter's page edits a
  Nonogram so);
* webpbn's ``.non`` files (Steve Simpson's format): ``width W``, ``height H``, then
  ``rows`` and ``columns`` each followed by a line a clue, its numbers separated by
  commas, ``0`` for an empty line; other lines (``title``, ``goal``) are read past;
* Simon Tatham's Pattern game IDs (``WxH:`` the column clues then the row clues,
  separated by ``/``, a clue's numbers by ``.``), and his web links to ``pattern``;
* pzprjs files (``pzprv3``): the board in its frame of clues;
* Penpa+ links: the numbers in the margins above and left of the grid (written too);
* janko.at files (``puzzle nonogram``): ``rlabels``, a line a row (its runs left to
  right, ``0`` for none), and ``clabels``, a line a column (top to bottom); or, as
  janko.at gives most of its boards, the ``solution`` alone (``x`` shaded, ``-`` not),
  whose runs janko.at's own script shows as the clues: the board read is that one.
  ``depth`` above 2 (more colours than black) is refused;
* puzz.link URLs (``nonogram``): every clue slot outside the grid (pzprjs
  ``decodeNumber16ExCell``): each column's ``(ROWS + 1) // 2`` slots, the one nearest
  the grid first, then each row's ``(COLS + 1) // 2``, written flushed to the grid as
  pzprjs's ``encodeNumber16ExCellFlushed`` writes them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from itertools import groupby

from cpsolve.errors import InputError
from cpsolve.grid import codecs, forms, penpa, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.geometry import Grid

Lengths = tuple[int, ...]  # a clue: the lengths of a line's runs, in order
Clues = tuple[Lengths | None, ...]
Shaded = frozenset[int]  # an answer: the shaded cells
KINDS = {"nonogram": "Nonogram"}
MAX_SIZE = 99
SIDES = ("column", "row")


@dataclass(frozen=True)
class Board:
    """An immutable Nonogram board: ``columns[c]`` the clue above column ``c`` and
    ``lines[r]`` the clue left of row ``r`` (``()`` an empty line, ``None`` no clue).

    >>> b = Board(2, 3, ((1,), (), (1,)), ((1, 1), ()))
    >>> b.line("column", 2), b.clue("row", 0)
    ((2, 5), (1, 1))
    """

    rows: int
    cols: int
    columns: Clues
    lines: Clues
    picture: Shaded | None = field(default=None, compare=False, repr=False)
    """The picture the board was read from (its clues are the picture's), if any: not
    part of the puzzle, so boards of the same clues are equal."""
    known: tuple[int, ...] | None = field(default=None, compare=False, repr=False)
    """With the deductions: each cell 1 (shaded in every answer), 0 (in none) or -1
    (open); ``None``: not deduced."""

    def __post_init__(self) -> None:
        if len(self.columns) != self.cols or len(self.lines) != self.rows:
            raise ValueError("a Nonogram board has a clue a column and a clue a row")

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @cached_property
    def grid(self) -> Grid:
        return Grid.of(self.rows, self.cols)

    def line(self, side: str, index: int) -> tuple[int, ...]:
        """The cells of column or row ``index``, in the order its clue reads."""
        if side == "column":
            return tuple(r * self.cols + index for r in range(self.rows))
        return tuple(index * self.cols + c for c in range(self.cols))

    def clue(self, side: str, index: int) -> Lengths | None:
        return (self.columns if side == "column" else self.lines)[index]

    @property
    def given(self) -> tuple[tuple[str, int, Lengths], ...]:
        """The clues given: ``(side, index, lengths)``, the columns' first."""
        return tuple((side, k, clue) for side, clues in zip(SIDES, (self.columns, self.lines))
                     for k, clue in enumerate(clues) if clue is not None)

    def reclued(self, changes: Mapping[tuple[str, int], Lengths | None]) -> Board:
        """The board with the clues of ``changes`` given anew."""
        return replace(self, columns=tuple(changes.get(("column", c), v)
                                           for c, v in enumerate(self.columns)),
                       lines=tuple(changes.get(("row", r), v) for r, v in enumerate(self.lines)),
                       picture=None, known=None)


def measured(shaded: Sequence[bool]) -> tuple[int, ...]:
    """The lengths of the runs of ``True`` in ``shaded``, in order.

    >>> measured([True, True, False, True, False]), measured([False])
    ((2, 1), ())
    """
    return tuple(len(list(run)) for on, run in groupby(shaded) if on)


def clued(rows: int, cols: int, shaded: Shaded, drawn: bool = False) -> Board:
    """The board whose clues ``shaded`` gives; with ``drawn``, the picture kept beside
    them (a board read from a picture the setter drew, never one whose picture is its
    answer to find: a generated board, a janko.at file's solution).

    >>> b = clued(2, 3, frozenset({0, 1, 5}))
    >>> b.columns, b.lines, b.picture
    (((1,), (1,), (1,)), ((2,), (1,)), None)
    """
    def runs(cells: Sequence[int]) -> Lengths:
        return measured([c in shaded for c in cells])

    bare = Board(rows, cols, ((),) * cols, ((),) * rows)
    return Board(rows, cols, tuple(runs(bare.line("column", c)) for c in range(cols)),
                 tuple(runs(bare.line("row", r)) for r in range(rows)),
                 picture=shaded if drawn else None)


PICTURE_RE = re.compile(r"^[.#]+$")


def is_picture(text: str) -> bool:
    """Whether ``text`` is a picture: every line that says something ``#`` and ``.``."""
    said = [line.strip() for line in text.splitlines() if line.strip()]
    return bool(said) and all(PICTURE_RE.match(line) for line in said)


def parse_picture(text: str) -> Board:
    """A picture (rows of ``#`` and ``.``): the board whose clues are its runs.

    >>> b = parse_picture("##.\\n..#\\n")
    >>> b.columns, b.lines, sorted(b.picture or ())
    (((1,), (1,), (1,)), ((2,), (1,)), [0, 1, 5])
    """
    rows, cols, (grid,) = gridtext.read(text, 1, names=("picture",))
    for size, what in ((rows, "rows"), (cols, "columns")):
        if size > MAX_SIZE:
            raise InputError(f"a picture of {size} {what}, more than {MAX_SIZE}", line=1,
                             column=1)
    return clued(rows, cols, frozenset(cell for cell, token in enumerate(
        t for row in grid for t in row) if token.text == "#"), drawn=True)


def to_picture(rows: int, cols: int, shaded: Shaded) -> str:
    """The picture of ``shaded`` (:func:`parse_picture`)."""
    return "".join("".join("#" if r * cols + c in shaded else "." for c in range(cols))
                   + "\n" for r in range(rows))


def where(side: str, index: int) -> str:
    """How a message names a line: ``row 3``, ``column 2``."""
    return f"{side} {index + 1}"


def shown(clue: Lengths | None) -> str:
    """A clue as grid text writes it: ``2 1``, ``0``, ``?``."""
    return "?" if clue is None else " ".join(map(str, clue)) or "0"


def _clue(words: Sequence[tuple[str, int, int]], length: int, what: str) -> Lengths | None:
    """A clue from its words (text, line, column): numbers from 1 to ``length``, ``0``
    or ``-`` alone for an empty line, ``?`` alone for none."""
    texts = [w for w, _, _ in words]
    if texts in (["?"],):
        return None
    if texts in ([], ["0"], ["-"]):
        return ()
    for text, line, column in words:
        if not (text.isascii() and text.isdigit() and len(text) <= 3
                and 1 <= int(text) <= length):
            raise InputError(f"{what} is numbers from 1 to {length} ('0' alone for an "
                             f"empty line, '?' for none), not {text!r}", line=line,
                             column=column)
    if len(texts) > (length + 1) // 2:
        _, line, column = words[(length + 1) // 2]
        raise InputError(f"{what} has {len(texts)} numbers; a line of {length} holds at "
                         f"most {(length + 1) // 2} runs", line=line, column=column)
    return tuple(map(int, texts))


def _size(text: str, line: int, column: int) -> int:
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= MAX_SIZE):
        raise InputError(f"a size is a number from 1 to {MAX_SIZE}, not {text!r}",
                         line=line, column=column)
    return int(text)


def _words(text: str, line: int, sep: str = r"[^\s,]+") -> list[tuple[str, int, int]]:
    return [(m.group(), line, m.start() + 1) for m in re.finditer(sep, text)]


def parse_grid(text: str) -> Board:
    """Grid text: ``ROWS COLS``, a line a column's clue, then a line a row's.

    >>> b = parse_grid("2 3\\n1\\n0\\n1\\n1 1\\n0\\n")
    >>> b.columns, b.lines
    (((1,), (), (1,)), ((1, 1), ()))
    """
    if is_picture(text):
        return parse_picture(text)
    lines = [(k, line) for k, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.lstrip().startswith("#")]
    if not lines:
        raise InputError("empty board", line=1, column=1)
    number, head = lines[0]
    size = _words(head, number)
    if len(size) != 2:
        raise InputError("the first line is the size, ROWS COLS", line=number, column=1)
    rows, cols = (_size(*word) for word in size)
    if len(lines) != 1 + rows + cols:
        at = lines[-1][0] + 1 if len(lines) < 1 + rows + cols else lines[1 + rows + cols][0]
        raise InputError(f"a {rows}x{cols} board has {cols} column clues and {rows} row "
                         f"clues, a line each, not {len(lines) - 1} lines", line=at, column=1)
    clues = [_clue(_words(line, k), rows if i < cols else cols,
                   f"the clue of {where(*(('column', i) if i < cols else ('row', i - cols)))}")
             for i, (k, line) in enumerate(lines[1:])]
    return Board(rows, cols, tuple(clues[:cols]), tuple(clues[cols:]))


def to_text(board: Board) -> str:
    """The grid text of ``board``.

    >>> print(to_text(parse_grid("2 3\\n1\\n0\\n1\\n1 1\\n0")))
    2 3
    1
    0
    1
    1 1
    0
    """
    return "\n".join([f"{board.rows} {board.cols}", *map(shown, board.columns),
                      *map(shown, board.lines)])


NON_RE = re.compile(r"^\s*(width|height|columns|rows)\s+\d+\s*$", re.M | re.I)


def parse_non(text: str) -> Board:
    """A webpbn ``.non`` file (see the module docstring).

    >>> b = parse_non("width 2\\nheight 2\\nrows\\n2\\n0\\ncolumns\\n1\\n1\\n")
    >>> b.lines, b.columns
    (((2,), ()), ((1,), (1,)))
    """
    sizes: dict[str, int] = {}
    clues: dict[str, list[Lengths | None]] = {}
    lines = text.splitlines()
    k = 0
    while k < len(lines):
        line = lines[k].strip()
        k += 1
        word = line.split(None, 1)[0].lower() if line else ""
        rest = line.split(None, 1)[1].strip() if " " in line or "\t" in line else ""
        if word in ("width", "height", "columns", "rows") and rest:
            key = "width" if word in ("width", "columns") else "height"
            sizes[key] = _size(rest, k, lines[k - 1].rfind(rest) + 1)
        elif word in ("rows", "columns"):
            need = "height" if word == "rows" else "width"
            if need not in sizes:
                raise InputError(f"'{word}' before the {need}", line=k, column=1)
            length = sizes.get("width" if word == "rows" else "height", MAX_SIZE)
            found: list[Lengths | None] = []
            while len(found) < sizes[need]:
                if k >= len(lines):
                    raise InputError(f"the {word} end after {len(found)} of {sizes[need]} "
                                     "clues", line=k + 1, column=1)
                line = lines[k]
                k += 1
                if not line.strip():
                    continue
                side = "row" if word == "rows" else "column"
                found.append(_clue(_words(line, k), length,
                                   f"the clue of {where(side, len(found))}"))
            clues[word] = found
    for word in ("width", "height"):
        if word not in sizes:
            raise InputError(f"a .non file gives its {word}", line=len(lines) + 1, column=1)
    for word in ("rows", "columns"):
        if word not in clues:
            raise InputError(f"a .non file gives its {word}' clues after a line "
                             f"'{word}'", line=len(lines) + 1, column=1)
    board = Board(sizes["height"], sizes["width"], tuple(clues["columns"]),
                  tuple(clues["rows"]))
    for side, index, clue in board.given:  # a row's clues read before the width
        if any(n > len(board.line(side, index)) for n in clue):
            raise InputError(f"the clue of {where(side, index)} has a run longer than the "
                             "line", line=1, column=1)
    return board


def to_non(board: Board) -> str:
    """The webpbn ``.non`` file of ``board`` (a line without a clue cannot be written)."""
    def rule(clue: Lengths | None) -> str:
        if clue is None:
            raise ValueError("a .non file gives every line its clue")
        return ",".join(map(str, clue)) or "0"
    return "\n".join([f"width {board.cols}", f"height {board.rows}", "", "rows",
                      *map(rule, board.lines), "", "columns", *map(rule, board.columns)]) + "\n"


def _slots(length: int) -> int:
    return (length + 1) // 2


def parse_url(url: str) -> Board:
    """A puzz.link URL (see the module docstring).

    >>> b = parse_url("https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h")
    >>> b.columns[:3], b.lines[:2]
    (((2, 1), (1, 1, 1), (1,)), ((2, 1), (1, 1)))
    """
    link = puzzlink.split(url, KINDS, max_cells=MAX_SIZE ** 2)
    rows, cols = link.rows, link.cols
    above, left = _slots(rows), _slots(cols)
    total = cols * above + rows * left
    values, end = puzzlink.decode_numbers(link, 0, total)
    clues: list[Lengths | None] = []
    for line in range(cols + rows):
        width, start = (above, line * above) if line < cols else \
            (left, cols * above + (line - cols) * left)
        length = rows if line < cols else cols
        side, index = ("column", line) if line < cols else ("row", line - cols)
        slots = values[start:start + width]
        if slots.count(puzzlink.UNKNOWN) == 1 and slots.count(None) == width - 1:
            clues.append(None)  # "?" alone: a line without its clue
            continue
        for k, number in enumerate(slots):
            if number is not None and not 1 <= number <= length:
                what = "'?'" if number == puzzlink.UNKNOWN else str(number)
                raise link.error(f"a clue of {what} for {where(side, index)}: its clues "
                                 f"are 1 to {length}", puzzlink.decode_numbers(
                                     link, 0, start + k)[1])
        clues.append(tuple(n for n in reversed(slots) if n is not None))
    if end < len(link.body):
        raise link.error("unexpected text after the board", end)
    return Board(rows, cols, tuple(clues[:cols]), tuple(clues[cols:]))


def to_url(board: Board) -> str:
    """The puzz.link URL, as pzprjs writes it (its clues flushed to the grid).

    >>> url = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h"
    >>> to_url(parse_url(url)) == url
    True
    """
    values: list[int | None] = []
    for clues, width in ((board.columns, _slots(board.rows)), (board.lines, _slots(board.cols))):
        for clue in clues:
            slots: list[int | None] = [puzzlink.UNKNOWN] if clue is None else \
                list(reversed(clue))
            if len(slots) > width:
                raise ValueError("a clue with more numbers than its line has room for")
            values.extend(slots + [None] * (width - len(slots)))
    return puzzlink.url("nonogram", board.cols, board.rows, puzzlink.encode_numbers(values))


def parse_pzprv3(text: str) -> Board:
    """A pzprjs file: ``pzprv3``, ``nonogram``, the rows, the columns, then the board
    in its frame: ``(ROWS + 1) // 2`` lines of the columns' clues (the farthest from
    the grid first), then a line a row, its clue's ``(COLS + 1) // 2`` slots and its
    cells (``#`` shaded, ``+`` a dot: a player's marks, which ask nothing); ``.`` an
    empty slot, ``c3`` a clue the player has ticked.

    >>> f = "pzprv3\\nnonogram\\n2\\n2\\n. 1 . \\n1 # . \\n. . . \\n"
    >>> b = parse_pzprv3(f)
    >>> b.columns, b.lines
    (((1,), ()), ((1,), ()))
    """
    head, grid = forms.read_pzprv3_framed(
        text, KINDS, lambda head: (_slots(head.rows) + head.rows, _slots(head.cols) + head.cols))
    rows, cols = head.rows, head.cols
    above, left = _slots(rows), _slots(cols)

    def clue(tokens: list[gridtext.Token], length: int, side: str, index: int) -> Lengths:
        words = [(t.text[1:] if t.text.startswith("c") else t.text, t.line,
                  t.column + t.text.startswith("c")) for t in tokens if t.text != "."]
        found = _clue(words, length, f"the clue of {where(side, index)}")
        return () if found is None or not words else found

    columns = tuple(clue([grid[k][left + c] for k in range(above)], rows, "column", c)
                    for c in range(cols))
    for r in range(above):
        for c in range(left):
            if grid[r][c].text != ".":
                raise grid[r][c].error(f"the frame's corner is '.', not {grid[r][c].text!r}")
    clues = tuple(clue(grid[above + r][:left], cols, "row", r) for r in range(rows))
    return Board(rows, cols, columns, clues)


def to_pzprv3(board: Board) -> str:
    """The pzprjs file of ``board`` (its clues flushed to the grid).

    >>> to_pzprv3(Board(2, 2, ((1,), ()), ((1,), ()))).splitlines()
    ['pzprv3', 'nonogram', '2', '2', '. 1 . ', '1 . . ', '. . . ']
    """
    above, left = _slots(board.rows), _slots(board.cols)

    def slots(clue: Lengths | None, width: int) -> list[str]:
        if clue is None:
            raise ValueError("a pzprjs file gives every line its clue")
        return ["."] * (width - len(clue)) + [str(n) for n in clue]

    tops = [slots(clue, above) for clue in board.columns]
    out = ["pzprv3", "nonogram", str(board.rows), str(board.cols)]
    out += [" ".join(["."] * left + [top[k] for top in tops]) + " " for k in range(above)]
    out += [" ".join(slots(clue, left) + ["."] * board.cols) + " " for clue in board.lines]
    return "\n".join(out) + "\n"


TATHAM_RE = re.compile(r"^(?P<w>\d+)x(?P<h>\d+):(?P<desc>\S*)$")


def parse_tatham(game_id: str) -> Board:
    """Simon Tatham's Pattern game ID: ``WxH:``, then the W column clues and the H row
    clues, each separated by ``/``, a clue's numbers by ``.`` (nothing for an empty
    line).

    >>> b = parse_tatham("3x2:1//1/1.1/")
    >>> b.columns, b.lines
    (((1,), (), (1,)), ((1, 1), ()))
    """
    match = TATHAM_RE.match(game_id)
    if not match:
        raise InputError("not a Pattern game ID of the form WxH:clues", line=1, column=1)
    cols, rows = (_size(match.group(k), 1, match.start(k) + 1) for k in ("w", "h"))
    desc = match.group("desc")
    if "," in desc:
        raise InputError("a Pattern game ID's given squares (after ',') are not read",
                         line=1, column=match.start("desc") + desc.index(",") + 1)
    words = desc.split("/")
    if len(words) != cols + rows:
        raise InputError(f"{len(words)} clues; a {cols}x{rows} board has {cols + rows}",
                         line=1, column=match.start("desc") + 1)
    clues: list[Lengths | None] = []
    at = match.start("desc")
    for k, word in enumerate(words):
        side, index = ("column", k) if k < cols else ("row", k - cols)
        found = _clue([(t, 1, at + c) for t, _, c in _words(word, 1, r"[^.]+")],
                      rows if k < cols else cols, f"the clue of {where(side, index)}")
        clues.append(() if found is None and not word else found)
        at += len(word) + 1
    return Board(rows, cols, tuple(clues[:cols]), tuple(clues[cols:]))


def to_tatham(board: Board) -> str:
    """The Pattern game ID of ``board`` (as Tatham's Pattern writes it).

    >>> to_tatham(parse_tatham("3x2:1//1/1.1/"))
    '3x2:1//1/1.1/'
    """
    def word(clue: Lengths | None) -> str:
        if clue is None:
            raise ValueError("a Pattern game ID gives every line its clue")
        return ".".join(map(str, clue))
    return f"{board.cols}x{board.rows}:" + "/".join(map(word, (*board.columns, *board.lines)))


def to_penpa(board: Board) -> str:
    """The Penpa+ link of ``board``: its clues as numbers in the margins above and left
    of the grid (the last number nearest the grid), as wide as the longest clue."""
    margin: dict[tuple[int, int], str | tuple[str, object]] = {}
    for side, index, clue in board.given:
        for k, number in enumerate(reversed(clue)):
            margin[(-1 - k, index) if side == "column" else (index, -1 - k)] = str(number)
    space = max((len(clue) for _, _, clue in board.given), default=1)
    return penpa.write(penpa.Board(board.rows, board.cols, margin=margin, space=max(space, 1)))


def from_penpa(drawn: penpa.Board) -> Board:
    """A Penpa+ link's board: the numbers in the margins above the columns and left of
    the rows, read top to bottom and left to right (a line without one: empty)."""
    drawn.only("Nonogram", "margin")
    rows, cols = drawn.rows, drawn.cols
    found: dict[tuple[str, int], list[tuple[int, str]]] = {}
    for (r, c), mark in sorted(drawn.margin.items()):
        if r < 0 <= c < cols:
            key, order = ("column", c), r
        elif c < 0 <= r < rows:
            key, order = ("row", r), c
        else:
            raise InputError(f"a mark outside the board {penpa.at((r, c))}: a Nonogram's "
                             "clues stand above the columns and left of the rows")
        if not isinstance(mark, str):
            raise InputError(f"a symbol {penpa.at((r, c))}: a Nonogram's clues are numbers")
        found.setdefault(key, []).append((order, mark))

    def clue(side: str, index: int, length: int) -> Lengths:
        words = [(text, 1, 1) for _, text in sorted(found.get((side, index), []))]
        return _clue(words, length, f"the clue of {where(side, index)}") or ()

    return Board(rows, cols, tuple(clue("column", c, rows) for c in range(cols)),
                 tuple(clue("row", r, cols) for r in range(rows)))


def parse_janko(framed: forms.Framed) -> Board:
    """A janko.at file (see the module docstring).

    >>> f = forms.read_janko("puzzle nonogram\\nrows 2\\ncols 3\\nsolution\\nx x -\\n- - x\\n")
    >>> b = parse_janko(f)
    >>> b.columns, b.lines, b.picture
    (((1,), (1,), (1,)), ((2,), (1,)), None)
    >>> f = forms.read_janko("puzzle nonogram\\nsize 2\\nrlabels\\n2\\n0\\nclabels\\n1\\n1\\n")
    >>> parse_janko(f).lines
    ((2,), ())
    """
    rows, cols = framed.rows, framed.cols
    for size in (rows, cols):
        if size > MAX_SIZE:
            raise framed.kind.error(f"a board of {rows}x{cols} is too large (at most "
                                    f"{MAX_SIZE} a side)")
    depth = framed.values.get("depth")
    if depth is not None and depth.text != "2":
        raise depth.error(f"janko.at's depth {depth.text} asks for a Nonogram of more "
                          "colours than black, which is not read here")
    if "rlabels" in framed.sections or "clabels" in framed.sections:
        labels = [framed.section(name, count)
                  for name, count in (("clabels", cols), ("rlabels", rows))]
        clues = [tuple(_clue([(t.text, t.line, t.column) for t in row], length,
                             f"the clue of {where(side, k)}") for k, row in enumerate(grid))
                 for grid, side, length in zip(labels, SIDES, (rows, cols))]
        return Board(rows, cols, clues[0], clues[1])
    grid = framed.grid("solution")
    for token in (t for row in grid for t in row):
        if token.text.lower() not in ("x", "-"):
            raise token.error(f"a cell of the solution is 'x' (shaded) or '-', not "
                              f"{token.text!r}")
    shaded = frozenset(cell for cell, token in enumerate(t for row in grid for t in row)
                       if token.text.lower() == "x")
    return clued(rows, cols, shaded)


class Forms(forms.Forms[Board]):
    """The kit's forms, with webpbn's ``.non`` files."""

    def parse(self, text: str) -> Board:
        bare = forms.without_bom(text)
        if not bare.strip().startswith("pzprv3") and not forms.is_janko(bare) \
                and NON_RE.search(bare):  # a janko.at file's 'rows 15' is no .non
            return parse_non(bare)
        return super().parse(text)


FORMATS: codecs.Formats[Board] = codecs.Formats(
    Forms(kinds=KINDS, url=parse_url, grid=parse_grid, game_id=(TATHAM_RE, parse_tatham),
          tatham="pattern", penpa=from_penpa, pzprv3_file=parse_pzprv3,
          janko=parse_janko), to_text,
    {"url": to_url, "grid": to_text, "tatham": to_tatham, "non": to_non, "pzprv3": to_pzprv3,
              "penpa": to_penpa})
