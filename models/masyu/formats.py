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

from cpsolve.grid import forms, loops, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.models.masyu.board import BLACK, EMPTY, WHITE, Board, Loop

URL_KINDS = {"mashu": "Masyu", "masyu": "Masyu", "pearl": "Masyu"}
SYMBOLS = {"-": EMPTY, ".": EMPTY, "w": WHITE, "o": WHITE, "b": BLACK, "x": BLACK,
           "0": EMPTY, "1": WHITE, "2": BLACK}  # 0-2: janko.at's and pzprjs' files


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


def to_rows(board: Board, loop: Loop) -> list[str]:
    """A loop as rows of space-separated tokens, one per cell (as the JSON writes it).

    >>> b = parse("2 2\\n- -\\n- -\\n")
    >>> to_rows(b, frozenset({(0, 1), (2, 3), (0, 2), (1, 3)}))
    ['se sw', 'ne nw']
    """
    return loops.to_rows(board.grid, loop)


def show(board: Board, loop: Loop) -> str:
    """A loop as text, tokens aligned in columns."""
    return loops.show(board.grid, loop)


def read_answer(text: str, board: Board) -> tuple[Loop, list[str]]:
    """A loop written as tokens (see :func:`to_rows`), and where its tokens disagree:
    a direction off the board, or a neighbour whose token does not point back."""
    loop, _, problems = loops.read_tokens(text, board.grid)
    return loop, problems


FORMS: forms.Forms[Board] = forms.Forms(
    kinds=URL_KINDS,
    url=parse_url,
    grid=parse_grid,
    janko=lambda framed: _board(framed.rows, framed.cols, framed.grid("problem")),
    pzprv3=lambda framed: _board(framed.rows, framed.cols, framed.grid("0")),
    answer=loops.looks_like,
)
