"""The Kakuro board and its forms: black cells and white cells; a black cell, or the
frame above and left of the grid, may carry a sum for the run of white cells below it
(down) and one for the run right of it (across).

A clue's place is a *key*: ``(r, c)`` with ``r`` and ``c`` from -1 (the frame, as
pzprjs's EXCells) to the grid's last row and column. A sum of 0 is kept as written and
asks nothing (pzprjs's checker judges only sums above 0), and so is a sum on a black
cell with no run after it.

* grid text: the board with its frame, rows of whitespace-separated tokens (after an
  optional size line ``ROWS COLS`` of the framed board, as janko.at's files and the
  puzzlekit data set write it): ``.`` or ``0`` a white cell, ``-`` (or ``#``) a black
  cell without sums, ``D,A`` a black cell's sums (down, then across; either left out:
  ``16,`` or ``,23``); the frame's cells are black;
* janko.at files (``puzzle kakuro``, its ``problem`` section in the same tokens);
* pzprjs files (``pzprv3``): the board with its frame, a black cell ``A,D`` (across
  first), the frame's sums bare, then the answer's grid (ignored);
* puzz.link URLs (``kakuro``): the cells in reading order, ``k``-``z`` runs of 1 to 16
  white cells, a black cell ``.`` or its down sum and its across sum a character each
  (``0``-``9``, ``a``-``j`` 10-19, ``A``-``Z`` 20-45, ``-`` none); then the frame's
  sums above the columns whose first cell is white, then left of the rows whose first
  cell is white (pzprjs ``decodeKakuro``);
* Penpa+ links, as penpa-edit lays out Kakuro (its ``kakuro`` grid): the board with its
  frame as the first row and column, each black cell the editor's ``kakuro`` symbol, a
  sum across as a small number in its top right corner and one down in its bottom left.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property

from cpsolve.errors import InputError
from cpsolve.grid import codecs, forms, penpa, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.geometry import OnGrid

Digits = tuple[int, ...]  # an answer: the digit in each cell, 0 in a black cell
Key = tuple[int, int]  # a clue's place: a black cell or the frame, row and column from -1
KINDS = {"kakuro": "Kakuro"}
MAX_SUM = 45
MAX_SIZE = 60
WHITE = {".", "0"}
BLACK = {"-", "#"}
TOKEN_RE = re.compile(r"^(\d*),(\d*)$")


@dataclass(frozen=True)
class Run:
    """A run of white cells: ``across`` or ``down``, the ``key`` its sum stands at,
    its ``cells`` in order."""

    way: str
    key: Key
    cells: tuple[int, ...]


@dataclass(frozen=True)
class Board(OnGrid):
    """An immutable Kakuro board: ``black[cell]``, and the sums by key, ``down`` and
    ``across`` (each ``(key, sum)`` pairs, in reading order; a key left out has none).

    >>> b = Board(2, 3, (False, False, True, False, False, False), (((-1, 0), 4),),
    ...           (((0, -1), 3), ((1, -1), 6)))
    >>> [(run.way, run.key, run.cells, b.total(run)) for run in b.runs][1:3]
    [('across', (1, -1), (3, 4, 5), 6), ('down', (-1, 0), (0, 3), 4)]
    """

    PER_CELL = "black"
    rows: int
    cols: int
    black: tuple[bool, ...]
    down: tuple[tuple[Key, int], ...] = ()
    across: tuple[tuple[Key, int], ...] = ()
    # With the deductions: the digits each cell may hold, a bit a digit (bit d - 1),
    # those some set of each of its runs' sums holds (None: any digit).
    allowed: tuple[int, ...] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        for sums in (self.down, self.across):
            for (r, c), total in sums:
                if not (-1 <= r < self.rows and -1 <= c < self.cols) or (
                        r >= 0 and c >= 0 and not self.black[r * self.cols + c]) \
                        or (r, c) == (-1, -1) or not 0 <= total <= MAX_SUM:
                    raise ValueError(f"no sum of {total} stands at {(r, c)}")

    @cached_property
    def sums(self) -> dict[tuple[str, Key], int]:
        """Every sum written, by ``(way, key)``."""
        return {**{("down", k): v for k, v in self.down},
                **{("across", k): v for k, v in self.across}}

    def total(self, run: Run) -> int | None:
        """The sum a run must make (``None``: none asked, a 0 too)."""
        total = self.sums.get((run.way, run.key))
        return total if total else None

    def is_black(self, r: int, c: int) -> bool:
        """Whether ``(r, c)`` is black (the frame is)."""
        return r < 0 or c < 0 or self.black[r * self.cols + c]

    @cached_property
    def runs(self) -> tuple[Run, ...]:
        """Every run: the across runs in reading order, then the down runs column by
        column."""
        rows, cols = self.rows, self.cols
        out: list[Run] = []
        for way, outer, inner in (("across", rows, cols), ("down", cols, rows)):
            for a in range(outer):
                cells: list[int] = []
                for b in range(inner + 1):
                    r, c = (a, b) if way == "across" else (b, a)
                    if b < inner and not self.is_black(r, c):
                        cells.append(r * cols + c)
                        continue
                    if cells:
                        first = cells[0]
                        fr, fc = divmod(first, cols)
                        key = (fr, fc - 1) if way == "across" else (fr - 1, fc)
                        out.append(Run(way, key, tuple(cells)))
                    cells = []
        return tuple(out)

    @cached_property
    def white(self) -> tuple[int, ...]:
        return tuple(cell for cell, black in enumerate(self.black) if not black)

    @cached_property
    def index(self) -> dict[int, int]:
        """Each white cell's place among the white cells."""
        return {cell: k for k, cell in enumerate(self.white)}

    def plain(self) -> Board:
        """The board without its sums of 0 (which ask nothing: pzprjs before puzz.link's
        wrote no sum as 0)."""
        return replace(self, down=tuple((k, v) for k, v in self.down if v),
                       across=tuple((k, v) for k, v in self.across if v))

    def resummed(self, changes: Mapping[tuple[str, Key], int | None]) -> Board:
        """The board with the sums of ``changes`` (by ``(way, key)``) written anew
        (``None``: none)."""
        sums = dict(self.sums)
        for key, total in changes.items():
            if total is None:
                sums.pop(key, None)
            else:
                sums[key] = total
        order = sorted(sums, key=lambda wk: (wk[1], wk[0]))
        return replace(self, down=tuple((k, sums[w, k]) for w, k in order if w == "down"),
                       across=tuple((k, sums[w, k]) for w, k in order if w == "across"))


def where(way: str, key: Key) -> str:
    """How a message names a sum: ``the across sum at row 2, column 1``; a frame's
    ``left of row 2``, ``above column 3``."""
    r, c = key
    if r < 0:
        return f"the down sum above column {c + 1}"
    if c < 0:
        return f"the across sum left of row {r + 1}"
    return f"the {way} sum at row {r + 1}, column {c + 1}"


def _sorted(sums: dict[Key, int]) -> tuple[tuple[Key, int], ...]:
    return tuple(sorted(sums.items()))


def _sum(text: str, token: gridtext.Token) -> int | None:
    if not text:
        return None
    if not text.isascii() or not text.isdigit() or len(text) > 3 or int(text) > MAX_SUM:
        raise token.error(f"a sum is a number from 0 to {MAX_SUM}, not {text!r}")
    return int(text)


def from_tokens(grid: gridtext.Grid) -> Board:
    """A board from its framed grid of tokens (see the module docstring)."""
    first = grid[0][0]
    rows, cols = len(grid) - 1, len(grid[0]) - 1
    if rows < 1 or cols < 1:
        raise first.error(f"the board with its frame is at least 2x2, not "
                          f"{rows + 1}x{cols + 1}")
    if rows > MAX_SIZE or cols > MAX_SIZE:
        raise first.error(f"a board of {cols}x{rows} is too large (at most {MAX_SIZE})")
    black: list[bool] = []
    down: dict[Key, int] = {}
    across: dict[Key, int] = {}
    for r, row in enumerate(grid, -1):
        for c, token in enumerate(row, -1):
            text = token.text
            match = TOKEN_RE.match(text)
            if text in WHITE:
                if r < 0 or c < 0:
                    raise token.error("the frame above and left of the grid is black, "
                                      f"not {text!r}")
                black.append(False)
                continue
            if text not in BLACK and not match:
                raise token.error("a cell is '.' (white), '-' (black) or a black cell's "
                                  f"sums 'DOWN,ACROSS', not {text!r}")
            if r >= 0 and c >= 0:
                black.append(True)
            if match:
                if (r, c) == (-1, -1):
                    raise token.error("the frame's corner holds no sum")
                d, a = _sum(match.group(1), token), _sum(match.group(2), token)
                if d is not None:
                    down[r, c] = d
                if a is not None:
                    across[r, c] = a
    return Board(rows, cols, tuple(black), _sorted(down), _sorted(across))


def parse_grid(text: str) -> Board:
    """Grid text (see the module docstring).

    >>> b = parse_grid("- 4, 6,\\n,3 . .\\n,7 . .")
    >>> b.black, b.down, b.across
    ((False, False, False, False), (((-1, 0), 4), ((-1, 1), 6)), (((0, -1), 3), ((1, -1), 7)))
    """
    lines = gridtext.content(text)
    if not lines:
        raise InputError("empty board", line=1, column=1)
    size = gridtext.SIZE_RE.match(lines[0][1])
    if size:
        lines = lines[1:]
        if not lines:
            raise InputError("the board's rows follow its size", line=2, column=1)
    grid = [[gridtext.Token(m.group(), number, m.start() + 1)
             for m in re.finditer(r"\S+", line)] for number, line in lines]
    width = len(grid[0])
    for row in grid:
        if len(row) != width:
            at = row[width] if len(row) > width else None
            message = f"a row has {len(row)} cells, the first {width}"
            raise at.error(message) if at else InputError(message, line=row[0].line,
                                                          column=1)
    if size and (int(size.group(1)), int(size.group(2))) != (len(grid), width):
        raise InputError(f"the size line says {size.group(1)}x{size.group(2)}, the board "
                         f"is {len(grid)}x{width}", line=lines[0][0] - 1, column=1)
    return from_tokens(grid)


def _token(board: Board, r: int, c: int) -> str:
    if not board.is_black(r, c):
        return "."
    d, a = board.sums.get(("down", (r, c))), board.sums.get(("across", (r, c)))
    if d is None and a is None:
        return "-"
    return f"{'' if d is None else d},{'' if a is None else a}"


def to_text(board: Board) -> str:
    """The board with its frame, columns aligned.

    >>> print(to_text(parse_grid("- 4, 6,\\n,3 . .\\n,7 . .")))
     - 4, 6,
    ,3  .  .
    ,7  .  .
    """
    rows = [[_token(board, r, c) for c in range(-1, board.cols)]
            for r in range(-1, board.rows)]
    width = max(len(t) for row in rows for t in row)
    return "\n".join(" ".join(t.rjust(width) for t in row) for row in rows)


def to_sized(board: Board) -> str:
    """The board with its frame after the framed board's size line, as the setter's
    page reads it.

    >>> print(to_sized(parse_grid("- 4,\\n,3 .")), end="")
    2 2
     - 4,
    ,3  .
    """
    return f"{board.rows + 1} {board.cols + 1}\n{to_text(board)}\n"


# -- puzz.link ------------------------------------------------------------------------

def _decval(ch: str) -> int | None:
    """pzprjs's ``decval``: a sum's character (``None``: none)."""
    if "0" <= ch <= "9" or "a" <= ch <= "j":
        return int(ch, 36)
    if "A" <= ch <= "Z":
        return int(ch, 36) + 10
    return None


def _encval(total: int | None) -> str:
    if total is None:
        return "-"
    return puzzlink_digits(total)


def puzzlink_digits(total: int) -> str:
    """A sum as pzprjs's ``encval`` writes it.

    >>> puzzlink_digits(7), puzzlink_digits(19), puzzlink_digits(45)
    ('7', 'j', 'Z')
    """
    if total <= 19:
        return "0123456789abcdefghij"[total]
    return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[total - 20]


def parse_url(url: str) -> Board:
    """A puzz.link URL, read as pzprjs's ``decodeKakuro`` reads it (a cut body leaves
    the rest white, and its frame's sums are then read from the body's start, as
    pzprjs does).

    >>> b = parse_url("https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3")
    >>> b.sums["across", (0, 0)], b.sums["down", (-1, 1)], b.sums["across", (2, -1)]
    (8, 12, 3)
    """
    link = puzzlink.split(url, KINDS, max_cells=MAX_SIZE ** 2)
    rows, cols, body = link.rows, link.cols, link.body
    if rows > MAX_SIZE or cols > MAX_SIZE:
        raise link.error(f"a board of {cols}x{rows} is too large (at most {MAX_SIZE})", 0)
    black = [False] * (rows * cols)
    down: dict[Key, int] = {}
    across: dict[Key, int] = {}
    cell, at, i = 0, 0, 0
    while i < len(body):
        ch = body[i]
        if "k" <= ch <= "z":
            cell += int(ch, 36) - 19
        else:
            black[cell] = True
            if ch != ".":
                key = divmod(cell, cols)
                d, a = _decval(ch), _decval(body[i + 1: i + 2])
                if d is not None:
                    down[key] = d
                if a is not None:
                    across[key] = a
                i += 1
            cell += 1
        if cell >= rows * cols:
            at = i + 1
            break
        i += 1
    i = at
    for c in range(cols):
        if not black[c]:
            total = _decval(body[i:i + 1])
            if total is not None:
                down[-1, c] = total
            i += 1
    for r in range(rows):
        if not black[r * cols]:
            total = _decval(body[i:i + 1])
            if total is not None:
                across[r, -1] = total
            i += 1
    if at and i < len(body):
        raise link.error("unexpected text after the board", i)
    return Board(rows, cols, tuple(black), _sorted(down), _sorted(across))


def to_url(board: Board) -> str:
    """The puzz.link URL, as pzprjs's ``encodeKakuro`` writes it.

    >>> url = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"
    >>> to_url(parse_url(url)) == url
    True
    """
    out: list[str] = []
    count = 0
    for cell in range(board.cells):
        piece = ""
        if board.black[cell]:
            key = divmod(cell, board.cols)
            d, a = board.sums.get(("down", key)), board.sums.get(("across", key))
            piece = "." if d is None and a is None else _encval(d) + _encval(a)
        else:
            count += 1
        if count == 0:
            out.append(piece)
        elif piece or count == 16:
            out.append(chr(ord("a") + count + 9) + piece)
            count = 0
    if count:
        out.append(chr(ord("a") + count + 9))
    for c in range(board.cols):
        if not board.black[c]:
            out.append(_encval(board.sums.get(("down", (-1, c)))))
    for r in range(board.rows):
        if not board.black[r * board.cols]:
            out.append(_encval(board.sums.get(("across", (r, -1)))))
    return puzzlink.url("kakuro", board.cols, board.rows, "".join(out))


# -- files ------------------------------------------------------------------------------

def from_janko(framed: forms.Framed) -> Board:
    """A janko.at file's ``problem`` section: the board with its frame."""
    return from_tokens(framed.grid("problem"))


def _file_sum(token: gridtext.Token, text: str) -> int | None:
    if not re.fullmatch(r"-?\d{1,3}", text) or int(text) > MAX_SUM:
        raise token.error(f"a sum is a number from 0 to {MAX_SUM} or -1 for none, "
                          f"not {text!r}")
    return None if int(text) < 0 else int(text)


def parse_pzprv3(text: str) -> Board:
    """A pzprjs file: ``pzprv3``, the genre, the rows, the columns, then the board with
    its frame (a black cell ``ACROSS,DOWN``, ``-1`` for none; a white cell ``.``; the
    frame's sums bare, the corner ``0``), then the answer (ignored).

    >>> b = parse_pzprv3("pzprv3\\nkakuro\\n1\\n2\\n0 3 -1 \\n3 . . \\n. . \\n")
    >>> b.down, b.across
    ((((-1, 0), 3),), (((0, -1), 3),))
    """
    def frame(head: forms.Framed) -> tuple[int, int]:
        if head.rows > MAX_SIZE or head.cols > MAX_SIZE:
            raise head.kind.error(f"a board of {head.cols}x{head.rows} is too large "
                                  f"(at most {MAX_SIZE})")
        return head.rows + 1, head.cols + 1

    head, grid = forms.read_pzprv3_framed(text, KINDS, frame, "the board with its frame")
    rows, cols = head.rows, head.cols
    black: list[bool] = []
    down: dict[Key, int] = {}
    across: dict[Key, int] = {}
    for r, row in enumerate(grid, -1):
        for c, token in enumerate(row, -1):
            if (r, c) == (-1, -1):
                continue
            if r < 0 or c < 0:
                total = _file_sum(token, token.text)
                if total is not None:
                    (down if r < 0 else across)[r, c] = total
                continue
            if token.text == ".":
                black.append(False)
                continue
            parts = token.text.split(",")
            if len(parts) != 2:
                raise token.error("a cell is '.' or a black cell's sums 'ACROSS,DOWN', "
                                  f"not {token.text!r}")
            black.append(True)
            a, d = (_file_sum(token, part) for part in parts)
            if a is not None:
                across[r, c] = a
            if d is not None:
                down[r, c] = d
    return Board(rows, cols, tuple(black), _sorted(down), _sorted(across))


def to_pzprv3(board: Board) -> str:
    """The pzprjs file (no answer).

    >>> to_pzprv3(parse_pzprv3("pzprv3\\nkakuro\\n1\\n2\\n0 3 -1 \\n3 . . \\n. . \\n"))
    'pzprv3\\nkakuro\\n1\\n2\\n0 3 -1 \\n3 . . \\n. . \\n'
    """
    sums = board.sums
    show = lambda v: "-1" if v is None else str(v)  # noqa: E731
    lines = ["pzprv3", "kakuro", str(board.rows), str(board.cols),
             " ".join(["0", *(show(sums.get(("down", (-1, c)))) for c in range(board.cols))])
             + " "]
    for r in range(board.rows):
        row = [show(sums.get(("across", (r, -1))))]
        for c in range(board.cols):
            key = (r, c)
            row.append(f"{show(sums.get(('across', key)))},{show(sums.get(('down', key)))}"
                       if board.is_black(r, c) else ".")
        lines.append(" ".join(row) + " ")
    lines += [" ".join("." for _ in range(board.cols)) + " " for _ in range(board.rows)]
    return "\n".join(lines) + "\n"



PENPA_SUMS = {1: "across", 2: "down"}  # the corner a sum is written in, by its way


def parse_penpa(shown: penpa.Board) -> Board:
    """A Penpa+ link's board (see the module docstring).

    >>> b = parse_grid("- 4, 6,\\n,3 . .\\n,6 . .")
    >>> parse_penpa(penpa.read(to_penpa(b))) == b
    True
    """
    shown.only("Kakuro", "symbols", "corners")
    rows, cols = shown.rows - 1, shown.cols - 1
    if rows < 1 or cols < 1:
        raise InputError("a Kakuro board in a Penpa+ link has its frame as the first row "
                         "and column, and a cell more")
    for (r, c), (shape, _) in sorted(shown.symbols.items()):
        if shape != "kakuro":
            raise InputError(f"a symbol {shape!r} {penpa.at((r, c))}: a black cell of "
                             "Kakuro is the editor's 'kakuro' symbol")
    black = set(shown.symbols)
    frame = [(0, c) for c in range(shown.cols)] + [(r, 0) for r in range(1, shown.rows)]
    for cell in sorted(set(frame) - black):
        raise InputError(f"a white cell in the frame {penpa.at(cell)}: the first row and "
                         "column of a Kakuro board are black")
    sums: dict[str, list[tuple[Key, int]]] = {"down": [], "across": []}
    for ((r, c), quarter), text in sorted(shown.corners.items()):
        way = PENPA_SUMS.get(quarter)
        if way is None or (r, c) not in black:
            raise InputError(f"a small number {penpa.at((r, c))}: a Kakuro sum stands in a "
                             "black cell's top right corner (across) or bottom left (down)")
        text = text.strip()
        if not (text.isascii() and text.isdigit() and int(text) <= MAX_SUM):
            raise InputError(f"a sum is a number up to {MAX_SUM}, not {text!r} "
                             f"({penpa.at((r, c))})")
        sums[way].append(((r - 1, c - 1), int(text)))
    return Board(rows, cols, tuple((r + 1, c + 1) in black for r in range(rows)
                                   for c in range(cols)),
                 tuple(sorted(sums["down"])), tuple(sorted(sums["across"])))


def to_penpa(board: Board) -> str:
    """The Penpa+ link of ``board`` (see the module docstring)."""
    shown = penpa.Board(board.rows + 1, board.cols + 1, grid="kakuro")
    for r in range(-1, board.rows):
        for c in range(-1, board.cols):
            if board.is_black(r, c):
                shown.symbols[r + 1, c + 1] = ("kakuro", 1)
    corner = {way: quarter for quarter, way in PENPA_SUMS.items()}
    for (way, (r, c)), total in board.sums.items():
        shown.corners[(r + 1, c + 1), corner[way]] = str(total)
    return penpa.write(shown)


FORMATS: codecs.Formats[Board] = codecs.Formats(
    forms.Forms(kinds=KINDS, url=parse_url, grid=parse_grid, janko=from_janko,
                pzprv3_file=parse_pzprv3, penpa=parse_penpa), to_text,
    {"url": to_url, "grid": to_text, "pzprv3": to_pzprv3, "penpa": to_penpa})
