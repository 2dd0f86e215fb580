"""The Mochikoro rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell,
true where it is shaded.

* no 2x2 block all shaded, and none with exactly one shaded cell: its three unshaded
  cells would be an L, a corner inside an unshaded area, which then is no rectangle
  (an area of unshaded cells is a rectangle exactly when no block of it holds such a
  corner, as its fourth cell, beside two of the three, would be in the area too);
* the unshaded cells connected through sides and corners (the rectangles touch at
  their corners): lazy cuts on SAT, a flow on CP-SAT rooted at a number's cell; and
  some cell shaded (pzprjs: a board left all unshaded is no answer);
* a number (a clue): its cell unshaded, and its area one of the rectangles of that
  many cells that hold its cell: a Boolean a rectangle, the chosen one all unshaded
  and the cells beside its four sides all shaded, so the area is exactly it. A
  rectangle that holds another number is not chosen while that number is there, and
  two "?" are not both in one area: some cell of the smallest rectangle that holds
  both is shaded. Taking a number away relaxes the rules.
"""

from __future__ import annotations

from functools import lru_cache

from cpsolve.grid.boards import UNKNOWN
from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.geometry import Grid
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement
from cpsolve.grid.rules.globals import Connected
from cpsolve.grid.rules.shading import no_block, shading

Rect = tuple[int, int, int, int]  # top row, left column, height, width


@lru_cache(maxsize=4096)
def rectangles(rows: int, cols: int, cell: int, area: int | None) -> tuple[Rect, ...]:
    """The rectangles of a ``rows`` x ``cols`` grid that hold ``cell``, of ``area``
    cells (any, ``None``), smallest first.

    >>> rectangles(2, 3, 0, 2)
    ((0, 0, 1, 2), (0, 0, 2, 1))
    """
    r, c = divmod(cell, cols)
    shapes = [(h, w) for h in range(1, rows + 1) for w in range(1, cols + 1)] \
        if area is None else [(h, area // h) for h in range(1, min(rows, area) + 1)
                              if not area % h and area // h <= cols]
    found = [(top, left, height, width) for height, width in shapes
             for top in range(max(0, r - height + 1), min(r, rows - height) + 1)
             for left in range(max(0, c - width + 1), min(c, cols - width) + 1)]
    return tuple(sorted(found, key=lambda rect: (rect[2] * rect[3], rect)))


def inside(grid: Grid, rect: Rect) -> list[int]:
    top, left, height, width = rect
    return [grid.cell(r, c) for r in range(top, top + height)
            for c in range(left, left + width)]


def ring(grid: Grid, rect: Rect) -> list[int]:
    """The cells beside the rectangle's four sides (not its corners), on the grid."""
    top, left, height, width = rect
    out = [grid.cell(r, c) for r in (top - 1, top + height) if 0 <= r < grid.rows
           for c in range(left, left + width)]
    return out + [grid.cell(r, c) for c in (left - 1, left + width) if 0 <= c < grid.cols
                  for r in range(top, top + height)]


@lru_cache(maxsize=8)
def candidates(board: Board) -> tuple[tuple[int, Rect], ...]:
    """Every number's rectangles (a "?" has none), by its cell."""
    rows, cols = board.rows, board.cols
    return tuple((cell, rect) for cell in board.clue_cells
                 if (n := board.shown(cell)) is not None
                 for rect in rectangles(rows, cols, cell, n))


def rules(m: Model, board: Board) -> None:
    grid = board.grid
    shaded = shading(m)
    s = shaded.vars
    no_block(m, shaded)
    with m.rule("every unshaded area is a rectangle"):
        m.clauses([[-s[x], *(s[y] for y in block if y != x)]
                   for block in grid.blocks for x in block])
    with m.rule("some cell is shaded"):
        m.clause(*s)
    # A number's cell is unshaded in every answer: CP-SAT roots the flow there.
    with m.rule("the unshaded rectangles are connected through their corners"):
        m.require(Connected([-v for v in s], grid.touching, "unshaded connected",
                            roots=board.clue_cells[:1] or None, grid=grid, where=grid.where))
    # A number's rectangle, when chosen, is the area: all unshaded, ringed by shading.
    found = candidates(board)
    rect = m.layer("rect", found, named=lambda key: (
        f"{grid.where(key[0])} {key[1][2]}x{key[1][3]} from "
        f"{grid.where(grid.cell(key[1][0], key[1][1]))}"))
    with m.rule("a number's rectangle is unshaded inside and shaded around"):
        for var, (_, key) in zip(rect.vars, found):
            m.clauses([[-var, -s[x]] for x in inside(grid, key)])
            m.clauses([[-var, s[x]] for x in ring(grid, key)])


def clue(m: Model, board: Board, number: Clue) -> None:
    grid, s = board.grid, m.layers["shaded"].vars
    cell = number.index
    m.clause(-s[cell])
    others = [other for other in board.clue_cells if other != cell]
    if number.number is None:
        # Two "?" in one area: then the smallest rectangle holding both is unshaded.
        for other in others:
            if other > cell and board.numbers[other] == UNKNOWN:
                (r, c), (rr, cc) = grid.rc(cell), grid.rc(other)
                box = (min(r, rr), min(c, cc), abs(r - rr) + 1, abs(c - cc) + 1)
                with m.also(other):
                    m.clause(*(s[x] for x in inside(grid, box)))
        return
    rect = m.layers["rect"]
    own = [key for key in rectangles(grid.rows, grid.cols, cell, number.value)
           if (cell, key) in rect]
    m.clause(*(rect[(cell, key)] for key in own))
    for key in own:
        held = set(inside(grid, key))
        for other in others:
            if other in held:
                with m.also(other):
                    m.clause(-rect[(cell, key)])


def literals(board: Board, **_: object) -> int:
    """About how many literals a model holds: a few dozen a cell, and each number's
    rectangles with their cells and rings (a "?", a clause a cell)."""
    rows, cols = board.rows, board.cols
    held = 0
    for cell in board.clue_cells:
        n = board.shown(cell)
        held += board.cells if n is None else \
            len(rectangles(rows, cols, cell, n)) * (6 * n + 4)
    return 40 * board.cells + held


STATEMENT: Statement[Board] = Statement(rules, clue, methods=(
    Method("rectangles", "sat", "a Boolean a cell and one a rectangle each number may "
           "fill, the unshaded cells connected by lazy cuts", literals=literals),
    Method("flow", "cpsat", "the same Booleans, the unshaded cells connected by a flow",
           literals=literals),
))

__all__ = ["STATEMENT", "Rect", "candidates", "inside", "rectangles", "ring", "rules"]
