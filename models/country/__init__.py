"""Country Road: draw one closed loop through cell centres that enters and leaves every
region exactly once; a number in a region is how many of its cells the loop passes;
two cells side by side across a region border are never both left out. Under the empty
rule (pzprjs's variant: the URL's flag ``e``, ``--empty``, or ``empty`` on the grid
text's size line) a region need not be visited; every other rule stays.

>>> from cpsolve.models.country import parse, solve
>>> result = solve(parse("https://puzz.link/p?country/6/6/2ad8k06f8qgo6i2"), unique=True)
>>> result.unique
True
"""

from cpsolve.grid import rooms
from cpsolve.grid.answers import LOOP
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.flags import Flag, Flags
from cpsolve.grid.hints import Hints
from cpsolve.grid.puzzle import GridPuzzle, Variant
from cpsolve.grid.render import GridPicture
from cpsolve.models.country.board import Board, Loop
from cpsolve.models.country.check import check
from cpsolve.models.country.layout import LAYOUT
from cpsolve.models.country.rules import STATEMENT
from cpsolve.options import Option

# Grid text (numbers, then region names), puzz.link (borders, then the regions'
# numbers), janko.at and pzprjs files.
FORMATS = rooms.RoomForms(Board, "country", {"country": "Country Road",
                                             "countryroad": "Country Road"},
                          answer=LOOP.looks, holes=True, flags=Flags((
                              Flag("empty", "a region need not be visited", "e"),))).formats()


def picture(board: Board, loop: Loop | None = None) -> GridPicture:
    """The regions and their numbers, and the loop when given; the title says when the
    empty rule is in force."""
    pic = rooms.loop_picture(board, loop, title="Country Road")
    if board.empty:
        pic.title += ", empty"
    return pic


EMPTY: Variant[Board] = Variant(
    option=Option("empty", False, "A region need not be visited (pzprjs's variant: the "
                  "URL's flag e, grid text's empty on its size line)", kind=bool),
    apply=lambda board, on: board.emptied(on),
    said=lambda board: board.rule if board.empty else None,
    generated=False)


COUNTRY: GridPuzzle[Board, Loop] = GridPuzzle(
    name="country",
    summary="Country Road: one loop through every region once; by SAT cuts, AddCircuit or a flow.",
    help="Solve the Country Road BOARD: grid text (ROWS COLS, ROWS rows of numbers - "
         "or 1-9, ROWS rows of region names) or a puzz.link URL. Draw one closed loop "
         "through cell centres that enters and leaves every region exactly once; a "
         "number is how many cells of its region the loop passes; two cells side by "
         "side across a region border are never both left out. With --empty (or "
         "empty on the size line, the URL's flag e) a region need not be visited. "
         "Answers: a token per "
         "cell, the directions the loop leaves it by (ew, ns, ne, nw, se, sw), - where "
         "it does not pass.",
    example="https://puzz.link/p?country/6/6/2ad8k06f8qgo6i2",
    formats=FORMATS, answer=LOOP, check=check, statement=STATEMENT,
    picture=picture,
    auto="sat", nothing="no loop satisfies the rules",
    # A fix writes or changes a region's number: the loop visits every region, so 1 up.
    hints=Hints(clues=rooms.clues, without=rooms.without, noun="number", unit="edges",
                edits=rooms.number_edits("region", lambda size: range(1, size + 1))),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "1", "2", "3", "4", "5"), numbers=(1, "cells"), regions=True,
                  size=(6, 6), flags=("empty",)),
    variant=EMPTY,
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(COUNTRY)
