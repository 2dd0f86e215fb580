"""How the generator lays out a Yajilin and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): a random loop through the cells, laid out with the
symmetry asked for (:func:`cpsolve.grid.randomloop.random_loop`); then the cells it
leaves out are shaded, orbit by orbit in random order, wherever no shaded cell is
beside them; the rest become clue cells, each with an arrow in a random direction and
the count of shaded cells that way. A symmetric loop leaves symmetric clue cells.

Where a second solution differs, one of those cells that the answer shades becomes a
clue cell (the numbers are counted again); where none is shaded, or where the reasoning
of a grade leaves cells open, the loop is pushed out beside them, and the cells it
leaves out are laid out again, those that were shaded or clue cells before staying so
where they can.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from cpsolve.grid.arrows import BLANK, STEPS, Arrow
from cpsolve.grid.arrows import ArrowGrid as Board
from cpsolve.grid.geometry import Edge
from cpsolve.grid.layouts import Layout, Settings
from cpsolve.grid.randomloop import grown_beside, pulled_beside, random_loop, seeded, too_small_for
from cpsolve.options import Option

Loop = frozenset[Edge]
FILL = 0.7  # the share of the cells the loop passes


def lay_out(settings: Settings, loop: Loop, rnd: random.Random,
            before: tuple[Board, Loop] | None = None) -> Board:
    """The board around ``loop``: shaded cells where they fit (those shaded ``before``
    first), clue cells elsewhere off the loop (their arrows as ``before`` where they
    were clue cells), every number counted."""
    grid = settings.grid
    passed = {cell for edge in loop for cell in edge}
    off = [cell for cell in range(grid.cells) if cell not in passed]
    shaded: set[int] = set()
    order = rnd.sample(off, len(off))
    old_arrows: dict[int, Arrow] = {}
    if before is not None:
        old_board, old_loop = before
        old_passed = {cell for edge in old_loop for cell in edge}
        old_shaded = [c for c in off if old_board.clues[c] is None and c not in old_passed]
        order = old_shaded + [c for c in order if c not in old_shaded]
        old_arrows = {c: clue for c in off if (clue := old_board.clues[c]) is not None}
    for cell in order:
        if cell in shaded or cell in old_arrows:
            continue
        orbit = set(grid.orbit(cell, settings.symmetry))
        if orbit & passed or any(other in shaded or other in orbit
                                 for c in orbit for other in grid.neighbours[c]):
            continue
        shaded |= orbit
    clue_cells = {cell for cell in off if cell not in shaded}
    board = Board(settings.rows, settings.cols, tuple(
        Arrow(0, None) if cell in clue_cells else None for cell in range(grid.cells)))
    kept = {cell: Arrow(0, arrow.direction) for cell, arrow in old_arrows.items()
            if cell in clue_cells and arrow.direction and board.counted(cell, arrow.direction)}
    fresh = [cell for cell in off if cell in clue_cells and cell not in kept]
    return recount(pointed(board.with_clues(kept), fresh, set(), rnd), loop)


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Loop] | None:
    """A random loop with the symmetry, and the board laid out around it."""
    rnd = seeded(rng)
    loop = random_loop(settings.rows, settings.cols, rnd, fill=settings.options["fill"],
                       symmetry=settings.symmetry)
    return lay_out(settings, loop, rnd), loop


def recount(board: Board, loop: Loop) -> Board:
    """``board`` with every arrow's number counted again for ``loop``."""
    from cpsolve.models.yajilin import shaded

    dark = shaded(board, loop)
    return board.with_clues({cell: Arrow(sum(1 for o in board.ray(cell) if o in dark),
                                         clue.direction)
                             for cell in board.clue_cells
                             if (clue := board.clues[cell]) is not None and clue.direction})


def pointed(board: Board, cells: list[int], targets: set[int], rnd: random.Random) -> Board:
    """``board`` with ``cells`` made clue cells, each with an arrow (towards a cell of
    ``targets`` where one is in line, else any way with a cell to count; no arrow
    only where there is none) and its number left to :func:`recount`."""
    blank = board.with_clues({cell: Arrow(0, None) for cell in cells})
    arrows: dict[int, Arrow | None] = {}
    for cell in cells:
        ways = [d for d in STEPS if set(blank.counted(cell, d)) & targets] or \
            [d for d in STEPS if blank.counted(cell, d)]
        arrows[cell] = Arrow(0, rnd.choice(ways)) if ways else BLANK
    return blank.with_clues(arrows)


def towards(board: Board, loop: Loop, targets: set[int]) -> list[tuple[int, str]]:
    """Cells off the loop (shaded or clue cells) and a direction from each whose ray
    reaches a cell of ``targets`` (not the one its clue already has)."""
    passed = {cell for edge in loop for cell in edge}
    return [(cell, way) for cell, clue in enumerate(board.clues)
            if cell not in passed and cell not in targets for way in STEPS
            if (clue is None or clue.direction != way) and set(board.counted(cell, way)) & targets]


def mend(board: Board, loop: Loop, other: Any, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Loop] | None:
    """Where ``cells`` are open: a shaded one among them turned into a clue cell (with
    its images); else a shaded or clue cell in line with one of them given an arrow
    that way (a shaded one with its images); else the loop pushed out beside one of
    them. ``None`` when none of these can be done."""
    from cpsolve.models.yajilin import shaded

    grid = settings.grid
    rnd = seeded(rng)
    dark = shaded(board, loop)
    where = {grid.cell(r, c) for r, c in cells}
    turnable = sorted(where & dark)
    if turnable:
        cell = rnd.choice(turnable)
        orbit = sorted(c for c in grid.orbit(cell, settings.symmetry) if c in dark)
        return recount(pointed(board, orbit, where, rnd), loop), loop
    pulled = pulled_beside(grid, loop, sorted(where), settings.symmetry, rnd)
    if pulled is not None:
        return lay_out(settings, pulled, rnd, (board, loop)), pulled
    aims = towards(board, loop, where)
    if aims:
        cell, direction = rnd.choice(aims)
        images = [c for c in grid.orbit(cell, settings.symmetry) if c != cell and c in dark]
        changed = pointed(board.with_clues({cell: Arrow(0, direction)}), images, where, rnd)
        return recount(changed, loop), loop
    grown = grown_beside(grid, loop, sorted(where), settings.symmetry, rnd)
    if grown is None:
        return None
    return lay_out(settings, grown, rnd, (board, loop)), grown


LAYOUT: Layout[Board, Loop] = Layout(
    make=make, mend=mend, too_small=too_small_for("Yajilin"),
    # Published boards number every clue cell: by default no number is taken away
    # (with less, the numbers uniqueness does not need go and leave their cells blank).
    density=Option("density", 1.0, "Share of the numbers kept at least beyond those "
                   "uniqueness needs (1: all)", kind=float, low=0, high=1, metavar="D"),
    options=(Option("fill", FILL, "Share of the cells the loop passes", kind=float,
                    low=0.1, high=1, metavar="F"),),
)

__all__ = ["LAYOUT", "lay_out", "make", "mend"]
