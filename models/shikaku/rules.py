"""The Shikaku rules, stated once (:mod:`cpsolve.grid.rules`), as the exact cover they
are: every number (a "?" too) has a candidate rectangle for each rectangle of the grid
that holds it and no other number; every cell lies in exactly one chosen candidate, so
each number's own cell in exactly one of its candidates. The answer is the pairs of
cells side by side that one rectangle joins (``join``): a chosen candidate joins the
pairs inside it and parts each of its cells from a neighbour outside it, so each
pair's value follows from the one candidate its first cell lies in. Those binary
clauses hold "at most one" too: two chosen candidates that overlap are not the same
rectangle, so a cell of both has a neighbour in one only, a pair one joins and the
other parts. What is left is a clause a cell (it lies in some candidate), and no count
is encoded.

A number's clue is its area: its candidates of another area are not chosen. With the
clue off the number is a "?" (a rectangle of any area), so taking a clue away is a
relaxation. The setter's clue model has every candidate of every area; the solving
methods (``sized``) enumerate only the candidates of each number's own area, its clue
folded into the variables, which is the same model with the clue's rejected
candidates left out.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.geometry import Grid
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import FALSE, Method, Model, Statement

Join = tuple[int, int]
Joins = frozenset[Join]  # an answer: the pairs of neighbours in one rectangle
Rect = tuple[int, int, int, int, int]  # its number's cell, top row, left column, height, width


def area(rect: Rect) -> int:
    return rect[3] * rect[4]


@lru_cache(maxsize=8)
def candidates(board: Board, sized: bool) -> tuple[Rect, ...]:
    """Every number's candidates: the rectangles of the grid that hold its cell and no
    other number, of its own area when ``sized`` and it shows one (a "?" any area).

    >>> [r[1:] for r in candidates(Board(1, 3, (2, None, None)), True)]
    [(0, 0, 1, 2)]
    >>> len(candidates(Board(1, 3, (2, None, None)), False))
    3
    """
    rows, cols = board.rows, board.cols
    numbered = np.asarray([n is not None for n in board.numbers], dtype=np.int64)
    # numbered cells in each rectangle, by sums over the rows of sums along them
    count = np.zeros((rows + 1, cols + 1), dtype=np.int64)
    count[1:, 1:] = numbered.reshape(rows, cols).cumsum(0).cumsum(1)
    listed = count.tolist()

    def numbers_in(top: int, left: int, height: int, width: int) -> int:
        bottom, right = top + height, left + width
        return (listed[bottom][right] - listed[top][right] - listed[bottom][left]
                + listed[top][left])

    out: list[Rect] = []
    areas: dict[int, list[int]] = {}
    for cell in board.clue_cells:
        shown = board.shown(cell) if sized else None
        if shown is not None:
            areas.setdefault(shown, []).append(cell)
            continue
        r, c = divmod(cell, cols)
        for height in range(1, rows + 1):
            tall = 0  # candidates of this height: none, and no taller one has any
            for top in range(max(0, r - height + 1), min(r, rows - height) + 1):
                for width in range(1, cols + 1):
                    fits = [(cell, top, left, height, width)
                            for left in range(max(0, c - width + 1), min(c, cols - width) + 1)
                            if numbers_in(top, left, height, width) == 1]
                    if not fits:
                        # a wider one holds one of these narrower ones: another number
                        break
                    out.extend(fits)
                    tall += len(fits)
            if not tall:
                break  # a taller one holds one of these shorter ones
    # Every number of a known area at once: each shape of its area, each place of its
    # cell in the shape, kept where the rectangle lies on the grid and holds one number.
    shapes = [(cell, height, number // height) for number, cells in areas.items()
              for height in range(1, min(number, rows) + 1)
              if not number % height and number // height <= cols for cell in cells]
    if shapes:
        at, hs, ws = (np.asarray(x, dtype=np.int64) for x in zip(*shapes))
        size = hs * ws
        each = np.repeat(np.arange(len(shapes)), size)
        place = np.arange(len(each)) - np.repeat(np.cumsum(size) - size, size)
        h, w = hs[each], ws[each]
        up, back = at[each] // cols - place // w, at[each] % cols - place % w
        fits = (up >= 0) & (back >= 0) & (up + h <= rows) & (back + w <= cols)
        t, lt = np.where(fits, up, 0), np.where(fits, back, 0)
        held = count[t + h, lt + w] - count[t, lt + w] - count[t + h, lt] + count[t, lt]
        keep = fits & (held == 1)
        out.extend(zip(at[each][keep].tolist(), up[keep].tolist(), back[keep].tolist(),
                       h[keep].tolist(), w[keep].tolist()))
    return tuple(out)


@lru_cache(maxsize=8)
def _places(rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
    """The place of each pair in ``Grid(rows, cols).pairs``: ``[r, c]`` across, that of
    cell (r, c) and the one right of it; down, that of (r, c) and the one below it."""
    across = np.zeros((rows, max(cols - 1, 0)), dtype=np.int64)
    down = np.zeros((max(rows - 1, 0), cols), dtype=np.int64)
    for j, (a, b) in enumerate(Grid.of(rows, cols).pairs):
        r, c = divmod(a, cols)
        if b == a + 1:
            across[r, c] = j
        else:
            down[r, c] = j
    return across, down


def _pairs(grid: Grid, first: int) -> tuple[np.ndarray, np.ndarray]:
    """The join variables (numbered from ``first`` in the order of ``grid.pairs``) of
    the pairs across and down (:func:`_places`)."""
    across, down = _places(grid.rows, grid.cols)
    return across + first, down + first


def rules(m: Model, board: Board) -> None:
    grid = board.grid
    found = candidates(board, bool(m.options.get("sized")))
    rect = m.layer("rect", found, named=lambda key: (
        f"{grid.where(key[0])} {key[3]}x{key[4]} from {grid.where(grid.cell(key[1], key[2]))}"))
    join = m.layer("join", grid.pairs,
                   named=lambda pair: f"{grid.where(pair[0])} and {grid.where(pair[1])}")
    m.solution(join.vars)
    across, down = _pairs(grid, join.first)
    rows, cols = grid.rows, grid.cols
    # every cell of every candidate, one entry each: the candidate's variable, its
    # rectangle, and the cell's row and column
    keys = np.asarray(found, dtype=np.int64).reshape(-1, 5)
    sizes = keys[:, 3] * keys[:, 4]
    each = np.repeat(np.arange(len(keys)), sizes)
    top, left, height, width = (keys[each, k] for k in range(1, 5))
    offset = np.arange(len(each)) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    r, c = top + offset // width, left + offset % width
    chosen = rect.first + each
    # A chosen candidate joins the pairs inside it and parts each of its cells from a
    # neighbour outside it (a cell's pairs east and south, and west and north on the
    # candidate's own side).
    east, south = c + 1 < cols, r + 1 < rows
    inside_e, inside_s = c + 1 < left + width, r + 1 < top + height
    west, north = (c == left) & (c > 0), (r == top) & (r > 0)
    last_c, last_r = max(cols - 2, 0), max(rows - 2, 0)
    lits = [across[r[inside_e], c[inside_e]],
            -across[r[east & ~inside_e], c[east & ~inside_e]],
            down[r[inside_s], c[inside_s]],
            -down[r[south & ~inside_s], c[south & ~inside_s]],
            -across[r[west], np.minimum(c[west] - 1, last_c)],
            -down[np.minimum(r[north] - 1, last_r), c[north]]]
    whose = [chosen[inside_e], chosen[east & ~inside_e], chosen[inside_s],
             chosen[south & ~inside_s], chosen[west], chosen[north]]
    m.clauses(np.stack([-np.concatenate(whose), np.concatenate(lits)], axis=1))
    # Every cell lies in a chosen candidate (a numbered cell: one of its number's). At
    # most one: two chosen candidates that overlap are told apart by a pair of
    # neighbours, one cell in both, the other in one only, joined by one and parted
    # by the other (binary clauses: no count to encode).
    cells = r * cols + c
    order = np.argsort(cells, kind="stable")
    starts = np.searchsorted(cells[order], np.arange(board.cells + 1)).tolist()
    held = chosen[order].tolist()
    m.clauses([held[starts[k]:starts[k + 1]] for k in range(board.cells)
               if starts[k] < starts[k + 1]])
    if any(starts[k] == starts[k + 1] for k in range(board.cells)):
        m.clause(FALSE)  # a cell no candidate holds


@lru_cache(maxsize=8)
def _own(board: Board) -> dict[int, list[Rect]]:
    """Each number's candidates of every area, by its cell."""
    out: dict[int, list[Rect]] = {}
    for key in candidates(board, False):
        out.setdefault(key[0], []).append(key)
    return out


def clue(m: Model, board: Board, number: Clue) -> None:
    """A number's area: its candidates of another area are not chosen (the sized
    methods have none)."""
    if m.options.get("sized"):
        return
    rect = m.layers["rect"]
    m.clauses([[-rect[key]] for key in _own(board).get(number.index, ())
               if area(key) != number.value])


def literals(board: Board, **_: object) -> int:
    """About how many literals a solving model holds: a few a cell of every candidate."""
    return 40 * board.cells + 20 * sum(area(r) for r in candidates(board, True))


STATEMENT: Statement[Board] = Statement(
    rules, clue,
    decode=lambda board, values: frozenset(p for p, on in zip(board.grid.pairs, values) if on),
    encode=lambda board, joins: [p in joins for p in board.grid.pairs],
    stats=lambda board: {"candidates": len(candidates(board, True))},
    methods=(Method("cover", "sat", "a Boolean per candidate rectangle of each number's "
                    "area; exactly one per number and per cell (an exact cover)",
                    fixed={"sized": True},
                    literals=literals),
             Method("cover", "cpsat", "the same exact cover as linear constraints",
                    fixed={"sized": True}, literals=literals)))


__all__ = ["STATEMENT", "Board", "Join", "Joins", "Rect", "area", "candidates", "rules"]
