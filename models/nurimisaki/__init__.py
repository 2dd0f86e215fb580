"""Nurimisaki: shade cells so that the unshaded cells are connected, no 2x2 block is
all shaded or all unshaded, the circles are exactly the capes (unshaded cells with one
unshaded neighbour), and a number in a circle counts the straight run of unshaded cells
from it towards that neighbour, its own cell included.

>>> from cpsolve.models.nurimisaki import parse, show, solve
>>> board = parse("https://puzz.link/p?nurimisaki/5/5/g.i.m2l.j")
>>> print(show(board, solve(board).solution))
#....
.###.
..#..
#.##.
.....
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from cpsolve.grid import boards, codecs
from cpsolve.grid.answers import UNSHADED_NUMBERS
from cpsolve.grid.api import api
from cpsolve.grid.boards import UNKNOWN
from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import SHADE, GridPicture, shaded_numbers
from cpsolve.models.nurimisaki.check import check
from cpsolve.models.nurimisaki.layout import LAYOUT
from cpsolve.models.nurimisaki.rules import STATEMENT

Shading = frozenset[int]  # an answer: the shaded cells
SHADED = UNSHADED_NUMBERS  # shaded cells, a circle never
# puzz.link's body: pzprjs decodeNumber16, "." a circle without a number.
FORMATS = codecs.number_grid(Board, {"nurimisaki": "Nurimisaki"}, codecs.NUMBER16, least=2,
                             why="a circle's run holds the circle and its one unshaded "
                                 "neighbour at least: a number from 2",
                             looks=SHADED.looks)


def picture(board: Board, shading: Collection[int] | None = None) -> GridPicture:
    """The circles (their numbers in them) on the shading, the unshaded cells dotted."""
    pic = shaded_numbers(board, shading, title="Nurimisaki", dots=True)
    for cell in board.clue_cells:
        rc = board.grid.rc(cell)
        pic.disc[rc] = ("#ffffff", SHADE)
        if board.numbers[cell] == UNKNOWN:
            del pic.label[rc]
    return pic


def unnumbered(board: Board, gone: Any) -> Board:
    """``board`` with the numbers of ``gone`` taken out of their circles."""
    return board.renumbered({clue.index: UNKNOWN for clue in gone})


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """A fix's changes where solutions differ: a number written in a circle (or
    changed), tried as a clue; a circle drawn, with no number or with one, each on the
    board with the new circle (a circle is the board's structure: a cape there)."""
    grid = board.grid
    out: list[Edit[Board]] = []
    for r, c in sorted(cells):
        cell = grid.cell(r, c)
        where, now = grid.where(cell), board.numbers[cell]
        circle = board.renumbered({cell: UNKNOWN})
        if now is None:
            out.append(Edit((r, c), "circle", f"circle at {where}", circle, base=circle))
        longest = 1 + max(len(grid.ray(cell, dr, dc)) for dr, dc in
                          ((-1, 0), (1, 0), (0, -1), (0, 1)))
        for number in range(2, longest + 1):
            if number == now:
                continue
            text = (f"number {number} in a new circle at {where}" if now is None else
                    f"number {number} in the circle at {where}" if now == UNKNOWN else
                    f"number {now} changed to {number} at {where}")
            out.append(Edit((r, c), "number", text, board.renumbered({cell: number}),
                            clue=Clue((r, c), f"number {number}", cell, number),
                            base=circle if now != UNKNOWN else None, number=number,
                            cost=1 if now == UNKNOWN else 2))
    return out


NURIMISAKI: GridPuzzle[Board, Shading] = GridPuzzle(
    name="nurimisaki",
    summary="Nurimisaki: a connected maze whose capes are the circles, by SAT or CP-SAT.",
    help="Solve the Nurimisaki BOARD: grid text (ROWS COLS, then rows of numbers, - for "
         "a cell without a circle, ? for a circle without a number) or a puzz.link URL. "
         "Shade cells so that the unshaded cells are connected, no 2x2 block is all "
         "shaded or all unshaded, the circles are exactly the unshaded cells with one "
         "unshaded neighbour, and a number counts the straight run of unshaded cells "
         "from its circle, itself included. Answers: rows of # (shaded) and .",
    example="https://puzz.link/p?nurimisaki/5/5/g.i.m2l.j",
    formats=FORMATS, answer=SHADED, check=check, statement=STATEMENT, picture=picture,
    nothing="no shading satisfies the rules",
    # A number taken away leaves its circle: the circles are the board's structure
    # (each asks for a cape, each cell without one for none), the numbers its clues.
    hints=Hints(clues=boards.number_clues(), without=unnumbered, edits=edits,
                noun="number", symmetric=True),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "?", "2", "3", "4", "5"), numbers=(2, "side"), size=(5, 5)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(NURIMISAKI)
