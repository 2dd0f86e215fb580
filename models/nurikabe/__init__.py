"""Nurikabe: shade cells so that the shaded cells (the sea) are connected with no 2x2
block all shaded, and every unshaded area (an island) holds exactly one number, equal
to its size.

>>> from cpsolve.models.nurikabe import parse, show, solve
>>> board = parse("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g")
>>> print(show(board, solve(board).solution))
..###
.#..#
.####
.#.#.
###..
"""

from cpsolve.family import lazy
from cpsolve.grid.editor import Editor
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.models.nurikabe.board import Board, Shading
from cpsolve.models.nurikabe.check import check
from cpsolve.models.nurikabe.encodings import ENCODINGS, prepare
from cpsolve.models.nurikabe.formats import parse, read_answer, show, to_rows, to_text, to_url
from cpsolve.models.nurikabe.hints import HINTS
from cpsolve.models.nurikabe.layout import LAYOUT
from cpsolve.models.nurikabe.picture import picture

NURIKABE: GridPuzzle[Board, Shading] = GridPuzzle(
    name="nurikabe",
    summary="Nurikabe: islands of given sizes in one connected sea, by SAT or CP-SAT.",
    help="Solve the Nurikabe BOARD: grid text (ROWS COLS, then rows of numbers, - for "
         "none, ? for a number not given; or rows of digits and .) or a puzz.link URL. "
         "Shade cells so that the shaded cells are connected with no 2x2 block all "
         "shaded, and every unshaded area holds exactly one number, equal to its size. "
         "Answers: rows of # (shaded) and .",
    example="https://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
    parse=parse, board_text=to_text, exports={"url": to_url, "grid": to_text},
    show=show, rows=to_rows, read_answer=read_answer, picture=picture,
    check=check, prepare=prepare, encodings=ENCODINGS,
    auto="sat", nothing="no shading satisfies the rules",
    hints=HINTS, layout=LAYOUT,
    rules=lazy("cpsolve.models.nurikabe.rules:rules"),
    editor=Editor(cycle=("-", "1", "2", "3", "4", "5", "?"), numbers=(1, "cells"), size=(5, 5)),
)
FAMILY = NURIKABE.family()
solve = NURIKABE.solve
encode = to_rows

__all__ = ["FAMILY", "NURIKABE", "Board", "Shading", "check", "encode", "parse",
           "read_answer", "show", "solve", "to_text", "to_url"]
