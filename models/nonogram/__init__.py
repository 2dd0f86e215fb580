"""Nonogram: shade cells so that each row's and each column's runs of shaded cells
have the lengths its clue lists, in order (a clue ``0``: no shaded cell in that line);
the clues stand left of the rows and above the columns.

>>> from cpsolve.models.nonogram import parse, show, solve
>>> board = parse("https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h")
>>> print(show(board, solve(board).solution))
##.#..
#...#.
.#.##.
......
#...#.
.###..
"""

from __future__ import annotations

from collections.abc import Sequence

from cpsolve.errors import InputError
from cpsolve.grid.answers import SHADED
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import DOT, SHADE, GridPicture
from cpsolve.models.nonogram.board import (
    FORMATS,
    Board,
    Lengths,
    Shaded,
    clued,
    parse_grid,
    shown,
    to_picture,
    where,
)
from cpsolve.models.nonogram.check import check
from cpsolve.models.nonogram.layout import LAYOUT
from cpsolve.models.nonogram.rules import STATEMENT

__all__ = ["FAMILY", "NONOGRAM", "Board", "check", "parse", "parse_grid", "show", "solve",
           "to_text", "to_url"]


def _clue(board: Board, side: str, index: int, lengths: Lengths) -> Clue:
    cells = tuple(map(board.grid.rc, board.line(side, index)))
    return Clue(cells[0], f"clue {shown(lengths)}", (side, index, lengths),
                place=where(side, index), cells=cells)


def clues(board: Board) -> list[Clue]:
    """Each line's clue (keyed ``(side, index, lengths)``), the columns' first."""
    return [_clue(board, side, index, lengths) for side, index, lengths in board.given]


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the clues of ``gone`` taken away (their lines left free)."""
    return board.reclued({c.key[:2]: None for c in gone})  # type: ignore[index]


def _changes(lengths: Lengths | None, length: int, delta: int) -> list[Lengths]:
    """The clues one cell from ``lengths`` (``delta`` 1: one more shaded cell, a run
    one longer or a run of 1 added at either end; -1: one fewer, a run one shorter)."""
    if lengths is None:
        return []
    out: list[Lengths] = []
    for k, number in enumerate(lengths):
        other = number + delta
        out.append((*lengths[:k], *((other,) if other else ()), *lengths[k + 1:]))
    if delta > 0:
        out += [(1, *lengths), (*lengths, 1)]
    return [c for c in dict.fromkeys(out) if sum(c) + len(c) - 1 <= length]


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """A cell's shading changed in the picture where solutions differ: its row's clue
    and its column's each one cell longer, or each one shorter."""
    out: list[Edit[Board]] = []
    for r, c in sorted(cells):
        row, column = board.clue("row", r), board.clue("column", c)
        for delta in (1, -1):
            for across in _changes(row, board.cols, delta):
                for down in _changes(column, board.rows, delta):
                    changed = board.reclued({("row", r): across, ("column", c): down})
                    out.append(Edit((r, c), "clues", f"row {r + 1}'s clue {shown(row)} "
                                    f"changed to {shown(across)} and column {c + 1}'s "
                                    f"{shown(column)} to {shown(down)}", changed,
                                    base=changed, cost=2))  # new automata: tried alone
    return out


def picture(board: Board, shaded: Shaded | None = None) -> GridPicture:
    """The grid in a frame that holds the clues (left of the rows, above the
    columns), an answer's shaded cells black and its other cells dotted; without an
    answer, a board read from a picture shows that picture's cells grey (what the
    setter drew, not a solution found)."""
    frame = max((len(c or (0,)) for c in (*board.columns, *board.lines)), default=1)
    pic = GridPicture(board.rows, board.cols, title=f"Nonogram {board.cols}x{board.rows}",
                      frame=max(frame, 1))
    for side, clues_ in (("column", board.columns), ("row", board.lines)):
        for index, lengths in enumerate(clues_):
            words = ["?"] if lengths is None else [str(n) for n in lengths] or ["0"]
            for k, word in enumerate(reversed(words)):
                at = (-1 - k, index) if side == "column" else (index, -1 - k)
                pic.label[at] = (word, SHADE)
    if shaded is None and board.picture is not None:
        for cell in board.picture:
            pic.fill[board.grid.rc(cell)] = DRAWN
    if shaded is not None:
        for cell in range(board.cells):
            if cell in shaded:
                pic.fill[board.grid.rc(cell)] = SHADE
            else:
                pic.dots[board.grid.rc(cell)] = DOT
    return pic


DRAWN = "#9a9a9a"  # a cell of the picture a board was read from
DRAWN_SECONDS = 10.0  # the longest the page looks for a picture of clues it is given


def drawn(board: Board) -> str:
    """The picture the setter's page edits for ``board``: the one the board was read
    from, while its clues are that picture's; else an answer of the clues, found within
    :data:`DRAWN_SECONDS`. A board with a line without a clue, or whose clues have no
    answer, has no picture: an :class:`InputError` says so."""
    shaded = board.picture
    if shaded is None or clued(board.rows, board.cols, shaded) != board:
        if None in board.columns or None in board.lines:
            raise InputError("the page draws a Nonogram as its picture, and this board has "
                             "a line without a clue: the command line solves it")
        result = solve(board, time_limit=DRAWN_SECONDS)
        if result.solution is None:
            why = ("no picture was found within "
                   f"{DRAWN_SECONDS:g} s" if result.limit_reached else "its clues draw none")
            raise InputError(f"the page draws a Nonogram as its picture, and {why}: the "
                             "command line solves and explains it")
        shaded = result.solution
    return to_picture(board.rows, board.cols, shaded)


NONOGRAM: GridPuzzle[Board, Shaded] = GridPuzzle(
    name="nonogram",
    summary="Nonogram: shade the runs each row's and column's clue lists, in order.",
    help="Solve the Nonogram BOARD: a puzz.link URL, a Pattern game ID, a webpbn .non "
         "file, a pzprjs file, or grid text (ROWS COLS, then a line for each column's "
         "clue, left to right, then one for each row's, top to bottom; 0 for an empty "
         "line), or a picture (rows of # and .) read as the board of its runs. Shade "
         "cells so that each line's runs of shaded cells have its clue's lengths, in "
         "order. Answers: # on each shaded cell.",
    example="https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h",
    formats=FORMATS, answer=SHADED, check=check, statement=STATEMENT, picture=picture,
    nothing="no shading gives every row and column the runs of its clue",
    hints=Hints(clues=clues, without=without, edits=edits, noun="clue"),
    layout=LAYOUT,
    editor=Editor(cycle=(".", "#"), compact=True, size=(10, 10), drawn=drawn),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(NONOGRAM)
