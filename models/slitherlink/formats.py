"""Reading and writing Slitherlink boards and answers.

Boards:

* grid text (:func:`parse_grid`): a first line ``ROWS COLS``, then ROWS rows of
  whitespace-separated tokens, ``-`` (no number) or a number 0-4; the compact form
  drops the size line and writes one character a cell (``.`` or ``-`` none, a digit);
* puzz.link / pzv.jp URLs (:func:`parse_url`): ``https://puzz.link/p?slither/COLS/ROWS/BODY``
  (also ``slitherlink``), the cells as pzprjs's ``4Cell`` encoding; a number shown as
  ``?`` on the site (no value) is read as no number;
* Simon Tatham's Loopy game IDs (``10x10t0:...``, the square grid), also inside his
  web links;
* janko.at and pzprjs files.

Answers:

* as text (:func:`show`, what ``--check`` reads): a token a cell, the sides of the cell
  the loop runs along (``n`` top, ``s`` bottom, ``e`` right, ``w`` left: ``nw`` is a
  corner of the loop), ``-`` for none;
* as JSON rows (:func:`to_rows`): the convention of every loop family, a token a
  point (the ``(rows + 1) x (cols + 1)`` corners the loop runs through): the directions
  the loop leaves it by (``ns``, ``ew``, ``ne``, ...), ``-`` where it does not pass;
  ``--check`` reads these too;
* :func:`details`: the loop's edges between points and the cells inside it.
"""

from __future__ import annotations

import re
from typing import Any

from cpsolve.errors import InputError
from cpsolve.grid import forms, loops, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.geometry import Broken
from cpsolve.models.slitherlink.board import Board, Loop

URL_KINDS = {"slither": "Slitherlink", "slitherlink": "Slitherlink"}
TATHAM_RE = re.compile(r"^(?P<w>\d+)x(?P<h>\d+)(?:t(?P<type>\d+))?(?:d[a-z])?"
                       r"(?::(?P<desc>[0-9a-z]*)|(?P<seed>#.*))$")
SIDES = "nsew"  # the order of a cell's side letters: top, bottom, right, left
SIDE_INDEX = {"n": 0, "s": 1, "w": 2, "e": 3}  # into Board.sides: top, bottom, left, right


def parse(text: str) -> Board:
    """Read a board in any supported form (see the module docstring).

    >>> parse("https://puzz.link/p?slither/4/4/dgdh2c7b").numbers[:6]
    (3, None, None, None, 3, None)
    >>> parse("2 3\\n3 - -\\n- - 0\\n").numbers
    (3, None, None, None, None, 0)
    >>> parse("3..\\n..0").numbers
    (3, None, None, None, None, 0)
    >>> parse("3x2t0:3d0").numbers
    (3, None, None, None, None, 0)
    """
    return FORMS.parse(text)


def _board(rows: int, cols: int, grid: gridtext.Grid) -> Board:
    """A board from its grid of tokens, wherever they were read."""
    numbers: list[int | None] = []
    for token in (t for row in grid for t in row):
        if token.text in ("-", ".", "?"):
            numbers.append(None)
        elif token.text in ("0", "1", "2", "3", "4"):
            numbers.append(int(token.text))
        else:
            raise token.error(f"a cell is '-' (no number) or a number 0-4, not "
                              f"{token.text!r}")
    return Board(rows, cols, tuple(numbers))


def parse_grid(text: str) -> Board:
    """Read grid text (see the module docstring)."""
    rows, cols, (grid,) = gridtext.read(text, 1, names=("numbers",))
    return _board(rows, cols, grid)


def parse_url(url: str) -> Board:
    """Read a puzz.link / pzv.jp Slitherlink URL.

    >>> b = parse_url("https://puzz.link/p?slither/4/4/dgdh2c7b")
    >>> b.numbers[8:]
    (None, 2, 2, None, None, 2, None, 1)
    """
    link = puzzlink.split(url, URL_KINDS, max_cells=gridtext.MAX_CELLS)
    numbers, _ = puzzlink.decode_small(link, 0, link.cells)
    return Board(link.rows, link.cols,
                 tuple(None if n == puzzlink.UNKNOWN else n for n in numbers))


def to_url(board: Board) -> str:
    """The puzz.link URL of ``board``.

    >>> url = "https://puzz.link/p?slither/4/4/dgdh2c7b"
    >>> to_url(parse_url(url)) == url
    True
    """
    return puzzlink.url("slither", board.cols, board.rows, puzzlink.encode_small(board.numbers))


def parse_tatham(game_id: str) -> Board:
    """Read a Simon Tatham Loopy game ID on the square grid, ``WxHt0:desc`` or with its
    difficulty, ``WxHt0dh:desc`` (a digit a number, ``a``-``z`` 1-26 cells without
    one).

    >>> parse_tatham("2x1t0:a3").numbers
    (None, 3)
    """
    match = TATHAM_RE.match(game_id)
    if not match:
        raise InputError("not a Loopy game ID of the form WxHt0:description", line=1, column=1)
    if match.group("seed"):
        raise InputError("this is a random seed (WxH#seed), not a puzzle: use the game ID "
                         "(WxHt0:...)", line=1, column=match.start("seed") + 1)
    if match.group("type") not in (None, "0"):
        raise InputError(f"Loopy's grid type t{match.group('type')} is not the square grid "
                         "(t0), the only one Slitherlink is played on here", line=1,
                         column=match.start("type"))
    width, height = int(match.group("w")), int(match.group("h"))
    if width < 1 or height < 1 or width * height > gridtext.MAX_CELLS:
        raise InputError(f"bad size {width}x{height}", line=1, column=1)
    start = match.start("desc")
    numbers: list[int | None] = []
    for index, ch in enumerate(match.group("desc")):
        if ch in "01234":
            numbers.append(int(ch))
        elif "a" <= ch <= "z":
            numbers.extend([None] * (ord(ch) - ord("a") + 1))
        else:
            raise InputError(f"unexpected character {ch!r} in the description", line=1,
                             column=start + index + 1)
        if len(numbers) > width * height:
            raise InputError(f"the description covers more than {width}x{height} = "
                             f"{width * height} cells", line=1, column=start + index + 1)
    if len(numbers) != width * height:
        raise InputError(f"the description covers {len(numbers)} cells, {width}x{height} "
                         f"needs {width * height}", line=1,
                         column=start + len(match.group("desc")) + 1)
    return Board(height, width, tuple(numbers))


def to_tatham(board: Board) -> str:
    """The board as a Loopy game ID.

    >>> to_tatham(parse_tatham("3x2t0:3d0"))
    '3x2t0:3d0'
    """
    body = puzzlink.gaps([None if n is None else str(n) for n in board.numbers],
                         puzzlink.GAPS26)
    return f"{board.cols}x{board.rows}t0:{body}"


def to_text(board: Board) -> str:
    """The board as grid text (the sized form).

    >>> print(to_text(parse("3..\\n..0")))
    2 3
    3 - -
    - - 0
    """
    lines = [f"{board.rows} {board.cols}"]
    for r in range(board.rows):
        lines.append(" ".join("-" if n is None else str(n)
                              for n in board.numbers[r * board.cols:(r + 1) * board.cols]))
    return "\n".join(lines)


def cell_tokens(board: Board, loop: Loop) -> list[str]:
    """Each cell's token: the sides the loop runs along, ``-`` if none."""
    on = {board.points.edge_at[pair] for pair in loop if pair in board.points.edge_at}
    out = []
    for sides in board.side_table:
        letters = [name for name in SIDES if sides[SIDE_INDEX[name]] in on]
        out.append("".join(letters) or "-")
    return out


def show(board: Board, loop: Loop) -> str:
    """An answer as text: a token a cell (see the module docstring), aligned.

    >>> b = parse("1 2\\n- -")
    >>> print(show(b, frozenset({(0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (2, 5)})))
    nsw nse
    """
    return loops.aligned(cell_tokens(board, loop), board.cols, least=1)


def to_rows(board: Board, loop: Loop) -> list[str]:
    """The JSON rows: a token a point, the directions the loop leaves it by.

    >>> to_rows(parse("1 1\\n4"), frozenset({(0, 1), (2, 3), (0, 2), (1, 3)}))
    ['se sw', 'ne nw']
    """
    return loops.to_rows(board.points, loop)


def inside(board: Board, loop: Loop) -> list[bool]:
    """Whether each cell is inside the loop: an odd number of the loop's vertical
    edges lie on its left, in its row.

    >>> inside(parse("1 2\\n- -"), frozenset({(0, 1), (3, 4), (0, 3), (1, 4)}))
    [True, False]
    """
    out = []
    for r in range(board.rows):
        crossed = False
        for c in range(board.cols):
            if (board.point(r, c), board.point(r + 1, c)) in loop:
                crossed = not crossed
            out.append(crossed)
    return out


def details(board: Board, loop: Loop) -> dict[str, Any]:
    """What the JSON says of an answer beside its rows: the loop's ``edges``, each two
    points as ``[row, column]`` (1-based, the top left corner of the board ``[1, 1]``,
    the bottom right ``[ROWS + 1, COLS + 1]``), and the cells ``inside`` the loop as rows
    of ``#`` (inside) and ``.``."""
    cols = board.cols + 1
    edges = [[[a // cols + 1, a % cols + 1], [b // cols + 1, b % cols + 1]]
             for a, b in sorted(loop)]
    flags = inside(board, loop)
    rows = ["".join("#" if flags[r * board.cols + c] else "." for c in range(board.cols))
            for r in range(board.rows)]
    return {"edges": edges, "inside": rows}


def _read_cells(text: str, board: Board) -> tuple[Loop, list[str]]:
    """An answer written as :func:`show` writes it, and where two cells disagree about
    the side they share."""
    rows, cols, (grid,) = gridtext.read(text, 1, names=("loop",), words=True)
    if (rows, cols) != (board.rows, board.cols):
        raise InputError(f"the answer is {rows}x{cols}, the board {board.rows}x{board.cols} "
                         f"(or {board.rows + 1}x{board.cols + 1} points)",
                         line=grid[0][0].line, column=1)
    said: list[set[int]] = []
    for cell, token in enumerate(t for row in grid for t in row):
        letters = set() if token.text == "-" else set(token.text.lower())
        if token.text != "-" and (not letters <= set(SIDES) or len(letters) != len(token.text)):
            raise token.error(f"a cell is '-' or the sides the loop runs along (n top, s "
                              f"bottom, e right, w left: 'nw', 'ns', ...), not {token.text!r}")
        said.append({board.side_table[cell][SIDE_INDEX[name]] for name in letters})
    owners: dict[int, list[int]] = {}
    for cell, sides in enumerate(board.side_table):
        for k in sides:
            owners.setdefault(k, []).append(cell)
    edges = board.points.edges
    problems: list[str] = []
    chosen: set[int] = set()
    where, rc = board.grid.where, board.grid.rc
    for k, cells in sorted(owners.items()):
        saying = [cell for cell in cells if k in said[cell]]
        if saying:
            chosen.add(k)
        if saying and len(saying) != len(cells):
            other = next(cell for cell in cells if cell not in saying)
            problems.append(Broken(f"the cell at {where(saying[0])} draws the side it shares "
                                   f"with the cell at {where(other)}, which does not",
                                   rc(saying[0]), rc(other)))
    return frozenset(edges[k] for k in chosen), problems


def read_answer(text: str, board: Board) -> tuple[Loop, list[str]]:
    """An answer for ``--check``: as :func:`show` writes it (a token a cell) or as the
    JSON rows (a token a point), and where its tokens disagree."""
    rows, _, _ = gridtext.read(text, 1, names=("loop",), words=True)
    if rows == board.rows + 1:
        loop, _, problems = loops.read_tokens(text, board.points, noun="point",
                                              where=board.corner,
                                              mark=lambda p: (board.corner_cell(p),))
        return loop, problems
    return _read_cells(text, board)


def _is_answer(text: str) -> bool:
    _, _, (grid,) = gridtext.read(text, 1, names=("loop",), words=True)
    tokens = {t.text.lower() for row in grid for t in row} - {"-"}
    return bool(tokens) and all(set(t) <= set(SIDES) and len(set(t)) == len(t)
                                and not t.isdigit() for t in tokens)


FORMS: forms.Forms[Board] = forms.Forms(
    kinds=URL_KINDS,
    url=parse_url,
    grid=parse_grid,
    janko=lambda framed: _board(framed.rows, framed.cols, framed.grid("problem")),
    pzprv3=lambda framed: _board(framed.rows, framed.cols, framed.grid("0")),
    game_id=(TATHAM_RE, parse_tatham),
    tatham="loopy",
    answer=_is_answer,
)
