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

from cpsolve.grid import boards
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import written_numbers
from cpsolve.models.sudoku.board import Board, Digits
from cpsolve.models.sudoku.check import check
from cpsolve.models.sudoku.formats import DIGITS, FORMATS
from cpsolve.models.sudoku.layout import LAYOUT
from cpsolve.models.sudoku.rules import STATEMENT, prepare

SUDOKU: GridPuzzle[Board, Digits] = GridPuzzle(
    name="sudoku",
    summary="Sudoku: SAT encodings researchers compare, and CP-SAT's AllDifferent.",
    help="Solve the Sudoku BOARD: a line of N*N characters (. or 0 empty), rows of "
         "digits and ., grid text (N N, then rows of numbers and -), or a puzz.link "
         "URL. Write a number from 1 to N in every cell so that each row, column and "
         "box holds each number once. Answers: rows of digits (numbers above 9: "
         "space-separated).",
    example="https://puzz.link/p?sudoku/9/9/i1h9g889g7k162h8i4i5g1i1h8h5i3g6i4i5h216k9g753g5h2i",
    formats=FORMATS, answer=DIGITS, check=check, statement=STATEMENT,
    # Thick box borders, the givens in black, an answer's numbers in blue.
    picture=lambda board, digits: written_numbers(board, digits, title="Sudoku",
                                                  areas=False, regions=board.box_of),
    prepare=prepare, deductions=True, auto="sat",
    nothing="no way to fill the grid keeps every row, column and box",
    # A given taken away leaves its cell empty; a fix gives a number in an empty cell.
    hints=Hints(clues=boards.number_clues(noun="given"), noun="given",
                without=lambda board, gone: board.renumbered({c.index: None for c in gone}),
                edits=boards.number_edits(lambda board, cell: range(
                    1, board.size + 1 if board.givens[cell] is None else 1), noun="given"),
                unit="candidates", symmetric=True),
    layout=LAYOUT,
    editor=Editor(cycle=(".", *(str(k) for k in range(1, 10))), numbers=(1, "side"), size=(9, 9),
                  square=True, empty=("-", "0")),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(SUDOKU)
