"""Heyawake: shade cells of a grid divided into rooms so that shaded cells never touch
side by side, the unshaded cells are connected, a room's number counts its shaded
cells, and no straight run of unshaded cells crosses more than one room border.

>>> from cpsolve.models.heyawake import parse, show, solve
>>> board = parse("https://puzz.link/p?heyawake/6/6/lll155007rs12222j")
>>> print(show(board, solve(board).solution))
#.#..#
...#..
#.#.#.
......
.#.#.#
..#...
"""

from functools import partial

from cpsolve.grid import rooms
from cpsolve.grid.answers import SHADED
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.models.heyawake.board import Board, Shading
from cpsolve.models.heyawake.check import check
from cpsolve.models.heyawake.layout import LAYOUT
from cpsolve.models.heyawake.rules import STATEMENT

# Grid text as published data sets write it (ROWS COLS, rows of numbers at one cell of
# their room, rows of room names; or the compact form), puzz.link URLs (room borders,
# then the rooms' numbers), janko.at and pzprjs files (cpsolve.grid.rooms).
FORMATS = rooms.RoomForms(Board, "heyawake", {"heyawake": "Heyawake", "heyawacky": "Heyawake"},
                          answer=SHADED.looks).formats()

HEYAWAKE: GridPuzzle[Board, Shading] = GridPuzzle(
    name="heyawake",
    summary="Heyawake: shade cells by rooms; connectivity by SAT cuts or CP-SAT flows.",
    help="Solve the Heyawake BOARD: grid text (ROWS COLS, ROWS rows of numbers - or "
         "0-9, ROWS rows of room names) or a puzz.link URL. Shade cells so that no "
         "two touch, the unshaded cells are connected, each numbered room has that "
         "many shaded cells, and no straight run of unshaded cells crosses two borders "
         "(a wall inside a room, which a URL may draw, counts). Answers: rows of # (shaded) and .",
    example="https://puzz.link/p?heyawake/6/6/lll155007rs12222j",
    formats=FORMATS, answer=SHADED, check=check, statement=STATEMENT,
    picture=partial(rooms.shaded_picture, title="Heyawake"),
    # auto runs SAT with lazy connectivity: the fastest in benchmarks/heyawake.py on
    # boards of published sizes (see the README).
    auto="sat", nothing="no shading satisfies the rules",
    # A fix writes or changes a room's number: at most half its cells can be shaded.
    hints=Hints(clues=rooms.clues, without=rooms.without, noun="number",
                edits=rooms.number_edits("room", lambda size: range((size + 1) // 2 + 1))),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "0", "1", "2", "3", "4"), numbers=(0, "cells"), regions=True,
                  size=(6, 6)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(HEYAWAKE)
