"""Reading and writing Star Battle boards: grid text and puzz.link URLs; answers.

Grid text (:func:`parse_grid`): a first line ``ROWS COLS STARS`` (the stars every
row, column and region holds), then ROWS rows of region names (any token; a region is
the cells of one name, and must be connected). The published data sets' longer form,
ROWS rows of empty cells (``-`` or ``.``) before the region names, is read too.

puzz.link (:func:`parse_url`): ``https://puzz.link/p?starbattle/COLS/ROWS/STARS/BODY``,
the region borders as the site's editor encodes them.

:func:`parse` detects the form. Every error is an InputError naming line and column.
"""

from __future__ import annotations

import re

from cpsolve.errors import InputError
from cpsolve.grid import forms, puzzlink, regions
from cpsolve.grid import text as gridtext
from cpsolve.models.starbattle.board import Board, Stars

URL_KINDS = {"starbattle": "Star Battle"}
SIZE_RE = re.compile(r"^(\s*\d+\s+\d+)\s+(\d+)\s*$")
EMPTY = {"-", "."}
STAR, NO_STAR = set("*#xX1oO"), set(".-+0_")


def parse(text: str) -> Board:
    """Read a board in any supported form: grid text or a puzz.link URL (or a
    mirror's, see :mod:`cpsolve.grid.forms`).

    >>> parse("https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk").regions
    6
    >>> b = parse("4 4 1\\na a b b\\na a b b\\nc c d d\\nc c d d\\n")
    >>> b.stars, b.region_cells[3]
    (1, (10, 11, 14, 15))
    """
    return FORMS.parse(text)


def parse_grid(text: str) -> Board:
    """Read grid text (see the module docstring)."""
    said = gridtext.content(text)
    if not said:
        raise InputError("empty board", line=1, column=1)
    number, first = said[0]
    size = SIZE_RE.match(first)
    if not size:
        if gridtext.SIZE_RE.match(first):
            raise InputError("the first line of a Star Battle is ROWS COLS STARS (the "
                             "stars each row, column and region holds)", line=number,
                             column=len(first.rstrip()) + 1)
        raise InputError("a Star Battle starts with a line ROWS COLS STARS, then the rows "
                         "of region names", line=number, column=1)
    digits = size.group(2)
    at = size.start(2) + 1
    if len(digits.lstrip("0")) > len(str(gridtext.MAX_CELLS)) or int(digits) < 1:
        raise InputError(f"the stars per row, column and region are 1 to "
                         f"{gridtext.MAX_CELLS:,}, not {digits}", line=number, column=at)
    stars = int(digits)
    lines = text.splitlines()
    lines[number - 1] = size.group(1)  # the size line the kit reads; columns stay
    rows = int(gridtext.SIZE_RE.match(size.group(1)).group(1))  # type: ignore[union-attr]
    blocks = 2 if len(said) - 1 == 2 * rows else 1
    names = ("cells", "regions") if blocks == 2 else ("regions",)
    _, _, grids = gridtext.read("\n".join(lines), blocks, names=names)
    if blocks == 2:
        for token in (t for row in grids[0] for t in row):
            if token.text not in EMPTY:
                raise token.error(f"a cell of a Star Battle board is '-' (given stars are "
                                  f"not part of the genre), not {token.text!r}")
    return _board(len(grids[-1]), len(grids[-1][0]), stars, grids[-1])


def _board(rows: int, cols: int, stars: int, names: gridtext.Grid) -> Board:
    """A board from its grid of region names, wherever they were read."""
    return Board(rows, cols, stars, regions.read(names))


def parse_url(url: str) -> Board:
    """Read a puzz.link / pzv.jp Star Battle URL (the stars, then the region borders;
    what follows the borders is ignored, as on the site).

    >>> b = parse_url("https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk")
    >>> b.stars, b.region[:6]
    (1, (0, 0, 0, 0, 1, 1))
    """
    link = puzzlink.split(url, URL_KINDS, max_cells=gridtext.MAX_CELLS)
    digits, slash, rest = link.body.partition("/")
    if not slash or not digits.isdigit() or not digits.isascii() or int(digits) < 1 or (
            len(digits) > len(str(gridtext.MAX_CELLS))):
        raise link.error("expected STARS/BORDERS after the size (the stars per row, "
                         "column and region, a number from 1)", 0)
    borders = puzzlink.Link(link.kind, link.cols, link.rows, rest,
                            link.offset + len(digits) + 1)
    region, _ = puzzlink.decode_regions(borders)
    return Board(link.rows, link.cols, int(digits), tuple(region))


def to_url(board: Board) -> str:
    """The puzz.link URL of ``board``.

    >>> url = "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk"
    >>> to_url(parse_url(url)) == url
    True
    """
    body = puzzlink.encode_regions(board.rows, board.cols, board.region)
    return puzzlink.url("starbattle", board.cols, board.rows, f"{board.stars}/{body}")


def to_text(board: Board) -> str:
    """The board as grid text, regions named a, b, ..., z, A, ...

    >>> print(to_text(parse("2 2 1\\nx y\\nx y\\n")))
    2 2 1
    a b
    a b
    """
    return "\n".join([f"{board.rows} {board.cols} {board.stars}",
                      *regions.lines(board.cols, regions.names(board.region))])


def to_rows(board: Board, stars: Stars) -> list[str]:
    """An answer as rows of ``*`` (a star) and ``.``."""
    return gridtext.marked_rows(board.rows, board.cols, stars, "*")


def show(board: Board, stars: Stars) -> str:
    """An answer as text: rows of ``*`` (a star) and ``.``."""
    return "\n".join(to_rows(board, stars))


def read_answer(text: str, board: Board) -> tuple[Stars, list[str]]:
    """An answer (rows of ``*`` for a star and ``.``; ``x``, ``#``, ``1`` and ``-``,
    ``+``, ``0`` are read too) for ``board``; an answer only places stars, so the list
    of differences is empty."""
    return gridtext.read_marked(text, board.rows, board.cols, STAR, NO_STAR,
                                "'*' (a star)"), []


def _is_answer(text: str) -> bool:
    return gridtext.looks_marked(text, STAR, NO_STAR)


FORMS: forms.Forms[Board] = forms.Forms(kinds=URL_KINDS, url=parse_url, grid=parse_grid,
                                        answer=_is_answer)
