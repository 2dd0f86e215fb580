"""Star Battle: place stars so that every row, every column and every region holds
the board's number of them, and no two stars touch, not even diagonally.

>>> from cpsolve.models.starbattle import parse, show, solve
>>> board = parse("https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk")
>>> print(show(board, solve(board).solution))
.*....
....*.
..*...
*.....
.....*
...*..
"""

from cpsolve.grid import codecs, regions
from cpsolve.grid.answers import Marks
from cpsolve.grid.api import api
from cpsolve.grid.editor import Editor
from cpsolve.grid.hints import Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import GridPicture, marked_regions
from cpsolve.models.starbattle.board import Board, Stars
from cpsolve.models.starbattle.check import check
from cpsolve.models.starbattle.layout import LAYOUT
from cpsolve.models.starbattle.rules import STATEMENT

STAR = Marks(mark="*", on="*#xX1oO", off=".-+0_", what="'*' (a star)")
# Grid text: ROWS COLS STARS, then the region names; puzz.link: COLS/ROWS/STARS/BORDERS.
FORMATS = codecs.region_grid(
    Board, {"starbattle": "Star Battle"}, title="Star Battle", looks=STAR.looks,
    empty="given stars are not part of the genre",
    param=codecs.Param("stars", "STARS", "the stars per row, column and region",
                       janko="depth"),
    holes=True)


def picture(board: Board, stars: Stars | None = None) -> GridPicture:
    """Thick region borders, a star in each starred cell, a dot in the others."""
    plural = "s" if board.stars != 1 else ""
    return marked_regions(board, stars, mark="\u2605", dots=True, title=f"Star Battle "
                          f"{board.cols}x{board.rows}, {board.stars} star{plural}")


STARBATTLE: GridPuzzle[Board, Stars] = GridPuzzle(
    name="starbattle",
    summary="Star Battle: stars counted by rows, columns and regions, never touching.",
    help="Solve the Star Battle BOARD: grid text (ROWS COLS STARS, then ROWS rows of "
         "region names) or a puzz.link URL. Place stars so that every row, column and "
         "region holds STARS of them and no two touch, not even diagonally. Answers: "
         "rows of * (a star) and .",
    example="https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk",
    formats=FORMATS, answer=STAR, picture=picture, check=check, statement=STATEMENT,
    # Glucose 4, the steadiest measured on these models (solve and uniqueness proof of
    # 32 published and generated boards: median 0.013 s, p90 0.062, max 0.092 against
    # CaDiCaL's 0.015, 0.072 and 0.196; docs/figures.md, Star Battle).
    auto="sat", sat_solver=lambda model: "glucose4",
    nothing="no placement of stars meets every count",
    # The counts are clues only to name those in conflict; a fix moves a cell where
    # solutions differ into the region beside it.
    hints=Hints(clues=STATEMENT.clues, without=regions.freed,  # type: ignore[arg-type]
                edits=regions.move_edits, noun="count", removable=False,
                kept="the counts are the genre's rules, not clues a setter takes away"),
    layout=LAYOUT,
    editor=Editor(regions=True, params=(("stars", 1),), size=(6, 6), square=True),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(STARBATTLE)
