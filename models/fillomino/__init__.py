"""Fillomino: write a number in every cell so that each area of equal numbers (cells
of one number joined side by side) holds exactly that many cells; the given numbers
stay.

>>> from cpsolve.models.fillomino import parse, show, solve
>>> board = parse("https://puzz.link/p?fillomino/5/5/g1k34g2h5h4n")
>>> print(show(board, solve(board).solution))
6 1 3 3 4
6 6 3 4 4
2 6 6 5 4
2 4 6 5 5
4 4 4 5 5
"""

from cpsolve.family import lazy
from cpsolve.grid.editor import Editor
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.models.fillomino.board import Board, Filling
from cpsolve.models.fillomino.check import check
from cpsolve.models.fillomino.encodings import ENCODINGS, prepare
from cpsolve.models.fillomino.formats import (
    parse,
    read_answer,
    show,
    to_rows,
    to_text,
    to_url,
)
from cpsolve.models.fillomino.hints import HINTS
from cpsolve.models.fillomino.layout import LAYOUT
from cpsolve.models.fillomino.picture import picture

FILLOMINO: GridPuzzle[Board, Filling] = GridPuzzle(
    name="fillomino",
    summary="Fillomino: areas of equal numbers, each as large as its number.",
    help="Solve the Fillomino BOARD: grid text (ROWS COLS, then rows of numbers, - for "
         "an empty cell) or a puzz.link URL. Write a number in every cell so that each "
         "area of equal numbers holds that many cells. Answers: rows of numbers.",
    example="https://puzz.link/p?fillomino/5/5/g1k34g2h5h4n",
    parse=parse, board_text=to_text, exports={"url": to_url, "grid": to_text},
    show=show, rows=to_rows, read_answer=read_answer, picture=picture,
    check=check, prepare=prepare, encodings=ENCODINGS, deductions=True,
    auto="sat", nothing="no filling gives every area its number of cells",
    hints=HINTS, layout=LAYOUT,
    rules=lazy("cpsolve.models.fillomino.rules:rules"),
    editor=Editor(cycle=("-", "1", "2", "3", "4", "5"), numbers=(1, "cells"), size=(5, 5)),
)
FAMILY = FILLOMINO.family()
solve = FILLOMINO.solve
encode = to_rows

__all__ = ["FAMILY", "FILLOMINO", "Board", "Filling", "check", "encode", "parse",
           "read_answer", "show", "solve", "to_text", "to_url"]
