"""Slitherlink: draw one closed loop along the grid's lines, never crossing or
branching; a number in a cell is how many of the cell's four sides the loop runs along.
Under the full rule (pzprjs's variant: the URL's flag ``f``, ``--full``, or ``full`` on
the grid text's size line) the loop passes through every grid point.

>>> from cpsolve.models.slitherlink import parse, show, solve
>>> board = parse("https://puzz.link/p?slither/4/4/dgdh2c7b")
>>> result = solve(board, unique=True)
>>> result.unique
True
>>> print(show(board, result.solution))
nsw n   ns  ne
nse ew  new ew
nw  se  ew  sew
sew nw  -   n
"""

from cpsolve.grid import boards
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Hints
from cpsolve.grid.puzzle import GridPuzzle, Variant
from cpsolve.grid.render import GridPicture
from cpsolve.models.slitherlink import formats
from cpsolve.models.slitherlink.board import Board, Loop
from cpsolve.models.slitherlink.check import check
from cpsolve.models.slitherlink.formats import FORMATS, details, inside
from cpsolve.models.slitherlink.layout import LAYOUT
from cpsolve.models.slitherlink.rules import STATEMENT
from cpsolve.options import Option

INK, INSIDE = "#1a1a1a", "#e6eefa"


def picture(board: Board, loop: Loop | None = None) -> GridPicture:
    """Dots at the corners, the numbers, and the loop when given, along the cells'
    sides, the cells inside it lightly shaded; the title says when the full rule is in
    force."""
    rc, at = board.grid.rc, board.points.rc
    rule = ", full" if board.full else ""
    return GridPicture(
        board.rows, board.cols, title=f"Slitherlink {board.cols}x{board.rows}{rule}",
        corners=INK,
        fill={rc(cell): INSIDE for cell, within in enumerate(inside(board, loop or frozenset()))
              if within},
        edges=[(at(a), at(b)) for a, b in sorted(loop or ())],
        label={rc(cell): (str(board.numbers[cell]), INK) for cell in board.clue_cells})


FULL: Variant[Board] = Variant(
    option=Option("full", False, "The loop passes every grid point (pzprjs's variant: "
                  "the URL's flag f, grid text's full on its size line)", kind=bool),
    apply=lambda board, on: board.filled(on),
    said=lambda board: board.rule if board.full else None,
    generated=False)

SLITHERLINK: GridPuzzle[Board, Loop] = GridPuzzle(
    name="slitherlink",
    summary="Slitherlink: one loop along the grid's lines; by SAT cuts, AddCircuit or a flow.",
    help="Solve the Slitherlink BOARD: grid text (ROWS COLS, then rows of - and numbers "
         "0-4), a puzz.link URL or a Loopy game ID. Draw one closed loop along the "
         "grid's lines, never crossing or branching; a number in a cell is how many of "
         "its four sides the loop runs along. With --full (or full on the size line, "
         "the URL's flag f) the loop passes every grid point. Answers: a token per "
         "cell, the sides the loop runs along (n top, s bottom, e right, w left), - for "
         "none; the JSON gives a token per corner (the directions the loop leaves it "
         "by), the edges and the cells inside.",
    example="https://puzz.link/p?slither/4/4/dgdh2c7b",
    formats=FORMATS, show=formats.show, rows=formats.to_rows, details=details,
    read_answer=formats.read_answer,
    picture=picture, check=check, statement=STATEMENT,
    auto="sat", nothing="no loop satisfies the numbers",
    # A fix writes or changes a number near the cells where solutions differ.
    hints=Hints(clues=boards.number_clues(), without=boards.erased,
                edits=boards.number_edits(lambda board, cell: range(4), around=True),
                noun="number", unit="edges", symmetric=True),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "0", "1", "2", "3"), numbers=(0, 4), size=(5, 5),
                  flags=("full",)),
    variant=FULL,
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(SLITHERLINK)
to_tatham = FORMATS.exports["loopy"]
