"""Numberlink: join each pair of equal numbers by a path through cell centres; paths
never cross, branch or share a cell. Under the fill rule (``--fill``, or ``fill`` on
the grid text's size line: janko.at's and most apps' rule) every cell is on a path;
without it (Nikoli's and puzz.link's rule) cells may stay empty. Every answer, count and
proof is judged under the rule the board carries, and the output says which.

Boards: grid text (``ROWS COLS``, or ``ROWS COLS fill``, then rows of numbers and ``-``)
or puzz.link URLs (``numlin``, ``numberlink``; ``arukone``, pzprjs's Numberlink under
the fill rule, and ``arukone/e/`` without it; a board under the fill rule is written as
an ``arukone`` URL). Paths
are written as a token a cell, the directions the path leaves it by (``ns``, ``ew``,
``ne``, ...; one letter at a number), ``-`` where no path passes.

>>> from cpsolve.models.numberlink import parse, solve
>>> board = parse("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3")
>>> solve(board, unique=True).unique, solve(board.filled(), unique=True).unique
(True, True)
"""

from itertools import combinations

from cpsolve.backends.sat import by_search
from cpsolve.grid import boards, codecs
from cpsolve.grid.answers import Tokens
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.flags import Flag
from cpsolve.grid.hints import Edit, Hints
from cpsolve.grid.puzzle import GridPuzzle, Variant
from cpsolve.grid.render import GridPicture
from cpsolve.models.numberlink.board import Board, Paths
from cpsolve.models.numberlink.check import check
from cpsolve.models.numberlink.layout import LAYOUT
from cpsolve.models.numberlink.rules import STATEMENT, reduce
from cpsolve.options import Option

PATHS = Tokens(what="path", ends=True)
# puzz.link's body: pzprjs decodeNumber16 (its largest number "+fff").
FORMATS = codecs.number_grid(
    Board, {"numlin": "Numberlink", "numberlink": "Numberlink", "arukone": "Numberlink"},
    codecs.NUMBER16, most=4095, ruled=("arukone", "fill", "e"),
    unknown="a Numberlink number must be given: '?' pairs with nothing",
    flags=[Flag("fill", "every cell on a path")], looks=PATHS.looks, labels=True)
PAIRS = 60  # new pairs a fix tries at most, the closest first


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """Numbers moved to a neighbouring cell where solutions differ, then new pairs in
    two such cells (the closest first, at most :data:`PAIRS`); each a board of its own
    (a new number brings a label of its own)."""
    grid = board.grid
    free = sorted(grid.cell(r, c) for r, c in cells if board.numbers[grid.cell(r, c)] is None)
    out: list[Edit[Board]] = []
    for cell in free:
        for end in grid.neighbours[cell]:
            if (number := board.numbers[end]) is not None:
                moved = board.renumbered({end: None, cell: number})
                out.append(Edit(grid.rc(cell), "number", f"number {number} at "
                                f"{grid.where(end)} moved to {grid.where(cell)}", moved,
                                base=moved, number=number, cost=2))

    def apart(pair: tuple[int, int]) -> int:
        (ra, ca), (rb, cb) = grid.rc(pair[0]), grid.rc(pair[1])
        return abs(ra - rb) + abs(ca - cb)

    fresh = max(board.values, default=0) + 1
    for a, b in sorted((p for p in combinations(free, 2) if apart(p) >= 2),
                       key=lambda p: (apart(p), p))[:PAIRS]:
        added = board.renumbered({a: fresh, b: fresh})
        out.append(Edit(grid.rc(a), "number", f"a new pair {fresh} at {grid.where(a)} and "
                        f"{grid.where(b)}", added, base=added, number=fresh, cost=3))
    return out


def picture(board: Board, paths: Paths | None = None) -> GridPicture:
    """The numbers in circles, and the paths when given; the title says when the fill
    rule is in force."""
    rc = board.grid.rc
    rule = ", fill" if board.fill else ""
    return GridPicture(board.rows, board.cols,
                       title=f"Numberlink {board.cols}x{board.rows}{rule}",
                       lines=[(rc(a), rc(b)) for a, b in sorted(paths or ())],
                       disc={rc(cell): ("#ffffff", "#1a1a1a") for cell in board.ends},
                       label={rc(cell): (str(board.numbers[cell]), "#1a1a1a")
                              for cell in board.ends})


FILL: Variant[Board] = Variant(
    option=Option("fill", False, "Every cell is on a path (janko.at's rule; a URL never "
                  "says it, grid text says it on its size line)", kind=bool),
    apply=lambda board, on: board.filled(on), said=lambda board: board.rule)

NUMBERLINK: GridPuzzle[Board, Paths] = GridPuzzle(
    name="numberlink",
    summary="Numberlink: join equal numbers by paths; by SAT cuts or AddCircuit.",
    help="Solve the Numberlink BOARD: grid text (ROWS COLS, or ROWS COLS fill, then ROWS "
         "rows of numbers and -) or a puzz.link URL. Join each pair of equal numbers by "
         "a path through cell centres; paths never cross, branch or share a cell. With "
         "--fill (or fill on the size line) every cell is on a path. Answers: a token per "
         "cell, the directions the path leaves it by (ew, ns, ne, ...; one letter at a "
         "number), - where no path passes.",
    example="https://puzz.link/p?numlin/5/5/1j2h3m1h2j3",
    formats=FORMATS, answer=PATHS, check=check, statement=STATEMENT, picture=picture,
    auto="sat", nothing="no paths join the numbers",
    sat_solver=by_search,
    # Taking a number away is no relaxation: its partner is left without a path, and
    # under the fill rule its path's cells must go to others.
    hints=Hints(clues=boards.number_clues(), without=boards.erased, edits=edits,
                removable=False, monotone=False, noun="number", unit="edges",
                kept="a number taken away leaves its partner without a path"),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "1", "2", "3", "4", "5"), numbers=(1, "cells"), size=(7, 7),
                  flags=("fill",)),
    variant=FILL, reduce=reduce,
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(NUMBERLINK)
