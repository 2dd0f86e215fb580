"""Star Battle: place stars so that every row, every column and every region holds
the board's number of them, and no two stars touch, not even diagonally.

>>> from cpsolve.models.starbattle import parse, show, solve
>>> board = parse("https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk")
>>> print(show(board, solve(board).solution))
.*....
....*.
..*...
*.....
.....*
...*..
"""

from cpsolve.backends.sat import CnfModel
from cpsolve.family import lazy
from cpsolve.grid.editor import Editor
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.models.starbattle.board import Board, Stars
from cpsolve.models.starbattle.check import check
from cpsolve.models.starbattle.encodings import ENCODINGS, prepare
from cpsolve.models.starbattle.formats import parse, read_answer, show, to_rows, to_text, to_url
from cpsolve.models.starbattle.hints import HINTS
from cpsolve.models.starbattle.layout import LAYOUT
from cpsolve.models.starbattle.picture import picture


def sat_solver(model: CnfModel) -> str:
    """Glucose 4, the steadiest measured on these models (benchmarks/starbattle.py,
    solve and uniqueness proof of 32 published and generated boards, the methods' order
    turning from board to board: median 0.013 s, p90 0.062, max 0.092 against
    CaDiCaL's 0.015, 0.072 and 0.196)."""
    return "glucose4"


STARBATTLE: GridPuzzle[Board, Stars] = GridPuzzle(
    name="starbattle",
    summary="Star Battle: stars counted by rows, columns and regions, never touching.",
    help="Solve the Star Battle BOARD: grid text (ROWS COLS STARS, then ROWS rows of "
         "region names) or a puzz.link URL. Place stars so that every row, column and "
         "region holds STARS of them and no two touch, not even diagonally. Answers: "
         "rows of * (a star) and .",
    example="https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk",
    parse=parse, board_text=to_text, exports={"url": to_url, "grid": to_text},
    show=show, rows=to_rows, read_answer=read_answer, picture=picture,
    check=check, prepare=prepare, encodings=ENCODINGS,
    auto="sat", sat_solver=sat_solver, nothing="no placement of stars meets every count",
    hints=HINTS, layout=LAYOUT,
    rules=lazy("cpsolve.models.starbattle.rules:rules"),
    editor=Editor(regions=True, params=(("stars", 1),), size=(6, 6), square=True),
)
FAMILY = STARBATTLE.family()
solve = STARBATTLE.solve
encode = to_rows

__all__ = ["FAMILY", "STARBATTLE", "Board", "Stars", "check", "encode", "parse",
           "read_answer", "show", "solve", "to_text", "to_url"]
