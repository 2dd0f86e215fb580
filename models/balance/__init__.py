"""Balance Loop: draw one loop through cell centres, never branching or crossing, that
passes every circle. At a white circle the two straight segments of the loop leaving it
(from the circle to the next turn, each way) are equally long, at a black circle not; a
number in a circle is the sum of their lengths.

Under the full rule (pzprjs's variant: the URL's flag ``f``, ``--full``, or ``full`` on
the grid text's size line) the loop passes through every cell.

Boards: puzz.link URLs (``balance``), pzprjs's files and grid text (``ROWS COLS``, then
rows of a token a cell: ``-`` no circle, ``w`` or ``b`` a white or black circle, ``w4``
or ``b5`` one with its number; ``4w`` too, as data sets write it, and pzprjs's code for
the circle, the number its URL writes: ``0`` white, ``1`` black, ``2n`` white ``n``,
``2n+1`` black ``n``).
A loop is written as a token a cell, the directions it leaves the cell by (``ns``,
``ew``, ``ne``, ...), ``-`` where it does not pass.

>>> from cpsolve.models.balance import parse, show, solve
>>> board = parse("https://puzz.link/p?balance/5/5/g9m1k0m8g")
>>> print(show(board, solve(board).solution))
se ew ew ew sw
ne sw se ew nw
se nw ne sw -
ne sw -  ns -
-  ne ew nw -
"""

from __future__ import annotations

from typing import Any

from cpsolve.grid.answers import LOOP
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.grid.puzzle import GridPuzzle, Variant
from cpsolve.grid.render import GridPicture
from cpsolve.models.balance.board import BLACK, WHITE, Board, Loop, code, colour, named, number
from cpsolve.models.balance.check import check
from cpsolve.models.balance.forms import FORMATS
from cpsolve.models.balance.layout import LAYOUT
from cpsolve.models.balance.rules import STATEMENT
from cpsolve.options import Option


def picture(board: Board, loop: Loop | None = None) -> GridPicture:
    """The circles with their numbers, and the loop when given."""
    rc = board.grid.rc
    rule = ", full" if board.full else ""
    disc, label = {}, {}
    for cell in board.circles:
        code_ = board.numbers[cell]
        assert code_ is not None
        black = colour(code_) == BLACK
        disc[rc(cell)] = ("#1a1a1a", "#1a1a1a") if black else ("#ffffff", "#1a1a1a")
        if number(code_) is not None:
            label[rc(cell)] = (str(number(code_)), "#ffffff" if black else "#1a1a1a")
    return GridPicture(board.rows, board.cols, title=f"Balance Loop {board.cols}x{board.rows}"
                       f"{rule}", lines=[(rc(a), rc(b)) for a, b in sorted(loop or ())],
                       disc=disc, label=label)


def clues(board: Board) -> list[Clue]:
    """The circles in reading order, each keyed by its cell and code."""
    return [Clue(board.grid.rc(cell), named(c), (cell, c), number(c))
            for cell, c in enumerate(board.numbers) if c is not None]


def without(board: Board, gone: Any) -> Board:
    return board.renumbered({clue.key[0]: None for clue in gone})


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """A circle (either colour, without a number or with one up to the board's longest
    sum) put on a cell near where the solutions differ, or a circle changed."""
    grid, out = board.grid, []
    most = board.rows + board.cols - 2
    for cell in grid.around(cells):
        at, where, current = grid.rc(cell), grid.where(cell), board.numbers[cell]
        for shade in (WHITE, BLACK):
            for value in (None, *range(2, most + 1)):
                new = code(shade, value)
                if new == current:
                    continue
                clue = Clue(at, named(new), (cell, new), value)
                changed = board.renumbered({cell: new})
                if current is None:
                    out.append(Edit(at, "circle", f"a {named(new)} at {where}", changed,
                                    clue=clue, number=value, cost=1 + (value is not None)))
                else:
                    out.append(Edit(at, "circle", f"the {named(current)} at {where} turned "
                                    f"to a {named(new)}", changed, clue=clue,
                                    base=board.renumbered({cell: None}), number=value,
                                    cost=3))
    return out


FULL: Variant[Board] = Variant(
    option=Option("full", False, "The loop passes every cell (pzprjs's variant: the "
                  "URL's flag f, grid text's full on its size line)", kind=bool),
    apply=lambda board, on: board.filled(on),
    said=lambda board: board.rule if board.full else None,
    generated=False)

BALANCE: GridPuzzle[Board, Loop] = GridPuzzle(
    name="balance",
    summary="Balance Loop: one loop through the circles, its segments balanced.",
    help="Solve the Balance Loop BOARD: a puzz.link URL or grid text (ROWS COLS, then "
         "rows of - for no circle, w or b a white or black circle, w4 or b5 one with its "
         "number). Draw one loop through cell centres passing every circle: the "
         "two straight segments leaving a white circle are equally long, a black "
         "circle's are not, and a number is their sum. Answers: a token per cell, the "
         "directions the loop leaves it by (ew, ns, ne, nw, se, sw), - where it does not "
         "pass. With --full (or full on the size line, the URL's flag f) the loop passes "
         "every cell.",
    example="https://puzz.link/p?balance/5/5/g9m1k0m8g",
    formats=FORMATS, answer=LOOP, check=check, statement=STATEMENT, picture=picture,
    auto="sat", nothing="no loop satisfies the rules",
    hints=Hints(clues=clues, without=without, edits=edits, noun="circle", unit="edges",
                symmetric=True),
    layout=LAYOUT, editor=Editor(cycle=("-", "w", "b"), numbers=(0, 40), size=(6, 6),
                                 flags=("full",)),
    variant=FULL,
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(BALANCE)
