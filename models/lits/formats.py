"""Reading and writing LITS boards: grid text and puzz.link URLs; answers.

Grid text (:func:`parse_grid`): a first line ``ROWS COLS``, then ROWS rows of region
names (any token; a region is the cells of one name, and must be connected). The
longer form of the other region genres, ROWS rows of empty cells (``-`` or ``.``)
before the region names, is read too, and so are janko.at and pzprjs files.

puzz.link (:func:`parse_url`): ``https://puzz.link/p?lits/COLS/ROWS/BODY``, the region
borders as the site's editor encodes them.

An answer is written as rows of ``#`` (shaded) and ``.``, and in JSON as rows of the
shaded cells' shapes (``L``, ``I``, ``T``, ``S``) and ``.``; both are read, and ``x`` for
a shaded cell too.

:func:`parse` detects the form. Every error is an InputError naming line and column.
"""

from __future__ import annotations

from cpsolve.grid import forms, puzzlink, regions
from cpsolve.grid import text as gridtext
from cpsolve.models.lits.board import SHAPES, Board, Shading, shape

URL_KINDS = {"lits": "LITS"}
EMPTY = {"-", "."}
SHADED, UNSHADED = set(SHAPES) | set("#xX1*"), set(".-+0_")


def parse(text: str) -> Board:
    """Read a board in any supported form: grid text or a puzz.link URL (or a
    mirror's, see :mod:`cpsolve.grid.forms`).

    >>> parse("https://puzz.link/p?lits/8/8/5ajmi9mhai2g514bdn32f340").regions
    10
    >>> parse("2 4\\na a a a\\nb b b b\\n").region_cells[1]
    (4, 5, 6, 7)
    """
    return FORMS.parse(text)


def parse_grid(text: str) -> Board:
    """Read grid text (see the module docstring)."""
    said = gridtext.content(text)
    rows_line = gridtext.SIZE_RE.match(said[0][1]) if said else None
    rows = int(rows_line.group(1)) if rows_line else 0
    blocks = 2 if rows and len(said) - 1 == 2 * rows else 1
    names = ("cells", "regions") if blocks == 2 else ("regions",)
    _, _, grids = gridtext.read(text, blocks, names=names)
    if blocks == 2:
        for token in (t for row in grids[0] for t in row):
            if token.text not in EMPTY:
                raise token.error(f"a cell of a LITS board is '-' (the genre gives no "
                                  f"clues in cells), not {token.text!r}")
    return Board(len(grids[-1]), len(grids[-1][0]), regions.read(grids[-1]))


def parse_url(url: str) -> Board:
    """Read a puzz.link / pzv.jp LITS URL (the region borders; what follows them is
    ignored, as on the site).

    >>> parse_url("https://puzz.link/p?lits/8/8/5ajmi9mhai2g514bdn32f340").region[:8]
    (0, 0, 0, 1, 1, 2, 2, 3)
    """
    link = puzzlink.split(url, URL_KINDS, max_cells=gridtext.MAX_CELLS)
    region, _ = puzzlink.decode_regions(link)
    return Board(link.rows, link.cols, tuple(region))


def to_url(board: Board) -> str:
    """The puzz.link URL of ``board``.

    >>> url = "https://puzz.link/p?lits/8/8/5ajmi9mhai2g514bdn32f340"
    >>> to_url(parse_url(url)) == url
    True
    """
    body = puzzlink.encode_regions(board.rows, board.cols, board.region)
    return puzzlink.url("lits", board.cols, board.rows, body)


def to_text(board: Board) -> str:
    """The board as grid text, regions named a, b, ..., z, A, ...

    >>> print(to_text(parse("2 4\\nx x x x\\ny y y y\\n")))
    2 4
    a a a a
    b b b b
    """
    return "\n".join([f"{board.rows} {board.cols}",
                      *regions.lines(board.cols, regions.names(board.region))])


def shapes(board: Board, shading: Shading) -> list[str]:
    """Every cell's mark in an answer: the shape of the tetromino a shaded cell belongs
    to in its region (``#`` where the region's shaded cells make no tetromino), ``.``
    for an unshaded cell."""
    grid = board.grid
    marks = ["."] * board.cells
    for cells in board.region_cells:
        shaded = [cell for cell in cells if cell in shading]
        made = shape(map(grid.rc, shaded))
        for cell in shaded:
            marks[cell] = made if made is not None and made in SHAPES else "#"
    return marks


def to_rows(board: Board, shading: Shading) -> list[str]:
    """An answer as rows of the shaded cells' shapes and ``.``."""
    marks = shapes(board, shading)
    return ["".join(marks[start:start + board.cols])
            for start in range(0, board.cells, board.cols)]


def show(board: Board, shading: Shading) -> str:
    """An answer as text: rows of ``#`` (shaded) and ``.``, each cell by its own
    shading (the kit compares answers cell by cell on this text; a shape's letter
    depends on the cells round it, so the letters are in :func:`to_rows`, the JSON
    answer, and the pictures).

    >>> print(show(Board(1, 5, (0,) * 5), frozenset({0, 1, 2, 3})))
    ####.
    """
    return "\n".join(gridtext.marked_rows(board.rows, board.cols, shading, "#"))


def read_answer(text: str, board: Board) -> tuple[Shading, list[str]]:
    """An answer (rows of shapes or ``#`` for shaded cells and ``.``) for ``board``;
    the letters are not checked against the shapes the cells make (the checker
    judges the shading), so the list of differences is empty."""
    return gridtext.read_marked(text, board.rows, board.cols, SHADED, UNSHADED,
                                "a shape letter or '#' (shaded)"), []


def _is_answer(text: str) -> bool:
    return gridtext.looks_marked(text, SHADED, UNSHADED)


def _framed(framed: forms.Framed, *names: str) -> Board:
    return Board(framed.rows, framed.cols, regions.read(framed.grid(*names)))


FORMS: forms.Forms[Board] = forms.Forms(
    kinds=URL_KINDS, url=parse_url, grid=parse_grid,
    janko=lambda framed: _framed(framed, "areas", "regions"),
    pzprv3=lambda framed: _framed(framed, "0"),  # the region count, then the regions
    pzprv3_blocks=lambda kind: (1,), answer=_is_answer)
