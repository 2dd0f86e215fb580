"""Tents: some cells hold a tree. Put tents in empty cells so that the trees and tents
pair off one to one, each tent beside its tree (not diagonally); no two tents touch,
not even at a corner; a number outside the grid says how many tents its row or column
holds.

>>> from cpsolve.models.tents import parse, show, solve
>>> board = parse("https://puzz.link/p?tents/5/5/2g0h1i1j82323")
>>> print(show(board, solve(board).solution))
.AT..
....A
AT..T
...TA
AT...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from cpsolve.grid.answers import Marks
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import DOT, SHADE, GridPicture
from cpsolve.models.tents.board import FORMATS, Board, Tents, where
from cpsolve.models.tents.check import check
from cpsolve.models.tents.layout import LAYOUT
from cpsolve.models.tents.rules import STATEMENT

TREE_FILL, TREE_LINE, TENT = "#7cc26b", "#2e6b24", "#c9731c"


@dataclass(frozen=True)
class TentMarks(Marks):
    """Rows of ``A`` (a tent), ``T`` (a tree, as the board has it) and ``.``."""

    def rows(self, board: Board, answer: Tents) -> list[str]:
        return ["".join("A" if cell in answer else "T" if board.trees[cell] else "."
                        for cell in range(r * board.cols, (r + 1) * board.cols))
                for r in range(board.rows)]


ANSWER = TentMarks(mark="A", on="A*^", off=".-+_xT", what="'A' (a tent)")


def line_name(side: str, line: int) -> str:
    """The line a number counts, as a sentence names it: ``column 3``, ``row 2``."""
    return f"{'column' if side == 'top' else 'row'} {line + 1}"


def clues(board: Board) -> list[Clue]:
    """The numbers outside the grid, keyed ``(side, line)``: above the columns, then
    left of the rows."""
    return list(_clues(board))


@lru_cache(maxsize=16)
def _clues(board: Board) -> tuple[Clue, ...]:
    rc = board.grid.rc
    return tuple(Clue(rc(board.line(side, line)[0]), f"{number} tent{'s' * (number != 1)}",
                 (side, line), number, place=line_name(side, line),
                 cells=tuple(map(rc, board.line(side, line))))
                 for side, line, number in board.outside)


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the numbers of ``gone`` taken away."""
    return board.resided({c.key: None for c in gone})  # type: ignore[misc]


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """A number written (or changed) above the column or left of the row of a cell
    where solutions differ."""
    out: list[Edit[Board]] = []
    lines = sorted({("top", c) for _, c in cells} | {("left", r) for r, _ in cells})
    for side, line in lines:
        current = board.sides[0 if side == "top" else 1][line]
        size = board.rows if side == "top" else board.cols
        rc = board.grid.rc(board.line(side, line)[0])
        for number in range((size + 1) // 2 + 1):
            if number == current:
                continue
            changed = board.resided({(side, line): number})
            clue = Clue(rc, f"{number} tent{'s' * (number != 1)}", (side, line), number,
                        place=line_name(side, line))
            text = (f"{number} {where(side, line)}" if current is None else
                    f"the {current} {where(side, line)} changed to {number}")
            base = None if current is None else board.resided({(side, line): None})
            out.append(Edit(rc, "number", text, changed, clue=clue, base=base, number=number,
                            cost=1 if current is None else 2))
    return sorted(out, key=lambda e: e.cost)


def picture(board: Board, tents: Tents | None = None) -> GridPicture:
    """Trees as green discs, an answer's tents as triangles, its empty cells dotted,
    the numbers outside the grid."""
    pic = GridPicture(board.rows, board.cols, title=f"Tents {board.cols}x{board.rows}",
                      frame=1)
    for cell in board.tree_cells:
        pic.disc[board.grid.rc(cell)] = (TREE_FILL, TREE_LINE)
    for cell in sorted(tents or ()):
        r, c = board.grid.rc(cell)
        pic.polygons.append((((c + 0.5, r + 0.15), (c + 0.15, r + 0.85),
                              (c + 0.85, r + 0.85)), TENT))
    if tents is not None:
        for cell in range(board.cells):
            if cell not in tents and not board.trees[cell]:
                pic.dots[board.grid.rc(cell)] = DOT
    for side, line, number in board.outside:
        pic.label[board.place(side, line)] = (str(number), SHADE)
    return pic


TENTS: GridPuzzle[Board, Tents] = GridPuzzle(
    name="tents",
    summary="Tents: a tent beside each tree, none touching, rows and columns counted.",
    help="Solve the Tents BOARD: grid text (the board in its frame: ROWS + 1 rows, the "
         "first the numbers above the columns after a corner '.', each other row its "
         "number then its cells, T a tree, . empty or no number), a puzz.link URL or a "
         "Tatham game ID. Put tents in empty cells so that trees and tents pair off one "
         "to one, each tent beside its tree; no two tents touch, not even diagonally; "
         "each number counts the tents of its row or column. Answers: rows of A (a "
         "tent), T (a tree) and .",
    example="https://puzz.link/p?tents/5/5/2g0h1i1j82323",
    formats=FORMATS, answer=ANSWER, check=check, statement=STATEMENT, picture=picture,
    # Glucose 4: the least time on these small models (CPU a board, solve and
    # uniqueness proof, 20 published and generated boards: 2.7 ms against CaDiCaL's 3.0).
    sat_solver=lambda model: "glucose4",
    nothing="no placement of tents pairs off with the trees and meets every number",
    hints=Hints(clues=clues, without=without, edits=edits, noun="number"),
    layout=LAYOUT,
    editor=Editor(cycle=(".", "T"), numbers=(0, "side"), size=(7, 7), empty=("-",),
                  frame=(1, 1)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(TENTS)

