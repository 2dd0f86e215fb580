"""The Shakashaka rules, stated once (:mod:`cpsolve.grid.rules`). A white cell either
stays white or holds a black triangle: half the cell, cut along a diagonal, its right
angle in one corner. Each side of a white cell is either black (a leg of the triangle)
or white; a variable per side says it is black.

* a cell's black sides are none (it stays white) or two that meet at a corner (its
  triangle's right angle): never two opposite sides, never one alone;
* around each point of the grid, the eight half-quarters (each quarter is a cell's
  corner, cut in two by the diagonal that may pass through the point; a half is white
  when the cell side beside it is) make runs of white of 2, 4 or 8 halves only: a right
  angle, a straight side or the inside of a white area. A run of 1, 3, 5 or 7 is an
  angle of 45, 135, 225 or 315 degrees, a run of 6 one of 270: every white area is then
  a polygon of right angles alone, a rectangle, upright or at 45 degrees. A black cell
  and the outside of the board are black on every side;
* at least one triangle stands on the board (pzprjs's rule: a board left all white is
  no answer);
* a number counts the triangles on the cells beside it: a triangle has exactly one of
  its north and south sides black, so those sides are counted.
"""

from __future__ import annotations

import numpy as np

from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement

Answer = tuple[int, ...]  # a cell's triangle by pzprjs's code (2-5), 0 for none
SIDES = "nesw"
# pzprjs's code of a triangle by its two black sides (its right angle's corner).
CODES = {2: "sw", 3: "se", 4: "ne", 5: "nw"}
BY_SIDES = {frozenset(sides): code for code, sides in CODES.items()}
# Around a point, clockwise from the ray going north: each half-quarter is the cell
# side beside it, as (row offset, column offset, side) of the cell whose corner it is.
HALVES = ((-1, 0, "w"), (-1, 0, "s"), (0, 0, "n"), (0, 0, "w"),
          (0, -1, "e"), (0, -1, "n"), (-1, -1, "s"), (-1, -1, "e"))
FORBIDDEN_RUNS = (1, 3, 5, 6, 7)


def white_cells(board: Board) -> list[int]:
    return [cell for cell, n in enumerate(board.numbers) if n is None]


def _halves(board: Board, first: int) -> tuple[np.ndarray, np.ndarray]:
    """Around every grid point (a row each), the eight half-quarters' literals (a
    side's variable: black) and which of them are black for certain (a black cell, or
    off the board), the variables of the sides numbered from ``first``."""
    rows, cols = board.rows, board.cols
    index = np.full((rows + 2, cols + 2), -1, dtype=np.int64)  # a white cell's place
    white = np.array([n is None for n in board.numbers], dtype=bool).reshape(rows, cols)
    index[1:-1, 1:-1][white] = np.arange(int(white.sum()))
    r, c = np.meshgrid(np.arange(rows + 1), np.arange(cols + 1), indexing="ij")
    lits, known = [], []
    for dr, dc, side in HALVES:
        place = index[r + dr + 1, c + dc + 1].ravel()
        lits.append(np.where(place >= 0, first + 4 * place + SIDES.index(side), 0))
        known.append(place < 0)
    return np.stack(lits, axis=1), np.stack(known, axis=1)


def rules(m: Model, board: Board) -> None:
    grid = board.grid
    white = white_cells(board)
    black = m.layer("black", [(cell, side) for cell in white for side in SIDES],
                    named=lambda key: f"{grid.name(key[0])}{key[1]}")
    m.solution(black.vars)
    if not white:
        m.clause()  # no triangle can stand
        return
    sides = np.arange(black.first, black.first + 4 * len(white)).reshape(-1, 4)
    n, e, s, w = sides.T
    m.clauses(np.stack([-n, -s], axis=1))
    m.clauses(np.stack([-e, -w], axis=1))
    m.clauses(np.concatenate([np.stack(row, axis=1) for row in (
        (-n, e, w), (-s, e, w), (-e, n, s), (-w, n, s))]))
    lits, known = _halves(board, black.first)
    for length in FORBIDDEN_RUNS:
        # Each start's clause: the run's two ends (one when the run leaves one half
        # black: then twice), then the run, for every point at once.
        spots = np.array([[start, (start + length + 1) % 8,
                           *((start + k) % 8 for k in range(1, length + 1))]
                          for start in range(8)])
        said = lits[:, spots].reshape(-1, length + 2)
        black_for_certain = known[:, spots].reshape(-1, length + 2)
        live = ~black_for_certain[:, 2:].any(axis=1)  # a run with a black half holds
        said, black_for_certain = said[live], black_for_certain[live]
        # An end black for certain leaves the clause: its place takes a literal of the
        # run again (a clause is a set).
        said[:, :2] = np.where(black_for_certain[:, :2], said[:, 2:3], -said[:, :2])
        m.clauses(said)
    m.clause(*np.stack([n, s], axis=1).ravel().tolist())  # a triangle at least


def clue(m: Model, board: Board, number: Clue) -> None:
    """A number: its cell black (the board's), and that many triangles beside it."""
    black = m.layers["black"]
    m.exactly(number.value, [black[(o, x)] for o in board.grid.neighbours[number.index]
                             for x in "ns"])


NO_TRIANGLE = 1  # black sides that make no triangle (no answer has them)


def decode(board: Board, values: tuple[bool, ...]) -> Answer:
    """The answer the sides' values say; black sides that make no triangle (a value
    flipped by the setter's tools to see which cell it speaks of) as
    :data:`NO_TRIANGLE`."""
    out = [0] * board.cells
    for k, cell in enumerate(white_cells(board)):
        sides = frozenset(x for x, on in zip(SIDES, values[4 * k:4 * k + 4]) if on)
        out[cell] = BY_SIDES.get(sides, NO_TRIANGLE) if sides else 0
    return tuple(out)


def encode(board: Board, answer: Answer) -> list[bool]:
    return [x in CODES.get(answer[cell], "") for cell in white_cells(board) for x in SIDES]


STATEMENT: Statement[Board] = Statement(rules, clue, decode=decode, encode=encode, methods=(
    Method("sides", "sat", "a variable a cell side (black or white), the white areas' "
           "angles as clauses around each point", literals=lambda board, **_: 300 * board.cells),
    Method("linear", "cpsat", "the same sides as Booleans, each number a linear constraint",
           literals=lambda board, **_: 300 * board.cells),
))
