"""Nurimaze: shade whole regions so that no 2x2 block is all shaded or all unshaded and
the unshaded cells make a maze (connected, no loop) whose one way from S to G passes
every circle and no triangle.

>>> from cpsolve.models.nurimaze import parse, show, solve
>>> board = parse("https://puzz.link/p?nurimaze/6/6/6efjsstsvjun1e374i2547")
>>> show(board, solve(board).solution).splitlines()
['....##', '###...', '..#.#.', '.####.', '......', '.#.###']
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace

from cpsolve.grid.answers import Marks
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import SHADE, GridPicture, marked_regions
from cpsolve.models.nurimaze.board import CIRCLE, MARK_NAMES, NONE, TRIANGLE, Board, formats
from cpsolve.models.nurimaze.check import Shading, check, route
from cpsolve.models.nurimaze.layout import LAYOUT
from cpsolve.models.nurimaze.rules import STATEMENT, clues


def objects_shaded(board: Board, shading: frozenset[int]) -> list[str]:
    """Where a read answer shades S, G, a circle or a triangle."""
    return [f"{'S' if c == board.start else 'G' if c == board.goal else MARK_NAMES[board.marks[c]]}"
            f" at {board.grid.where(c)} is shaded" for c in sorted(shading)
            if c in (board.start, board.goal) or board.marks[c]]


SHADED = Marks(clash=objects_shaded)
FORMATS = formats(SHADED.looks)
EXAMPLE = "https://puzz.link/p?nurimaze/6/6/6efjsstsvjun1e374i2547"


def picture(board: Board, shading: Collection[int] | None = None) -> GridPicture:
    """Thick region borders, S and G, circles and triangles; an answer's shaded cells
    and its way from S to G."""
    pic = marked_regions(board, shading, title=f"Nurimaze {board.cols}x{board.rows}",
                         mark="", fill=SHADE, dots=True)
    rc = board.grid.rc
    for cell, mark in enumerate(board.marks):
        r, c = rc(cell)
        if mark == CIRCLE:
            pic.disc[(r, c)] = ("#ffffff", SHADE)
        elif mark == TRIANGLE:
            pic.polygons.append((((c + 0.5, r + 0.2), (c + 0.2, r + 0.75),
                                  (c + 0.8, r + 0.75)), SHADE))
    pic.label[rc(board.start)] = ("S", SHADE)
    pic.label[rc(board.goal)] = ("G", SHADE)
    for cell in (board.start, board.goal, *board.circles, *board.triangles):
        pic.dots.pop(rc(cell), None)
    way = route(board, set(shading)) if shading is not None else None
    pic.lines.extend((rc(a), rc(b)) for a, b in zip(way or (), (way or [])[1:]))
    return pic


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the circles and triangles of ``gone`` taken away."""
    marks = list(board.marks)
    for clue in gone:
        marks[clue.index] = NONE
    return replace(board, marks=tuple(marks))


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """A fix's changes where solutions differ: a circle or a triangle drawn in a cell
    without one (tried as a clue), or one turned into the other."""
    grid = board.grid
    out: list[Edit[Board]] = []
    for r, c in sorted(cells):
        cell = grid.cell(r, c)
        if cell in (board.start, board.goal):
            continue
        now = board.marks[cell]
        bare = without(board, [Clue((r, c), "", cell, now)]) if now else None
        for mark in (CIRCLE, TRIANGLE):
            if mark == now:
                continue
            name = MARK_NAMES[mark]
            marks = list(board.marks)
            marks[cell] = mark
            text = (f"{name} at {grid.where(cell)}" if not now else
                    f"{MARK_NAMES[now]} at {grid.where(cell)} turned into a {name}")
            out.append(Edit((r, c), name, text, replace(board, marks=tuple(marks)),
                            clue=Clue((r, c), name, cell, mark), base=bare,
                            cost=2 if now else 1))
    return out


NURIMAZE: GridPuzzle[Board, Shading] = GridPuzzle(
    name="nurimaze",
    summary="Nurimaze: shade whole regions into a maze whose way from S to G passes the "
            "circles, by SAT or CP-SAT.",
    help="Solve the Nurimaze BOARD: grid text (ROWS COLS, ROWS rows of S, G, o (a "
         "circle), t (a triangle) or -, ROWS rows of region names) or a puzz.link URL. "
         "Shade whole regions so that no 2x2 block is all shaded or all unshaded, the "
         "unshaded cells are connected and make no loop, and the one way from S to G "
         "through them passes every circle and no triangle (S, G, circles and triangles "
         "unshaded). Answers: rows of # (shaded) and .",
    example=EXAMPLE,
    formats=FORMATS, answer=SHADED, check=check, statement=STATEMENT, picture=picture,
    auto="sat", nothing="no shading of whole regions makes such a maze",
    hints=Hints(clues=clues, without=without, edits=edits, noun="mark"),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "o", "t", "S", "G"), regions=True, size=(6, 6)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(NURIMAZE)
