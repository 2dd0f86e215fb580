"""Numberlink: join each pair of equal numbers by a path through cell centres; paths
never cross, branch or share a cell. Under the fill rule (``--fill``, or ``fill`` on
the grid text's size line: janko.at's and most apps' rule) every cell is on a path;
without it (Nikoli's and puzz.link's rule) cells may stay empty. Every answer, count and
proof is judged under the rule the board carries, and the output says which.

>>> from cpsolve.models.numberlink import parse, solve
>>> board = parse("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3")
>>> solve(board, unique=True).unique, solve(board.filled(), unique=True).unique
(True, True)
"""

from cpsolve.family import lazy
from cpsolve.grid.editor import Editor
from cpsolve.grid.puzzle import GridPuzzle, Variant
from cpsolve.models.numberlink.board import Board, Paths
from cpsolve.models.numberlink.check import check
from cpsolve.models.numberlink.encodings import ENCODINGS, prepare, reduce
from cpsolve.models.numberlink.formats import parse, read_answer, show, to_rows, to_text, to_url
from cpsolve.models.numberlink.hints import HINTS
from cpsolve.models.numberlink.layout import LAYOUT
from cpsolve.models.numberlink.picture import picture
from cpsolve.options import Option

FILL: Variant[Board] = Variant(
    option=Option("fill", False, "Every cell is on a path (janko.at's rule; a URL never "
                  "says it, grid text says it on its size line)", kind=bool),
    apply=lambda board, on: board.filled(on),
    said=lambda board: board.rule,
)

NUMBERLINK: GridPuzzle[Board, Paths] = GridPuzzle(
    name="numberlink",
    summary="Numberlink: join equal numbers by paths; by SAT cuts or AddCircuit.",
    help="Solve the Numberlink BOARD: grid text (ROWS COLS, or ROWS COLS fill, then ROWS "
         "rows of numbers and -) or a puzz.link URL. Join each pair of equal numbers by "
         "a path through cell centres; paths never cross, branch or share a cell. With "
         "--fill (or fill on the size line) every cell is on a path. Answers: a token per "
         "cell, the directions the path leaves it by (ew, ns, ne, ...; one letter at a "
         "number), - where no path passes.",
    example="https://puzz.link/p?numlin/5/5/1j2h3m1h2j3",
    parse=parse, board_text=to_text, exports={"url": to_url, "grid": to_text},
    show=show, rows=to_rows, read_answer=read_answer, picture=picture,
    check=check, prepare=prepare, encodings=ENCODINGS,
    auto="sat", nothing="no paths join the numbers",
    hints=HINTS, layout=LAYOUT, rules=lazy("cpsolve.models.numberlink.rules:rules"),
    editor=Editor(cycle=("-", "1", "2", "3", "4", "5"), numbers=(1, "cells"), size=(7, 7),
                  flags=("fill",)),
    variant=FILL, reduce=reduce,
)
FAMILY = NUMBERLINK.family()
solve = NUMBERLINK.solve

__all__ = ["FAMILY", "NUMBERLINK", "Board", "Paths", "check", "parse", "read_answer", "show",
           "solve", "to_text", "to_url"]
