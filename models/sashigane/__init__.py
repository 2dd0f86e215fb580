"""Sashigane: divide the grid into Ls, each one cell wide with two arms of two cells at
least meeting at a corner; a circle is an L's corner (its number, the L's size), an
arrow is the end of an arm, pointing along it to the corner. Ls without clues may be.

An answer is the division: each cell names the sides it shares with the other cells
of its L (``e``, ``sw``, ``ns``).

>>> from cpsolve.models.sashigane import parse, show, solve
>>> board = parse("https://puzz.link/p?sashigane/5/5/jm.o3khkgojm4")
>>> print(show(board, solve(board).solution))
e  ew ew ew sw
e  ew ew sw ns
se w  s  n  n
n  s  ne w  s
e  nw e  ew nw
"""

from __future__ import annotations

from typing import Any

from cpsolve.grid.answers import Tokens
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.geometry import where
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import SHADE, GridPicture
from cpsolve.models.sashigane.board import ARROWS, ASKED, CIRCLE, GLYPHS, Board, Value, formats
from cpsolve.models.sashigane.check import check
from cpsolve.models.sashigane.layout import LAYOUT
from cpsolve.models.sashigane.rules import STATEMENT, Joins

ANSWER = Tokens(what="L", ends=True)
FORMATS = formats(ANSWER.looks)


def picture(board: Board, joins: Joins | None = None) -> GridPicture:
    """Circles (with their numbers) and arrows; the answer's Ls as thick borders."""
    grid = board.grid
    rc = grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"Sashigane {board.cols}x{board.rows}")
    for cell, value in enumerate(board.clues):
        if value is None:
            continue
        if board.circle(cell):
            pic.disc[rc(cell)] = ("#ffffff", SHADE)
            if isinstance(value, int):
                pic.label[rc(cell)] = (str(value), SHADE)
        else:
            pic.label[rc(cell)] = ("?" if value == ASKED else GLYPHS[str(value)], SHADE)
    if joins is not None:
        pic.borders = {(rc(a), rc(b)) for a, b in grid.pairs if (a, b) not in joins}
    return pic


def clues(board: Board) -> list[Clue]:
    """The circles and arrows, in reading order, each keyed by its cell and clue."""
    return [Clue(board.grid.rc(cell), board.named(cell)[4:], (cell, board.clues[cell]),
                 value if isinstance(value, int) else None)
            for cell, value in enumerate(board.clues) if value not in (None, ASKED)]


def without(board: Board, gone: Any) -> Board:
    return board.changed({clue.key[0]: None for clue in gone})


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Any]]:
    """At a cell where solutions differ, or beside one, without a clue: a circle, or an
    arrow each way, tried as a clue."""
    grid = board.grid
    out: list[Edit[Any]] = []
    choices: list[Value] = [CIRCLE, *ARROWS]
    for cell in grid.around(cells):
        if board.clues[cell] is not None:
            continue
        for value in choices:
            changed = board.changed({cell: value})
            name = changed.named(cell)[4:]
            article = "an" if name.startswith("arrow") else "a"
            out.append(Edit(grid.rc(cell), "clue", f"{article} {name} at {where(grid.rc(cell))}",
                            changed, clue=Clue(grid.rc(cell), name, (cell, value))))
    return out


SASHIGANE: GridPuzzle[Board, Joins] = GridPuzzle(
    name="sashigane",
    summary="Sashigane: divide the grid into Ls; circles on corners, arrows on arms' ends.",
    help="Solve the Sashigane BOARD: grid text (ROWS COLS, then rows of tokens: - none, "
         "o a circle, oN a circle of N cells, n s e w an arrow pointing up, down, right, "
         "left, ? a mark), a puzz.link URL or a pzprjs file. Divide the grid into Ls one "
         "cell wide, arms of two cells at least; a circle is an L's corner, its number "
         "the L's size; an arrow is an arm's end, pointing to the corner. Answers: a "
         "token a cell, the sides it shares with its L (n, e, s, w).",
    example="https://puzz.link/p?sashigane/5/5/jm.o3khkgojm4",
    formats=FORMATS, answer=ANSWER, check=check, statement=STATEMENT,
    picture=picture,
    nothing="no division into Ls keeps the circles on corners and the arrows on ends",
    hints=Hints(clues=clues, without=without, edits=edits, noun="clue"),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "o", "n", "e", "s", "w", "?"), numbers=(1, "cells"),
                  size=(6, 6)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(SASHIGANE)

__all__ = ["ANSWER", "FAMILY", "SASHIGANE", "Board", "Joins", "check", "parse", "show",
           "solve", "to_rows", "to_text", "to_url"]
