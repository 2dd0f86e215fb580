"""The LITS rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell, true
where it is shaded; one per tetromino that fits in a region (:func:`fits`), true where
it is the region's; one per shape a region's tetromino can have.

* a tetromino never crosses a wall inside its region (:func:`fits`);
* a region holds at most one of its tetrominoes (pairwise for a few, a counter past
  ten) and at least one: the region's clue, so that a board with no solution names
  the regions that cannot hold theirs together (the setter's tools never take one
  away: the regions are the puzzle); a cell is shaded exactly when a chosen
  tetromino covers it (a region the setter's tools set free holds none);
* a region's shape variable (L, I, T, S) holds exactly when its tetromino has that
  shape, and two shaded cells side by side across a region border never belong to
  regions of one shape;
* no 2x2 block is all shaded;
* the shaded cells are connected: lazy cuts on SAT (``placements``), a flow from the
  cells of the smallest region on CP-SAT (``flow``).
"""

from __future__ import annotations

from functools import lru_cache

from cpsolve.grid import regions
from cpsolve.grid.hints import Clue
from cpsolve.grid.polyominoes import TETROMINOES, OneOf, Placement, place
from cpsolve.grid.regions import Regions as Board
from cpsolve.grid.rules import Method, Model, Statement
from cpsolve.grid.rules.shading import no_block, shaded_connected, shading
from cpsolve.grid.techniques import CLUE, Technique
from cpsolve.limits import charge

SHAPES = "LITS"  # the square, a 2x2 block, never fits


@lru_cache(maxsize=8)
def fits(board: Board) -> tuple[tuple[Placement, ...], ...]:
    """The tetrominoes each region holds (none for a region in ``free`` or a hole, a
    cell in no region, which so stays unshaded), none across a
    wall inside it (a tetromino has no cycle: a wall between two of its cells would
    split it in two, which pzprjs's rules refuse)."""
    grid, walls = board.grid, set(board.walls)

    def whole(cells: tuple[int, ...]) -> bool:  # cells in reading order: pairs a < b
        return not any((a, b) in walls for k, a in enumerate(cells) for b in cells[k + 1:])

    return tuple(tuple(p for p in TETROMINOES.placements(grid, cells, SHAPES) if whole(p.cells))
                 if k not in board.free and k not in board.hole_regions else ()
                 for k, cells in enumerate(board.region_cells))


def rules(m: Model, board: Board) -> None:
    shaded = shading(m)
    found = fits(board)
    charge(40 * sum(map(len, found)) + 4 * board.cells)
    cell = shaded.vars
    with m.rule("the shaded cells of each region are one tetromino"):
        chosen = place(m, cell, found, [c for cells in board.region_cells for c in cells])
    made = [{p.shape for p in mine} for mine in found]
    ids = iter(m.layer("shape", [(k, s) for k, names in enumerate(made) for s in SHAPES
                                 if s in names]).vars)
    shape = [{s: next(ids) for s in SHAPES if s in names} for names in made]
    with m.rule("the shaded cells of each region are one tetromino"):
        m.require(OneOf([var for of in shape for var in of.values()],
                        [[v for v, p in zip(placed, mine) if p.shape == s]
                         for mine, placed, of in zip(found, chosen, shape) for s in of]))
    apart, region = [], board.region
    for a, b in board.borders:
        mine, theirs = shape[region[a]], shape[region[b]]
        apart += [[-cell[a], -cell[b], -var, -theirs[s]] for s, var in mine.items()
                  if s in theirs]
    with m.rule("two tetrominoes of one shape never touch by a side"):
        m.clauses(apart)
    no_block(m, shaded)
    asked = [cells for k, cells in enumerate(board.region_cells)
             if k not in board.free and k not in board.hole_regions]
    shaded_connected(m, shaded, roots=min(asked, key=len) if asked else None)


def clue(m: Model, board: Board, region: Clue) -> None:
    found, k = fits(board), region.index
    start = sum(map(len, found[:k]))  # the region's tetrominoes, in the layer's order
    m.at_least(1, m.layers["placed"].vars[start:start + len(found[k])])


# The hints' names for the steps: Keep It Simple Puzzles' guide to LITS.
TECHNIQUES = (
    Technique("Start Small", CLUE, sets=True, alone=True, chains=True),  # with its region's rule
    Technique("Eliminate Corners", "no 2x2 block all shaded", sets=False),
    Technique("Avoid Isolation", "the shaded cells are connected", sets=True),
)

STATEMENT: Statement[Board] = Statement(
    rules, clue, regions.unit_clues(regions.region_units, lambda board: "a tetromino"),
    techniques=TECHNIQUES, methods=(
        # Up to 18 tetrominoes start at a cell, each some twenty literals.
        Method("placements", "sat", "a Boolean per tetromino that fits in a region; "
               "connectivity as cuts on the candidates an incremental SAT solver finds",
               literals=lambda board, **_: 400 * board.cells),
        Method("flow", "cpsat", "a Boolean per tetromino that fits in a region; connectivity "
               "as a flow from a shaded cell of the smallest region", {"connect": "flow"},
               literals=lambda board, **_: 500 * board.cells),
    ))
