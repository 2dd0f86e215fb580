"""Yajisan-Kazusan: shade some cells, never two side by side, the unshaded cells
connected; a number with an arrow on an unshaded cell says how many shaded cells lie in
the arrow's direction, to the board's edge. A clue may be shaded itself, and then says
nothing.

>>> from cpsolve.models.yajikazu import parse, show, solve
>>> board = parse("https://puzz.link/p?yajikazu/6/5/g4022b32f41c12e817a")
>>> result = solve(board, unique=True)
>>> result.unique, sorted(result.solution)
(True, [4, 7, 9, 14, 16, 18, 26, 28])
"""

from collections.abc import Sequence
from dataclasses import replace
from typing import cast

from cpsolve.errors import InputError
from cpsolve.grid import arrows, puzzlink
from cpsolve.grid.answers import SHADED
from cpsolve.grid.api import api
from cpsolve.grid.arrows import STEPS, Arrow
from cpsolve.grid.arrows import ArrowGrid as Board
from cpsolve.grid.codecs import Formats
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import GridPicture
from cpsolve.models.yajikazu.check import check
from cpsolve.models.yajikazu.layout import LAYOUT
from cpsolve.models.yajikazu.rules import STATEMENT

Shading = frozenset[int]  # an answer: the shaded cells
KINDS = {"yajikazu": "Yajisan-Kazusan"}
# pzprjs reads a second genre from the same code, with another rule: refused by name.
OTHERS = {"outofsight": "'outofsight' (Out of Sight) is another genre: its numbers are "
                        "colours, and an unshaded clue sees no unshaded clue of its colour "
                        "along its arrow; Yajisan-Kazusan here does not read it"}
_BASE = arrows.arrow_grid(Board, KINDS, looks=SHADED.looks,
                          janko={"yajisan": "Yajisan-Kazusan"})


def _url(text: str) -> Board:
    """A puzz.link URL (pzprjs ``decodeArrowNumber16``), the variant refused by name."""
    match = puzzlink.URL_RE.match(text)
    if match:
        kind = match.group("rest").split("/", 1)[0]
        kind = next((kind[:-len(m)] for m in puzzlink.MODES if kind.endswith(m)), kind)
        if kind in OTHERS:
            raise InputError(OTHERS[kind], line=1, column=match.start("rest") + 1)
    return _BASE.forms.url(text)


FORMATS = Formats(replace(_BASE.forms, url=_url), _BASE.text, _BASE.exports)


def picture(board: Board, shading: Shading | None = None) -> GridPicture:
    """Numbers with their arrows; with the answer, shaded cells black (a shaded
    clue's number grey on them)."""
    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"Yajisan-Kazusan {board.cols}x{board.rows}")
    for cell in shading or ():
        pic.fill[rc(cell)] = "#1a1a1a"
    for cell in board.clue_cells:
        dark = shading is not None and cell in shading
        pic.label[rc(cell)] = (cast(Arrow, board.clues[cell]).label,
                               "#8c8c8c" if dark else "#1a1a1a")
    return pic


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the clues of ``gone`` taken away: their cells plain (a clue
    cell says nothing without its number and arrow)."""
    return board.with_clues({cast(tuple[int, str], c.key)[0]: None for c in gone})


def _arrows(board: Board, cell: int, cost: int, words: str) -> list[Edit[Board]]:
    """Every number with an arrow on ``cell`` that its ray can hold (never two
    shaded side by side), but the one there: each a clue added to the board with the
    cell plain (the board itself when it is), tried by an assumption."""
    base = board.with_clues({cell: None})
    tried = [(Arrow(n, d), arrows.clue(base, cell, d, n)) for d in sorted(STEPS)
             if base.ray(cell, d) for n in range((len(base.ray(cell, d)) + 1) // 2 + 1)]
    own = None if board.clues[cell] is None else base
    return [Edit(board.grid.rc(cell), "clue", words.format(clue=clue.text),
                 base.with_clues({cell: made}), clue=clue, base=own, number=clue.number,
                 cost=cost) for made, clue in tried if made != board.clues[cell]]


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """A number with an arrow on a cell where solutions differ; a clue whose arrow
    looks at such a cell given another number or arrow."""
    where, differing = board.grid.where, {board.grid.cell(r, c) for r, c in cells}
    out: list[Edit[Board]] = []
    for cell in sorted(differing):
        if board.clues[cell] is None:
            out += _arrows(board, cell, 1, f"the {{clue}} at {where(cell)}")
    for cell in board.counting:
        if any(set(board.ray(cell, d)) & differing for d in STEPS):
            out += _arrows(board, cell, 2, f"the clue at {where(cell)} changed to the {{clue}}")
    return out


YAJIKAZU: GridPuzzle[Board, Shading] = GridPuzzle(
    name="yajikazu",
    summary="Yajisan-Kazusan: shade cells the arrows count, or shade the clue; by SAT or CP-SAT.",
    help="Solve the Yajisan-Kazusan BOARD: grid text (ROWS COLS, then rows of - and "
         "clues: a number and the direction of its arrow, n s e w, as 2e), a pzprjs file "
         "or a puzz.link URL. Shade some cells, never two side by side, the unshaded "
         "cells connected; a number with an arrow on an unshaded cell is how many "
         "shaded cells lie in that direction. A clue may be shaded, and then says "
         "nothing. Answers: rows of # (shaded) and .",
    example="https://puzz.link/p?yajikazu/6/5/g4022b32f41c12e817a",
    formats=FORMATS, answer=SHADED, check=check, statement=STATEMENT, picture=picture,
    nothing="no shading satisfies the rules",
    # A clue taken away leaves its cell plain: a relaxation. A fix writes a clue (or
    # changes one), tried by an assumption on the board's (or the plain cell's) solver.
    hints=Hints(clues=arrows.clues, without=without, edits=edits, noun="clue"),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "0n", "0e", "0s", "0w"), numbers=(0, "side"), letters="nsew",
                  size=(6, 6)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(YAJIKAZU)
