"""The Sashigane rules, stated once (:mod:`cpsolve.grid.rules`), two ways over the same
answer, the pairs of cells side by side that one L joins (``join``).

* Cell by cell (:func:`arms`; the default, ``arms``, and the setter's clue model, the
  hints' and a certificate's): each cell is its L's corner or points along its arm to
  it; a cell that points joins its neighbour that way, which is the corner or points the
  same way, and joins nothing across its arm; a corner joins one cell up or down and one
  left or right; and of two joined cells one points at the other. Every part the joins
  make is then a path whose cells point to its one corner: an L. A circle is a corner;
  an arrow points to the corner along its cell's one join; a number is one of the Ls of
  its size with their corner there (the board's numbered cells have their Ls among the
  rules' variables). A few clauses a cell.
* As the exact cover they are (:func:`cover`; the ``cover`` methods): a candidate for
  every L the clues allow (a corner cell and two arms of one cell's width, one up or
  down, one left or right, each at least one cell beyond the corner; an arm never
  crosses a clue, and may end on an arrow pointing back to its corner); every cell lies
  in exactly one chosen candidate. A chosen candidate joins the pairs along it and parts
  each of its cells from every neighbour outside it. Those binary clauses hold "at most
  one" too: two chosen candidates that overlap are not the same L, and as both are
  connected, a cell of both has a neighbour in one only, a pair one joins and the other
  parts. What is left is a clause a cell (it lies in some candidate), and no count.

A ``?`` says nothing (pzprjs checks nothing of it). The cover's unit propagation is the
stronger (a cell no candidate fits fails at once); but the candidates of a 10x10 number
thousands, and a hint's questions, each a propagation from the start, set them all
every time, where the cells' model sets a few hundred variables; it solves faster too.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, cast

import numpy as np

from cpsolve.grid.geometry import Grid
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import FALSE, Method, Model, Statement
from cpsolve.models.sashigane.board import ASKED, CIRCLE, STEP, WORDS, Board, Value

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


DIRECTIONS = "nsew"  # a cell's way to its L's corner: up, down, right, left
BACK = {"n": "s", "s": "n", "e": "w", "w": "e"}


def rules(m: Model, board: Board) -> None:
    if m.options.get("folded"):
        cover(m, board)
    else:
        arms(m, board)


def _join(m: Model, board: Board) -> Any:
    grid = board.grid
    join = m.layer("join", grid.pairs,
                   named=lambda pair: f"{grid.where(pair[0])} and {grid.where(pair[1])}")
    m.solution(join.vars)
    return join


def _joined(join: Any, a: int, b: int) -> int:
    """The variable "``a`` and ``b``, side by side, are in one L"."""
    return int(join[(min(a, b), max(a, b))])


def arms(m: Model, board: Board) -> None:
    """The rules cell by cell: each cell is its L's corner or points along its arm to
    it (``to``, a way of :data:`DIRECTIONS`). A cell that points joins its neighbour
    that way, which is the corner or points the same way, and joins nothing across its
    arm; a corner joins one cell up or down and one left or right; of two joined cells,
    one points at the other. So every part the joins make is a path whose cells all
    point to its one corner: an L (its arms at least a cell, since a cell that points
    is joined and a corner has two). A few clauses a cell, where :func:`cover` has a
    Boolean a candidate."""
    grid = board.grid
    join = _join(m, board)
    corner = m.cells("corner")
    ways = [(cell, d) for cell in range(board.cells) for d in DIRECTIONS
            if grid.step(cell, *STEP[d]) is not None]
    to = m.layer("to", ways, named=lambda key: f"{grid.where(key[0])} {WORDS[key[1]]}")
    for cell, value in enumerate(board.clues):  # a numbered circle's Ls (see clue())
        if isinstance(value, int):
            m.layer(("L", cell), _corners(board.rows, board.cols, cell), named=lambda key: (
                f"corner {grid.where(key[0])} {key[2] + key[4] + 1} cells "
                f"{'down' if key[1] > 0 else 'up'} {'right' if key[3] > 0 else 'left'}"))

    def joined(a: int, b: int) -> int:
        return _joined(join, a, b)

    across = {"n": "ew", "s": "ew", "e": "ns", "w": "ns"}
    for cell in range(board.cells):
        own = [to[(cell, d)] for d in DIRECTIONS if (cell, d) in to]
        m.clause(corner[cell], *own)  # a corner, or a way to it
        for i, a in enumerate(own):
            m.nand(corner[cell], a)
            for b in own[i + 1:]:
                m.nand(a, b)
        side = {d: grid.step(cell, *STEP[d]) for d in DIRECTIONS}
        for d, other in side.items():
            if other is None:
                continue
            way = to[(cell, d)]
            m.implies(way, joined(cell, other))
            ahead = to.get((other, d))
            m.implies(way, corner[other], *([] if ahead is None else [ahead]))
            for e in across[d]:
                beside = side[e]
                if beside is not None:
                    m.nand(way, joined(cell, beside))
            if d in "se":  # each pair once: one of the two points at the other
                behind = to.get((other, BACK[d]))
                m.implies(joined(cell, other), way, *([] if behind is None else [behind]))
        for axis in ("ns", "ew"):
            near = [joined(cell, n) for n in (side[d] for d in axis) if n is not None]
            m.implies(corner[cell], *near)
            if len(near) == 2:
                m.nand(corner[cell], *near)


def cover(m: Model, board: Board) -> None:
    """The rules as an exact cover over the candidates every clue allows."""
    grid = board.grid
    cols, cells = board.cols, board.cells
    found = candidates(board, True)
    shape = m.layer("L", found, named=lambda key: (
        f"corner {grid.where(key[0])} {key[2] + key[4] + 1} cells "
        f"{'down' if key[1] > 0 else 'up'} {'right' if key[3] > 0 else 'left'}"))
    join = _join(m, board)
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


def clue(m: Model, board: Board, given: Clue) -> None:
    """A circle is a corner; a number, the size of the corner's L (one of the Ls of
    that size with that corner, each joining its cells and parting them from the
    rest); an arrow points to the corner along the one join of its cell. (The folded
    methods' candidates already keep every clue.)"""
    if m.options.get("folded"):
        return
    key: tuple[int, Value] = given.key  # type: ignore[assignment]
    cell, value = key
    if value == ASKED:
        return
    join, grid = m.layers["join"], board.grid

    def joined(a: int, b: int) -> int:
        return _joined(join, a, b)

    if isinstance(value, str) and value in STEP:
        ahead, behind = grid.step(cell, *STEP[value]), grid.step(cell, *STEP[BACK[value]])
        if ahead is None:
            m.clause(FALSE)  # an arrow pointing off the grid
            return
        m.clause(m.layers["to"][(cell, value)])
        if behind is not None:
            m.clause(-joined(cell, behind))
        return
    m.clause(m.layers["corner"][cell])
    if not isinstance(value, int):
        return
    # One of the Ls of that size with their corner here, each joining its cells and
    # parting them from the rest (the board's numbered cells have every L of theirs
    # among the rules' variables; elsewhere a fix would need a board of its own).
    found = m.layers.get(("L", cell))
    if found is None:
        found = m.layer(("L", cell), _corners(board.rows, board.cols, cell))
    sized = [shape for shape in cast(tuple[Shape, ...], tuple(found))
             if shape[2] + shape[4] + 1 == value]
    m.clause(*(found[shape] for shape in sized))
    for shape in sized:
        inside = set(cells_of(board.cols, shape))
        for a in inside:
            for b in grid.neighbours[a]:
                if b not in inside:
                    m.implies(found[shape], -joined(a, b))
                elif a < b:
                    m.implies(found[shape], joined(a, b))


@lru_cache(maxsize=64)
def _corners(rows: int, cols: int, cell: int) -> tuple[Shape, ...]:
    """Every L of a ``rows`` x ``cols`` grid with its corner at ``cell``."""
    r, c = divmod(cell, cols)
    return tuple((cell, dv, a, dh, b) for dv in (-1, 1) for dh in (-1, 1)
                 for a in range(1, (r if dv < 0 else rows - 1 - r) + 1)
                 for b in range(1, (c if dh < 0 else cols - 1 - c) + 1))


def literals(board: Board, **_: object) -> int:
    """About how many literals a solving model holds: a few a cell of every candidate."""
    return 40 * board.cells + 10 * sum(s[2] + s[4] + 1 for s in candidates(board, True))


def arm_literals(board: Board, **_: object) -> int:
    """About how many literals the cell-by-cell model holds: some 90 a cell, and a
    numbered circle's Ls of its size, each joining and parting its cells."""
    sized = sum(min(value, board.rows + board.cols) ** 2 for value in board.clues
                if isinstance(value, int))
    return 90 * board.cells + 30 * sized


STATEMENT: Statement[Board] = Statement(
    rules, clue,
    decode=lambda board, values: frozenset(p for p, on in zip(board.grid.pairs, values) if on),
    encode=lambda board, joins: [p in joins for p in board.grid.pairs],
    methods=(Method("arms", "sat", "a cell's way to its L's corner: a few clauses a "
                    "cell, where the candidates of a 10x10 number thousands",
                    literals=arm_literals),
             Method("cover", "sat", "a Boolean per L the clues allow; every cell in one "
                    "(an exact cover, its at most one by the joins' binary clauses): the "
                    "stronger propagation, a larger model",
                    fixed={"folded": True}, literals=literals),
             Method("cover", "cpsat", "the same exact cover as clauses on CP-SAT",
                    fixed={"folded": True}, literals=literals)))

__all__ = ["STATEMENT", "Join", "Joins", "Shape", "candidates", "cells_of", "rules"]
