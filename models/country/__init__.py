"""Country Road: draw one closed loop through cell centres that enters and leaves every
region exactly once; a number in a region is how many of its cells the loop passes;
two cells side by side across a region border are never both left out.

>>> from cpsolve.models.country import parse, solve
>>> result = solve(parse("https://puzz.link/p?country/6/6/2ad8k06f8qgo6i2"), unique=True)
>>> result.unique
True
"""

from functools import partial

from cpsolve.grid import rooms
from cpsolve.grid.answers import LOOP
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.geometry import Edge
from cpsolve.grid.hints import Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.rooms import Rooms
from cpsolve.models.country.check import check
from cpsolve.models.country.layout import LAYOUT
from cpsolve.models.country.rules import STATEMENT

Board = Rooms  # the kit's numbered rooms, here regions; a region's edges out: crossing
Loop = frozenset[Edge]  # an answer: the loop's edges between cells, each (a, b), a < b
# Grid text (numbers, then region names), puzz.link (borders, then the regions'
# numbers), janko.at and pzprjs files.
FORMATS = rooms.RoomForms(Board, "country", {"country": "Country Road",
                                             "countryroad": "Country Road"},
                          answer=LOOP.looks, holes=True).formats()


COUNTRY: GridPuzzle[Board, Loop] = GridPuzzle(
    name="country",
    summary="Country Road: one loop through every region once; by SAT cuts, AddCircuit or a flow.",
    help="Solve the Country Road BOARD: grid text (ROWS COLS, ROWS rows of numbers - "
         "or 1-9, ROWS rows of region names) or a puzz.link URL. Draw one closed loop "
         "through cell centres that enters and leaves every region exactly once; a "
         "number is how many cells of its region the loop passes; two cells side by "
         "side across a region border are never both left out. Answers: a token per "
         "cell, the directions the loop leaves it by (ew, ns, ne, nw, se, sw), - where "
         "it does not pass.",
    example="https://puzz.link/p?country/6/6/2ad8k06f8qgo6i2",
    formats=FORMATS, answer=LOOP, check=check, statement=STATEMENT,
    picture=partial(rooms.loop_picture, title="Country Road"),
    auto="sat", nothing="no loop satisfies the rules",
    # A fix writes or changes a region's number: the loop visits every region, so 1 up.
    hints=Hints(clues=rooms.clues, without=rooms.without, noun="number", unit="edges",
                edits=rooms.number_edits("region", lambda size: range(1, size + 1))),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "1", "2", "3", "4", "5"), numbers=(1, "cells"), regions=True,
                  size=(6, 6)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(COUNTRY)
