"""Fillomino: write a number in every cell so that each area of equal numbers (cells
of one number joined side by side) holds exactly that many cells; the given numbers
stay. Under the tri rule (pzprjs's variant: the URL's flag ``t``, ``--tri``, or ``tri``
on the grid text's size line) no area is larger than 3.

>>> from cpsolve.models.fillomino import parse, show, solve
>>> board = parse("https://puzz.link/p?fillomino/5/5/g1k34g2h5h4n")
>>> print(show(board, solve(board).solution))
6 1 3 3 4
6 6 3 4 4
2 6 6 5 4
2 4 6 5 5
4 4 4 5 5
"""

from cpsolve.grid import boards, codecs, puzzlink
from cpsolve.grid.answers import NUMBERS
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.flags import Flag
from cpsolve.grid.hints import Hints
from cpsolve.grid.puzzle import GridPuzzle, Variant
from cpsolve.grid.render import GridPicture, written_numbers
from cpsolve.models.fillomino.check import check
from cpsolve.models.fillomino.layout import LAYOUT
from cpsolve.models.fillomino.rules import STATEMENT, Board, Filling
from cpsolve.options import Option

FIX_NUMBERS = 9  # a fix writes numbers up to the largest given, and at least these


def _numbers(link: puzzlink.Link) -> list[int | None]:
    """The numbers of a puzz.link body (pzprjs decodeNumber16, "." a number not told);
    the site's variant with borders drawn in the board, after them, is refused (its
    areas are cut by those borders too)."""
    numbers, end = puzzlink.decode_numbers(link, 0, link.cells)
    if end < len(link.body):
        rest = puzzlink.Link(link.kind, link.cols, link.rows, link.body[end:],
                             link.offset + end)
        vertical, horizontal, _ = puzzlink.decode_borders(rest)
        if any(any(row) for row in (*vertical, *horizontal)):
            raise link.error("borders drawn in the board (a variant of the site's) are "
                             "not read: only numbers", end)
    return numbers


FORMATS = codecs.number_grid(Board, {"fillomino": "Fillomino"},
                             codecs.CellNumbers(_numbers, puzzlink.encode_numbers), least=1,
                             why="an area has at least one cell: a number from 1",
                             flags=[Flag("tri", "no area larger than 3", "t")])


def _fixes(board: Board, cell: int) -> range:
    """The numbers a fix writes in an empty cell: 1 up to the largest given (at least
    :data:`FIX_NUMBERS`), no more than an answer may write."""
    if board.numbers[cell] is not None:
        return range(0)
    return range(1, min(board.largest, max([FIX_NUMBERS, *(board.shown(c) or 0
                                                           for c in board.clue_cells)])) + 1)


TRI: Variant[Board] = Variant(
    option=Option("tri", False, "No area is larger than 3 (pzprjs's variant: the URL's "
                  "flag t, grid text's tri on its size line)", kind=bool),
    apply=lambda board, on: board.tri_rule(on),
    said=lambda board: board.rule if board.tri else None,
    generated=False)


def picture(board: Board, filling: Filling | None = None) -> GridPicture:
    """The numbers, given and written; the title says when the tri rule is in force."""
    pic = written_numbers(board, filling, title="Fillomino")
    if board.tri:
        pic.title += ", tri"
    return pic


FILLOMINO: GridPuzzle[Board, Filling] = GridPuzzle(
    name="fillomino",
    summary="Fillomino: areas of equal numbers, each as large as its number.",
    help="Solve the Fillomino BOARD: grid text (ROWS COLS, then rows of numbers, - for "
         "an empty cell) or a puzz.link URL. Write a number in every cell so that each "
         "area of equal numbers holds that many cells. With --tri (or tri on the size "
         "line, the URL's flag t) no area is larger than 3. Answers: rows of numbers.",
    example="https://puzz.link/p?fillomino/5/5/g1k34g2h5h4n",
    formats=FORMATS, answer=NUMBERS, check=check, statement=STATEMENT,
    picture=picture,
    nothing="no filling gives every area its number of cells",
    # A number taken away leaves its cell empty ("?" is no clue); a fix writes a number
    # in an empty cell where solutions differ.
    hints=Hints(clues=boards.number_clues(), without=boards.erased, noun="number",
                edits=boards.number_edits(_fixes), symmetric=True),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "1", "2", "3", "4", "5"), numbers=(1, "cells"), size=(5, 5),
                  flags=("tri",)),
    variant=TRI,
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(FILLOMINO)
