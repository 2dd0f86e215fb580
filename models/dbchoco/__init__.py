"""Double Choco: divide the grid into areas, each a connected white half and a
connected grey half of one shape (turned or mirrored allowed); a number is the size of
its half.

>>> from cpsolve.models.dbchoco import parse, show, solve
>>> board = parse("https://puzz.link/p?dbchoco/4/2/ak2g1k")
>>> print(show(board, solve(board).solution))
.|__
.|..
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cpsolve.grid import boards
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import SHADE, GridPicture
from cpsolve.models.dbchoco.board import FORMATS, Board, to_cells
from cpsolve.models.dbchoco.check import check
from cpsolve.models.dbchoco.layout import LAYOUT
from cpsolve.models.dbchoco.rules import STATEMENT, Division

GREY = "#cccccc"  # pzprjs's grey cells
WALLS = {".": (False, False), "|": (True, False), "_": (False, True), "J": (True, True)}


@dataclass(frozen=True)
class Walls:
    """A division written as each cell's borders on its right and below: ``.`` none,
    ``|`` right, ``_`` below, ``J`` both (a cell's token says only what its own
    borders say); read back, one character a cell."""

    def rows(self, board: Board, division: Division) -> list[str]:
        grid = board.grid
        token = {v: k for k, v in WALLS.items()}
        return ["".join(token[tuple(  # type: ignore[index]
            o is not None and (c, o) in division
            for o in (grid.step(c, 0, 1), grid.step(c, 1, 0)))]
            for c in range(r * board.cols, (r + 1) * board.cols)) for r in range(board.rows)]

    def show(self, board: Board, division: Division) -> str:
        return "\n".join(self.rows(board, division))

    def read(self, text: str, board: Board) -> tuple[Division, list[str]]:
        from cpsolve.errors import InputError
        from cpsolve.grid import text as gridtext

        said = gridtext.content(text)
        if len(said) != board.rows:
            at = said[-1][0] if said else 1
            raise InputError(f"the answer has {len(said)} rows, the board {board.rows}",
                             line=at, column=1)
        walls: set[tuple[int, int]] = set()
        grid = board.grid
        for r, (number, line) in enumerate(said):
            tokens = [(k + 1, ch) for k, ch in enumerate(line) if ch.strip()]
            if len(tokens) != board.cols:
                raise InputError(f"a row of the answer has {len(tokens)} cells, the board "
                                 f"{board.cols} columns", line=number, column=1)
            for c, (column, ch) in enumerate(tokens):
                if ch not in WALLS:
                    raise InputError(f"a cell of an answer is one of . | _ J, not {ch!r}",
                                     line=number, column=column)
                cell = grid.cell(r, c)
                for on, step in zip(WALLS[ch], ((0, 1), (1, 0))):
                    other = grid.step(cell, *step)
                    if on and other is not None:
                        walls.add((cell, other))
        return frozenset(walls), []


ANSWER = Walls()


def picture(board: Board, division: Division | None = None) -> GridPicture:
    """The grey cells and the numbers; an answer's areas by thick borders."""
    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"Double Choco {board.cols}x{board.rows}")
    for cell in range(board.cells):
        if board.grey[cell]:
            pic.fill[rc(cell)] = GREY
        number = board.numbers[cell]
        if number is not None:
            pic.label[rc(cell)] = ("?" if number < 0 else str(number), SHADE)
    if division is not None:
        pic.borders.update((rc(a), rc(b)) for a, b in division)
    return pic


def _fixes(board: Board, cell: int) -> range:
    """The numbers a fix writes in an empty cell: 1 up to the largest half."""
    return range(0) if board.numbers[cell] is not None else range(1, board.largest + 1)


DBCHOCO: GridPuzzle[Board, Any] = GridPuzzle(
    name="dbchoco",
    summary="Double Choco: areas of a white and a grey half of one shape.",
    help="Solve the Double Choco BOARD: grid text (ROWS COLS, the colours as rows of . "
         "white and # grey, then the numbers, - for none) or a puzz.link URL. Divide the "
         "grid into areas, each a connected white half and a connected grey half of one "
         "shape (turned or mirrored), a number the size of its half. Answers: each "
         "cell's borders on its right and below (. none, | right, _ below, J both).",
    example="https://puzz.link/p?dbchoco/4/2/ak2g1k",
    formats=FORMATS, show=ANSWER.show, rows=ANSWER.rows, read_answer=ANSWER.read,
    check=check, statement=STATEMENT,
    picture=picture,
    nothing="no division into areas of two halves of one shape meets the numbers",
    hints=Hints(clues=boards.number_clues(), without=boards.erased, noun="number",
                edits=boards.number_edits(_fixes), symmetric=True),
    layout=LAYOUT,
    editor=Editor(cycle=(".", "?"), numbers=(1, "cells"), shade="#", size=(6, 6),
                  drawn=to_cells),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(DBCHOCO)
