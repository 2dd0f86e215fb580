"""Sudoku: write a number from 1 to N in every cell of an N x N grid of boxes so that
every row, every column and every box holds each number once; the givens stay.

>>> from cpsolve.models.sudoku import parse, show, solve
>>> board = parse("1...\\n..3.\\n.4..\\n...2")
>>> print(show(board, solve(board).solution))
1324
4231
2413
3142
"""

from cpsolve.family import lazy
from cpsolve.grid.editor import Editor
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.models.sudoku.board import Board, Digits
from cpsolve.models.sudoku.check import check
from cpsolve.models.sudoku.encodings import ENCODINGS, prepare
from cpsolve.models.sudoku.formats import (
    parse,
    read_answer,
    show,
    to_line,
    to_rows,
    to_text,
    to_url,
)
from cpsolve.models.sudoku.hints import HINTS
from cpsolve.models.sudoku.layout import LAYOUT
from cpsolve.models.sudoku.picture import picture

SUDOKU: GridPuzzle[Board, Digits] = GridPuzzle(
    name="sudoku",
    summary="Sudoku: SAT encodings researchers compare, and CP-SAT's AllDifferent.",
    help="Solve the Sudoku BOARD: a line of N*N characters (. or 0 empty), rows of "
         "digits and ., grid text (N N, then rows of numbers and -), or a puzz.link "
         "URL. Write a number from 1 to N in every cell so that each row, column and "
         "box holds each number once. Answers: rows of digits (numbers above 9: "
         "space-separated).",
    example="https://puzz.link/p?sudoku/9/9/i1h9g889g7k162h8i4i5g1i1h8h5i3g6i4i5h216k9g753g5h2i",
    parse=parse, board_text=to_text,
    exports={"url": to_url, "line": to_line, "grid": to_text},
    show=show, rows=to_rows, read_answer=read_answer, picture=picture,
    check=check, prepare=prepare, deductions=True, encodings=ENCODINGS,
    auto="sat", nothing="no way to fill the grid keeps every row, column and box",
    hints=HINTS, layout=LAYOUT,
    rules=lazy("cpsolve.models.sudoku.rules:rules"),
    editor=Editor(cycle=(".", *(str(k) for k in range(1, 10))), numbers=(1, "side"), size=(9, 9),
                  square=True, empty=("-", "0")),
)
FAMILY = SUDOKU.family()
solve = SUDOKU.solve
encode = to_rows

__all__ = ["FAMILY", "SUDOKU", "Board", "Digits", "check", "encode", "parse",
           "read_answer", "show", "solve", "to_line", "to_text", "to_url"]
