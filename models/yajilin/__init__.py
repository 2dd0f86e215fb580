"""Yajilin: shade some cells, never two side by side, and draw one closed loop
through the centres of all the other cells but the clue cells; a number with an arrow
says how many shaded cells lie in the arrow's direction.

>>> from cpsolve.models.yajilin import parse, show, solve
>>> board = parse("https://puzz.link/p?yajilin/6/6/d41a21g11f10g31a10d")
>>> result = solve(board, unique=True)
>>> result.unique
True
"""

from typing import cast

from cpsolve.grid import arrows
from cpsolve.grid.answers import ShadedLoop
from cpsolve.grid.api import api
from cpsolve.grid.arrows import BLANK, STEPS, Arrow
from cpsolve.grid.arrows import ArrowGrid as Board
from cpsolve.grid.editor import Editor
from cpsolve.grid.geometry import Edge
from cpsolve.grid.hints import Edit, Hints
from cpsolve.grid.puzzle import GridPuzzle
from cpsolve.grid.render import GridPicture
from cpsolve.models.yajilin.check import check
from cpsolve.models.yajilin.layout import LAYOUT
from cpsolve.models.yajilin.rules import STATEMENT

Loop = frozenset[Edge]  # an answer: the loop's edges between cells, each (a, b), a < b
# Answers: the loop's tokens, # a shaded cell, a clue cell's own token.
ANSWER = ShadedLoop(clue=Board.token)
# Grid text and puzz.link URLs (the display flag b changes nothing; o is another rule).
FORMATS = arrows.arrow_grid(Board, {"yajilin": "Yajilin", "yajirin": "Yajilin"},
                            looks=ANSWER.looks, refuse={"o": "the flag 'o' (every shaded "
                            "cell outside the loop) is a variant with another rule, not "
                            "Yajilin's"}, janko={}, janko_blank="x#")
shaded = ANSWER.shaded


def picture(board: Board, loop: Loop | None = None) -> GridPicture:
    """Clue cells grey with their numbers and arrows; with the loop, shaded cells
    black and the loop through cell centres."""
    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"Yajilin {board.cols}x{board.rows}")
    for cell in board.clue_cells:
        pic.fill[rc(cell)] = "#d9d9d9"
        pic.label[rc(cell)] = (cast(Arrow, board.clues[cell]).label, "#1a1a1a")
    if loop is not None:
        pic.fill.update((rc(cell), "#1a1a1a") for cell in shaded(board, loop))
        pic.lines.extend((rc(a), rc(b)) for a, b in sorted(loop))
    return pic


def _arrows(board: Board, cell: int, cost: int, words: str) -> list[Edit[Board]]:
    """Every number with an arrow on ``cell`` (a clue cell without one as the base)
    that its ray can hold, but the one there."""
    base = board.with_clues({cell: BLANK})
    tried = [(Arrow(n, d), arrows.clue(base, cell, d, n)) for d in STEPS if base.counted(cell, d)
             for n in range(base.most(cell, d) + 1)]
    return [Edit(board.grid.rc(cell), "clue", words.format(clue=clue.text),
                 base.with_clues({cell: arrow}), clue=clue, base=base, number=clue.number,
                 cost=cost) for arrow, clue in tried if arrow != board.clues[cell]]


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """A clue cell with a number and an arrow on a cell where solutions differ; a
    clue whose arrow looks at such a cell given another number or arrow."""
    where, differing = board.grid.where, {board.grid.cell(r, c) for r, c in cells}
    out: list[Edit[Board]] = []
    for cell in sorted(differing):
        if board.clues[cell] is None:
            out += _arrows(board, cell, 1, f"a clue cell at {where(cell)} with the {{clue}}")
    for cell in board.clue_cells:
        if any(set(board.ray(cell, d)) & differing for d in STEPS):
            out += _arrows(board, cell, 2, f"the clue at {where(cell)} changed to the {{clue}}")
    return out


YAJILIN: GridPuzzle[Board, Loop] = GridPuzzle(
    name="yajilin",
    summary="Yajilin: shade cells, one loop through the rest; by SAT cuts, AddCircuit or a flow.",
    help="Solve the Yajilin BOARD: grid text (ROWS COLS, then rows of - and clues: a "
         "number and the direction of its arrow, n s e w, as 2e) or a puzz.link URL. "
         "Shade some cells, never two side by side, and draw one closed loop through "
         "the centres of all the other cells but the clue cells; a number with an arrow "
         "is how many shaded cells lie in that direction. Answers: a token per cell, "
         "the directions the loop leaves it by (ew, ns, ne, nw, se, sw), # a shaded "
         "cell, a clue cell's own clue.",
    example="https://puzz.link/p?yajilin/6/6/d41a21g11f10g31a10d",
    formats=FORMATS, answer=ANSWER, check=check, statement=STATEMENT, picture=picture,
    auto="sat", nothing="no loop and shading satisfy the rules",
    # A number taken away leaves its clue cell (?), so taking it away only relaxes.
    hints=Hints(clues=arrows.clues, without=arrows.without, edits=edits, noun="number",
                unit="edges"),
    layout=LAYOUT,
    editor=Editor(cycle=("-", "?", "0n", "0e", "0s", "0w"), numbers=(0, "side"),
                  letters="nsew", size=(6, 6)),
)
FAMILY, solve, parse, show, to_rows, read_answer, to_text, to_url = api(YAJILIN)
