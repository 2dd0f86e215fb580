"""LITS: shade a tetromino in every region so that all shaded cells are connected,
no 2x2 block is all shaded, and two tetrominoes of the same shape (L, I, T or S,
rotations and reflections counting as the same) never share an edge.

>>> from cpsolve.models.lits import parse, show, solve, to_rows
>>> board = parse("https://puzz.link/p?lits/8/8/5ajmi9mhai2g514bdn32f340")
>>> print(show(board, solve(board).solution))
##.####.
#.##..#.
##..#.#.
.######.
#.#.#.##
#.####.#
##...##.
.#####..
>>> for row in to_rows(board, solve(board).solution)[:2]:  # JSON: the shapes
...     print(row)
LL.SSLL.
L.SS..L.
"""

from cpsolve.grid import codecs, regions
from cpsolve.grid.answers import Marks
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Hints
from cpsolve.grid.polyominoes import TETROMINOES
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.regions import Regions as Board
from cpsolve.grid.render import GridPicture, marked_regions
from cpsolve.models.lits.check import Shading, check
from cpsolve.models.lits.layout import LAYOUT
from cpsolve.models.lits.rules import SHAPES, STATEMENT

shape = TETROMINOES.name  # the tetromino cells (rows and columns) make: L, I, T, S, O
# An answer is written as rows of # (shaded) and .; in JSON, as the shaded cells' shapes.
SHADED = Marks(on=SHAPES + "#xX1*", off=".-+0_", what="a shape letter or '#' (shaded)")
FORMATS = codecs.region_grid(Board, {"lits": "LITS"}, title="LITS", looks=SHADED.looks,
                             empty="the genre gives no clues in cells", holes=True)


def shapes(board: Board, shading: Shading) -> list[str]:
    """Every cell's mark in an answer: the shape of the tetromino a shaded cell belongs
    to in its region (``#`` where the region's shaded cells make none of LITS), ``.``
    for an unshaded cell."""
    marks = ["."] * board.cells
    for cells in board.region_cells:
        shaded = [cell for cell in cells if cell in shading]
        made = shape(map(board.grid.rc, shaded))
        for cell in shaded:
            marks[cell] = made if made and made in SHAPES else "#"
    return marks


def _rows(board: Board, shading: Shading) -> list[str]:
    """An answer as rows of the shaded cells' shapes and ``.`` (its JSON rows; the
    text, compared cell by cell, is ``#`` and ``.``, as a letter depends on its
    neighbours)."""
    marks = shapes(board, shading)
    return ["".join(marks[start:start + board.cols]) for start in range(0, board.cells,
                                                                        board.cols)]


def picture(board: Board, shading: Shading | None = None) -> GridPicture:
    """Thick region borders; the shaded cells grey, each with its shape's letter."""
    return marked_regions(board, shading, title=f"LITS {board.cols}x{board.rows}",
                          mark=shapes(board, shading or frozenset()), ink="#ffffff",
                          fill="#5a5a5a")


LITS: GridPuzzle[Board, Shading] = GridPuzzle(
    name="lits",
    summary="LITS: a tetromino in every region, all connected, no two alike touching.",
    help="Solve the LITS BOARD: grid text (ROWS COLS, then ROWS rows of region names) "
         "or a puzz.link URL. Shade four connected cells in every region so that all "
         "shaded cells are connected, no 2x2 block is shaded, and tetrominoes of the "
         "same shape never share an edge. Answers: rows of # (shaded) and .; in JSON, "
         "the shaded cells' shapes (L, I, T, S) and .",
    example="https://puzz.link/p?lits/8/8/5ajmi9mhai2g514bdn32f340",
    formats=FORMATS, answer=SHADED, rows=_rows, picture=picture, check=check,
    statement=STATEMENT, auto="sat",
    nothing="no shading puts a tetromino in every region by the rules",
    # The regions' tetrominoes are clues only to name those in conflict; a fix moves a
    # cell where solutions differ into the region beside it.
    hints=Hints(clues=STATEMENT.clues, without=regions.freed,  # type: ignore[arg-type]
                edits=regions.move_edits, noun="region", removable=False,
                kept="the regions are the puzzle, not clues a setter takes away"),
    layout=LAYOUT,
    editor=Editor(regions=True, size=(8, 8)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(LITS)
