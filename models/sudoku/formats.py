"""Reading and writing Sudoku boards: the one-line form, grid text and puzz.link URLs;
answers.

The one-line form, as collections of hard puzzles write them: N\u00b2 characters in
reading order, a digit a given, ``.`` or ``0`` an empty cell (so N is at most 9).

Grid text: a first line ``ROWS COLS`` (equal), then the rows of tokens (``-``, ``.``
or ``0`` an empty cell, a number from 1 to N); or, without the size line, rows of one
character a cell (or of numbers and spaces, as answers above 9x9 are written).

puzz.link: ``https://puzz.link/p?sudoku/N/N/BODY``, the cells' numbers as the site's
editor encodes them.

Penpa+ links: the givens, with the boxes' borders (as the editor's Sudoku grid draws
them) or none.

Answers (:data:`DIGITS`, the kit's :class:`~cpsolve.grid.answers.Numbers`): rows of
digits, numbers above 9 right-aligned and space-separated; read back in the one-line
form too.

:func:`parse` detects the form (janko.at and pzprjs files too). Every error is an
InputError naming line and column.
"""

from __future__ import annotations

from cpsolve.errors import InputError, UsageError
from cpsolve.grid import forms, penpa, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.answers import Numbers
from cpsolve.grid.codecs import Formats
from cpsolve.models.sudoku.board import Board, too_small

URL_KINDS = {"sudoku": "Sudoku"}
EMPTY = {"-", ".", "0"}
MAX_SIZE = 100  # numbers up to 100: 10,000 cells, a million candidate variables


def parse(text: str) -> Board:
    """Read a board in any supported form (see the module docstring).

    >>> parse("4..." + "." * 12).givens[:2]
    (4, None)
    >>> parse("https://puzz.link/p?sudoku/4/4/1j2j3j4").givens[:6]
    (1, None, None, None, None, 2)
    >>> parse("4 4\\n1 - - -\\n- - - -\\n- - 3 -\\n- - - 4\\n").givens[10]
    3
    """
    return FORMS.parse(text)


def _size(rows: int, cols: int, line: int, column: int) -> int:
    """The size of a square board with boxes, or an error at ``line``, ``column``."""
    problem = (f"a Sudoku of {rows}x{rows} is too large (at most {MAX_SIZE}x{MAX_SIZE})"
               if rows == cols and rows > MAX_SIZE else too_small(rows, cols))
    if problem is not None:
        raise InputError(problem, line=line, column=column)
    return rows


def _board(rows: int, cols: int, grid: gridtext.Grid, at: tuple[int, int] | None = None
           ) -> Board:
    """A board from its grid of tokens (``at``: where its size is stated; the first
    cell's place when not given)."""
    first = grid[0][0] if grid and grid[0] else None
    size = _size(rows, cols, *(at or ((first.line, first.column) if first else (1, 1))))
    givens: list[int | None] = []
    for token in (t for row in grid for t in row):
        text = token.text
        if text not in EMPTY and not (text.isascii() and text.isdigit() and len(text) <= 3
                                      and 1 <= int(text) <= size):
            raise token.error(f"a cell is a number from 1 to {size} or '-' for none, "
                              f"not {text!r}")
        givens.append(None if text in EMPTY else int(text))
    return Board(size, tuple(givens))


def _read(text: str) -> tuple[int, int, gridtext.Grid, tuple[int, int]]:
    """The grid of tokens of grid text or of the one-line form, and where the size is
    stated (the size line, or the first row)."""
    said = gridtext.content(text)
    if not said:
        raise InputError("empty board", line=1, column=1)
    number, written = said[0]
    line = written.strip()
    indent = written.index(line[0]) + 1
    size = round(len(line) ** 0.5)
    if len(said) == 1 and " " not in line and size * size == len(line) and size > 1:
        return size, size, [[gridtext.Token(line[r * size + c], number, indent + r * size + c)
                             for c in range(size)] for r in range(size)], (number, indent)
    # Rows of space-separated numbers without a size line (an answer above 9x9).
    words = any(" " in row.strip() for _, row in said) and not gridtext.SIZE_RE.match(written)
    rows, cols, (grid,) = gridtext.read(text, 1, names=("givens",), words=words)
    return rows, cols, grid, (number, indent)


def parse_url(url: str) -> Board:
    """Read a puzz.link / pzv.jp Sudoku URL.

    >>> parse_url("https://puzz.link/p?sudoku/4/4/1j2j3j4").givens[15]
    4
    """
    link = puzzlink.split(url, URL_KINDS, max_cells=MAX_SIZE ** 2)
    size = _size(link.rows, link.cols, 1, 1)
    numbers, _ = puzzlink.decode_numbers(link, 0, link.cells)
    for cell, number in enumerate(numbers):
        if number is not None and not 1 <= number <= size:
            _, at = puzzlink.decode_numbers(link, 0, cell)  # where its number starts
            where = f"row {cell // size + 1}, column {cell % size + 1}"
            raise link.error(f"a given of {'?' if number < 0 else number} at {where}: "
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


def to_text(board: Board) -> str:
    """The board as grid text: rows of digits and ``.`` up to 9x9, else the sized form.

    >>> print(to_text(parse("1" + "." * 15)))
    1...
    ....
    ....
    ....
    """
    n = board.size
    if n <= 9:
        return "\n".join(to_line(board)[r * n:(r + 1) * n] for r in range(n))
    cells = ["-" if v is None else str(v) for v in board.givens]
    return "\n".join([f"{n} {n}", *(" ".join(c.rjust(len(str(n))) for c in cells[r * n:r * n + n])
                                   for r in range(n))])


def to_line(board: Board) -> str:
    """The one-line form (boards up to 9x9: a character a cell)."""
    if board.size > 9:
        raise UsageError(f"the one-line form writes a character a cell: a {board.size}x"
                         f"{board.size} board has numbers above 9 (use --format grid)")
    return "".join("." if v is None else str(v) for v in board.givens)


def parse_penpa(shown: penpa.Board) -> Board:
    """A Penpa+ link's board: the givens, and the boxes' borders drawn or not (other
    regions are another genre's)."""
    shown.only("Sudoku", "numbers", "borders")
    size = shown.rows
    problem = too_small(shown.rows, shown.cols) if size <= MAX_SIZE else \
        f"a Sudoku of {size}x{size} is too large (at most {MAX_SIZE}x{MAX_SIZE})"
    if problem is not None:
        raise InputError(problem)
    givens: list[int | None] = [None] * size ** 2
    for (r, c), text in sorted(shown.numbers.items()):
        if not (text.isascii() and text.strip().isdigit() and 1 <= int(text) <= size):
            raise InputError(f"a given is 1 to {size}, not {text!r} ({penpa.at((r, c))})")
        givens[r * size + c] = int(text)
    board = Board(size, tuple(givens))
    boxes = penpa.borders(size, board.grid.borders(board.box_of))
    for a, b in sorted(shown.borders ^ boxes if shown.borders else ()):
        raise InputError(f"the borders between row {a[0] + 1}, column {a[1] + 1} and row "
                         f"{b[0] + 1}, column {b[1] + 1} of the Penpa+ link are not the "
                         "boxes': regions other than boxes are another genre's")
    return board


def to_penpa(board: Board) -> str:
    """The Penpa+ link of ``board``: its givens and its boxes' borders, on the editor's
    Sudoku grid."""
    n = board.size
    return penpa.write(penpa.Board(
        n, n, numbers={divmod(cell, n): str(v) for cell, v in enumerate(board.givens) if v},
        borders=penpa.borders(n, board.grid.borders(board.box_of)), grid="sudoku"))


FORMS: forms.Forms[Board] = forms.Forms(
    kinds=URL_KINDS, url=parse_url, grid=lambda text: _board(*_read(text)),
    janko=lambda framed: _board(framed.rows, framed.cols, framed.grid("problem")),
    pzprv3=lambda framed: _board(framed.rows, framed.cols, framed.grid("0")),
    penpa=parse_penpa)
FORMATS = Formats(FORMS, to_text, {"url": to_url, "line": to_line, "grid": to_text,
                                   "penpa": to_penpa})
class _Digits(Numbers):
    """The kit's numbers, read in the one-line form too."""

    def read(self, text: str, board: Board) -> tuple[tuple[int, ...], list[str]]:
        said = gridtext.content(text)
        line = said[0][1].strip() if len(said) == 1 else ""
        if len(line) == board.cells and board.size <= 9:
            text = "\n".join(line[k:k + board.size] for k in range(0, board.cells, board.size))
        return super().read(text, board)


# An answer: rows of digits (numbers above 9: spaced), the givens it writes otherwise.
DIGITS = _Digits(compact=True)
