"""Ripple Effect: write a number in every cell so that a room of n cells holds each
number from 1 to n once, and two equal numbers k in one row or column have at least k
cells between them; the given numbers stay.

>>> from cpsolve.models.ripple import parse, show, solve
>>> board = parse("https://puzz.link/p?ripple/4/4/9n8rigk14h32k")
>>> print(show(board, solve(board).solution))
1 2 3 1
2 1 4 2
4 3 2 1
1 2 1 3
"""

from cpsolve.grid import boards
from cpsolve.grid.answers import NUMBERS
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import GridPicture, written_numbers
from cpsolve.models.ripple.board import FORMATS, Board, Filling
from cpsolve.models.ripple.check import check
from cpsolve.models.ripple.layout import LAYOUT
from cpsolve.models.ripple.rules import STATEMENT


def _fixes(board: Board, cell: int) -> range:
    """The numbers a fix writes in an empty cell: 1 up to its room's size."""
    return range(1, board.size(cell) + 1) if board.numbers[cell] is None else range(0)


def picture(board: Board, filling: Filling | None = None) -> GridPicture:
    """Thick room borders (and walls), the given numbers in black, an answer's in blue."""
    pic = written_numbers(board, filling, title="Ripple Effect", areas=False)
    rc = board.grid.rc
    pic.borders.update((rc(a), rc(b)) for a, b in board.fences)
    return pic


RIPPLE: GridPuzzle[Board, Filling] = GridPuzzle(
    name="ripple",
    summary="Ripple Effect: rooms of 1 to n, equal numbers k more than k cells apart.",
    help="Solve the Ripple Effect BOARD: grid text (ROWS COLS, then rows of numbers, - "
         "for an empty cell, then rows of room names) or a puzz.link URL. Write a number "
         "in every cell so that a room of n cells holds 1 to n, and two equal numbers k "
         "in one row or column have at least k cells between them. Answers: rows of "
         "numbers.",
    example="https://puzz.link/p?ripple/4/4/9n8rigk14h32k",
    formats=FORMATS, answer=NUMBERS, check=check, statement=STATEMENT, picture=picture,
    nothing="no filling gives every room 1 to n with the numbers far enough apart",
    # A number taken away leaves its cell empty ("?" is no clue); a fix writes a number
    # in an empty cell where solutions differ.
    hints=Hints(clues=boards.number_clues(), without=boards.erased, noun="number",
                edits=boards.number_edits(_fixes), symmetric=True),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "1", "2", "3", "4", "5"), numbers=(1, "cells"), regions=True,
                  size=(6, 6)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(RIPPLE)
