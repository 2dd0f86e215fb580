"""Tapa: shade cells so that the shaded cells are connected, with no 2x2 block all
shaded; a clue cell is never shaded, and its numbers are the lengths of the runs of
shaded cells in the ring of its eight neighbours, in some order (``?`` a run of
unknown length).

>>> from cpsolve.models.tapa import parse, show, solve
>>> board = parse("https://puzz.link/p?tapa/5/5/3n5hchhajn2")
>>> print(show(board, solve(board).solution))
.####
##.#.
#..##
.#.#.
####.
"""

from __future__ import annotations

from typing import Any

from cpsolve.grid.answers import Marks
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import ON_SHADE, SHADE, GridPicture
from cpsolve.models.tapa.board import Runs, formats, label, valid
from cpsolve.models.tapa.board import TapaGrid as Board
from cpsolve.models.tapa.check import check
from cpsolve.models.tapa.layout import LAYOUT
from cpsolve.models.tapa.rules import STATEMENT

Shading = frozenset[int]  # an answer: the shaded cells


ANSWER = Marks()  # a shaded clue cell is the checker's to name
FORMATS = formats(ANSWER.looks)
# The clues a fix writes: every clue pzprjs holds without a '?'.
WRITTEN: tuple[Runs, ...] = tuple(
    clue for clue in ((n,) for n in range(9)) if valid(clue)) + tuple(
    (a, b) for a in range(1, 6) for b in range(1, a + 1) if valid((a, b))) + tuple(
    (a, b, c) for a in range(1, 4) for b in range(1, a + 1) for c in range(1, b + 1)
    if valid((a, b, c))) + ((1, 1, 1, 1),)


def picture(board: Board, shading: Shading | None = None) -> GridPicture:
    """The clues in their cells, and a shading when given: its cells black."""
    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"Tapa {board.cols}x{board.rows}")
    shaded = frozenset(shading or ())
    for cell in shaded:
        pic.fill[rc(cell)] = SHADE
    for cell in board.clue_cells:
        pic.label[rc(cell)] = (label(board.clues[cell] or ()),
                               ON_SHADE if cell in shaded else SHADE)
    return pic


def given(board: Board, cell: int, clue: Runs) -> Clue:
    """The clue ``clue`` at ``cell``, keyed by both (its number, for JSON, when it is
    one number)."""
    return Clue(board.grid.rc(cell), f"clue {label(clue)}", (cell, clue),
                clue[0] if len(clue) == 1 and clue[0] >= 0 else None)


def clues(board: Board) -> list[Clue]:
    """The board's clues in reading order."""
    return [given(board, cell, clue) for cell, clue in enumerate(board.clues)
            if clue is not None]


def without(board: Board, gone: Any) -> Board:
    """``board`` with the clues of ``gone`` taken away (their cells ordinary ones)."""
    return board.with_clues({clue.key[0]: None for clue in gone})


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """A clue written in a cell where solutions differ (each clue without '?'), or a
    clue around such a cell changed to another (cost 2)."""
    grid = board.grid
    near = {grid.cell(r, c) for r, c in cells}
    out: list[Edit[Board]] = []
    for cell in sorted(near | {o for c in near for o in grid.touching[c]}):
        current, where = board.clues[cell], grid.where(cell)
        if current is None and cell not in near:
            continue
        base = None if current is None else board.with_clues({cell: None})
        for clue in WRITTEN:
            if clue == current:
                continue
            words = (f"clue {label(clue)} at {where}" if current is None else
                     f"clue {label(current)} changed to {label(clue)} at {where}")
            out.append(Edit(grid.rc(cell), "clue", words, board.with_clues({cell: clue}),
                            clue=given(board, cell, clue), base=base,
                            cost=1 if current is None else 2))
    return out


TAPA: GridPuzzle[Board, Shading] = GridPuzzle(
    name="tapa",
    summary="Tapa: a connected shading whose runs around each clue are its numbers, by SAT "
            "or CP-SAT.",
    help="Solve the Tapa BOARD: grid text (ROWS COLS, then rows of - and clues, a clue its "
         "numbers one after another, ? for a run of unknown length: 31, 1?1) or a "
         "puzz.link URL. Shade cells so that the shaded cells are connected with no 2x2 "
         "block all shaded; a clue cell is never shaded, and its numbers are the lengths "
         "of the runs of shaded cells among its eight neighbours, around the ring, in "
         "some order. Answers: rows of # (shaded) and .",
    example="https://puzz.link/p?tapa/5/5/3n5hchhajn2",
    formats=FORMATS, answer=ANSWER, check=check, statement=STATEMENT,
    picture=picture, nothing="no shading satisfies the clues",
    # A clue taken away leaves an ordinary cell: the rules only relax.
    hints=Hints(clues=clues, without=without, edits=edits, noun="clue", symmetric=True),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "?", "0", "1", "2", "3", "4", "5", "6", "7", "8", "11", "21",
                         "31", "22", "111", "1111"), numbers=(0, 8), size=(7, 7)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(TAPA)

