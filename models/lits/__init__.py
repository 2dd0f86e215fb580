"""LITS: shade a tetromino in every region so that all shaded cells are connected,
no 2x2 block is all shaded, and two tetrominoes of the same shape (L, I, T or S,
rotations and reflections counting as the same) never share an edge.

>>> from cpsolve.models.lits import encode, parse, show, solve
>>> board = parse("https://puzz.link/p?lits/8/8/5ajmi9mhai2g514bdn32f340")
>>> print(show(board, solve(board).solution))
##.####.
#.##..#.
##..#.#.
.######.
#.#.#.##
#.####.#
##...##.
.#####..
>>> for row in encode(board, solve(board).solution)[:2]:  # JSON: the shapes
...     print(row)
LL.SSLL.
L.SS..L.
"""

from cpsolve.family import lazy
from cpsolve.grid.editor import Editor
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.models.lits.board import Board, Shading
from cpsolve.models.lits.check import check
from cpsolve.models.lits.encodings import ENCODINGS, prepare
from cpsolve.models.lits.formats import parse, read_answer, show, to_rows, to_text, to_url
from cpsolve.models.lits.hints import HINTS
from cpsolve.models.lits.layout import LAYOUT
from cpsolve.models.lits.picture import picture

LITS: GridPuzzle[Board, Shading] = GridPuzzle(
    name="lits",
    summary="LITS: a tetromino in every region, all connected, no two alike touching.",
    help="Solve the LITS BOARD: grid text (ROWS COLS, then ROWS rows of region names) "
         "or a puzz.link URL. Shade four connected cells in every region so that all "
         "shaded cells are connected, no 2x2 block is shaded, and tetrominoes of the "
         "same shape never share an edge. Answers: rows of # (shaded) and .; in JSON, "
         "the shaded cells' shapes (L, I, T, S) and .",
    example="https://puzz.link/p?lits/8/8/5ajmi9mhai2g514bdn32f340",
    parse=parse, board_text=to_text, exports={"url": to_url, "grid": to_text},
    show=show, rows=to_rows, read_answer=read_answer, picture=picture,
    check=check, prepare=prepare, encodings=ENCODINGS,
    auto="sat", nothing="no shading puts a tetromino in every region by the rules",
    hints=HINTS, layout=LAYOUT,
    rules=lazy("cpsolve.models.lits.rules:rules"),
    editor=Editor(regions=True, size=(8, 8)),
)
FAMILY = LITS.family()
solve = LITS.solve
encode = to_rows

__all__ = ["FAMILY", "LITS", "Board", "Shading", "check", "encode", "parse",
           "read_answer", "show", "solve", "to_text", "to_url"]
