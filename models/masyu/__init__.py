"""Masyu: draw one closed loop through cell centres that passes every pearl, turning
at black pearls (straight on through the next cell on both sides) and going straight
through white ones (turning beside them on at least one side).

Under the full rule (pzprjs's variant: the URL's flag ``f``, ``--full``, or ``full`` on
the grid text's size line) the loop passes through every cell.

Boards: grid text (``ROWS COLS``, then rows of ``-`` empty, ``w`` white, ``b`` black;
or rows of one character a cell, ``.``/``-``, ``w``/``o``, ``b``/``x`` in either case,
janko.at's ``1`` and ``2`` too), puzz.link URLs (``mashu``, ``masyu``, ``pearl``: three
cells a base-27 character), janko.at and pzprjs files. A loop is written as a token a
cell, the directions it leaves the cell by (``ns``, ``ew``, ``ne``, ...), ``-`` where it
does not pass.

>>> from cpsolve.models.masyu import parse, show, solve
>>> board = parse("https://puzz.link/p?mashu/6/6/1063000i3000")
>>> print(show(board, solve(board).solution))
se ew ew sw se sw
ns se ew nw ns ns
ns ns se ew nw ns
ns ne nw se ew nw
ne ew sw ns -  -
-  -  ne nw -  -
"""

from cpsolve.grid import boards, codecs
from cpsolve.grid.answers import LOOP
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.flags import Flag
from cpsolve.grid.hints import Hints
from cpsolve.grid.puzzle import GridPuzzle, Variant
from cpsolve.grid.render import GridPicture
from cpsolve.models.masyu.board import BLACK, EMPTY, WHITE, Board, Loop
from cpsolve.models.masyu.check import check
from cpsolve.models.masyu.layout import LAYOUT
from cpsolve.models.masyu.rules import STATEMENT
from cpsolve.options import Option

FORMATS = codecs.symbol_grid(
    Board, {"mashu": "Masyu", "masyu": "Masyu", "pearl": "Masyu"}, codecs.BASE3,
    {"-": EMPTY, ".": EMPTY, "w": WHITE, "o": WHITE, "b": BLACK, "x": BLACK,
     "0": EMPTY, "1": WHITE, "2": BLACK},  # 0-2: janko.at's and pzprjs' files
    refused="a cell is '-' (empty), 'w' (white) or 'b' (black)", what="pearls",
    # Penpa+'s circles: white (style 1, or 8 with a thick outline) and black (2)
    penpa_symbols={("circle_L", 1): "w", ("circle_L", 8): "w", ("circle_L", 2): "b"},
    answer=LOOP.looks, flags=[Flag("full", "the loop passes every cell", "f")])
PEARLS = {WHITE: ("#ffffff", "#1a1a1a"), BLACK: ("#1a1a1a", "#1a1a1a")}


def picture(board: Board, loop: Loop | None = None) -> GridPicture:
    """The pearls, and the loop when given, through the cells' centres; the title says
    when the full rule is in force."""
    rc = board.grid.rc
    rule = ", full" if board.full else ""
    return GridPicture(board.rows, board.cols,
                       title=f"Masyu {board.cols}x{board.rows}{rule}",
                       lines=[(rc(a), rc(b)) for a, b in sorted(loop or ())],
                       disc={rc(cell): PEARLS[board.pearls[cell]] for cell in board.pearl_cells})


FULL: Variant[Board] = Variant(
    option=Option("full", False, "The loop passes every cell (pzprjs's variant: the "
                  "URL's flag f, grid text's full on its size line)", kind=bool),
    apply=lambda board, on: board.filled(on),
    said=lambda board: board.rule if board.full else None,
    generated=False)

MASYU: GridPuzzle[Board, Loop] = GridPuzzle(
    name="masyu",
    summary="Masyu: one loop through the pearls; by SAT cuts, AddCircuit or a flow.",
    help="Solve the Masyu BOARD: grid text (ROWS COLS, then rows of - w b) or a "
         "puzz.link URL. Draw one closed loop through cell centres passing every "
         "pearl: it turns at a black pearl and goes straight through the next cell on "
         "both sides; it goes straight through a white pearl and turns beside it on "
         "at least one side. Answers: a token per cell, the directions the loop leaves "
         "it by (ew, ns, ne, nw, se, sw), - where it does not pass. With --full (or "
         "full on the size line, the URL's flag f) the loop passes every cell.",
    example="https://puzz.link/p?mashu/6/6/1063000i3000",
    formats=FORMATS, answer=LOOP, check=check, statement=STATEMENT, picture=picture,
    # auto runs SAT with lazy loop cuts: the fastest in benchmarks/masyu.py on boards
    # of published sizes (see the README).
    auto="sat", nothing="no loop satisfies the rules",
    hints=Hints(clues=boards.symbol_clues, without=boards.cleared,
                edits=boards.symbol_edits("pearl"), noun="pearl", unit="edges",
                symmetric=True),
    layout=LAYOUT, editor=Editor(cycle=("-", "w", "b"), size=(6, 6), flags=("full",)),
    variant=FULL,
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(MASYU)
