"""The Nurimisaki rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell,
true where it is shaded.

* no 2x2 block all shaded, none all unshaded; the unshaded cells connected (lazy cuts
  on SAT, a flow from a circle on CP-SAT); a cell shaded at least (pzprjs asks for one);
* a circle (numbered or not) is a cape: unshaded, with exactly one unshaded neighbour;
  a cell without a circle is no cape: unshaded, it has no unshaded neighbour alone.
  The circles are the board's structure: a circle taken away asks for no cape there;
* a number (a clue) in a circle: the straight run of unshaded cells from the circle
  towards its one unshaded neighbour holds that many cells, the circle's own among
  them. Taken away, the circle stays (with no number): a relaxation.
"""

from __future__ import annotations

from cpsolve.grid.boards import NumberGrid
from cpsolve.grid.geometry import DIRECTIONS
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement
from cpsolve.grid.rules.globals import Connected
from cpsolve.grid.rules.shading import no_block, shading


def rules(m: Model, board: NumberGrid) -> None:
    shaded = shading(m)
    grid, s = board.grid, shaded.vars
    no_block(m, shaded)
    no_block(m, shaded, False)
    with m.rule("some cell is shaded"):
        m.clause(*s)
    circles = board.clue_cells
    with m.rule("the unshaded cells are connected"):
        m.require(Connected([-v for v in s], grid.neighbours, "unshaded connected",
                            roots=circles[:1] or None, grid=grid, where=grid.where))
    for cell in range(grid.cells):
        near = grid.neighbours[cell]
        if board.numbers[cell] is not None:
            with m.rule("a circle is an unshaded dead end"):
                m.clause(-s[cell])
                m.exactly(1, [-s[o] for o in near])
        else:  # unshaded with ``o`` unshaded, another neighbour is unshaded too
            with m.rule("every unshaded dead end holds a circle"):
                m.clauses([[s[cell], s[o], *(-s[p] for p in near if p != o)]
                           for o in near])


def clue(m: Model, board: NumberGrid, number: Clue) -> None:
    """The run from the circle towards an unshaded neighbour: ``number`` cells, then a
    shaded cell or the board's edge; no direction whose run would leave the board."""
    s, grid, n = m.layers["shaded"], board.grid, number.value
    for dr, dc in DIRECTIONS:
        ray = grid.ray(number.index, dr, dc)
        if not ray:
            continue
        if len(ray) < n - 1:  # the run cannot fit: that neighbour is shaded
            m.clause(s[ray[0]])
            continue
        m.clauses([[s[ray[0]], -s[o]] for o in ray[1:n - 1]])
        if len(ray) >= n:
            m.clause(s[ray[0]], s[ray[n - 1]])


def literals(board: NumberGrid, per_cell: int) -> int:
    """About how many literals a model holds, before building it: ``per_cell`` a cell
    and a number's run."""
    return per_cell * board.cells + sum(board.shown(c) or 0 for c in board.clue_cells) * 8


STATEMENT: Statement[NumberGrid] = Statement(rules, clue, methods=(
    Method("lazy", "sat", "a variable a cell, connectivity as cuts on the candidates an "
           "incremental SAT solver finds", literals=lambda board, **_: literals(board, 40)),
    Method("flow", "cpsat", "a Boolean a cell, the unshaded cells connected by a flow",
           {"connect": "flow"}, literals=lambda board, **_: literals(board, 80)),
    Method("order", "cpsat", "a Boolean a cell, connectivity as distances falling towards "
           "a circle", {"connect": "order"}, literals=lambda board, **_: literals(board, 150)),
))
