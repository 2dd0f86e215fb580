"""The Norinori rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell,
true where it is shaded.

* every shaded cell touches exactly one other shaded cell by an edge: it has a shaded
  neighbour (a clause), and no cell is shaded with two shaded neighbours (a clause a
  cell and pair of its neighbours), so the shaded cells make dominoes, apart;
* implied (it follows from the rule above, and helps propagation): no 2x2 block holds
  three shaded cells;
* every region holds exactly two shaded cells (its subset clauses, or a counter past
  :data:`DIRECT_UP_TO` literals; a linear equality on CP-SAT). Each region's count is
  a clue of the board, so that a board with no solution names the regions whose counts
  cannot hold together (the setter's tools never take one away: the regions are the
  puzzle); a region the setter's tools set free holds any number.

There is no global rule, so no lazy cuts: the SAT model is the whole of the rules.
"""

from __future__ import annotations

from itertools import combinations

from cpsolve.cnf import CARD, COUNTING_CARDS
from cpsolve.grid import regions
from cpsolve.grid.hints import Clue
from cpsolve.grid.regions import Regions as Board
from cpsolve.grid.rules import Method, Model, Statement
from cpsolve.grid.rules.sat import exact_literals
from cpsolve.grid.rules.shading import shading

DIRECT_UP_TO = 2000  # the most literals a region's subset clauses take
PER_REGION = 2  # shaded cells in every region


def rules(m: Model, board: Board) -> None:
    shaded = shading(m).vars
    grid = board.grid
    pairs = []
    with m.rule("every shaded cell touches exactly one other shaded cell"):
        for cell, around in enumerate(grid.neighbours):
            m.implies(shaded[cell], *(shaded[o] for o in around))
            pairs += [[-shaded[cell], -shaded[a], -shaded[b]]
                      for a, b in combinations(around, 2)]
        m.clauses(pairs)
    with m.implied():
        m.clauses([[-shaded[a] for a in three] for block in grid.blocks
                   for three in combinations(block, 3)])


def clue(m: Model, board: Board, region: Clue) -> None:
    shaded = m.layers["shaded"]
    m.exactly(PER_REGION, [shaded[c] for c in board.region_cells[region.index]],
              direct=DIRECT_UP_TO)


def literals(board: Board, *, per_cell: int, card: str | None = None, **_: object) -> int:
    """About how many literals (terms, for CP-SAT) a model holds, before building it:
    ``per_cell`` for each cell (its neighbours' clauses, the blocks') and each region's
    count: its subset clauses where they are few, else a counter (a linear term a cell
    on CP-SAT, no ``card``)."""
    return per_cell * board.cells + sum(
        len(cells) if card is None else exact_literals(len(cells), PER_REGION, card,
                                                       DIRECT_UP_TO)
        for cells in board.region_cells)


STATEMENT: Statement[Board] = Statement(
    rules, clue, regions.unit_clues(regions.region_units, lambda board: "2 shaded cells"),
    methods=(
        Method("direct", "sat", "a Boolean per cell, the dominoes as clauses, each region's "
               "count as subset clauses or a counter (card)",
               options=(CARD.but(default="seqcounter", choices=COUNTING_CARDS),),
               literals=lambda board, **o: literals(board, per_cell=60, **o)),
        Method("linear", "cpsat", "a Boolean per cell, the dominoes as clauses, each "
               "region's count a linear equality",
               literals=lambda board, **o: literals(board, per_cell=80)),
    ))
