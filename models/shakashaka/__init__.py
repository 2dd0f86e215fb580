"""Shakashaka: put a black triangle (half a cell, cut along a diagonal) in some white
cells so that every white area left is a rectangle, upright or at 45 degrees; a number
on a black cell counts the triangles on the cells beside it.

>>> from cpsolve.models.shakashaka import parse, show, solve
>>> board = parse("https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb")
>>> print(show(board, solve(board).solution))
2◤◥.1.
◤.◢3◤◥
◣◢4◤.◢
3◤◥◣◢.
◤.◢.◤◥
◣◢.1◣◢
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cpsolve.errors import InputError
from cpsolve.grid import codecs, forms, penpa, puzzlink
from cpsolve.grid import text as gridtext
from cpsolve.grid.api import api
from cpsolve.grid.boards import UNKNOWN, number_clues
from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import SHADE, GridPicture
from cpsolve.models.shakashaka.answer import TRIANGLES
from cpsolve.models.shakashaka.check import check
from cpsolve.models.shakashaka.layout import LAYOUT
from cpsolve.models.shakashaka.rules import STATEMENT, Answer

# puzz.link's body: pzprjs decode4Cell (a number 0-4 or "." a cell, runs of white cells).
NUMBERS = codecs.number_grid(
    Board, {"shakashaka": "Shakashaka"},
    codecs.CellNumbers(lambda link: puzzlink.decode_small(link, 0, link.cells)[0],
                       puzzlink.encode_small),
    most=4, why="a number counts the triangles beside it: 0 to 4", looks=TRIANGLES.looks)
DARK = (1, 4)  # the surfaces a Penpa+ link shades a black cell with: dark grey, black


def parse_penpa(shown: penpa.Board) -> Board:
    """A Penpa+ link's board: its black cells (dark grey or black), a number on one its
    clue (a blank one none)."""
    shown.only("Shakashaka", "surface", "numbers")
    numbers: list[int | None] = [None] * (shown.rows * shown.cols)
    for (r, c), colour in sorted(shown.surface.items()):
        if colour not in DARK:
            raise InputError(f"a cell shaded in colour {colour} ({penpa.at((r, c))}): a "
                             "black cell is black or dark grey")
        numbers[r * shown.cols + c] = UNKNOWN
    for (r, c), text in sorted(shown.numbers.items()):
        text = text.strip()
        if numbers[r * shown.cols + c] is None:
            raise InputError(f"a number on a white cell ({penpa.at((r, c))}): a "
                             "Shakashaka's numbers are on black cells")
        if text and (len(text) != 1 or text not in "01234"):
            raise InputError(f"a black cell's number is 0 to 4, not {text!r} "
                             f"({penpa.at((r, c))})")
        numbers[r * shown.cols + c] = int(text) if text else UNKNOWN
    return Board(shown.rows, shown.cols, tuple(numbers))


def to_penpa(board: Board) -> str:
    """The Penpa+ link of ``board``: black cells, their numbers in white."""
    rc = board.grid.rc
    black = board.clue_cells
    return penpa.write(penpa.Board(
        board.rows, board.cols, surface={rc(cell): 4 for cell in black},
        numbers={rc(cell): str(n) for cell in black if (n := board.shown(cell)) is not None}))


def parse_pzprv3(framed: forms.Framed) -> Board:
    """A pzprjs file's board (its first grid, pzprjs encodeCellQnumb): ``.`` a white cell,
    ``5`` a black cell without a number, ``0``-``4`` a number; the answer's grid after
    it is the player's."""
    shown = {".": "-", "5": "?"}
    grid = [[gridtext.Token(shown.get(t.text, t.text), t.line, t.column) for t in row]
            for row in framed.grid("0")]
    return Board(framed.rows, framed.cols, tuple(gridtext.numbers_of(grid, most=4)))


FORMATS = replace(NUMBERS, forms=replace(NUMBERS.forms, penpa=parse_penpa,
                                         pzprv3=parse_pzprv3),
                  exports={**NUMBERS.exports, "penpa": to_penpa})
# A triangle's corners, by pzprjs's code, as (x, y) within its cell.
CORNERS = {2: ((0, 0), (0, 1), (1, 1)), 3: ((1, 0), (1, 1), (0, 1)),
           4: ((0, 0), (1, 0), (1, 1)), 5: ((0, 0), (1, 0), (0, 1))}
ON_BLACK = "#ffffff"


def picture(board: Board, answer: Answer | None = None) -> GridPicture:
    """The black cells with their numbers, and the answer's triangles."""
    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"Shakashaka {board.cols}x{board.rows}")
    for cell, number in enumerate(board.numbers):
        if number is not None:
            pic.fill[rc(cell)] = SHADE
            if number >= 0:
                pic.label[rc(cell)] = (str(number), ON_BLACK)
    for cell, code in enumerate(answer or ()):
        if code in CORNERS:
            r, c = rc(cell)
            pic.polygons.append((tuple((c + x, r + y) for x, y in CORNERS[code]), SHADE))
    return pic


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """The board with the numbers of ``gone`` taken away: their cells stay black."""
    return board.renumbered({clue.index: UNKNOWN for clue in gone})


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """A fix's changes: a number on a black cell without one beside the cells where
    solutions differ (tried as a clue), or one of those cells made a black cell with a
    number (a board of its own)."""
    grid = board.grid
    out: list[Edit[Board]] = []
    differ = {grid.cell(r, c) for r, c in cells}
    for cell in sorted(set(grid.around(cells)) | differ):
        r, c = grid.rc(cell)
        where = grid.where(cell)
        if board.numbers[cell] == UNKNOWN:
            out.extend(Edit((r, c), "number", f"number {n} on the black cell at {where}",
                            board.renumbered({cell: n}),
                            clue=Clue((r, c), f"number {n}", cell, n), number=n)
                       for n in range(len(grid.neighbours[cell]) + 1))
        elif board.numbers[cell] is None and cell in differ:
            for n in range(len(grid.neighbours[cell]) + 1):
                changed = board.renumbered({cell: n})
                out.append(Edit((r, c), "black", f"black cell with a {n} at {where}",
                                changed, base=changed, number=n, cost=2))
    return out


SHAKASHAKA: GridPuzzle[Board, Answer] = GridPuzzle(
    name="shakashaka",
    summary="Shakashaka: black triangles that leave every white area a rectangle.",
    help="Solve the Shakashaka BOARD: grid text (ROWS COLS, then rows of tokens: - or . a "
         "white cell, 0-4 a black cell's number, ? a black cell without one; or rows of "
         "one character a cell) or a puzz.link URL. Put black triangles in white cells "
         "so that every white area is a rectangle, upright or at 45 degrees, and each "
         "number counts the triangles beside it. Answers: rows of . (white), the "
         "triangles as ◣ ◢ ◥ ◤ (their black corner), black cells as their numbers or #.",
    example="https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb",
    formats=FORMATS, answer=TRIANGLES, check=check, statement=STATEMENT,
    picture=picture, nothing="no triangles leave every white area a rectangle",
    hints=Hints(clues=number_clues(), without=without, edits=edits, noun="number"),
    layout=LAYOUT,
    editor=Editor(cycle=(".", "?", "0", "1", "2", "3", "4"), numbers=(0, 4), compact=True,
                  size=(6, 6), empty=("-",)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(SHAKASHAKA)
