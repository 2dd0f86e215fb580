"""Reading and writing Sudoku boards: the one-line form, grid text and puzz.link URLs;
answers.

The one-line form, as collections of hard puzzles write them: N\u00b2 characters in
reading order, a digit a given, ``.`` or ``0`` an empty cell (so N is at most 9).

Grid text (:func:`parse_grid`): a first line ``ROWS COLS`` (equal), then the rows of
tokens (``-``, ``.`` or ``0`` an empty cell, a number from 1 to N); or, without the
size line, rows of one character a cell.

puzz.link (:func:`parse_url`): ``https://puzz.link/p?sudoku/N/N/BODY``, the cells'
numbers as the site's editor encodes them.

:func:`parse` detects the form (janko.at and pzprjs files too). Every error is an
InputError naming line and column.
"""

from __future__ import annotations

from cpsolve.errors import InputError
from cpsolve.grid import forms, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.models.sudoku.board import Board, Digits, box_shape

URL_KINDS = {"sudoku": "Sudoku"}
EMPTY = {"-", ".", "0"}
MAX_SIZE = 100  # numbers up to 100: 10,000 cells, a million candidate variables


def parse(text: str) -> Board:
    """Read a board in any supported form (see the module docstring).

    >>> line = "4..." + "." * 12
    >>> parse(line).givens[:2]
    (4, None)
    >>> parse("https://puzz.link/p?sudoku/4/4/1j2j3j4").givens[:6]
    (1, None, None, None, None, 2)
    >>> parse("4 4\\n1 - - -\\n- - - -\\n- - 3 -\\n- - - 4\\n").givens[10]
    3
    """
    return FORMS.parse(text)


Place = tuple[int, int]  # the line and column that state a board's size, for errors


def _size(rows: int, cols: int, at: Place) -> int:
    """The size of a square board with boxes, or an error at ``at``."""
    line, column = at
    if rows != cols:
        raise InputError(f"a Sudoku is square, not {rows}x{cols}", line=line, column=column)
    if rows > MAX_SIZE:
        raise InputError(f"a Sudoku of {rows}x{rows} is too large (at most "
                         f"{MAX_SIZE}x{MAX_SIZE})", line=line, column=column)
    if box_shape(rows) is None:
        raise InputError(f"a {rows}x{rows} board has no boxes (its size is not a product "
                         "of two numbers above 1)", line=line, column=column)
    return rows


def _board(rows: int, cols: int, grid: gridtext.Grid, at: Place | None = None) -> Board:
    """A board from its grid of tokens, wherever it was read (``at``: where its size is
    stated; the first cell's place when not given)."""
    first = grid[0][0] if grid and grid[0] else None
    size = _size(rows, cols, at or ((first.line, first.column) if first else (1, 1)))
    givens: list[int | None] = []
    for token in (t for row in grid for t in row):
        if token.text in EMPTY:
            givens.append(None)
        elif token.text.isascii() and token.text.isdigit() and len(token.text) <= 3 and (
                1 <= int(token.text) <= size):
            givens.append(int(token.text))
        else:
            raise token.error(f"a cell is a number from 1 to {size} or '-' for none, "
                              f"not {token.text!r}")
    return Board(size, tuple(givens))


def _read(text: str) -> tuple[int, int, gridtext.Grid, Place]:
    """The grid of tokens of grid text or of the one-line form, and where the size is
    stated (the size line, or the first row)."""
    said = gridtext.content(text)
    if not said:
        raise InputError("empty board", line=1, column=1)
    number, written = said[0]
    if len(said) == 1 and " " not in written.strip():
        line = written.strip()
        size = round(len(line) ** 0.5)
        if size * size == len(line) and size > 1:  # the one-line form, cut into rows
            indent = written.index(line[0]) + 1
            return size, size, [[gridtext.Token(line[r * size + c], number,
                                                indent + r * size + c)
                                 for c in range(size)] for r in range(size)], (number, indent)
    # Rows of space-separated numbers without a size line: an answer above 9x9.
    words = any(" " in line.strip() for _, line in said) and not gridtext.SIZE_RE.match(
        written)
    rows, cols, (grid,) = gridtext.read(text, 1, names=("givens",), words=words)
    return rows, cols, grid, (number, written.index(written.strip()[0]) + 1)


def parse_grid(text: str) -> Board:
    """Read grid text or the one-line form (see the module docstring)."""
    return _board(*_read(text))


def parse_url(url: str) -> Board:
    """Read a puzz.link / pzv.jp Sudoku URL.

    >>> parse_url("https://puzz.link/p?sudoku/4/4/1j2j3j4").givens[15]
    4
    """
    link = puzzlink.split(url, URL_KINDS, max_cells=MAX_SIZE ** 2)
    size = _size(link.rows, link.cols, (1, 1))
    numbers, _ = puzzlink.decode_numbers(link, 0, link.cells)
    for cell, number in enumerate(numbers):
        if number is not None and not 1 <= number <= size:
            _, at = puzzlink.decode_numbers(link, 0, cell)  # where its number starts
            raise link.error(f"a given of {'?' if number < 0 else number} at "
                             f"{Board(size, (None,) * link.cells).grid.where(cell)}: "
                             f"givens are 1 to {size}", at)
    return Board(size, tuple(numbers))


def to_url(board: Board) -> str:
    """The puzz.link URL of ``board``.

    >>> url = "https://puzz.link/p?sudoku/4/4/1j2j3j4"
    >>> to_url(parse_url(url)) == url
    True
    """
    return puzzlink.url("sudoku", board.size, board.size,
                        puzzlink.encode_numbers(list(board.givens)))


def _tokens(board: Board, numbers: tuple[int | None, ...], empty: str) -> list[str]:
    """A row of text per board row: one character a cell up to 9x9, else tokens."""
    n = board.size
    if n <= 9:
        return ["".join(empty if v is None else str(v) for v in numbers[r * n:(r + 1) * n])
                for r in range(n)]
    width = len(str(n))
    return [" ".join((empty if v is None else str(v)).rjust(width)
                     for v in numbers[r * n:(r + 1) * n]) for r in range(n)]


def to_text(board: Board) -> str:
    """The board as grid text: rows of digits and ``.`` up to 9x9, else the sized form.

    >>> print(to_text(parse("1" + "." * 15)))
    1...
    ....
    ....
    ....
    """
    rows = _tokens(board, board.givens, "." if board.size <= 9 else "-")
    return "\n".join(rows if board.size <= 9 else [f"{board.size} {board.size}", *rows])


def to_line(board: Board) -> str:
    """The one-line form (boards up to 9x9: a character a cell)."""
    if board.size > 9:
        from cpsolve.errors import UsageError

        raise UsageError(f"the one-line form writes a character a cell: a {board.size}x"
                         f"{board.size} board has numbers above 9 (use --format grid)")
    return "".join("." if v is None else str(v) for v in board.givens)


def to_rows(board: Board, digits: Digits) -> list[str]:
    """An answer as rows: digits up to 9x9, else space-separated numbers."""
    return _tokens(board, digits, ".")


def show(board: Board, digits: Digits) -> str:
    """An answer as text (:func:`to_rows`)."""
    return "\n".join(to_rows(board, digits))


def read_answer(text: str, board: Board) -> tuple[Digits, list[str]]:
    """An answer for ``--check``, written as :func:`show` writes it (or in any grid
    form), and the givens it contradicts."""
    rows, cols, grid, _ = _read(text)
    if (rows, cols) != (board.size, board.size):
        raise InputError(f"the answer is {rows}x{cols}, the board {board.size}x{board.size}",
                         line=grid[0][0].line, column=1)
    tokens = [token for row in grid for token in row]
    for token in tokens:
        if token.text in EMPTY:
            raise token.error("an answer fills every cell")
    digits = _board(rows, cols, grid).givens
    where = board.grid.where
    differ = [f"the given {given} at {where(cell)} is {digits[cell]} in the answer"
              for cell, given in enumerate(board.givens)
              if given is not None and given != digits[cell]]
    return tuple(v for v in digits if v is not None), differ


FORMS: forms.Forms[Board] = forms.Forms(
    kinds=URL_KINDS,
    url=parse_url,
    grid=parse_grid,
    janko=lambda framed: _board(framed.rows, framed.cols, framed.grid("problem")),
    pzprv3=lambda framed: _board(framed.rows, framed.cols, framed.grid("0")),
)
