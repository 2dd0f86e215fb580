"""How the generator lays out a Yajilin and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): a random loop through the cells, laid out with the
symmetry asked for (:func:`cpsolve.grid.randomloop.random_loop`); then the cells it
leaves out are shaded, orbit by orbit, those with the fewest others off the loop beside
them first, wherever no shaded cell is beside them; the rest become clue cells, each
with an arrow in a random direction and the count of shaded cells that way. A symmetric
loop leaves symmetric clue cells.

Where a second solution differs, cells there that the answer shades become clue cells
(the numbers are counted again); where none is shaded, the loop is pushed out beside
them (pulled in while it passes more than its share), and the cells it leaves out are
laid out again, those that were shaded or clue cells before staying so where they can.
Once pinned down, clue cells are shaded instead where the loop stays pinned down, so
that about as many cells are clue cells as on published boards.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from cpsolve.grid.arrows import BLANK, STEPS, Arrow
from cpsolve.grid.arrows import ArrowGrid as Board
from cpsolve.grid.geometry import Edge, Grid
from cpsolve.grid.layouts import Layout, Settings
from cpsolve.grid.randomloop import grown_beside, pulled_beside, random_loop, seeded, too_small_for
from cpsolve.options import Option

Loop = frozenset[Edge]
FILL = 0.7  # the share of the cells the loop passes
SLACK = 0.05  # how far below --fill mending lets the loop shrink before pushing it out
OPEN = 24  # open cells per place a round of mending changes


def lay_out(settings: Settings, loop: Loop, rnd: random.Random,
            before: tuple[Board, Loop] | None = None) -> Board:
    """The board around ``loop``: shaded cells where they fit (those shaded ``before``
    first), clue cells elsewhere off the loop (their arrows as ``before`` where they
    were clue cells), every number counted."""
    grid = settings.grid
    passed = {cell for edge in loop for cell in edge}
    off = [cell for cell in range(grid.cells) if cell not in passed]
    shaded: set[int] = set()
    # Cells with the fewest others off the loop beside them first: in a run of three
    # the two ends are shaded and the middle is a clue cell, not the other way round
    # (the most shaded cells, the fewest clue cells, as published boards have).
    beside = {cell: sum(1 for o in grid.neighbours[cell] if o not in passed) for cell in off}
    order = sorted(rnd.sample(off, len(off)), key=beside.__getitem__)
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
    """Where ``cells`` are open, at one of them for every :data:`OPEN` open cells (on
    a large board a round mends several places): shaded ones among them turned into
    clue cells (with their images); else the loop pushed out beside them while it
    passes fewer cells than ``--fill`` less :data:`SLACK`, else pulled in; else a
    shaded or clue cell in line with one of them given an arrow that way (a shaded one
    with its images); else the loop moved the other way. ``None`` when none of these
    can be done."""
    from cpsolve.models.yajilin import shaded

    grid = settings.grid
    rnd = seeded(rng)
    dark = shaded(board, loop)
    where = {grid.cell(r, c) for r, c in cells}
    places = 1 + len(where) // OPEN
    turnable = sorted(where & dark)
    if turnable:
        chosen = rnd.sample(turnable, min(places, len(turnable)))
        orbits = sorted({c for cell in chosen for c in grid.orbit(cell, settings.symmetry)
                         if c in dark})
        return recount(pointed(board, orbits, where, rnd), loop), loop
    # Pulling the loop in alone shrank it by a third as it was mended, and the cells
    # it left became clue cells: it is pushed out again below its share.
    passed = len({cell for edge in loop for cell in edge})
    moves = (pulled_beside, grown_beside)
    if passed < (settings.options["fill"] - SLACK) * grid.cells:
        moves = moves[::-1]
    moved = _moved(grid, loop, sorted(where), settings.symmetry, rnd, moves[0], places)
    if moved is not None:
        return lay_out(settings, moved, rnd, (board, loop)), moved
    aims = towards(board, loop, where)
    if aims:
        cell, direction = rnd.choice(aims)
        images = [c for c in grid.orbit(cell, settings.symmetry) if c != cell and c in dark]
        changed = pointed(board.with_clues({cell: Arrow(0, direction)}), images, where, rnd)
        return recount(changed, loop), loop
    moved = _moved(grid, loop, sorted(where), settings.symmetry, rnd, moves[1], places)
    return None if moved is None else (lay_out(settings, moved, rnd, (board, loop)), moved)


def _moved(grid: Grid, loop: Loop, nodes: list[int], symmetry: str, rnd: random.Random,
           move: Callable[[Grid, Loop, list[int], str, random.Random], Loop | None],
           times: int) -> Loop | None:
    """``loop`` moved by ``move`` beside ``nodes`` up to ``times`` times (``None``
    when not once)."""
    moved: Loop | None = None
    for _ in range(times):
        again = move(grid, moved or loop, nodes, symmetry, rnd)
        if again is None:
            break
        moved = again
    return moved


def simplify(board: Board, loop: Loop, pinned: Callable[[Board], bool],
             settings: Settings, rng: np.random.Generator) -> Board:
    """Clue cells shaded instead (with their images, the numbers counted again), in
    random order, where no shaded cell is beside them and the loop stays pinned down:
    mending leaves many more clue cells than published boards have (a tenth of the
    cells), and a shaded cell says as much as a clue to the cells around it."""
    from cpsolve.models.yajilin import shaded

    grid = settings.grid
    rnd = seeded(rng)
    order = list(board.clue_cells)
    rnd.shuffle(order)
    for cell in order:
        if board.clues[cell] is None:
            continue  # shaded with an image already
        orbit = set(grid.orbit(cell, settings.symmetry))
        dark = shaded(board, loop)
        if any(other in dark or (other in orbit and other != c)
               for c in orbit for other in grid.neighbours[c]):
            continue
        trial = recount(board.with_clues({c: None for c in orbit}), loop)
        if pinned(trial):
            board = trial
    return board


LAYOUT: Layout[Board, Loop] = Layout(
    make=make, mend=mend, simplify=simplify, too_small=too_small_for("Yajilin"),
    # Published boards number every clue cell: by default no number is taken away
    # (with less, the numbers uniqueness does not need go and leave their cells blank).
    density=Option("density", 1.0, "Share of the numbers kept at least beyond those "
                   "uniqueness needs (1: all)", kind=float, low=0, high=1, metavar="D"),
    options=(Option("fill", FILL, "Share of the cells the loop passes", kind=float,
                    low=0.1, high=1, metavar="F"),),
)

__all__ = ["LAYOUT", "lay_out", "make", "mend", "simplify"]
