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

from cpsolve.backends.sat import by_search
from cpsolve.errors import InputError
from cpsolve.grid import boards, codecs, forms, puzzlink
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
    """The numbers of a puzz.link body (pzprjs decodeNumber16, "." a number not told)."""
    return puzzlink.decode_numbers(link, 0, link.cells)[0]


def _borders(link: puzzlink.Link) -> dict[str, frozenset[tuple[int, int]]]:
    """The borders drawn in the board, after the numbers (pzprjs decodeBorder, as
    puzz.link's Fillomino reads them): each as the pair of cells beside it."""
    _, end = puzzlink.decode_numbers(link, 0, link.cells)
    return {"drawn": frozenset(puzzlink.decode_border_pairs(link, end)[0])}


SAVED = {"0": False, "1": False, "-1": False, "2": False, "X": True, "-X": True}


def _saved(framed: forms.Framed) -> dict[str, frozenset[tuple[int, int]]]:
    """The borders drawn in the board as a pzprjs file saves them (its decodeBorderAns):
    after the numbers and the player's numbers (a grid each), the borders between
    columns row by row, then those between rows, ``X`` (``-X`` with the player's mark)
    one drawn in the board, ``0``, ``1``, ``-1`` or ``2`` none (the player's lines and
    marks, the answer's). A file that ends before them draws none."""
    rows, cols = framed.rows, framed.cols
    lines = framed.rest[rows:]
    upright = rows if cols > 1 else 0  # one column: the file's rows of them are blank
    found: set[tuple[int, int]] = set()
    for k, (number, text) in enumerate(lines[:upright + rows - 1]):
        vertical = k < upright
        r = k if vertical else k - upright
        tokens = text.split()
        if len(tokens) != (cols - 1 if vertical else cols):
            raise InputError(f"a row of {'vertical' if vertical else 'horizontal'} borders "
                             f"has {len(tokens)} tokens, the board "
                             f"{cols - 1 if vertical else cols}", line=number, column=1)
        for c, token in enumerate(tokens):
            if token not in SAVED:
                raise InputError(f"{token!r} is no border of a pzprjs Fillomino file (X, -X: "
                                 "drawn in the board; 0, 1, -1, 2: not)", line=number,
                                 column=text.index(token) + 1)
            if SAVED[token]:
                cell = r * cols + c
                found.add((cell, cell + 1) if vertical else (cell, cell + cols))
    return {"drawn": frozenset(found)}


def _drawn(board: Board) -> str:
    """The borders drawn in the board as pzprjs encodeBorder writes them after the
    numbers (nothing when there are none, as pzprjs writes such a board)."""
    if not board.drawn:
        return ""
    return puzzlink.encode_regions(board.rows, board.cols, [0] * board.cells, sorted(board.drawn))


FORMATS = codecs.number_grid(Board, {"fillomino": "Fillomino"},
                             codecs.CellNumbers(_numbers, puzzlink.encode_numbers, _borders,
                                                _drawn, "its borders drawn in the board are "
                                                "written only in a puzz.link URL", _saved),
                             least=1,
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
    """The numbers, given and written, and the borders drawn in the board; the title
    says when the tri rule is in force."""
    pic = written_numbers(board, filling, title="Fillomino")
    rc = board.grid.rc
    pic.borders.update((rc(a), rc(b)) for a, b in board.drawn)
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
    sat_solver=by_search,
    # A number taken away leaves its cell empty ("?" is no clue); a fix writes a number
    # in an empty cell where solutions differ.
    hints=Hints(clues=boards.number_clues(), without=boards.erased, noun="number",
                edits=boards.number_edits(_fixes), symmetric=True),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "1", "2", "3", "4", "5"), numbers=(1, "cells"), size=(5, 5),
                  flags=("tri",), borders="drawn"),
    variant=TRI,
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(FILLOMINO)
