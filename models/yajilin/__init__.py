"""Yajilin: shade some cells, never two side by side, and draw one closed loop
through the centres of all the other cells but the clue cells; a number with an arrow
says how many shaded cells lie in the arrow's direction.

>>> from cpsolve.models.yajilin import parse, show, solve
>>> board = parse("https://puzz.link/p?yajilin/6/6/d41a21g11f10g31a10d")
>>> result = solve(board, unique=True)
>>> result.unique
True
"""

from cpsolve.family import lazy
from cpsolve.grid.editor import Editor
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.models.yajilin.board import Arrow, Board, Loop
from cpsolve.models.yajilin.check import check
from cpsolve.models.yajilin.encodings import ENCODINGS, prepare
from cpsolve.models.yajilin.formats import parse, read_answer, show, to_rows, to_text, to_url
from cpsolve.models.yajilin.hints import HINTS
from cpsolve.models.yajilin.layout import LAYOUT
from cpsolve.models.yajilin.picture import picture

YAJILIN: GridPuzzle[Board, Loop] = GridPuzzle(
    name="yajilin",
    summary="Yajilin: shade cells, one loop through the rest; by SAT cuts, AddCircuit or a flow.",
    help="Solve the Yajilin BOARD: grid text (ROWS COLS, then rows of - and clues: a "
         "number and the direction of its arrow, n s e w, as 2e) or a puzz.link URL. "
         "Shade some cells, never two side by side, and draw one closed loop through "
         "the centres of all the other cells but the clue cells; a number with an arrow "
         "is how many shaded cells lie in that direction. Answers: a token per cell, "
         "the directions the loop leaves it by (ew, ns, ne, nw, se, sw), # a shaded "
         "cell, a clue cell's own clue.",
    example="https://puzz.link/p?yajilin/6/6/d41a21g11f10g31a10d",
    parse=parse, board_text=to_text, exports={"url": to_url, "grid": to_text},
    show=show, rows=to_rows, read_answer=read_answer, picture=picture,
    check=check, prepare=prepare, encodings=ENCODINGS,
    auto="sat", nothing="no loop and shading satisfy the rules",
    hints=HINTS, layout=LAYOUT, rules=lazy("cpsolve.models.yajilin.rules:rules"),
    editor=Editor(cycle=("-", "?", "0n", "0e", "0s", "0w"), numbers=(0, "side"),
                  letters="nsew", size=(6, 6)),
)
FAMILY = YAJILIN.family()
solve = YAJILIN.solve

__all__ = ["FAMILY", "YAJILIN", "Arrow", "Board", "Loop", "check", "parse", "read_answer",
           "show", "solve", "to_text", "to_url"]
