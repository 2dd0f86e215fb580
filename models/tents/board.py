"""The Tents board and its forms: some cells hold a tree, and a number (the tents it
holds) stands above some columns and left of some rows, outside the grid.

* grid text: the board in its frame, ROWS + 1 rows of COLS + 1 tokens (one character
  each, or space-separated, or sized ``ROWS+1 COLS+1`` as the kit's grid text): the
  first row the numbers above the columns after a corner ``.``, the first token of
  each other row the number left of it, the rest its cells: ``T`` a tree, ``.`` or
  ``-`` an empty cell or no number;
* Simon Tatham's Tents game IDs (``WxH:trees,numbers``, :func:`parse_tatham`), and his
  web links to the game ``tents``;
* pzprjs files (``pzprv3``): the board in its frame, a tree ``1``, a tent ``A`` and a
  cell marked empty ``-`` (a player's marks, which ask nothing);
* janko.at files (``puzzle tents``): janko.at gives its boards as their ``solution``
  alone (``x`` a tree, ``o`` a tent, ``-`` empty), and its own script shows the trees
  and, above every column and left of every row, the tents it counts: the board read
  is that one;
* puzz.link URLs (``tents``): the numbers outside the grid (pzprjs
  ``decodeNumber16ExCell``: above the columns, then left of the rows), then the trees
  (``decode1Cell``: a character a tree, with the run of empty cells after it).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property

from cpsolve.errors import InputError
from cpsolve.grid import codecs, forms, penpa, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.geometry import OnGrid

Tents = frozenset[int]  # an answer: the cells holding a tent
SIDES = ("top", "left")
KINDS = {"tents": "Tents"}
EMPTY = {".", "-"}
TREE = "T"
MAX_SIZE = 200


@dataclass(frozen=True)
class Board(OnGrid):
    """An immutable Tents board: ``trees[cell]`` whether the cell holds a tree, and
    ``sides``, the numbers above the columns and left of the rows (``None`` none).

    >>> b = Board(2, 3, (True, False, False, False, False, True), ((1, None, 0), (None, 1)))
    >>> b.outside, b.line("left", 1)
    ((('top', 0, 1), ('top', 2, 0), ('left', 1, 1)), (3, 4, 5))
    """

    PER_CELL = "trees"
    rows: int
    cols: int
    trees: tuple[bool, ...]
    sides: tuple[tuple[int | None, ...], ...] = ((), ())

    def __post_init__(self) -> None:
        super().__post_init__()
        if len(self.sides) != 2 or len(self.sides[0]) != self.cols \
                or len(self.sides[1]) != self.rows:
            raise ValueError("a Tents board has a number place a column and a row")

    def line(self, side: str, index: int) -> tuple[int, ...]:
        """The cells of the column (``top``) or row (``left``) ``index``."""
        return self._lines[side][index]

    @cached_property
    def _lines(self) -> dict[str, tuple[tuple[int, ...], ...]]:
        rows, cols = self.rows, self.cols
        return {"top": tuple(tuple(range(c, rows * cols, cols)) for c in range(cols)),
                "left": tuple(tuple(range(r * cols, (r + 1) * cols)) for r in range(rows))}

    @cached_property
    def outside(self) -> tuple[tuple[str, int, int], ...]:
        """The numbers outside the grid: ``(side, line, number)``, in pzprjs's order."""
        return tuple((side, line, number) for side, numbers in zip(SIDES, self.sides)
                     for line, number in enumerate(numbers) if number is not None)

    @cached_property
    def tree_cells(self) -> tuple[int, ...]:
        return tuple(cell for cell, tree in enumerate(self.trees) if tree)

    def place(self, side: str, line: int) -> tuple[int, int]:
        """Where a number stands, as a cell outside the grid (row or column -1)."""
        return (-1, line) if side == "top" else (line, -1)

    def resided(self, changes: Mapping[tuple[str, int], int | None]) -> Board:
        """The board with the numbers outside the grid of ``changes`` given anew."""
        return replace(self, sides=tuple(
            tuple(changes.get((side, line), number) for line, number in enumerate(numbers))
            for side, numbers in zip(SIDES, self.sides)))


def where(side: str, line: int) -> str:
    """How a message names a number's place: ``above column 3``, ``left of row 2``."""
    return ("above column" if side == "top" else "left of row") + f" {line + 1}"


def _number(token: gridtext.Token, most: int, what: str) -> int | None:
    text = token.text
    if text in EMPTY:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 4 and int(text) <= most):
        raise token.error(f"{what} is a number from 0 to {most} or '.' for none, not {text!r}")
    return int(text)


def _cell(token: gridtext.Token) -> bool:
    if token.text in EMPTY:
        return False
    if token.text in (TREE, "t"):
        return True
    raise token.error(f"a cell is 'T' (a tree) or '.' (empty), not {token.text!r}")


def _framed(grid: list[list[gridtext.Token]], rows: int, cols: int,
            cell: object = _cell) -> Board:
    """The board of ``rows`` x ``cols`` in its frame of tokens."""
    corner = grid[0][0]
    if corner.text not in EMPTY:
        raise corner.error(f"the corner of the frame is '.', not {corner.text!r}")
    top = tuple(_number(grid[0][c + 1], rows, "a number above a column") for c in range(cols))
    left = tuple(_number(grid[r + 1][0], cols, "a number left of a row") for r in range(rows))
    trees = tuple(cell(grid[r + 1][c + 1])  # type: ignore[operator]
                  for r in range(rows) for c in range(cols))
    return Board(rows, cols, trees, (top, left))


def parse_grid(text: str) -> Board:
    """Grid text: the board in its frame (see the module docstring).

    >>> b = parse_grid(".1.\\n1T.\\n...")
    >>> b.trees, b.sides
    ((True, False, False, False), ((1, None), (1, None)))
    """
    content = gridtext.content(text)
    words = bool(content) and any(" " in line.strip() for _, line in content) \
        and not gridtext.SIZE_RE.match(content[0][1])
    rows, cols, (grid,) = gridtext.read(text, 1, names=("board",), words=words)
    first = grid[0][0]
    if rows < 2 or cols < 2:
        raise InputError(f"the board in its frame is ROWS + 1 rows of COLS + 1 (a row "
                         f"and a column at least), not {rows}x{cols}", line=first.line,
                         column=first.column)
    if max(rows, cols) - 1 > MAX_SIZE:
        raise InputError(f"a board of {cols - 1}x{rows - 1} is too large (at most "
                         f"{MAX_SIZE} a side)", line=first.line, column=first.column)
    return _framed(grid, rows - 1, cols - 1)


def to_text(board: Board) -> str:
    """The board in its frame (space-separated when a number has two digits).

    >>> print(to_text(parse_grid(".1.\\n1T.\\n...")))
    .1.
    1T.
    ...
    """
    show = lambda v: "." if v is None else str(v)  # noqa: E731
    top, left = board.sides
    rows = [[".", *map(show, top)]]
    rows += [[show(left[r]), *(TREE if board.trees[r * board.cols + c] else "."
                               for c in range(board.cols))] for r in range(board.rows)]
    wide = any(v is not None and v > 9 for side in board.sides for v in side)
    return "\n".join((" " if wide else "").join(row) for row in rows)


def decode_trees(link: puzzlink.Link, start: int) -> tuple[list[bool], int]:
    """The trees (pzprjs ``decode1Cell``): ``0``-``h`` a tree and the 0-17 empty cells
    after it, ``i``-``z`` 1-18 empty cells; a body that ends early leaves the rest
    empty, and what follows the last cell is not read. Returns the trees and the body
    index after them.

    >>> decode_trees(puzzlink.Link("tents", 5, 5, "j82323", 0), 0)[0].count(True)
    5
    """
    trees = [False] * link.cells
    cell, index, body = 0, start, link.body
    while cell < link.cells and index < len(body):
        ch = body[index]
        if ch in "0123456789abcdefgh":
            trees[cell] = True
            cell += int(ch, 36) + 1
        elif "i" <= ch <= "z":
            cell += int(ch, 36) - 17
        else:
            raise link.error(f"unexpected character {ch!r} among the trees", index)
        index += 1
    return trees, index


def encode_trees(trees: list[bool] | tuple[bool, ...]) -> str:
    """The inverse of :func:`decode_trees`, as pzprjs's ``encode1Cell`` writes it.

    >>> encode_trees([False, False, True, False, True, False])
    'j11'
    """
    out: list[str] = []
    count, have = -1, False
    for tree in trees:
        if tree:
            if count >= 0:
                out.append(_base36(count if have else count + 18))
            have, count = True, 0
            continue
        count += 1
        if count == 17:
            out.append(_base36(count if have else count + 18))
            have, count = False, -1
    if count >= 0:
        out.append(_base36(count if have else count + 18))
    return "".join(out)


def _base36(value: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[value]


def parse_url(url: str) -> Board:
    """A puzz.link URL (see the module docstring).

    >>> b = parse_url("https://puzz.link/p?tents/5/5/2g0h1i1j82323")
    >>> b.sides, b.tree_cells
    (((2, None, 0, None, None), (1, None, None, None, 1)), (2, 11, 14, 18, 21))
    """
    link = puzzlink.split(url, KINDS, max_cells=MAX_SIZE ** 2)
    rows, cols = link.rows, link.cols
    if max(rows, cols) > MAX_SIZE:
        raise link.error(f"a board of {cols}x{rows} is too large (at most {MAX_SIZE} a "
                         "side)", 0)
    outside, at = puzzlink.decode_numbers(link, 0, cols + rows)
    for index, number in enumerate(outside):
        side, line = ("top", index) if index < cols else ("left", index - cols)
        most = rows if side == "top" else cols
        if number is not None and not 0 <= number <= most:
            shown = "?" if number < 0 else number
            raise link.error(f"a number {shown} {where(side, line)}: the numbers are 0 to "
                             f"{most}", puzzlink.decode_numbers(link, 0, index)[1])
    trees, _ = decode_trees(link, at)
    return Board(rows, cols, tuple(trees), (tuple(outside[:cols]), tuple(outside[cols:])))


def to_url(board: Board) -> str:
    """The puzz.link URL, as pzprjs writes it.

    >>> url = "https://puzz.link/p?tents/5/5/2g0h1i1j82323"
    >>> to_url(parse_url(url)) == url
    True
    """
    body = puzzlink.encode_numbers([v for side in board.sides for v in side])
    return puzzlink.url("tents", board.cols, board.rows, body + encode_trees(board.trees))


def _file_cell(token: gridtext.Token) -> bool:
    """A cell of a pzprjs file: ``1`` a tree; a tent ``A``, ``-`` or ``.`` none."""
    if token.text == "1":
        return True
    if token.text in (".", "-", "A", "+"):
        return False
    raise token.error(f"a cell is '1' (a tree), 'A' (a tent), '-' or '.', not "
                      f"{token.text!r}")


def parse_pzprv3(text: str) -> Board:
    """A pzprjs file: ``pzprv3``, the genre, the rows, the columns, then the board in
    its frame, ROWS + 1 rows of COLS + 1 tokens (a number outside ``c2`` when the
    player struck it out), then the player's lines, not read.

    >>> b = parse_pzprv3("pzprv3\\ntents\\n1\\n2\\n. c1 . \\n. 1 A \\n")
    >>> b.trees, b.sides
    ((True, False), ((1, None), (None,)))
    """
    def frame(head: forms.Framed) -> tuple[int, int]:
        if max(head.rows, head.cols) > MAX_SIZE:
            raise head.kind.error(f"a board of {head.cols}x{head.rows} is too large "
                                  f"(at most {MAX_SIZE} a side)")
        return head.rows + 1, head.cols + 1

    head, read = forms.read_pzprv3_framed(text, KINDS, frame)
    grid = [[gridtext.Token(t.text[1:] if t.text.startswith("c") else t.text, t.line,
                            t.column) for t in row] for row in read]
    return _framed(grid, head.rows, head.cols, _file_cell)


TATHAM_RE = re.compile(r"^(?P<w>\d+)x(?P<h>\d+)(?:d[a-z])?:(?P<desc>[a-z_!\-]*(?:,\d*)*)$")


def parse_tatham(game_id: str) -> Board:
    """Simon Tatham's Tents game ID: ``WxH:`` (a difficulty ``dX`` may follow), the
    trees, then ``,`` and a number for each column, then each row. The trees: each
    ``_`` a tree, ``a``-``y`` 1-25 empty cells then a tree, ``z`` 25 empty cells, the
    last a tree just past the grid; ``!`` and ``-`` mark the cell before as a tent or
    not (a player's marks, which ask nothing).

    >>> b = parse_tatham("3x2:a_c,1,0,1,0,2")
    >>> b.tree_cells, b.sides
    ((1, 2), ((1, 0, 1), (0, 2)))
    """
    match = TATHAM_RE.match(game_id)
    if not match:
        raise InputError("not a Tents game ID of the form WxH:trees,numbers", line=1,
                         column=1)
    w, h = int(match.group("w")), int(match.group("h"))
    if not (1 <= w <= MAX_SIZE and 1 <= h <= MAX_SIZE):
        raise InputError(f"a board of {w}x{h}: sides are 1 to {MAX_SIZE}", line=1, column=1)
    desc, start = match.group("desc"), match.start("desc")
    head, *numbers = desc.split(",")
    trees = [False] * (w * h)
    cell, done = 0, False
    for k, ch in enumerate(head):
        if ch in "!-":
            if cell == 0 or done:
                raise InputError("a tent or non-tent mark off the grid", line=1,
                                 column=start + k + 1)
            continue
        cell += 0 if ch == "_" else 25 if ch == "z" else ord(ch) - ord("a") + 1
        if cell > w * h or done:
            raise InputError(f"the trees cover more than the {w * h} cells", line=1,
                             column=start + k + 1)
        if ch == "z":
            continue
        if cell == w * h:
            done = True  # the tree just past the grid that ends the trees
            continue
        trees[cell] = True
        cell += 1
    if not done:
        raise InputError(f"the trees cover {cell} of the {w * h} cells", line=1,
                         column=start + len(head) + 1)
    at = start + len(head) + 1
    if len(numbers) != w + h:
        raise InputError(f"{len(numbers)} numbers, a {w}x{h} board has {w + h}", line=1,
                         column=at)
    values: list[int] = []
    for k, word in enumerate(numbers):
        most = h if k < w else w
        if not word or int(word) > most:
            raise InputError(f"a number is 0 to {most}, not {word!r}", line=1, column=at + 1)
        values.append(int(word))
        at += len(word) + 1
    return Board(h, w, tuple(trees), (tuple(values[:w]), tuple(values[w:])))


def to_tatham(board: Board) -> str:
    """The Tents game ID of ``board`` (as Tatham's Tents writes it; it gives every
    number, so a board without one has none).

    >>> to_tatham(parse_tatham("3x2:a_c,1,0,1,0,2"))
    '3x2:a_c,1,0,1,0,2'
    """
    if any(v is None for side in board.sides for v in side):
        raise InputError("Tatham's Tents gives a number for every row and column; this "
                         "board leaves some out", line=1, column=1)
    out, run = [], 0
    for cell in range(board.cells + 1):
        if cell < board.cells and not board.trees[cell]:
            run += 1
            while run > 25:
                out.append("z")
                run -= 25
            continue
        out.append("_" if run == 0 else chr(ord("a") + run - 1))
        run = 0
    numbers = "".join(f",{v}" for side in board.sides for v in side)
    return f"{board.cols}x{board.rows}:{''.join(out)}{numbers}"


def parse_penpa(shown: penpa.Board) -> Board:
    """A Penpa+ link's board: a tree the editor's Tents symbol (``tents``, style 1), the
    numbers in the margins above the columns and left of the rows (``?`` none)."""
    shown.only("Tents", "symbols", "margin")
    for cell, symbol in sorted(shown.symbols.items()):
        if symbol != ("tents", 1):
            raise InputError(f"a symbol {symbol[0]!r} {penpa.at(cell)}: a Tents board has "
                             "trees alone", line=1, column=1)
    sides: tuple[list[int | None], list[int | None]] = ([None] * shown.cols,
                                                         [None] * shown.rows)
    for (r, c), mark in sorted(shown.margin.items()):
        if mark == "?":
            continue  # a "?", which asks nothing (noqx's example writes one)
        on_top = r == -1 and 0 <= c < shown.cols
        if not (on_top or (c == -1 and 0 <= r < shown.rows)) or not isinstance(mark, str) \
                or not mark.isdigit() or int(mark) > (shown.rows if on_top else shown.cols):
            raise InputError(f"a mark {mark!r} {penpa.at((r, c))}: Tents has a number from 0 "
                             "to the line's length above a column or left of a row alone",
                             line=1, column=1)
        sides[0 if on_top else 1][c if on_top else r] = int(mark)
    trees = tuple(divmod(cell, shown.cols) in shown.symbols
                  for cell in range(shown.rows * shown.cols))
    return Board(shown.rows, shown.cols, trees, (tuple(sides[0]), tuple(sides[1])))


def to_penpa(board: Board) -> str:
    """The Penpa+ link of ``board``: trees as the editor's Tents symbol, the numbers in
    its margins."""
    shown = penpa.Board(board.rows, board.cols,
                        symbols={board.grid.rc(cell): ("tents", 1) for cell in board.tree_cells},
                        margin={board.place(side, line): str(number)
                                for side, line, number in board.outside})
    return penpa.write(shown)



def parse_janko(framed: forms.Framed) -> Board:
    """A janko.at file (see the module docstring): the board its ``solution`` shows.

    >>> f = forms.read_janko("puzzle tents\\nrows 2\\ncols 3\\nsolution\\nx o -\\n- - -\\n")
    >>> b = parse_janko(f)
    >>> b.trees, b.sides
    ((True, False, False, False, False, False), ((0, 1, 0), (1, 0)))
    """
    rows, cols = framed.rows, framed.cols
    if rows > MAX_SIZE or cols > MAX_SIZE:
        raise framed.kind.error(f"a board of {rows}x{cols} is too large (at most {MAX_SIZE})")
    marks = {"x": "tree", "o": "tent", "-": "empty"}
    grid = framed.grid("solution")
    for token in (t for row in grid for t in row):
        if token.text.lower() not in marks:
            raise token.error(f"a cell of the solution is 'x' (a tree), 'o' (a tent) or "
                              f"'-', not {token.text!r}")
    kinds = [[marks[t.text.lower()] for t in row] for row in grid]
    top = tuple(sum(kinds[r][c] == "tent" for r in range(rows)) for c in range(cols))
    left = tuple(row.count("tent") for row in kinds)
    return Board(rows, cols, tuple(k == "tree" for row in kinds for k in row), (top, left))


FORMATS: codecs.Formats[Board] = codecs.Formats(
    forms.Forms(kinds=KINDS, url=parse_url, grid=parse_grid,
                game_id=(TATHAM_RE, parse_tatham), tatham="tents", penpa=parse_penpa,
                pzprv3_file=parse_pzprv3, janko=parse_janko), to_text,
    {"url": to_url, "grid": to_text, "tatham": to_tatham, "penpa": to_penpa})
