"""Reading and writing Masyu boards: grid text and puzz.link URLs; loops as text.

Grid text (:func:`parse_grid`): a first line ``ROWS COLS``, then ROWS rows of
whitespace-separated tokens, ``-`` (empty), ``w`` (white pearl) or ``b`` (black); the
compact form drops the size line and writes one character a cell (``.`` or ``-``
empty, ``w``/``o`` white, ``b``/``x`` black, either case; janko.at's ``1`` white and
``2`` black too). puzz.link
(:func:`parse_url`): ``https://puzz.link/p?mashu/COLS/ROWS/BODY`` (also ``masyu`` and
``pearl``), the pearls three cells a base-27 character.

A loop is written as rows of tokens, one per cell: the directions the loop leaves the
cell by, from ``n``, ``s``, ``e``, ``w`` (``ns`` and ``ew`` straight, ``ne``, ``nw``,
``se``, ``sw`` corners), ``-`` where it does not pass.
"""

from __future__ import annotations

from cpsolve.errors import InputError
from cpsolve.grid import forms, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.geometry import Broken
from cpsolve.models.masyu.board import BLACK, EMPTY, WHITE, Board, Loop

URL_KINDS = {"mashu": "Masyu", "masyu": "Masyu", "pearl": "Masyu"}
SYMBOLS = {"-": EMPTY, ".": EMPTY, "w": WHITE, "o": WHITE, "b": BLACK, "x": BLACK,
           "0": EMPTY, "1": WHITE, "2": BLACK}  # 0-2: janko.at's and pzprjs' files
DIRECTIONS = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}
ORDER = "nsew"  # a token's letters: north or south first, as compass points are named


def parse(text: str) -> Board:
    """Read a board in any supported form: grid text, a puzz.link URL (or a mirror's,
    see :mod:`cpsolve.grid.forms`), a janko.at or pzprjs file.

    >>> parse("https://puzz.link/p?mashu/6/6/1063000i3000").pearls[:8]
    (0, 0, 1, 0, 0, 0, 0, 2)
    >>> parse("2 3\\nw - -\\n- - b\\n").pearls
    (1, 0, 0, 0, 0, 2)
    >>> parse("w..\\n..B").pearls
    (1, 0, 0, 0, 0, 2)
    >>> parse("begin\\npuzzle masyu\\nsize 2\\nproblem\\n1 -\\n- 2\\nend\\n").pearls
    (1, 0, 0, 2)
    """
    return FORMS.parse(text)


def parse_grid(text: str) -> Board:
    """Read grid text (see the module docstring)."""
    rows, cols, (grid,) = gridtext.read(text, 1, names=("pearls",))
    return _board(rows, cols, grid)


def _board(rows: int, cols: int, grid: gridtext.Grid) -> Board:
    """A board from its grid of pearl tokens, wherever they were read."""
    pearls = []
    for token in (t for row in grid for t in row):
        value = SYMBOLS.get(token.text.lower())
        if value is None:
            raise token.error(f"a cell is '-' (empty), 'w' (white) or 'b' (black), not "
                              f"{token.text!r}")
        pearls.append(value)
    return Board(rows, cols, tuple(pearls))


def parse_url(url: str) -> Board:
    """Read a puzz.link / pzv.jp Masyu URL (what follows the last cell is ignored, as
    on the site).

    >>> b = parse_url("https://puzz.link/p?mashu/6/6/1063000i3000/")
    >>> [cell for cell, p in enumerate(b.pearls) if p]
    [2, 7, 10, 21, 25]
    """
    link = puzzlink.split(url, URL_KINDS, max_cells=gridtext.MAX_CELLS)
    values, _ = puzzlink.decode_base3(link, 0, link.cells)
    return Board(link.rows, link.cols, tuple(values))


def to_url(board: Board) -> str:
    """The puzz.link URL of ``board``.

    >>> url = "https://puzz.link/p?mashu/6/6/1063000i3000"
    >>> to_url(parse_url(url)) == url
    True
    """
    return puzzlink.url("mashu", board.cols, board.rows, puzzlink.encode_base3(board.pearls))


def to_text(board: Board) -> str:
    """The board as grid text (the sized form).

    >>> print(to_text(parse("w..\\n..b")))
    2 3
    w - -
    - - b
    """
    names = {EMPTY: "-", WHITE: "w", BLACK: "b"}
    lines = [f"{board.rows} {board.cols}"]
    for r in range(board.rows):
        lines.append(" ".join(names[p] for p in board.pearls[r * board.cols:
                                                             (r + 1) * board.cols]))
    return "\n".join(lines)


def tokens(board: Board, loop: Loop) -> list[str]:
    """Each cell's token: the directions the loop leaves it by, ``-`` if none."""
    out = []
    for cell in range(board.cells):
        letters = [name for name, (dr, dc) in DIRECTIONS.items()
                   if (other := board.grid.step(cell, dr, dc)) is not None
                   and (min(cell, other), max(cell, other)) in loop]
        out.append("".join(sorted(letters, key=ORDER.index)) or "-")
    return out


def to_rows(board: Board, loop: Loop) -> list[str]:
    """A loop as rows of space-separated tokens, one per cell (as the JSON writes it).

    >>> b = parse("2 2\\n- -\\n- -\\n")
    >>> to_rows(b, frozenset({(0, 1), (2, 3), (0, 2), (1, 3)}))
    ['se sw', 'ne nw']
    """
    cells = tokens(board, loop)
    return [" ".join(cells[r * board.cols:(r + 1) * board.cols]) for r in range(board.rows)]


def show(board: Board, loop: Loop) -> str:
    """A loop as text, tokens aligned in columns."""
    cells = tokens(board, loop)
    return "\n".join(" ".join(token.ljust(2) for token in cells[r * board.cols:
                                                               (r + 1) * board.cols]).rstrip()
                     for r in range(board.rows))


def read_answer(text: str, board: Board) -> tuple[Loop, list[str]]:
    """A loop written as tokens (see :func:`to_rows`), and where its tokens disagree:
    a direction off the board, or a neighbour whose token does not point back."""
    rows, cols, (grid,) = gridtext.read(text, 1, names=("loop",), words=True)
    if (rows, cols) != (board.rows, board.cols):
        raise InputError(f"the answer is {rows}x{cols}, the board {board.rows}x{board.cols}",
                         line=grid[0][0].line, column=1)
    edges: set[tuple[int, int]] = set()
    said: list[set[str]] = []
    for token in (t for row in grid for t in row):
        letters = set() if token.text == "-" else set(token.text.lower())
        if token.text != "-" and (not letters <= set(DIRECTIONS)
                                  or len(letters) != len(token.text)):
            raise token.error(f"a cell is '-' or the directions the loop leaves it by "
                              f"(n, e, s, w: 'ew', 'se', ...), not {token.text!r}")
        said.append(letters)
    problems: list[str] = []
    rc = board.grid.rc
    for cell, letters in enumerate(said):
        for name in sorted(letters, key=ORDER.index):
            dr, dc = DIRECTIONS[name]
            other = board.grid.step(cell, dr, dc)
            where = board.grid.where(cell)
            if other is None:
                problems.append(Broken(f"the loop leaves the board from {where} ({name})",
                                       rc(cell)))
                continue
            back = {"n": "s", "s": "n", "e": "w", "w": "e"}[name]
            if back not in said[other]:
                problems.append(Broken(f"the loop goes {name} from {where} but the cell "
                                       "there does not come back", rc(cell), rc(other)))
            edges.add((min(cell, other), max(cell, other)))
    return frozenset(edges), problems


def _is_answer(text: str) -> bool:
    _, _, (grid,) = gridtext.read(text, 1, names=("loop",), words=True)
    tokens = {t.text.lower() for row in grid for t in row} - {"-"}
    return bool(tokens) and all(set(t) <= set(DIRECTIONS) and len(t) == 2 for t in tokens)


FORMS: forms.Forms[Board] = forms.Forms(
    kinds=URL_KINDS,
    url=parse_url,
    grid=parse_grid,
    janko=lambda framed: _board(framed.rows, framed.cols, framed.grid("problem")),
    pzprv3=lambda framed: _board(framed.rows, framed.cols, framed.grid("0")),
    answer=_is_answer,
)
