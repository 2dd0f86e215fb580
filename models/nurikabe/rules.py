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
from cpsolve.grid.rules.areas import island_literals, islands, seed
from cpsolve.grid.rules.shading import no_block, shaded_connected, shading


def rules(m: Model, board: NumberGrid) -> None:
    shaded = shading(m)
    with m.rule("each island of unshaded cells holds one number, its size"):
        islands(m, [-v for v in shaded.vars], {c: board.shown(c) for c in board.clue_cells})
    no_block(m, shaded)
    shaded_connected(m, shaded)


def clue(m: Model, board: NumberGrid, number: Clue) -> None:
    seed(m, number.index, number.number)


def literals(board: NumberGrid, per_cell: int) -> int:
    """About how many literals a model holds, before building it
    (:func:`~cpsolve.grid.rules.areas.island_literals`)."""
    return island_literals(board.cells, map(board.shown, board.clue_cells), per_cell)


STATEMENT: Statement[NumberGrid] = Statement(rules, clue, methods=(
    Method("islands", "sat", "a Boolean per cell and island, islands reached from their "
           "number step by step, the sea connected by lazy cuts",
           literals=lambda board, **_: literals(board, 10)),
    Method("flow", "cpsat", "island Booleans, each island and the sea connected by a flow",
           literals=lambda board, **_: literals(board, 80)),
))
