"""Reading and writing Slitherlink boards and answers.

Boards (the kit's grid of symbols, :func:`~cpsolve.grid.codecs.symbol_grid`):

* grid text: a first line ``ROWS COLS``, then ROWS rows of whitespace-separated tokens,
  ``-`` (no number) or a number 0-4; the compact form drops the size line and writes
  one character a cell (``.`` or ``-`` none, a digit);
* puzz.link / pzv.jp URLs: ``https://puzz.link/p?slither/COLS/ROWS/BODY`` (also
  ``slitherlink``), the cells as pzprjs's ``4Cell`` encoding; a number shown as ``?``
  on the site (no value) is read as no number;
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
from cpsolve.grid import codecs, loops, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.flags import Flag
from cpsolve.grid.geometry import Broken
from cpsolve.models.slitherlink.board import Board, Loop

SIDES = "nsew"  # the order of a cell's side letters: top, bottom, right, left
SIDE_INDEX = {"n": 0, "s": 1, "w": 2, "e": 3}  # into Board.sides: top, bottom, left, right
NUMBERS = {"-": None, ".": None, "?": None, **{str(n): n for n in range(5)}}
# pzprjs decode4Cell; a number the site shows as "?" says nothing here: no number.
FOUR_CELL = codecs.CellNumbers(
    lambda link: [None if n == puzzlink.UNKNOWN else n
                  for n in puzzlink.decode_small(link, 0, link.cells)[0]],
    puzzlink.encode_small)


def _square(match: re.Match[str]) -> None:
    if match.group("type") not in (None, "0"):
        raise InputError(f"Loopy's grid type t{match.group('type')} is not the square grid "
                         "(t0), the only one Slitherlink is played on here", line=1,
                         column=match.start("type"))


# Loopy's game IDs, ``WxHt0:desc`` or with the difficulty, ``WxHt0dh:desc`` (a digit a
# number, a-z 1-26 cells without one).
LOOPY = codecs.Tatham("loopy", "Loopy", "WxHt0", {str(n): n for n in range(5)},
                      r"(?:t(?P<type>\d+))?(?:d[a-z])?", "t0", _square)


def cell_tokens(board: Board, loop: Loop) -> list[str]:
    """Each cell's token: the sides the loop runs along, ``-`` if none."""
    on = {board.points.edge_at[pair] for pair in loop if pair in board.points.edge_at}
    return ["".join(name for name in SIDES if sides[SIDE_INDEX[name]] in on) or "-"
            for sides in board.side_table]


def show(board: Board, loop: Loop) -> str:
    """An answer as text: a token a cell (see the module docstring), aligned.

    >>> b = FORMATS.parse("1 2\\n- -")
    >>> print(show(b, frozenset({(0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (2, 5)})))
    nsw nse
    """
    return loops.aligned(cell_tokens(board, loop), board.cols, least=1)


def to_rows(board: Board, loop: Loop) -> list[str]:
    """The JSON rows: a token a point, the directions the loop leaves it by.

    >>> to_rows(FORMATS.parse("1 1\\n4"), frozenset({(0, 1), (2, 3), (0, 2), (1, 3)}))
    ['se sw', 'ne nw']
    """
    return loops.to_rows(board.points, loop)


def inside(board: Board, loop: Loop) -> list[bool]:
    """Whether each cell is inside the loop: an odd number of the loop's vertical
    edges lie on its left, in its row.

    >>> inside(FORMATS.parse("1 2\\n- -"), frozenset({(0, 1), (3, 4), (0, 3), (1, 4)}))
    [True, False]
    """
    out = []
    for r in range(board.rows):
        crossed = False
        for c in range(board.cols):
            crossed ^= (board.point(r, c), board.point(r + 1, c)) in loop
            out.append(crossed)
    return out


def details(board: Board, loop: Loop) -> dict[str, Any]:
    """What the JSON says of an answer beside its rows: the loop's ``edges``, each two
    points as ``[row, column]`` (1-based, the top left corner of the board ``[1, 1]``,
    the bottom right ``[ROWS + 1, COLS + 1]``), and the cells ``inside`` the loop as rows
    of ``#`` (inside) and ``.``."""
    rc = board.points.rc
    flags = ["#" if flag else "." for flag in inside(board, loop)]
    return {"edges": [[[r + 1, c + 1] for r, c in map(rc, pair)] for pair in sorted(loop)],
            "inside": ["".join(flags[r * board.cols:(r + 1) * board.cols])
                       for r in range(board.rows)]}


def _read_cells(text: str, board: Board) -> tuple[Loop, list[str]]:
    """An answer written as :func:`show` writes it, and where two cells disagree about
    the side they share."""
    rows, cols, (grid,) = gridtext.read(text, 1, names=("loop",), words=True)
    if (rows, cols) != (board.rows, board.cols):
        raise InputError(f"the answer is {rows}x{cols}, the board {board.rows}x{board.cols} "
                         f"(or {board.rows + 1}x{board.cols + 1} points)",
                         line=grid[0][0].line, column=1)
    owners: dict[int, list[int]] = {}  # the cells drawing each side
    said: dict[int, list[int]] = {}
    for cell, token in enumerate(t for row in grid for t in row):
        letters = set() if token.text == "-" else set(token.text.lower())
        if token.text != "-" and (not letters <= set(SIDES) or len(letters) != len(token.text)):
            raise token.error(f"a cell is '-' or the sides the loop runs along (n top, s "
                              f"bottom, e right, w left: 'nw', 'ns', ...), not {token.text!r}")
        for name in SIDES:
            k = board.side_table[cell][SIDE_INDEX[name]]
            owners.setdefault(k, []).append(cell)
            if name in letters:
                said.setdefault(k, []).append(cell)
    where, rc = board.grid.where, board.grid.rc
    problems: list[str] = [
        Broken(f"the cell at {where(cells[0])} draws the side it shares with the cell at "
               f"{where(other)}, which does not", rc(cells[0]), rc(other))
        for k, cells in sorted(said.items()) if len(cells) != len(owners[k])
        for other in [next(c for c in owners[k] if c not in cells)]]
    return frozenset(board.points.edges[k] for k in said), problems


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


FORMATS: codecs.Formats[Board] = codecs.symbol_grid(
    Board, {"slither": "Slitherlink", "slitherlink": "Slitherlink"}, FOUR_CELL, NUMBERS,
    refused="a cell is '-' (no number) or a number 0-4", what="numbers", field="numbers",
    game=LOOPY, penpa_dots=True, answer=_is_answer,
    flags=[Flag("full", "the loop passes every grid point", "f")])
to_url, to_tatham = FORMATS.exports["url"], FORMATS.exports["loopy"]


def parse_tatham(game_id: str) -> Board:
    """Read a Loopy game ID on the square grid.

    >>> parse_tatham("2x1t0:a3").numbers
    (None, 3)
    """
    return Board(*LOOPY.read(game_id))
