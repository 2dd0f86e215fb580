"""The Tapa rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell, true
where it is shaded.

* the shaded cells are connected (lazy cuts on SAT, a flow on CP-SAT), there is at
  least one, and no 2x2 block is all shaded;
* a clue (a clue's part): its cell is unshaded, and the runs of shaded cells in the
  ring of its eight neighbours (read around the ring, a cell off the board unshaded)
  are its numbers in some order, a ``?`` any length. A ring with no shaded cell has
  the one run 0, as pzprjs counts it (so a lone ``?`` holds there too).

A clue's ring takes one of 256 patterns; the patterns it allows are enumerated once per
clue and board edge (:func:`allowed`), and stated as the prime implicates of that table
(:func:`ring_clauses`): every clause the table implies, minimal. They propagate all a
ring's table implies (a literal the table and some decided cells imply is the last
open literal of a prime implicate the decided cells falsify otherwise), so unit
propagation decides a ring as far as the clue alone can.
"""

from __future__ import annotations

from functools import cache
from typing import cast

import numpy as np

from cpsolve.grid.geometry import Grid
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement
from cpsolve.grid.rules.shading import no_block, shaded_connected, shading
from cpsolve.models.tapa.board import RUN, UNKNOWN, Runs, TapaGrid

# The ring's eight steps, clockwise from the top left corner (as pzprjs reads a ring).
RING = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))


def ring(grid: Grid, cell: int) -> tuple[int | None, ...]:
    """The eight cells around ``cell`` clockwise from its top left corner, ``None``
    off the board.

    >>> ring(Grid(2, 2), 0)
    (None, None, None, 1, 3, 2, None, None)
    """
    return _rings(grid.rows, grid.cols)[cell]


@cache
def _rings(rows: int, cols: int) -> tuple[tuple[int | None, ...], ...]:
    grid = Grid.of(rows, cols)
    return tuple(tuple(grid.cell(r + dr, c + dc) if 0 <= r + dr < rows and 0 <= c + dc < cols
                       else None for dr, dc in RING)
                 for r, c in map(grid.rc, range(grid.cells)))


def runs(pattern: int) -> tuple[int, ...]:
    """The lengths of the runs of set bits of an 8-bit ring ``pattern`` (bit k the
    k-th cell of :data:`RING`), around the ring, sorted; ``(0,)`` for none.

    >>> runs(0b10000011), runs(0), runs(255), runs(0b01010101)
    ((3,), (0,), (8,), (1, 1, 1, 1))
    """
    if pattern == 0:
        return (0,)
    if pattern == 255:
        return (8,)
    start = next(k for k in range(8) if not pattern >> k & 1)  # an unshaded place
    found, run = [], 0
    for step in range(1, 9):
        if pattern >> (start + step) % 8 & 1:
            run += 1
        elif run:
            found.append(run)
            run = 0
    return tuple(sorted(found))


def fits(clue: Runs, lengths: tuple[int, ...]) -> bool:
    """Whether the runs ``lengths`` are the clue's numbers in some order (``?`` any).

    >>> fits((3, UNKNOWN), (1, 3)), fits((UNKNOWN,), (0,)), fits((2,), (1, 1))
    (True, True, False)
    >>> fits((RUN,), (0,)), fits((RUN,), (5,))  # janko.at's one run: a cell at least
    (False, True)
    """
    if len(clue) != len(lengths):
        return False
    if clue == (RUN,):
        return lengths[0] >= 1
    left = list(lengths)
    for number in clue:
        if number != UNKNOWN:
            if number not in left:
                return False
            left.remove(number)
    return True


@cache
def allowed(clue: Runs, present: int) -> frozenset[int]:
    """The ring patterns ``clue`` allows, the places off the board (the bits not in
    ``present``) unshaded."""
    return frozenset(p for p in range(256) if not p & ~present and fits(clue, runs(p)))


@cache
def ring_clauses(clue: Runs, present: int) -> tuple[tuple[int, ...], ...]:
    """The prime implicates of the clue's table over the ring places in ``present``:
    each clause a tuple of ``k + 1`` (place ``k`` shaded) or ``-(k + 1)`` (unshaded).
    Found by Quine-McCluskey on the patterns the table forbids: each prime implicant
    of the forbidden patterns (a cube) is a prime implicate negated.

    >>> ring_clauses((0,), 0b11111111)
    ((-1,), (-2,), (-3,), (-4,), (-5,), (-6,), (-7,), (-8,))
    >>> ring_clauses((8,), 0b01111111)
    ((),)
    """
    places = [k for k in range(8) if present >> k & 1]
    ok = allowed(clue, present)
    full = present
    cubes = {(p, full) for p in range(256) if not p & ~present and p not in ok}
    primes: set[tuple[int, int]] = set()
    while cubes:
        merged: set[tuple[int, int]] = set()
        used: set[tuple[int, int]] = set()
        for value, mask in cubes:
            for k in places:
                bit = 1 << k
                if mask & bit and not value & bit and (value | bit, mask) in cubes:
                    merged.add((value, mask & ~bit))
                    used.add((value, mask))
                    used.add((value | bit, mask))
        primes |= cubes - used
        cubes = merged
    return tuple(sorted((tuple(-(k + 1) if value >> k & 1 else k + 1 for k in places
                                if mask >> k & 1) for value, mask in primes),
                        key=lambda clause: (len(clause), [abs(x) for x in clause], clause)))


def rules(m: Model, board: TapaGrid) -> None:
    shaded = shading(m)
    with m.rule("some cell is shaded"):
        m.at_least(1, shaded.vars)
    no_block(m, shaded)
    shaded_connected(m, shaded)
    least = max((sum(max(n, 1) for n in clue) for clue in
                 (board.clues[c] for c in board.clue_cells) if clue and clue != (0,)),
                default=0)  # the fewest cells the clues shade (a '?' one at least)
    with m.implied(clues=False):
        if least >= 2:  # a shaded cell, connected, has a shaded neighbour
            for group in _neighbourly(board.rows, board.cols):
                lits = group + shaded.first
                lits[:, 0] *= -1
                m.clauses(lits)
        if least >= 3:  # and two shaded neighbours, one more beside them
            m.clauses([[-shaded[a], -shaded[b], *(shaded[o] for o in around)]
                       for a, b, around in _dominoes(board.rows, board.cols)])


@cache
def _dominoes(rows: int, cols: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Each two cells side by side, with the cells beside them."""
    grid = Grid.of(rows, cols)
    return tuple((a, b, tuple(sorted((set(grid.neighbours[a]) | set(grid.neighbours[b]))
                                     - {a, b}))) for a, b in grid.pairs)


@cache
def ring_arrays(clue: Runs, present: int) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
    """:func:`ring_clauses` grouped by length, each group as the rows' ring places
    (``k x L``) and their signs: a ring's clauses are then its variables taken at the
    places, times the signs."""
    groups: dict[int, list[tuple[int, ...]]] = {}
    for row in ring_clauses(clue, present):
        groups.setdefault(len(row), []).append(row)
    return tuple((np.array([[abs(x) - 1 for x in row] for row in rows], dtype=np.int64),
                  np.array([[1 if x > 0 else -1 for x in row] for row in rows],
                           dtype=np.int64)) for _, rows in sorted(groups.items()))


def _state(m: Model, board: TapaGrid, cells: list[int], clues: list[Runs]) -> None:
    """Each clue of ``clues`` at its cell of ``cells``: the cell unshaded, its ring's
    clauses (the rows of one length at once)."""
    shaded = m.layers["shaded"]
    by_length: dict[int, list[np.ndarray]] = {}
    for cell, runs_ in zip(cells, clues):
        around = ring(board.grid, cell)
        present = sum(1 << k for k, other in enumerate(around) if other is not None)
        lits = np.array([0 if other is None else shaded[other] for other in around],
                        dtype=np.int64)
        for places, signs in ring_arrays(runs_, present):
            by_length.setdefault(places.shape[1], []).append(lits[places] * signs)
    m.clauses(np.array([[-shaded[cell]] for cell in cells], dtype=np.int64))
    for length, parts in sorted(by_length.items()):
        if length == 0:
            m.clause()  # a clue its ring cannot hold
        else:
            m.clauses(np.concatenate(parts))


def clue(m: Model, board: TapaGrid, given: Clue) -> None:
    """A clue: its cell unshaded, its ring one of the patterns its numbers allow."""
    cell, runs_ = cast(tuple[int, Runs], given.key)
    _state(m, board, [cell], [runs_])


def bulk(m: Model, board: TapaGrid) -> None:
    """Every clue of the board's own at once, as :func:`clue` states each."""
    cells = list(board.clue_cells)
    _state(m, board, cells, [cast(Runs, board.clues[cell]) for cell in cells])


@cache
def _neighbourly(rows: int, cols: int) -> tuple[np.ndarray, ...]:
    """For each count of neighbours, the rows ``[cell, its neighbours...]`` (0-based
    cells) of the grid's cells with that many."""
    grid = Grid.of(rows, cols)
    groups: dict[int, list[list[int]]] = {}
    for cell in range(grid.cells):
        groups.setdefault(len(grid.neighbours[cell]), []).append(
            [cell, *grid.neighbours[cell]])
    return tuple(np.array(group, dtype=np.int64) for _, group in sorted(groups.items()))


def literals(board: TapaGrid) -> int:
    """About how many literals a model holds, before building it: a few per cell."""
    return 40 * board.cells


STATEMENT: Statement[TapaGrid] = Statement(rules, clue, bulk=bulk, methods=(
    Method("patterns", "sat", "a Boolean per cell, each clue's ring by the prime implicates "
           "of its table of patterns, the shaded cells connected by lazy cuts",
           literals=lambda board, **_: literals(board)),
    Method("flow", "cpsat", "a Boolean per cell, each clue's ring by the same clauses, the "
           "shaded cells connected by a flow", {"connect": "flow"},
           literals=lambda board, **_: literals(board)),
    Method("order", "cpsat", "a Boolean per cell, each clue's ring by the same clauses, the "
           "shaded cells connected by distances", {"connect": "order"},
           literals=lambda board, **_: literals(board)),
))
