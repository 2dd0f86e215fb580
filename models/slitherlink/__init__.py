"""Slitherlink: draw one closed loop along the grid's lines, never crossing or
branching; a number in a cell is how many of the cell's four sides the loop runs along.

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

from cpsolve.family import lazy
from cpsolve.grid.editor import Editor
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.models.slitherlink.board import Board, Loop
from cpsolve.models.slitherlink.check import check
from cpsolve.models.slitherlink.encodings import ENCODINGS, prepare
from cpsolve.models.slitherlink.formats import (
    details,
    parse,
    read_answer,
    show,
    to_rows,
    to_tatham,
    to_text,
    to_url,
)
from cpsolve.models.slitherlink.hints import HINTS
from cpsolve.models.slitherlink.layout import LAYOUT
from cpsolve.models.slitherlink.picture import picture

SLITHERLINK: GridPuzzle[Board, Loop] = GridPuzzle(
    name="slitherlink",
    summary="Slitherlink: one loop along the grid's lines; by SAT cuts, AddCircuit or a flow.",
    help="Solve the Slitherlink BOARD: grid text (ROWS COLS, then rows of - and numbers "
         "0-4), a puzz.link URL or a Loopy game ID. Draw one closed loop along the "
         "grid's lines, never crossing or branching; a number in a cell is how many of "
         "its four sides the loop runs along. Answers: a token per cell, the sides the "
         "loop runs along (n top, s bottom, e right, w left), - for none; the JSON gives "
         "a token per corner (the directions the loop leaves it by), the edges and the "
         "cells inside.",
    example="https://puzz.link/p?slither/4/4/dgdh2c7b",
    parse=parse, board_text=to_text,
    exports={"url": to_url, "grid": to_text, "loopy": to_tatham},
    show=show, rows=to_rows, details=details, read_answer=read_answer, picture=picture,
    check=check, prepare=prepare, encodings=ENCODINGS,
    auto="sat", nothing="no loop satisfies the numbers",
    hints=HINTS, layout=LAYOUT, rules=lazy("cpsolve.models.slitherlink.rules:rules"),
    editor=Editor(cycle=("-", "0", "1", "2", "3"), numbers=(0, 4), size=(5, 5)),
)
FAMILY = SLITHERLINK.family()
solve = SLITHERLINK.solve

__all__ = ["FAMILY", "SLITHERLINK", "Board", "Loop", "check", "parse", "read_answer", "show",
           "solve", "to_tatham", "to_text", "to_url"]
