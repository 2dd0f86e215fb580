"""Kakuro: fill every white cell with a digit from 1 to 9 so that no run (a row or
column of white cells between black ones) holds a digit twice and each run adds up to
its sum, written in the black cell left of it (across) or above it (down).

>>> from cpsolve.models.kakuro import parse, show, solve
>>> board = parse("https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3")
>>> print(show(board, solve(board).solution))
-53--
3412-
12-12
-1938
--84-
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from cpsolve.errors import InputError
from cpsolve.grid import text as gridtext
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.geometry import Broken
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import SHADE, WRITTEN, GridPicture
from cpsolve.models.kakuro.board import FORMATS, MAX_SUM, Board, Digits, Key, to_sized, where
from cpsolve.models.kakuro.check import check
from cpsolve.models.kakuro.layout import LAYOUT
from cpsolve.models.kakuro.rules import STATEMENT, sets

GREY = "#c0c0c0"


@dataclass(frozen=True)
class Filled:
    """The answer kind: a digit a white cell, ``-`` a black one, a character a cell;
    read back spaced too, or with the board's frame (the puzzlekit data set's
    answers), ``.`` or ``0`` for a white cell left empty."""

    def rows(self, board: Board, digits: Digits) -> list[str]:
        return ["".join("-" if board.black[r * board.cols + c] else str(digits[r * board.cols + c])
                        for c in range(board.cols)) for r in range(board.rows)]

    def show(self, board: Board, digits: Digits) -> str:
        return "\n".join(self.rows(board, digits))

    def read(self, text: str, board: Board) -> tuple[Digits, list[str]]:
        """The digits ``text`` writes, with where it contradicts the board.

        >>> from cpsolve.models.kakuro.board import parse_grid
        >>> Filled().read("12\\n3-", parse_grid("- 4, 3,\\n,3 . .\\n,4 . -"))
        ((1, 2, 3, 0), [])
        """
        rows, cols, (grid,) = gridtext.read(text, 1, names=("answer",))
        if (rows, cols) == (board.rows + 1, board.cols + 1):
            grid = [row[1:] for row in grid[1:]]  # the frame, as the data set writes it
        elif (rows, cols) != (board.rows, board.cols):
            raise InputError(f"the answer is {rows}x{cols}, the board "
                             f"{board.rows}x{board.cols}", line=grid[0][0].line, column=1)
        out: list[int] = []
        clash: list[str] = []
        name, rc = board.grid.where, board.grid.rc
        for cell, token in enumerate(t for row in grid for t in row):
            said = token.text
            if said in ("-", "#"):
                out.append(0)
                if not board.black[cell]:
                    clash.append(Broken(f"the white cell at {name(cell)} is written black",
                                        rc(cell)))
            elif said.isascii() and said.isdigit() and len(said) == 1:
                out.append(int(said))
                if board.black[cell] and said != "0":
                    clash.append(Broken(f"a digit on the black cell at {name(cell)}",
                                        rc(cell)))
            elif said == ".":
                out.append(0)
            else:
                raise token.error(f"a cell of an answer is a digit or '-', not {said!r}")
        return tuple(out), clash


def _place(way: str, key: Key) -> str:
    """A sum, as a clue's place: ``down sum at row 2, column 3``, ``across sum left of
    row 2``."""
    return where(way, key).removeprefix("the ")


def clues(board: Board) -> list[Clue]:
    """The sums above 0 that ask something of a run, across then down, keyed by
    ``(way, key)``."""
    rc = board.grid.rc
    out = []
    for run in board.runs:
        total = board.total(run)
        if total is not None:
            out.append(Clue(rc(run.cells[0]), f"sum {total}", (run.way, run.key),
                            total, place=_place(run.way, run.key),
                            cells=tuple(map(rc, run.cells))))
    return out


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the sums of ``gone`` taken away."""
    return board.resummed({cast(tuple[str, Key], clue.key): None for clue in gone})


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """A sum written for a run through the open cells that has none, or a run's sum
    changed to another its length can make (the nearest first)."""
    out: list[Edit[Board]] = []
    touched = {board.grid.cell(r, c) for r, c in cells}
    for run in board.runs:
        if not touched & set(run.cells):
            continue
        total, key = board.total(run), (run.way, run.key)
        base = None if total is None else board.resummed({key: None})
        for other in sorted({sum(s) for s in sets(len(run.cells))} - {total}):
            clue = Clue(board.grid.rc(run.cells[0]), f"sum {other}", key, other,
                        place=_place(run.way, run.key), cells=tuple(map(board.grid.rc, run.cells)))
            text = f"{other} as {where(*key)}" if total is None else \
                f"{where(*key)} made {other}, not {total}"
            out.append(Edit(board.grid.rc(run.cells[0]), "sum", text,
                            board.resummed({key: other}), clue=clue, base=base, number=other,
                            cost=1 if total is None else 1 + abs(other - total)))
    return sorted(out, key=lambda e: e.cost)


def picture(board: Board, digits: Digits | None = None) -> GridPicture:
    """Black cells grey with their sums (``down\\across``), the frame too; an answer's
    digits in blue."""
    pic = GridPicture(board.rows, board.cols, title=f"Kakuro {board.cols}x{board.rows}",
                      frame=1)
    for r in range(-1, board.rows):
        for c in range(-1, board.cols):
            if not board.is_black(r, c):
                if digits is not None and digits[r * board.cols + c]:
                    pic.label[r, c] = (str(digits[r * board.cols + c]), WRITTEN)
                continue
            pic.fill[r, c] = GREY
            d, a = board.sums.get(("down", (r, c))), board.sums.get(("across", (r, c)))
            if d is not None or a is not None:
                pic.label[r, c] = (f"{'' if d is None else d}\\{'' if a is None else a}",
                                   SHADE)
    return pic



KAKURO: GridPuzzle[Board, Digits] = GridPuzzle(
    name="kakuro",
    summary="Kakuro: digits 1 to 9 in the white cells, each run adding up to its sum.",
    help="Solve the Kakuro BOARD: grid text (the board with its frame above and left: "
         ". a white cell, - a black one, DOWN,ACROSS a black cell's sums), a janko.at or "
         "pzprjs file, or a puzz.link URL. Write a digit from 1 to 9 in every white "
         "cell, none twice in a run, each run adding up to its sum. Answers: rows of "
         "digits, - for a black cell.",
    example="https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3",
    formats=FORMATS, answer=Filled(), check=check, statement=STATEMENT, picture=picture,
    nothing="no digits make every run's sum without a digit twice in a run",
    hints=Hints(clues=clues, without=without, edits=edits, noun="sum", unit="candidates"),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "."), numbers=(1, MAX_SUM), pair=",", frame=(1, 1),
                  size=(8, 8), drawn=to_sized),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(KAKURO)
__all__ = ["FAMILY", "KAKURO", "Board", "parse", "show", "solve", "to_text", "to_url"]
