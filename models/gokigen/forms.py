"""Gokigen Naname's forms: grid text of the points, puzz.link URLs, Simon Tatham's Slant
game IDs and pzprjs files, read and written; and the answer as text.

* Grid text: ``ROWS COLS`` (the cells), then the ``ROWS + 1`` rows of ``COLS + 1``
  points, each a number 0-4, ``-`` or ``.`` for none, ``?`` for a number not given
  (puzzlekit's form); or, without the size line, the rows of points a character each.
* puzz.link: ``gokigen/COLS/ROWS/BODY``, the body pzprjs's ``encode4Cross`` (a point
  a character, ``g``-``z`` runs of empty points). pzprjs's old encoding (the flag ``d``)
  and its variant ``wagiri`` (cells marked as on a loop or on none) are refused by name.
* Tatham's Slant: ``WxH:DESC``, the description the points in reading order, ``0``-``4``
  a number, ``a``-``z`` runs of 1-26 points without one (a difficulty after the size,
  ``de`` or ``dh``, is read and not written back: his game IDs leave it out).
* Penpa+ links: the numbers on the grid's points.
* pzprjs files: ``pzprv3``, ``gokigen``, the rows, the columns, the points' numbers
  (``.`` none, ``-`` "?"), then the player's diagonals (``1`` a ``\\``, ``2`` a ``/``).
* janko.at files (``puzzle gokigen``): ``size`` (or ``rows`` and ``cols``) counts the
  cells, and ``problem`` is the ``rows + 1`` rows of ``cols + 1`` points, a number 0-4
  or ``-`` for none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from cpsolve.errors import ForeignPuzzle, InputError, UsageError
from cpsolve.grid import forms, penpa, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.boards import UNKNOWN
from cpsolve.grid.codecs import Formats
from cpsolve.grid.geometry import Broken
from cpsolve.models.gokigen.board import BACKSLASH, SLASH, Answer, Board

KINDS = {"gokigen": "Gokigen Naname", "wagiri": "Gokigen Naname"}
WAGIRI = ("'wagiri' is pzprjs's variant of Gokigen whose cells say whether their "
          "diagonal is on a loop (輪) or on none (切), which is not modelled here")
OLD = {"d": "the flag 'd' asks for the site's old Gokigen encoding (pzprjs's), which "
            "Gokigen Naname here does not read"}
WHY = "a point's number counts the diagonals that touch it: 0 to 4"
TATHAM_RE = re.compile(r"^(?P<w>\d{1,6})x(?P<h>\d{1,6})(?:d[eh])?"
                       r"(?::(?P<desc>[0-9a-z]*)|(?P<seed>#.*))$")


def parse_grid(text: str) -> Board:
    """Grid text: the size line counts cells, the rows below are the points."""
    lines = text.splitlines()
    said = gridtext.content(text)
    if said and (size := gridtext.SIZE_RE.match(said[0][1])):
        number = said[0][0]
        if max(len(size.group(k).lstrip("0")) for k in (1, 2)) > 6:
            raise InputError("the size is too large", line=number, column=1)
        rows, cols = int(size.group(1)), int(size.group(2))
        if rows < 1 or cols < 1:
            raise InputError(f"a board of {rows}x{cols} has no cell", line=number, column=1)
        lines[number - 1] = f"{rows + 1} {cols + 1}"
        text = "\n".join(lines)
    rows, cols, numbers = gridtext.read_numbers(text, most=4, why=WHY)
    if rows < 2 or cols < 2:
        raise InputError(f"{rows} row(s) of {cols} point(s): the points are the cells' "
                         "corners, two rows and two columns at least", line=said[0][0],
                         column=1)
    return Board(rows - 1, cols - 1, tuple(numbers))


def to_compact(board: Board) -> str:
    """The rows of points a character each (the main form: the page edits it)."""
    marks = ["." if n is None else "?" if n < 0 else str(n) for n in board.numbers]
    wide = board.cols + 1
    return "\n".join("".join(marks[k:k + wide]) for k in range(0, len(marks), wide))


def to_text(board: Board) -> str:
    body = gridtext.numbers_text(board.rows + 1, board.cols + 1, board.numbers)
    return f"{board.rows} {board.cols}" + body[body.index("\n"):]


def parse_url(text: str) -> Board:
    link = puzzlink.split(text, KINDS, max_cells=gridtext.MAX_CELLS, refuse=OLD)
    if link.kind == "wagiri":
        raise puzzlink.error(WAGIRI, text.index("wagiri"))
    points = (link.rows + 1) * (link.cols + 1)
    numbers, _ = puzzlink.decode_small(link, 0, points)
    return Board(link.rows, link.cols, tuple(numbers))


def to_url(board: Board) -> str:
    return puzzlink.url("gokigen", board.cols, board.rows, puzzlink.encode_small(board.numbers))


def parse_tatham(game_id: str) -> Board:
    """A Slant game ID (``WxH:DESC``), every error located in it."""
    match = TATHAM_RE.match(game_id)
    if not match:
        raise InputError("not a Slant game ID of the form WxH:description", line=1, column=1)
    if match.group("seed"):
        raise InputError("this is a random seed (WxH#seed), not a puzzle: use the game ID "
                         "(WxH:...)", line=1, column=match.start("seed") + 1)
    cols, rows = int(match.group("w")), int(match.group("h"))
    if rows < 1 or cols < 1 or rows * cols > gridtext.MAX_CELLS:
        raise InputError(f"bad size {cols}x{rows}", line=1, column=1)
    points = (rows + 1) * (cols + 1)
    start, desc = match.start("desc"), match.group("desc")
    numbers: list[int | None] = []
    for index, ch in enumerate(desc):
        if ch in "56789":
            raise InputError(f"a point's number is 0 to 4, not {ch}", line=1,
                             column=start + index + 1)
        numbers.extend([int(ch)] if ch.isdigit() else [None] * (ord(ch) - ord("a") + 1))
        if len(numbers) > points:
            raise InputError(f"the description covers more than the {points} points of "
                             f"{cols}x{rows}", line=1, column=start + index + 1)
    if len(numbers) != points:
        raise InputError(f"the description covers {len(numbers)} points, {cols}x{rows} "
                         f"has {points}", line=1, column=start + len(desc) + 1)
    return Board(rows, cols, tuple(numbers))


def to_tatham(board: Board) -> str:
    if UNKNOWN in board.numbers:
        raise UsageError("a Slant game ID cannot say a '?': write the board as grid text or "
                         "a puzz.link URL")
    body = puzzlink.gaps([None if n is None else str(n) for n in board.numbers],
                         puzzlink.GAPS26)
    return f"{board.cols}x{board.rows}:{body}"


def parse_penpa(shown: penpa.Board) -> Board:
    """A Penpa+ link's board: its numbers on grid points (a blank one or "?" a number
    not given)."""
    shown.only("Gokigen Naname", "vertices")
    wide = shown.cols + 1
    numbers: list[int | None] = [None] * ((shown.rows + 1) * wide)
    for (r, c), text in sorted(shown.vertices.items()):
        text = text.strip()
        if text not in ("", "?", "0", "1", "2", "3", "4"):
            raise InputError(f"a point's number is 0 to 4, not {text!r} (at row {r + 1}, "
                             f"column {c + 1} of the Penpa+ link's points)")
        numbers[r * wide + c] = UNKNOWN if text in ("", "?") else int(text)
    return Board(shown.rows, shown.cols, tuple(numbers))


def to_penpa(board: Board) -> str:
    """The Penpa+ link of ``board``: its numbers on the grid's points."""
    wide = board.cols + 1
    return penpa.write(penpa.Board(board.rows, board.cols, vertices={
        divmod(p, wide): "?" if n < 0 else str(n) for p, n in enumerate(board.numbers)
        if n is not None}))


def parse_pzprv3(text: str) -> Board:
    """A pzprjs file: its head, then the points' numbers (the diagonals after them are
    the player's answer)."""
    said = gridtext.content(text)
    if len(said) < 4:
        raise InputError("a pzprv3 file has its genre, rows and columns on the lines after "
                         "'pzprv3'", line=said[-1][0] + 1 if said else 1, column=1)
    head = [gridtext.Token(line.strip(), number, len(line) - len(line.lstrip()) + 1)
            for number, line in said[1:4]]
    kind = head[0]
    if kind.text not in KINDS:
        raise ForeignPuzzle(f"puzzle type {kind.text!r} is not Gokigen Naname (gokigen)",
                            kind=kind.text, line=kind.line, column=kind.column)
    if kind.text == "wagiri":
        raise kind.error(WAGIRI)
    size = []
    for token in head[1:]:
        if not re.fullmatch(r"[0-9]{1,6}", token.text) or int(token.text) < 1:
            raise token.error(f"a size is a positive count, not {token.text!r}")
        size.append(int(token.text))
    rows, cols = size
    if rows * cols > gridtext.MAX_CELLS:
        raise kind.error(f"{rows}x{cols} is too large")
    grid: gridtext.Grid = []
    for number, line in said[4:4 + rows + 1]:
        row = [gridtext.Token({".": "-", "-": "?"}.get(m.group(), m.group()), number,
                              m.start() + 1) for m in re.finditer(r"\S+", line)]
        if len(row) != cols + 1:
            raise InputError(f"a row of the points has {len(row)} of {cols + 1}", line=number,
                             column=1)
        grid.append(row)
    if len(grid) < rows + 1:
        raise InputError(f"the points end after {len(grid)} of {rows + 1} rows",
                         line=said[-1][0] + 1, column=1)
    return Board(rows, cols, tuple(gridtext.numbers_of(grid, most=4, why=WHY)))



def parse_janko(framed: forms.Framed) -> Board:
    """A janko.at file: its ``problem``, the points (see the module docstring).

    >>> f = forms.read_janko("puzzle gokigen\\nsize 1\\nproblem\\n1 -\\n- 1\\n")
    >>> parse_janko(f).numbers
    (1, None, None, 1)
    """
    grid = framed.section("problem", framed.rows + 1, framed.cols + 1)
    return Board(framed.rows, framed.cols, tuple(gridtext.numbers_of(
        grid, most=4, why=WHY, unknown="a point holds a number 0-4 or '-' for none")))


def looks(text: str) -> bool:
    """Whether ``text`` is an answer rather than a board (a diagonal in it)."""
    return SLASH in text or BACKSLASH in text


FORMATS = Formats(
    # A pzprjs file's first grid is the points, one row and one column larger than the
    # board's cells: read here.
    forms.Forms(kinds=KINDS, url=parse_url, grid=parse_grid, answer=looks,
                game_id=(TATHAM_RE, parse_tatham), tatham="slant", penpa=parse_penpa,
                pzprv3_file=parse_pzprv3, janko=parse_janko),
    to_compact, {"url": to_url, "grid": to_text, "tatham": to_tatham, "penpa": to_penpa})


@dataclass(frozen=True)
class Diagonals:
    """The answer kind: a character a cell, ``/`` or ``\\``; read back with pzprjs's
    codes too (``1`` a ``\\``, ``2`` a ``/``)."""

    def rows(self, board: Any, answer: Answer) -> list[str]:
        return ["".join(answer[r * board.cols:(r + 1) * board.cols]) for r in range(board.rows)]

    def show(self, board: Any, answer: Answer) -> str:
        return "\n".join(self.rows(board, answer))

    def read(self, text: str, board: Any) -> tuple[Answer, list[str]]:
        """The answer ``text`` writes (a cell left empty is located in the list).

        >>> Diagonals().read("/\\\\\\n12", Board(2, 2, (None,) * 9))
        (('/', '\\\\', '\\\\', '/'), [])
        """
        rows, cols, (grid,) = gridtext.read(text, 1, names=("answer",))
        if (rows, cols) != (board.rows, board.cols):
            raise gridtext.Token("", grid[0][0].line, 1).error(
                f"the answer is {rows}x{cols}, the board {board.rows}x{board.cols}")
        out: list[str] = []
        empty: list[str] = []
        for cell, token in enumerate(t for row in grid for t in row):
            said = {"1": BACKSLASH, "2": SLASH}.get(token.text, token.text)
            if said in (SLASH, BACKSLASH):
                out.append(said)
            elif said in (".", "-", "_", "+"):
                out.append(SLASH)
                empty.append(Broken(f"no diagonal in the cell at {board.grid.where(cell)}",
                                    board.grid.rc(cell)))
            else:
                raise token.error(f"a cell of an answer is '/' or '\\', not {token.text!r}")
        return tuple(out), empty

    def looks(self, text: str) -> bool:
        return looks(text)


ANSWER = Diagonals()
