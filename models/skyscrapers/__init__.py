"""Skyscrapers: write a height from 1 to N in every cell of an N x N grid so that every
row and column holds each height once; a number outside the grid says how many
buildings are seen from there along its row or column (a taller building hides every
lower one behind it); the given heights stay.

>>> from cpsolve.models.skyscrapers import parse, show, solve
>>> board = parse("https://puzz.link/p?skyscrapers/4/4/k13h4j3g")
>>> print(show(board, solve(board).solution))
2 1 4 3
1 2 3 4
4 3 1 2
3 4 2 1
"""

from __future__ import annotations

from collections.abc import Sequence

from cpsolve.grid import boards
from cpsolve.grid.answers import NUMBERS
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import SHADE, GridPicture, written_numbers
from cpsolve.models.skyscrapers.board import FORMATS, Board, Heights, where
from cpsolve.models.skyscrapers.check import check
from cpsolve.models.skyscrapers.layout import LAYOUT
from cpsolve.models.skyscrapers.rules import STATEMENT


def clues(board: Board) -> list[Clue]:
    """The clues outside the grid (keyed ``(side, line)``), then the given heights."""
    rc = board.grid.rc
    out = [Clue(rc(board.sight(side, line)[0]), f"{number} {where(side, line)}", (side, line),
                number, place=where(side, line),
                cells=tuple(map(rc, board.sight(side, line))))
           for side, line, number in board.outside]
    return out + boards.number_clues(noun="height")(board)


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the clues of ``gone`` taken away."""
    return board.resided({c.key: None for c in gone if isinstance(c.key, tuple)}) \
        .renumbered({c.key: None for c in gone if isinstance(c.key, int)})


_heights = boards.number_edits(lambda board, cell: range(
    1, board.size + 1 if board.numbers[cell] is None else 1), noun="height")


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """A height written in an open cell."""
    return _heights(board, cells)


def picture(board: Board, heights: Heights | None = None) -> GridPicture:
    """The given heights in black, an answer's in blue, the clues outside the grid."""
    pic = written_numbers(board, heights, title="Skyscrapers", areas=False)
    pic.frame = 1
    for side, line, number in board.outside:
        pic.label[board.place(side, line)] = (str(number), SHADE)
    return pic


SKYSCRAPERS: GridPuzzle[Board, Heights] = GridPuzzle(
    name="skyscrapers",
    summary="Skyscrapers: a Latin square of heights, the buildings seen from outside.",
    help="Solve the Skyscrapers BOARD: grid text (the N x N board in its frame of "
         "clues: N + 2 rows, the first and last the clues above and below the columns, "
         "each other row a clue, the row's given heights, a clue; . for none) or a "
         "puzz.link URL. Write a height from 1 to N in every cell, each once in every "
         "row and column, so that each clue sees that many buildings. Answers: rows of "
         "numbers.",
    example="https://puzz.link/p?skyscrapers/4/4/k13h4j3g",
    formats=FORMATS, answer=NUMBERS, check=check, statement=STATEMENT, picture=picture,
    nothing="no Latin square of heights lets every clue see its number of buildings",
    hints=Hints(clues=clues, without=without, edits=edits, noun="clue",
                unit="candidates"),
    layout=LAYOUT,
    editor=Editor(cycle=(".", *(str(k) for k in range(1, 10))), numbers=(1, "side"),
                  size=(5, 5), square=True, empty=("-",), frame=(1, 1)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(SKYSCRAPERS)
