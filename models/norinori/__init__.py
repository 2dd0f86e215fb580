"""Norinori: shade exactly two cells in every region so that every shaded cell touches
exactly one other shaded cell by an edge: the shaded cells make dominoes, which may
cross region borders.

>>> from cpsolve.models.norinori import parse, show, solve
>>> board = parse("https://puzz.link/p?norinori/5/5/cag4ocjo")
>>> print(show(board, solve(board).solution))
##...
..##.
##..#
....#
##...
"""

from cpsolve.grid import codecs, regions
from cpsolve.grid.answers import Marks
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.regions import Regions as Board
from cpsolve.grid.render import GridPicture, marked_regions
from cpsolve.models.norinori.check import Shading, check
from cpsolve.models.norinori.layout import LAYOUT
from cpsolve.models.norinori.rules import STATEMENT

# An answer is written as rows of # (shaded) and .
SHADED = Marks(on="#xX1*", off=".-+0_", what="'#' (shaded)")
FORMATS = codecs.region_grid(Board, {"norinori": "Norinori"}, title="Norinori",
                             looks=SHADED.looks, empty="the genre gives no clues in cells")


def picture(board: Board, shading: Shading | None = None) -> GridPicture:
    """Thick region borders; the shaded cells grey."""
    return marked_regions(board, shading, title=f"Norinori {board.cols}x{board.rows}",
                          mark="", fill="#5a5a5a")


NORINORI: GridPuzzle[Board, Shading] = GridPuzzle(
    name="norinori",
    summary="Norinori: two shaded cells in every region, the shaded cells in dominoes.",
    help="Solve the Norinori BOARD: grid text (ROWS COLS, then ROWS rows of region "
         "names) or a puzz.link URL. Shade exactly two cells in every region so that "
         "every shaded cell touches exactly one other shaded cell by an edge (dominoes, "
         "which may cross region borders). Answers: rows of # (shaded) and .",
    example="https://puzz.link/p?norinori/5/5/cag4ocjo",
    formats=FORMATS, answer=SHADED, picture=picture, check=check, statement=STATEMENT,
    auto="sat",
    nothing="no shading puts two cells of dominoes in every region",
    # The regions' counts are clues only to name those in conflict; a fix moves a cell
    # where solutions differ into the region beside it.
    hints=Hints(clues=STATEMENT.clues, without=regions.freed,  # type: ignore[arg-type]
                edits=regions.move_edits, noun="region", removable=False,
                kept="the regions are the puzzle, not clues a setter takes away"),
    layout=LAYOUT,
    editor=Editor(regions=True, size=(6, 6)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(NORINORI)
