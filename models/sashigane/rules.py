"""The Sashigane rules, stated once (:mod:`cpsolve.grid.rules`), as the exact cover they
are: a candidate for every L the grid holds (a corner cell and two arms of one cell's
width, one up or down, one left or right, each at least one cell beyond the corner);
every cell lies in exactly one chosen candidate. The answer is the pairs of cells side
by side that one L joins (``join``): a chosen candidate joins the pairs along it and
parts each of its cells from every neighbour outside it. Those binary clauses hold "at
most one" too: two chosen candidates that overlap are not the same L, and as both are
connected, a cell of both has a neighbour in one only, a pair one joins and the other
parts. What is left is a clause a cell (it lies in some candidate), and no count.

A clue rules candidates out: a circle is its L's corner (a number, the L's size), so a
candidate that holds it elsewhere, or of another size, is not chosen; an arrow is the
end of an arm pointing along it toward the corner; a ``?`` says nothing (pzprjs checks
nothing of it). The setter's clue model has every L of the grid and each clue rules
out its own; the solving methods (``folded``) enumerate only the candidates every
clue allows, which is the same model with the ruled-out candidates left out.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from cpsolve.grid.geometry import Grid
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import FALSE, Method, Model, Statement
from cpsolve.models.sashigane.board import ASKED, CIRCLE, Board, Value

Join = tuple[int, int]
Joins = frozenset[Join]  # an answer: the pairs of neighbours in one L
Shape = tuple[int, int, int, int, int]  # corner, vertical step (-1, 1) and arm, horizontal


def cells_of(cols: int, shape: Shape) -> list[int]:
    """The L's cells: its corner, then its vertical arm outward, then its horizontal."""
    corner, dv, a, dh, b = shape
    return ([corner] + [corner + k * dv * cols for k in range(1, a + 1)]
            + [corner + k * dh for k in range(1, b + 1)])


def ends(cols: int, shape: Shape) -> tuple[tuple[int, str], tuple[int, str]]:
    """The L's two arm ends, each with the way an arrow there points (to the corner)."""
    corner, dv, a, dh, b = shape
    return ((corner + a * dv * cols, "n" if dv > 0 else "s"),
            (corner + b * dh, "w" if dh > 0 else "e"))


def allows(value: Value, role: str, size: int) -> bool:
    """Whether a clue ``value`` may stand where an L has a cell of ``role`` (``corner``,
    ``inner``, or an end's arrow direction ``n``/``s``/``e``/``w``), the L of ``size``."""
    if value is None or value == ASKED:
        return True
    if isinstance(value, int):
        return role == "corner" and value == size
    if value == CIRCLE:
        return role == "corner"
    return role == value


def roles(cols: int, shape: Shape) -> list[tuple[int, str]]:
    """Each cell of the L with its role."""
    cells = cells_of(cols, shape)
    (ve, vd), (he, hd) = ends(cols, shape)
    return [(cell, "corner" if cell == shape[0] else vd if cell == ve else hd if cell == he
             else "inner") for cell in cells]


@lru_cache(maxsize=8)
def candidates(board: Board, folded: bool) -> tuple[Shape, ...]:
    """Every L of the grid; with ``folded``, those every clue of ``board`` allows.

    >>> len(candidates(Board(2, 2, (None,) * 4), False))
    4
    >>> [s for s in candidates(Board(2, 3, ("o", None, "w", "n", None, None)), True)
    ...  if s[0] == 0]
    [(0, 1, 1, 1, 1), (0, 1, 1, 1, 2)]
    """
    rows, cols, clues = board.rows, board.cols, board.clues
    out: list[Shape] = []

    def arm(r: int, c: int, dr: int, dc: int, arrow: str) -> list[int]:
        """The lengths an arm may have from (r, c) stepping (dr, dc)."""
        found = []
        k = 1
        while 0 <= r + k * dr < rows and 0 <= c + k * dc < cols:
            value = clues[(r + k * dr) * cols + c + k * dc] if folded else None
            if value is None or value == ASKED:
                found.append(k)
            elif value == arrow:
                found.append(k)
                break
            else:
                break
            k += 1
        return found

    for corner in range(board.cells):
        r, c = divmod(corner, cols)
        value = clues[corner] if folded else None
        if value is not None and not allows(value, "corner", 0) and not isinstance(value, int):
            continue
        for dv in (-1, 1):
            up = arm(r, c, dv, 0, "n" if dv > 0 else "s")
            for dh in (-1, 1):
                side = arm(r, c, 0, dh, "w" if dh > 0 else "e")
                for a in up:
                    if isinstance(value, int):
                        b = value - 1 - a
                        if b in side:
                            out.append((corner, dv, a, dh, b))
                        continue
                    out.extend((corner, dv, a, dh, b) for b in side)
    return tuple(out)


@lru_cache(maxsize=8)
def _sides(rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
    """Each cell's neighbour up, down, left and right (-1 off the grid), and the place of
    the pair they make in ``Grid(rows, cols).pairs`` (-1 none)."""
    grid = Grid.of(rows, cols)
    place = {pair: j for j, pair in enumerate(grid.pairs)}
    other = np.full((grid.cells, 4), -1, dtype=np.int64)
    pair = np.full((grid.cells, 4), -1, dtype=np.int64)
    for cell in range(grid.cells):
        r, c = divmod(cell, cols)
        for k, (dr, dc) in enumerate(((-1, 0), (1, 0), (0, -1), (0, 1))):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                n = cell + dr * cols + dc
                other[cell, k] = n
                pair[cell, k] = place[(min(cell, n), max(cell, n))]
    return other, pair


def rules(m: Model, board: Board) -> None:
    grid = board.grid
    cols, cells = board.cols, board.cells
    found = candidates(board, bool(m.options.get("folded")))
    shape = m.layer("L", found, named=lambda key: (
        f"corner {grid.where(key[0])} {key[2] + key[4] + 1} cells "
        f"{'down' if key[1] > 0 else 'up'} {'right' if key[3] > 0 else 'left'}"))
    join = m.layer("join", grid.pairs,
                   named=lambda pair: f"{grid.where(pair[0])} and {grid.where(pair[1])}")
    m.solution(join.vars)
    # every cell of every candidate, one entry each: the candidate and the cell
    members = [cells_of(cols, key) for key in found]
    each = np.repeat(np.arange(len(found), dtype=np.int64), [len(x) for x in members])
    where = np.fromiter((c for x in members for c in x), dtype=np.int64, count=len(each))
    own = np.sort(each * cells + where)
    other, pair = _sides(board.rows, cols)
    x = (shape.first + each)[:, None].repeat(4, axis=1)
    n, v = other[where], join.first + pair[where]
    key = each[:, None] * cells + n
    spot = np.minimum(np.searchsorted(own, key), len(own) - 1)
    inside = (n >= 0) & (own[spot] == key) if len(own) else n >= 0
    # A chosen candidate joins the pairs along it (each once, from its first cell) and
    # parts each of its cells from every neighbour outside it.
    joined = inside & (n > where[:, None])
    parted = (n >= 0) & ~inside
    m.clauses(np.concatenate([np.stack([-x[joined], v[joined]], axis=1),
                              np.stack([-x[parted], -v[parted]], axis=1)]))
    # Every cell lies in a chosen candidate.
    order = np.argsort(where, kind="stable")
    starts = np.searchsorted(where[order], np.arange(cells + 1)).tolist()
    held = (shape.first + each[order]).tolist()
    m.clauses([held[starts[k]:starts[k + 1]] for k in range(cells)
               if starts[k] < starts[k + 1]])
    if any(starts[k] == starts[k + 1] for k in range(cells)):
        m.clause(FALSE)  # a cell no candidate holds


@lru_cache(maxsize=8)
def _holding(board: Board) -> list[list[tuple[Shape, str, int]]]:
    """Every L of the grid by cell: the L, the cell's role in it, and the L's size."""
    out: list[list[tuple[Shape, str, int]]] = [[] for _ in range(board.cells)]
    for key in candidates(board, False):
        size = key[2] + key[4] + 1
        for cell, role in roles(board.cols, key):
            out[cell].append((key, role, size))
    return out


def clue(m: Model, board: Board, given: Clue) -> None:
    """A clue rules out the Ls that hold its cell where it may not stand (the folded
    methods have none)."""
    if m.options.get("folded"):
        return
    key: tuple[int, Value] = given.key  # type: ignore[assignment]
    cell, value = key
    shape = m.layers["L"]
    m.clauses([[-shape[key]] for key, role, size in _holding(board)[cell]
               if not allows(value, role, size)])


def literals(board: Board, **_: object) -> int:
    """About how many literals a solving model holds: a few a cell of every candidate."""
    return 40 * board.cells + 10 * sum(s[2] + s[4] + 1 for s in candidates(board, True))


STATEMENT: Statement[Board] = Statement(
    rules, clue,
    decode=lambda board, values: frozenset(p for p, on in zip(board.grid.pairs, values) if on),
    encode=lambda board, joins: [p in joins for p in board.grid.pairs],
    stats=lambda board: {"candidates": len(candidates(board, True))},
    methods=(Method("cover", "sat", "a Boolean per L the clues allow; every cell in one "
                    "(an exact cover, its at most one by the joins' binary clauses)",
                    fixed={"folded": True}, literals=literals),
             Method("cover", "cpsat", "the same exact cover as clauses on CP-SAT",
                    fixed={"folded": True}, literals=literals)))

__all__ = ["STATEMENT", "Join", "Joins", "Shape", "candidates", "cells_of", "rules"]
