"""Shikaku: divide the grid into rectangles, each holding exactly one number, equal to
its area (a "?" is a number whose area is not told).

An answer is the division: each cell names the sides it shares with the other cells
of its rectangle (``e``, ``sw``, ``nesw``; ``-`` a rectangle of one cell).

>>> from cpsolve.models.shikaku import parse, show, solve
>>> board = parse("https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j")
>>> print(show(board, solve(board).solution))
s   se  sw  e   ew  w
ns  nse nsw se  sew sw
ns  ne  nw  ne  new nw
ns  se  sew sw  s   s
n   ne  new nw  n   ns
e   ew  ew  ew  w   n
"""

from dataclasses import dataclass, replace
from typing import Any

from cpsolve.grid import boards, codecs, forms
from cpsolve.grid import text as gridtext
from cpsolve.grid.answers import Tokens
from cpsolve.grid.api import api
from cpsolve.grid.boards import UNKNOWN
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import GridPicture, written_numbers
from cpsolve.models.shikaku.check import check
from cpsolve.models.shikaku.layout import LAYOUT, rooms
from cpsolve.models.shikaku.rules import STATEMENT, Board, Joins

FIX_NUMBERS = 9  # a fix writes numbers up to the largest given, and at least these
WHY = "a rectangle has at least one cell: a number from 1"


@dataclass(frozen=True)
class Division(Tokens):
    """A division written as a token a cell: the sides it shares with its rectangle's
    other cells (the kit's tokens of a set of pairs of neighbours, of any number of
    directions)."""

    what: str = "rectangle"

    def looks(self, text: str) -> bool:
        from cpsolve.errors import InputError
        from cpsolve.grid.loops import DIRECTIONS

        try:
            _, _, (found,) = gridtext.read(text, 1, names=("answer",), words=True)
        except InputError:
            return False
        said = {t.text.lower() for row in found for t in row} - {"-"}
        return bool(said) and all(set(t) <= set(DIRECTIONS) and len(set(t)) == len(t)
                                  for t in said)


ANSWER = Division()


def _janko(framed: forms.Framed) -> Board:
    """A janko.at file's ``problem``: numbers, ``-`` for none."""
    numbers = gridtext.numbers_of(framed.grid("problem"), least=1, why=WHY)
    return Board(framed.rows, framed.cols, tuple(numbers))


_BASE = codecs.number_grid(Board, {"shikaku": "Shikaku"}, codecs.NUMBER16, least=1,
                           why=WHY, looks=ANSWER.looks)
FORMATS = replace(_BASE, forms=replace(_BASE.forms, janko=_janko))


def picture(board: Board, joins: Joins | None = None) -> GridPicture:
    """The numbers, and the answer's rectangles as thick borders."""
    return written_numbers(board, None, title="Shikaku",
                           regions=None if joins is None else rooms(board.grid, joins))


def unknown(board: Board, gone: Any) -> Board:
    """``board`` with the numbers of ``gone`` shown as "?": their areas not told (a
    number is there still, and its rectangle)."""
    return board.renumbered({clue.index: UNKNOWN for clue in gone})


def _fixes(board: Board, cell: int) -> range:
    """The numbers a fix writes in a cell: 1 up to the largest given (at least
    :data:`FIX_NUMBERS`)."""
    return range(1, max([FIX_NUMBERS, *(board.shown(c) or 0 for c in board.clue_cells)]) + 1)


SHIKAKU: GridPuzzle[Board, Joins] = GridPuzzle(
    name="shikaku",
    summary="Shikaku: divide the grid into rectangles, each one number, its area.",
    help="Solve the Shikaku BOARD: grid text (ROWS COLS, then rows of numbers, - for "
         "none, ? for a number whose area is not told), a puz.link URL, a janko.at or a "
         "pzprjs file. Divide the grid into rectangles, each holding exactly one number, "
         "equal to its area. Answers: a token a cell, the sides it shares with its "
         "rectangle (n, e, s, w; - for a rectangle of one cell).",
    example="https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j",
    formats=FORMATS, answer=ANSWER, check=check, statement=STATEMENT,
    picture=picture,
    nothing="no division into rectangles of one number each, its area",
    # A number taken away is shown as "?": its rectangle stays, of any area (a
    # relaxation). A fix writes a number where solutions differ, or changes one: each
    # a board of its own (a new number brings a rectangle of its own).
    hints=Hints(clues=boards.number_clues(), without=unknown, noun="number",
                edits=boards.number_edits(_fixes, assumed=False)),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "1", "2", "3", "4", "5", "6", "?"), numbers=(1, "cells"),
                  size=(6, 6)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(SHIKAKU)

__all__ = ["ANSWER", "FAMILY", "SHIKAKU", "Board", "Joins", "check", "parse", "show", "solve",
           "to_rows", "to_text", "to_url"]
