"""The Nurikabe rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell,
true where it is shaded (the sea).

* no 2x2 block is all shaded; the shaded cells are connected (lazy cuts on SAT, a
  flow on CP-SAT);
* every unshaded cell is in the island of one number, and islands never touch: each
  number's island is grown from its cell, no farther than the number less one step
  (any cell for "?"), by the kit's areas grown from seeds
  (:func:`cpsolve.grid.rules.areas.islands`: reach steps on SAT, a flow per island on
  CP-SAT, the islands' cut group in a certificate);
* a number (a clue): its cell is in its island, and the island has that many cells.
  With the number taken away its island is not there, so the numbers are no
  relaxation (see the hints).
"""

from __future__ import annotations

from cpsolve.grid.boards import NumberGrid
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement
from cpsolve.grid.rules.areas import islands, seed
from cpsolve.grid.rules.shading import no_block, shaded_connected, shading


def rules(m: Model, board: NumberGrid) -> None:
    shaded = shading(m)
    islands(m, [-v for v in shaded.vars], {c: board.shown(c) for c in board.clue_cells})
    no_block(m, shaded)
    shaded_connected(m, shaded)


def clue(m: Model, board: NumberGrid, number: Clue) -> None:
    seed(m, number.index, number.number)


def literals(board: NumberGrid, per_cell: int) -> int:
    """About how many literals a model holds, before building it: ``per_cell`` for each
    cell and, for each number, about 12 for each cell it can reach and step it can take
    there (a "?" on a 1000x1000 board could reach a million cells in a million steps:
    10\u00b9\u00b3).

    >>> literals(NumberGrid(2, 2, (2, None, None, None)), per_cell=10)
    136
    """
    total = per_cell * board.cells
    for cell in board.clue_cells:
        size = board.shown(cell)
        steps = board.cells if size is None else size
        total += 12 * min(board.cells, 2 * steps * steps + 2 * steps + 1) * steps
    return total


STATEMENT: Statement[NumberGrid] = Statement(rules, clue, methods=(
    Method("islands", "sat", "a Boolean per cell and island, islands reached from their "
           "number step by step, the sea connected by lazy cuts",
           literals=lambda board, **_: literals(board, 10)),
    Method("flow", "cpsat", "island Booleans, each island and the sea connected by a flow",
           literals=lambda board, **_: literals(board, 80)),
))
