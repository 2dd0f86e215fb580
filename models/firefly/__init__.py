"""Hotaru Beam (firefly): fireflies are circles with a dot on one side. Draw lines from
cell centre to cell centre, never crossing or branching: each leaves a firefly by its dot
and ends at a firefly's body (a side other than its dot), never passing through a
circle; a number in a firefly is how many times its line turns (``?``: any); every
firefly's dot has a line, and the lines make one connected network. Cells without a
firefly may be left empty.

Boards: grid text (``ROWS COLS``, then rows of ``-`` and fireflies: a number, or ``?``,
and the direction of the dot, ``n`` ``s`` ``e`` ``w``, as ``2e``; a number alone is a
firefly without a dot), puzz.link URLs (``firefly``), pzprjs files, Penpa+ links. Lines
are written as a token a cell, the directions the lines leave it by (``ns``, ``ew``,
``e``, ``nes`` at a firefly ...), ``-`` where none.

>>> from cpsolve.models.firefly import parse, solve
>>> board = parse("https://puzz.link/p?firefly/5/5/40c21a3.a30g10a22a11c11")
>>> solve(board, unique=True).unique
True
"""

from collections.abc import Sequence
from dataclasses import dataclass

from cpsolve.errors import InputError
from cpsolve.grid import arrows
from cpsolve.grid import text as gridtext
from cpsolve.grid.answers import Tokens
from cpsolve.grid.api import api
from cpsolve.grid.arrows import Arrow
from cpsolve.grid.arrows import ArrowGrid as Board
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.grid.loops import DIRECTIONS
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import GridPicture
from cpsolve.models.firefly.check import Lines, check
from cpsolve.models.firefly.layout import LAYOUT
from cpsolve.models.firefly.rules import STATEMENT, dot, most


@dataclass(frozen=True)
class LineTokens(Tokens):
    """Lines as a token a cell; a firefly's token may name up to four directions."""

    what: str = "line"

    def looks(self, text: str) -> bool:
        try:
            _, _, (found,) = gridtext.read(text, 1, names=("line",), words=True)
        except InputError:
            return False
        texts = {t.text.lower() for row in found for t in row} - {"-"}
        return bool(texts) and all(set(t) <= set(DIRECTIONS) and len(set(t)) == len(t)
                                   for t in texts)


ANSWER = LineTokens()
FORMATS = arrows.arrow_grid(Board, {"firefly": "Hotaru Beam"}, looks=ANSWER.looks,
                            janko={"hotaru": "Hotaru Beam"}, janko_points=True,
                            penpa_points="firefly")


def clues(board: Board) -> list[Clue]:
    """The numbers of the fireflies with a dot, in reading order (a number on a firefly
    without a dot counts nothing)."""
    return [Clue(board.grid.rc(cell), f"number {arrow.number}", cell, arrow.number)
            for cell in board.clue_cells
            if (arrow := board.clues[cell]) and arrow.number is not None
            and arrow.direction is not None]


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the numbers of ``gone`` taken away: their fireflies keep their dots."""
    return board.with_clues({c.index: Arrow(None, board.clues[c.index].direction)  # type: ignore[union-attr]
                             for c in gone})


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """A number on a firefly with a dot and no number, then a firefly's number changed;
    numbers up to the board's largest (at least 4)."""
    where, top = board.grid.where, most(board)
    out: list[Edit[Board]] = []
    for cell in board.clue_cells:
        arrow = board.clues[cell]
        if arrow is None or arrow.direction is None or dot(board, cell) is None:
            continue
        for n in range(max(top, 4) + 1):
            if n == arrow.number:
                continue
            clue = Clue(board.grid.rc(cell), f"number {n}", cell, n)
            words = (f"number {n} on the firefly at {where(cell)}" if arrow.number is None
                     else f"the firefly at {where(cell)} numbered {n}")
            changed = board.with_clues({cell: Arrow(n, arrow.direction)})
            if arrow.number is None and n <= top:  # a clue added: an assumption
                out.append(Edit(board.grid.rc(cell), "number", words, changed, clue=clue,
                                number=n, cost=1))
            else:  # a board of its own (a number changed, or above the board's counts)
                out.append(Edit(board.grid.rc(cell), "number", words, changed, base=changed,
                                number=n, cost=1 if arrow.number is None else 2))
    return sorted(out, key=lambda e: e.cost)


def picture(board: Board, lines: Lines | None = None) -> GridPicture:
    """Fireflies as circles with their numbers and an arrow to their dots; the lines
    when given."""
    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"Hotaru Beam {board.cols}x{board.rows}")
    for cell in board.clue_cells:
        arrow = board.clues[cell]
        assert arrow is not None
        pic.disc[rc(cell)] = ("#ffffff", "#1a1a1a")
        text = ("" if arrow.number is None else str(arrow.number)) + \
            arrows.GLYPHS[arrow.direction]
        pic.label[rc(cell)] = (text, "#1a1a1a")
    if lines is not None:
        pic.lines.extend((rc(a), rc(b)) for a, b in sorted(lines))
    return pic


FIREFLY: GridPuzzle[Board, Lines] = GridPuzzle(
    name="firefly",
    summary="Hotaru Beam: lines from fireflies' dots to bodies; by SAT cuts or a CP-SAT flow.",
    help="Solve the Hotaru Beam BOARD: grid text (ROWS COLS, then rows of - and "
         "fireflies: a number or ? and the direction of its dot, n s e w, as 2e) or a "
         "puzz.link URL. Draw lines through cell centres, never crossing or branching, "
         "each from a firefly's dot to another firefly's body; a number is how many "
         "times its line turns; all lines form one network. Answers: a token per cell, "
         "the directions the lines leave it by (ew, ns, se, ...; e, nes at a firefly), "
         "- where none.",
    example="https://puzz.link/p?firefly/5/5/40c21a3.a30g10a22a11c11",
    formats=FORMATS, answer=ANSWER, check=check, statement=STATEMENT, picture=picture,
    auto="sat", nothing="no lines join the fireflies by the rules",
    sat_solver=lambda model: "minisat22",
    hints=Hints(clues=clues, without=without, edits=edits, noun="number", unit="edges"),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "?n", "?e", "?s", "?w", "0e"), numbers=(0, "cells"),
                  letters="nsew", size=(7, 7)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(FIREFLY)
