"""Gokigen Naname (Slant): draw a diagonal in every cell so that a number on a grid
point counts the diagonals that touch it, and the diagonals make no loop.

>>> from cpsolve.models.gokigen import parse, show, solve
>>> board = parse("https://puzz.link/p?gokigen/4/4/iaegcgcj6a")
>>> print(show(board, solve(board).solution))
\\/\\/
/\\\\\\
\\\\//
///\\
"""

from __future__ import annotations

from collections.abc import Sequence

from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import GridPicture
from cpsolve.models.gokigen.board import BACKSLASH, Answer, Board
from cpsolve.models.gokigen.check import check
from cpsolve.models.gokigen.forms import ANSWER, FORMATS
from cpsolve.models.gokigen.layout import LAYOUT
from cpsolve.models.gokigen.rules import STATEMENT

INK, SLANT = "#1a1a1a", "#1f4e9c"


def picture(board: Board, answer: Answer | None = None) -> GridPicture:
    """The diagonals, and the numbers in circles on their points."""
    pic = GridPicture(board.rows, board.cols, title=f"Gokigen Naname {board.cols}x{board.rows}",
                      line_colour=SLANT)
    for cell, d in enumerate(answer or ()):
        r, c = board.grid.rc(cell)
        pic.edges.append(((r, c), (r + 1, c + 1)) if d == BACKSLASH else ((r, c + 1), (r + 1, c)))
    for point, number in enumerate(board.numbers):
        if number is not None:
            pic.point_labels[board.points.rc(point)] = ("?" if number < 0 else str(number), INK)
    return pic


def around(board: Board, point: int) -> tuple[tuple[int, int], ...]:
    """The cells around a point, which a picture outlines for its number."""
    return tuple(board.grid.rc(cell) for cell, _ in board.touching(point))


def clues(board: Board) -> list[Clue]:
    """The numbers, point by point in reading order, each keyed by its point and written
    at its row and column among the points (a "?" asks nothing and is none)."""
    return [Clue(board.points.rc(p), f"number {n}", p, n, place=board.where(p),
                 cells=around(board, p))
            for p, n in enumerate(board.numbers) if n is not None and n >= 0]


def without(board: Board, gone: Sequence[Clue]) -> Board:
    return board.renumbered({clue.index: None for clue in gone})


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """A number written on a corner of a cell where solutions differ (tried as a clue),
    or a number there changed (cost 2)."""
    out: list[Edit[Board]] = []
    W = board.cols + 1
    corners = sorted({(r + dr) * W + c + dc for r, c in cells for dr in (0, 1) for dc in (0, 1)})
    for point in corners:
        at, current = board.points.rc(point), board.numbers[point]
        bare = board.renumbered({point: None})
        for n in range(len(board.touching(point)) + 1):
            if n == current:
                continue
            clue = Clue(at, f"number {n}", point, n, place=board.where(point),
                        cells=around(board, point))
            if current is None:
                out.append(Edit(at, "number", f"number {n} on {board.where(point)}",
                                board.renumbered({point: n}), clue=clue, number=n))
            else:
                was = "?" if current < 0 else str(current)
                out.append(Edit(at, "number", f"number {was} changed to {n} on "
                                f"{board.where(point)}", board.renumbered({point: n}),
                                clue=clue, base=bare, number=n, cost=2))
    return out


GOKIGEN: GridPuzzle[Board, Answer] = GridPuzzle(
    name="gokigen",
    summary="Gokigen Naname (Slant): a diagonal in every cell, numbers on points, no loop.",
    help="Solve the Gokigen Naname BOARD: grid text (ROWS COLS, the cells, then the ROWS+1 "
         "rows of COLS+1 points: 0-4 a number, - or . none, ? a number not given; or the "
         "rows of points a character each), a puzz.link URL or a Slant game ID (WxH:...). "
         "Draw a diagonal in every cell so that each number counts the diagonals touching "
         "its point and the diagonals make no loop. Answers: a row of / and \\ a row of "
         "cells.",
    example="https://puzz.link/p?gokigen/4/4/iaegcgcj6a",
    formats=FORMATS, answer=ANSWER, check=check, statement=STATEMENT, picture=picture,
    nothing="no diagonals meet the numbers without a loop",
    hints=Hints(clues=clues, without=without, edits=edits, noun="number", unit="cells",
                symmetric=True),
    layout=LAYOUT,
    # The page edits the rows of points, a character each (a 7x7 draft: a 6x6 board).
    editor=Editor(cycle=(".", "0", "1", "2", "3", "4", "?"), numbers=(0, 4), compact=True,
                  size=(7, 7), frame=(0.5, 0.5)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(GOKIGEN)
