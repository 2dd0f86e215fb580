"""Reading and writing Numberlink boards and answers.

Boards:

* grid text (:func:`parse_grid`): a first line ``ROWS COLS``, or ``ROWS COLS fill``
  for a board whose paths must fill it, then ROWS rows of whitespace-separated tokens:
  ``-`` (or ``.``) a cell without a number, or a number;
* puzz.link / pzv.jp URLs (:func:`parse_url`): ``https://puzz.link/p?numlin/COLS/ROWS/BODY``
  (also ``numberlink``), pzprjs's ``decodeNumber16``. A URL says nothing of the fill
  rule: the site's rule is Nikoli's, paths need not fill the board (``--fill`` asks
  for the other).

Answers, as text (:func:`show`) and JSON rows (:func:`to_rows`): a token a cell, the
directions the path leaves it by (``ns``, ``ew``, ``ne``, ...; a numbered cell, a
path's end, one letter), ``-`` a cell no path passes; ``--check`` reads them.
"""

from __future__ import annotations

import re

from cpsolve.errors import InputError
from cpsolve.grid import forms, loops, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.models.numberlink.board import Board, Paths

URL_KINDS = {"numlin": "Numberlink", "numberlink": "Numberlink"}
SIZE_RE = re.compile(r"^(\s*\d+\s+\d+)\s+(\S+)\s*$")
FILL_WORD = "fill"
MOST = 4095  # the largest number a URL writes with three hex digits ("+fff")


def parse(text: str) -> Board:
    """Read a board in any supported form (see the module docstring).

    >>> parse("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3").numbers[:6]
    (1, None, None, None, None, 2)
    >>> parse("2 2 fill\\n1 -\\n- 1\\n").fill
    True
    """
    return FORMS.parse(text)


def parse_grid(text: str) -> Board:
    """Read grid text (see the module docstring)."""
    said = gridtext.content(text)
    fill = False
    if said:
        number, first = said[0]
        size = SIZE_RE.match(first)
        # a size line: a word as third token, or as many rows after it as it says ('1 2 1'
        # followed by other than one row is a compact first row)
        if size and (size.group(2).isalpha()
                     or len(said) - 1 == int(size.group(1).split()[0])):
            if size.group(2).lower() != FILL_WORD:
                raise InputError(f"after ROWS COLS the first line may say '{FILL_WORD}' "
                                 "(every cell on a path), not " + repr(size.group(2)),
                                 line=number, column=size.start(2) + 1)
            fill = True
            lines = text.splitlines()
            lines[number - 1] = size.group(1)
            text = "\n".join(lines)
    rows, cols, (grid,) = gridtext.read(text, 1, names=("numbers",))
    numbers: list[int | None] = []
    for token in (t for row in grid for t in row):
        if token.text in ("-", "."):
            numbers.append(None)
        elif token.text.isascii() and token.text.isdigit() and len(token.text) <= 4 \
                and int(token.text) <= MOST:
            numbers.append(int(token.text))
        elif token.text == "?":
            raise token.error("a Numberlink number must be given: '?' pairs with nothing")
        else:
            raise token.error(f"a cell is '-' (no number) or a number up to {MOST}, not "
                              f"{token.text!r}")
    return Board(rows, cols, tuple(numbers), fill)


def parse_url(url: str) -> Board:
    """Read a puzz.link / pzv.jp Numberlink URL (pzprjs ``decodeNumber16``: a hex digit,
    ``-xx``, ``+xxx``, ``g``-``z`` for 1-20 cells without a number). A body that ends
    before the board does leaves the cells after it without a number, as the site reads
    it.

    >>> parse_url("https://puzz.link/p?numberlink/3/1/1g1").numbers
    (1, None, 1)
    """
    link = puzzlink.split(url, URL_KINDS, max_cells=gridtext.MAX_CELLS)
    numbers, _ = puzzlink.decode_numbers(link, 0, link.cells, short=True)
    if puzzlink.UNKNOWN in numbers:
        at = link.body.index(".")
        raise link.error("a Numberlink number must be given: '.' ('?') pairs with nothing",
                         at)
    return Board(link.rows, link.cols, tuple(numbers))


def to_url(board: Board) -> str:
    """The puzz.link URL of ``board`` (a URL cannot say the fill rule).

    >>> url = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
    >>> to_url(parse_url(url)) == url
    True
    """
    return puzzlink.url("numlin", board.cols, board.rows,
                        puzzlink.encode_numbers(board.numbers))


def to_text(board: Board) -> str:
    """The board as grid text (the sized form, ``fill`` on the size line when the rule
    is in force).

    >>> print(to_text(parse("https://puzz.link/p?numlin/3/2/1h212")))
    2 3
    1 - -
    2 1 2
    """
    tokens = ["-" if n is None else str(n) for n in board.numbers]
    size = f"{board.rows} {board.cols}" + (f" {FILL_WORD}" if board.fill else "")
    return size + "\n" + loops.aligned(tokens, board.cols, least=1)


def tokens(board: Board, paths: Paths) -> list[str]:
    """Each cell's token in an answer."""
    return loops.tokens(board.grid, paths)


def to_rows(board: Board, paths: Paths) -> list[str]:
    """An answer as rows of space-separated tokens, one a cell (as the JSON writes it).

    >>> to_rows(parse("2 2\\n1 -\\n- 1"), frozenset({(0, 1), (1, 3)}))
    ['e sw', '- n']
    """
    cells = tokens(board, paths)
    return [" ".join(cells[r * board.cols:(r + 1) * board.cols]) for r in range(board.rows)]


def show(board: Board, paths: Paths) -> str:
    """An answer as text, tokens aligned in columns."""
    return loops.aligned(tokens(board, paths), board.cols)


def read_answer(text: str, board: Board) -> tuple[Paths, list[str]]:
    """An answer written as :func:`show` writes it, and where it disagrees with itself:
    a direction off the board, or a neighbour whose token does not point back."""
    paths, _, problems = loops.read_tokens(text, board.grid, what="path")
    return paths, problems


def looks_like_answer(text: str) -> bool:
    """Whether ``text`` reads as an answer (tokens of directions) rather than a board."""
    return loops.looks_like(text, ends=True)


FORMS: forms.Forms[Board] = forms.Forms(
    kinds=URL_KINDS,
    url=parse_url,
    grid=parse_grid,
    answer=looks_like_answer,
)
