"""The Skyscrapers board and its forms: an N x N grid, a number (the buildings seen)
beside some rows and columns outside it, and some heights given inside.

* grid text: the board in its frame, N + 2 rows of N + 2 tokens (one character each,
  or space-separated, or sized ``N+2 N+2`` as the kit's grid text): the first row the
  clues above the columns, the last row those below, the first and last token of each
  row between the clues left and right of that row, the rest the cells' given heights;
  ``.`` or ``-`` for none, the four corners ``.`` or ``-``;
* Simon Tatham's Towers game IDs (``N:clues[,heights]``, :func:`parse_tatham`), and his
  web links to the game ``towers``;
* pzprjs files (``pzprv3``): the board in its frame, a given height written ``q3``;
* janko.at files (``puzzle skyscrapers``): ``clabels`` (two lines of N: the clues above
  the columns, then below), ``rlabels`` (two lines of N: left of the rows, then right),
  ``-`` for none, the given heights in ``problem`` when it has one; ``depth`` (the
  tallest height) below ``size`` is janko.at's variant of empty cells, and a ``puzzle``
  line naming a variant (``skyscrapers, diagonals``) names another rule: both refused;
* puzz.link URLs (``skyscrapers``, ``building``, ``skyscraper``): the clues outside the
  grid (pzprjs ``decodeNumber16ExCell``: above, below, left, right, each in order), then
  the given heights (``decodeNumber16``, left out when there are none);
* Penpa+ links: the clues as numbers in the margins of one row and column a side, the
  given heights as numbers in the cells (as penpa-edit lays out its import of a
  puzz.link Skyscrapers, and noqx reads it).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property

from cpsolve.errors import InputError
from cpsolve.grid import codecs, forms, penpa, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.boards import NumberGrid

Heights = tuple[int, ...]  # an answer: the height in each cell, in cell order
SIDES = ("top", "bottom", "left", "right")
KINDS = {"skyscrapers": "Skyscrapers", "building": "Skyscrapers",
         "skyscraper": "Skyscrapers"}
EMPTY = {".", "-"}
MAX_SIZE = 30


@dataclass(frozen=True)
class Board(NumberGrid):
    """An immutable Skyscrapers board: ``numbers[cell]`` the given heights (``None``
    none) and ``sides``, the clues above, below, left and right (each a tuple of N,
    ``None`` none), in the order of :data:`SIDES`.

    >>> b = Board(2, 2, (None,) * 4, ((2, None), (None,) * 2, (None,) * 2, (None, 1)))
    >>> b.size, b.sight("top", 0), b.sight("right", 1)
    (2, (0, 2), (3, 2))
    """

    sides: tuple[tuple[int | None, ...], ...] = ()

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.rows != self.cols:
            raise ValueError("a Skyscrapers board is square")
        if len(self.sides) != 4 or any(len(side) != self.rows for side in self.sides):
            raise ValueError("a Skyscrapers board has N clues a side")

    @property
    def size(self) -> int:
        return self.rows

    def sight(self, side: str, line: int) -> tuple[int, ...]:
        """The cells a clue on ``side`` beside row or column ``line`` looks along,
        nearest first."""
        n = self.size
        return {"top": tuple(r * n + line for r in range(n)),
                "bottom": tuple(r * n + line for r in reversed(range(n))),
                "left": tuple(line * n + c for c in range(n)),
                "right": tuple(line * n + c for c in reversed(range(n)))}[side]

    @cached_property
    def outside(self) -> tuple[tuple[str, int, int], ...]:
        """The clues outside the grid: ``(side, line, number)``, in pzprjs's order."""
        return tuple((side, line, number) for side, clues in zip(SIDES, self.sides)
                     for line, number in enumerate(clues) if number is not None)

    def place(self, side: str, line: int) -> tuple[int, int]:
        """Where a clue stands, as a cell outside the grid (row or column -1 or N)."""
        n = self.size
        return {"top": (-1, line), "bottom": (n, line), "left": (line, -1),
                "right": (line, n)}[side]

    def resided(self, changes: Mapping[tuple[str, int], int | None]) -> Board:
        """The board with the outside clues of ``changes`` given anew."""
        return replace(self, sides=tuple(
            tuple(changes.get((side, line), number) for line, number in enumerate(clues))
            for side, clues in zip(SIDES, self.sides)))


def where(side: str, line: int) -> str:
    """How a message names an outside clue's place: ``above column 3``."""
    return {"top": "above column", "bottom": "below column", "left": "left of row",
            "right": "right of row"}[side] + f" {line + 1}"


def _number(token: gridtext.Token, n: int, what: str) -> int | None:
    text = token.text
    if text in EMPTY:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 3 and 1 <= int(text) <= n):
        raise token.error(f"{what} is a number from 1 to {n} or '.' for none, not {text!r}")
    return int(text)


def parse_grid(text: str) -> Board:
    """Grid text: the board in its frame (see the module docstring).

    >>> b = parse_grid(".2..\\n...1\\n.2..\\n....")
    >>> b.numbers, b.sides
    ((None, None, 2, None), ((2, None), (None, None), (None, None), (1, None)))
    """
    words = any(" " in line.strip() for _, line in gridtext.content(text)) \
        and not gridtext.SIZE_RE.match(gridtext.content(text)[0][1]) \
        if gridtext.content(text) else False
    rows, cols, (grid,) = gridtext.read(text, 1, names=("board",), words=words)
    first = grid[0][0]
    if rows != cols or rows < 3:
        raise InputError(f"the board in its frame is N + 2 rows of N + 2 (N at least 1), "
                         f"not {rows}x{cols}", line=first.line, column=first.column)
    n = rows - 2
    if n > MAX_SIZE:
        raise InputError(f"a board of {n}x{n} is too large (at most {MAX_SIZE})",
                         line=first.line, column=first.column)
    for r, c in ((0, 0), (0, n + 1), (n + 1, 0), (n + 1, n + 1)):
        if grid[r][c].text not in EMPTY:
            raise grid[r][c].error(f"a corner of the frame is '.', not {grid[r][c].text!r}")
    clue = "a clue outside the grid"
    sides = (tuple(_number(grid[0][c + 1], n, clue) for c in range(n)),
             tuple(_number(grid[n + 1][c + 1], n, clue) for c in range(n)),
             tuple(_number(grid[r + 1][0], n, clue) for r in range(n)),
             tuple(_number(grid[r + 1][n + 1], n, clue) for r in range(n)))
    numbers = tuple(_number(grid[r + 1][c + 1], n, "a height")
                    for r in range(n) for c in range(n))
    return Board(n, n, numbers, sides)


def to_text(board: Board) -> str:
    """The board in its frame (space-separated above 9x9).

    >>> print(to_text(parse_grid(".2..\\n...1\\n.2..\\n....")))
    .2..
    ...1
    .2..
    ....
    """
    n = board.size
    show = lambda v: "." if v is None else str(v)  # noqa: E731
    top, bottom, left, right = board.sides
    rows = [[".", *map(show, top), "."]]
    rows += [[show(left[r]), *(show(board.numbers[r * n + c]) for c in range(n)),
              show(right[r])] for r in range(n)]
    rows.append([".", *map(show, bottom), "."])
    return "\n".join(("" if n <= 9 else " ").join(row) for row in rows)


def parse_url(url: str) -> Board:
    """A puzz.link URL (see the module docstring).

    >>> b = parse_url("https://puzz.link/p?skyscrapers/4/4/k13h4j3g")
    >>> b.sides[1:3], b.numbers.count(None)
    (((None, 1, 3, None), (None, 4, None, None)), 16)
    """
    link = puzzlink.split(url, KINDS, max_cells=MAX_SIZE ** 2)
    if link.rows != link.cols:
        raise link.error(f"a Skyscrapers board is square, not {link.cols}x{link.rows}", 0)
    n = link.rows
    outside, at = puzzlink.decode_numbers(link, 0, 4 * n)
    inside, end = puzzlink.decode_numbers(link, at, n * n)
    for index, number in enumerate(outside):
        if number is not None and not 1 <= number <= n:
            side, line = SIDES[index // n], index % n
            shown = "?" if number < 0 else number
            raise link.error(f"a clue of {shown} {where(side, line)}: clues are 1 to {n}",
                             puzzlink.decode_numbers(link, 0, index)[1])
    for cell, number in enumerate(inside):
        if number is not None and not 1 <= number <= n:
            shown = "?" if number < 0 else number
            raise link.error(f"a height of {shown} at row {cell // n + 1}, column "
                             f"{cell % n + 1}: heights are 1 to {n}",
                             puzzlink.decode_numbers(link, at, cell)[1])
    if end < len(link.body):
        raise link.error("unexpected text after the board", end)
    return Board(n, n, tuple(inside), tuple(tuple(outside[k * n:(k + 1) * n])
                                            for k in range(4)))


def to_url(board: Board) -> str:
    """The puzz.link URL, as pzprjs writes it (no heights written when none is given).

    >>> url = "https://puzz.link/p?skyscrapers/4/4/k13h4j3g"
    >>> to_url(parse_url(url)) == url
    True
    """
    body = puzzlink.encode_numbers([v for side in board.sides for v in side])
    if any(v is not None for v in board.numbers):
        body += puzzlink.encode_numbers(list(board.numbers))
    return puzzlink.url("skyscrapers", board.size, board.size, body)


def parse_pzprv3(text: str) -> Board:
    """A pzprjs file: ``pzprv3``, the genre, the rows, the columns, then the board in
    its frame, N + 2 rows of N + 2 tokens: the clues outside the grid, a given height
    ``q3`` inside (a number without ``q`` is a player's, which asks nothing).

    >>> b = parse_pzprv3("pzprv3\\nskyscrapers\\n2\\n2\\n. 2 . . \\n. q1 . . \\n"
    ...                  ". . 2 . \\n. . . . \\n")
    >>> b.numbers, b.sides[0]
    ((1, None, None, None), (2, None))
    """
    def frame(head: forms.Framed) -> tuple[int, int]:
        if head.rows != head.cols:
            raise head.kind.error(f"a Skyscrapers board is square, not "
                                  f"{head.cols}x{head.rows}")
        return head.rows + 2, head.cols + 2

    head, rows = forms.read_pzprv3_framed(text, KINDS, frame)
    n = head.rows
    clue = "a clue outside the grid"
    sides = (tuple(_number(rows[0][c + 1], n, clue) for c in range(n)),
             tuple(_number(rows[n + 1][c + 1], n, clue) for c in range(n)),
             tuple(_number(rows[r + 1][0], n, clue) for r in range(n)),
             tuple(_number(rows[r + 1][n + 1], n, clue) for r in range(n)))
    numbers = []
    for r in range(n):
        for c in range(n):
            token = rows[r + 1][c + 1]
            given = token.text.startswith("q")
            shown = gridtext.Token(token.text[1:], token.line, token.column + 1)
            numbers.append(_number(shown, n, "a given height") if given else None)
    return Board(n, n, tuple(numbers), sides)


TATHAM_RE = re.compile(r"^(?P<w>\d+)(?:d[a-z])?:(?P<desc>[0-9a-z/,_]*)$")


def parse_tatham(game_id: str) -> Board:
    """Simon Tatham's Towers game ID: ``N:`` (a difficulty ``dX`` may follow N), the 4N
    clues separated by ``/`` (above, below, left, right; empty for none), then, when
    heights are given, ``,`` and the cells in reading order: ``a``-``z`` runs of 1-26
    empty cells, a number a given height, ``_`` between two numbers.

    >>> b = parse_tatham("4://///1/3///4/////3/,d3k")
    >>> b.sides[1], b.numbers[4]
    ((None, 1, 3, None), 3)
    """
    match = TATHAM_RE.match(game_id)
    if not match:
        raise InputError("not a Towers game ID of the form N:clues[,heights]", line=1, column=1)
    n = int(match.group("w"))
    if not 1 <= n <= MAX_SIZE:
        raise InputError(f"a board of {n}x{n}: sizes are 1 to {MAX_SIZE}", line=1, column=1)
    desc, start = match.group("desc"), match.start("desc")
    head, _, tail = desc.partition(",")
    words = head.split("/")
    if len(words) != 4 * n:
        raise InputError(f"{len(words)} clues, a {n}x{n} board has {4 * n} places for them",
                         line=1, column=start + 1)
    clues: list[int | None] = []
    at = start
    for word in words:
        if word and not (word.isdigit() and 1 <= int(word) <= n):
            raise InputError(f"a clue is a number from 1 to {n}, not {word!r}", line=1,
                             column=at + 1)
        clues.append(int(word) if word else None)
        at += len(word) + 1
    numbers: list[int | None] = []
    for found in re.finditer(r"[a-z]|_|\d+|.", tail):
        text, column = found.group(), at + found.start() + 1
        if text.isdigit():
            if not 1 <= int(text) <= n:
                raise InputError(f"a height is a number from 1 to {n}, not {text}", line=1,
                                 column=column)
            numbers.append(int(text))
        elif text != "_":
            if not "a" <= text <= "z":
                raise InputError(f"unexpected character {text!r} among the heights", line=1,
                                 column=column)
            numbers.extend([None] * (ord(text) - ord("a") + 1))
        if len(numbers) > n * n:
            raise InputError(f"the heights cover more than the {n * n} cells", line=1,
                             column=column)
    if tail or "," in desc:
        if len(numbers) != n * n:
            raise InputError(f"the heights cover {len(numbers)} cells, not {n * n}", line=1,
                             column=start + len(desc) + 1)
    else:
        numbers = [None] * (n * n)
    return Board(n, n, tuple(numbers), tuple(tuple(clues[k * n:(k + 1) * n]) for k in range(4)))


def to_tatham(board: Board) -> str:
    """The Towers game ID of ``board`` (as Tatham's Towers writes it).

    >>> to_tatham(parse_tatham("4://///1/3///4/////3/,d3k"))
    '4://///1/3///4/////3/,d3k'
    """
    n = board.size
    head = "/".join("" if v is None else str(v) for side in board.sides for v in side)
    if all(v is None for v in board.numbers):
        return f"{n}:{head}"
    out, run = [], 0
    for cell in range(n * n + 1):
        value = board.numbers[cell] if cell < n * n else -1
        if value is None:
            run += 1
            continue
        if run:
            while run > 0:
                out.append(chr(ord("a") + min(run, 26) - 1))
                run -= min(run, 26)
        elif cell > 0 and value > 0:
            out.append("_")
        if value > 0:
            out.append(str(value))
    return f"{n}:{head},{''.join(out)}"



def parse_janko(framed: forms.Framed) -> Board:
    """A janko.at file (see the module docstring).

    >>> f = forms.read_janko("puzzle skyscrapers\\nsize 2\\ndepth 2\\nclabels\\n2 -\\n"
    ...                      "- 2\\nrlabels\\n- -\\n1 -\\nsolution\\n1 2\\n2 1\\n")
    >>> b = parse_janko(f)
    >>> b.sides, b.numbers
    (((2, None), (None, 2), (None, None), (1, None)), (None, None, None, None))
    """
    n = framed.rows
    if framed.cols != n:
        raise framed.kind.error(f"a Skyscrapers board is square, not {n}x{framed.cols}")
    if n > MAX_SIZE:
        raise framed.kind.error(f"a board of {n}x{n} is too large (at most {MAX_SIZE})")
    depth = framed.values.get("depth")
    if depth is not None and depth.text != str(n):
        raise depth.error(f"heights up to {depth.text} on a board of {n} is janko.at's "
                          "variant with empty cells, which is not read here")
    clue = "a clue outside the grid"
    (top, bottom), (left, right) = (
        [tuple(_number(token, n, clue) for token in row)
         for row in framed.section(name, 2, n)] for name in ("clabels", "rlabels"))
    numbers: tuple[int | None, ...] = (None,) * (n * n)
    if "problem" in framed.sections:
        numbers = tuple(_number(token, n, "a height")
                        for row in framed.grid("problem") for token in row)
    return Board(n, n, numbers, (top, bottom, left, right))


def parse_penpa(shown: penpa.Board) -> Board:
    """A Penpa+ link's board: numbers in the margins (the clues) and in the cells (the
    given heights).

    >>> b = parse_grid(".2..\\n...1\\n.2..\\n....")
    >>> parse_penpa(penpa.read(to_penpa(b))) == b
    True
    """
    shown.only("Skyscrapers", "numbers", "margin")
    n = shown.rows
    if shown.cols != n or n > MAX_SIZE:
        raise InputError(f"a Skyscrapers board is square, at most {MAX_SIZE}x{MAX_SIZE}, "
                         f"not {shown.cols}x{n} (the Penpa+ link)")

    def number(text: str, cell: tuple[int, int], what: str) -> int:
        text = text.strip()
        if not (text.isascii() and text.isdigit() and len(text) <= 3 and 1 <= int(text) <= n):
            raise InputError(f"{what} is a number from 1 to {n}, not {text!r} "
                             f"({penpa.at(cell)})")
        return int(text)

    numbers: list[int | None] = [None] * (n * n)
    for (r, c), text in sorted(shown.numbers.items()):
        numbers[r * n + c] = number(text, (r, c), "a height")
    sides: list[list[int | None]] = [[None] * n for _ in SIDES]
    for (r, c), mark in sorted(shown.margin.items()):
        side = 0 if r == -1 else 1 if r == n else 2 if c == -1 else 3 if c == n else None
        line = c if side in (0, 1) else r
        if side is None or not 0 <= line < n or not isinstance(mark, str):
            raise InputError(f"a mark outside the board {penpa.at((r, c))}: a Skyscrapers "
                             "board has a number beside each row and column at most")
        sides[side][line] = number(mark, (r, c), "a clue outside the grid")
    return Board(n, n, tuple(numbers), tuple(tuple(side) for side in sides))


def to_penpa(board: Board) -> str:
    """The Penpa+ link of ``board``: the clues in the margins, the heights in the cells."""
    n = board.size
    at = {"top": lambda i: (-1, i), "bottom": lambda i: (n, i), "left": lambda i: (i, -1),
          "right": lambda i: (i, n)}
    return penpa.write(penpa.Board(
        n, n, numbers={divmod(k, n): str(v) for k, v in enumerate(board.numbers)
                       if v is not None},
        margin={at[side](line): str(number) for side, line, number in board.outside}))


FORMATS: codecs.Formats[Board] = codecs.Formats(
    forms.Forms(kinds=KINDS, url=parse_url, grid=parse_grid,
                game_id=(TATHAM_RE, parse_tatham), tatham="towers",
                pzprv3_file=parse_pzprv3, janko=parse_janko, penpa=parse_penpa), to_text,
    {"url": to_url, "grid": to_text, "tatham": to_tatham, "penpa": to_penpa})
