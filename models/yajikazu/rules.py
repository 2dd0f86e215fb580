"""The Yajisan-Kazusan rules, stated once (:mod:`cpsolve.grid.rules`): a variable per
cell, true where it is shaded.

* no two shaded cells side by side; the unshaded cells connected (lazy cuts on SAT;
  ``order`` or ``flow`` on CP-SAT); some cell shaded (pzprjs refuses an answer with
  none);
* a number with an arrow (a clue) on an unshaded cell: exactly that many shaded cells
  lie in the arrow's direction, to the board's edge, clue cells among them. A shaded
  clue says nothing.

The count is conditional (it holds only while its own cell is unshaded), so it is
written as a sequential counter that belongs to the board: ``beyond`` variables a
cell and direction, the k-th true exactly when at least k cells past that cell in that
direction are shaded, defined from the next cell's (at least k there, or the next
cell shaded and at least k - 1 there). Every clue on one row or column pointing the
same way shares one chain. A clue ``n`` then takes two clauses: its cell shaded, or at
least ``n`` beyond it; its cell shaded, or not at least ``n + 1``. A chain is kept no
longer than the largest number that reads it (plus one), and a count longer than the
cells left is false.

The ``beyond`` variables are the board's (made with the rules for its clues). A
clue a fix would add, where the board's chains do not reach, is stated by two counts
over its ray instead (see :func:`clue`), so that fixes are tried on the board's own
open solver.
"""

from __future__ import annotations

from typing import cast

from cpsolve.grid.arrows import STEPS, Arrow, ArrowGrid
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import FALSE, TRUE, Method, Model, Statement, lazy
from cpsolve.grid.rules.shading import apart, shading, unshaded_connected

WORDS = {"n": "up", "s": "down", "e": "right", "w": "left"}


def chains(board: ArrowGrid) -> dict[tuple[int, str], int]:
    """How far each (cell, direction) chain of counts must go: for every cell on a
    clue's ray (and the clue's own), one more than the largest number read through
    it, cut to the cells left past it.

    >>> from cpsolve.grid.arrows import Arrow
    >>> chains(ArrowGrid(1, 4, (Arrow(1, "e"), None, None, None)))
    {(0, 'e'): 2, (1, 'e'): 2, (2, 'e'): 1}
    """
    need: dict[tuple[int, str], int] = {}
    for cell in board.counting:
        arrow = cast(Arrow, board.clues[cell])
        number, direction = cast(int, arrow.number), cast(str, arrow.direction)
        path = (cell, *board.ray(cell))
        for step, other in enumerate(path):
            left = len(path) - 1 - step  # the cells past ``other``
            k = min(number + 1, left)
            if k > need.get((other, direction), 0):
                need[other, direction] = k
    return {key: k for key, k in sorted(need.items()) if k}


def rules(m: Model, board: ArrowGrid) -> None:
    shaded = shading(m)
    apart(m, shaded)
    unshaded_connected(m, shaded)
    with m.rule("some cell is shaded"):
        m.clause(*shaded.vars)
    need = chains(board)
    grid = board.grid
    beyond = m.layer("beyond", [(cell, d, k) for (cell, d), n in need.items()
                                for k in range(1, n + 1)],
                     named=lambda key: f"{grid.name(key[0])} {WORDS[key[1]]} {key[2]}")
    # The chains' clauses, stated at once (constants folded): the shaded cells an arrow
    # would count, from each cell on.
    rows: list[list[int]] = []
    for (cell, d), n in need.items():
        after = grid.ray(cell, *STEPS[d])[0]
        step = shaded[after]
        for k in range(1, n + 1):
            here, there = beyond[(cell, d, k)], beyond[(after, d, k)]
            less = beyond[(after, d, k - 1)] if k > 1 else TRUE
            for row in ((-there, here), (-step, -less, here), (-here, there, step),
                        (-here, there, less)):
                if TRUE not in row:
                    rows.append([lit for lit in row if lit != FALSE])
    with m.rule("an arrow counts the shaded cells in its direction"):
        m.clauses(rows)


def clue(m: Model, board: ArrowGrid, arrow: Clue) -> None:
    """A number with an arrow: its cell shaded, or that many shaded cells beyond it.

    A clue the board shows reads its chain. One a fix would add, where no chain of the
    board reaches far enough, is stated by two counts over its ray, each with its own
    cell's literal repeated so that a shaded clue cell fills the count: at least n of
    the ray and n copies of "shaded"; at most n + L of the ray and L copies of
    "unshaded" (L the ray's length). Shaded, both hold whatever the ray; unshaded, they
    say at least n and at most n. A fix is so tried on the board's own open solver.
    """
    cell, direction = cast(tuple[int, str], arrow.key)
    shaded, beyond = m.layers["shaded"], m.layers["beyond"]
    n, ray = arrow.value, board.ray(cell, direction)
    reach = min(n + 1, len(ray))  # the longest count the clue reads
    if reach == 0 or (cell, direction, reach) in beyond:
        m.clause(shaded[cell], beyond[(cell, direction, n)] if n else TRUE)
        m.clause(shaded[cell], -beyond[(cell, direction, n + 1)])
        return
    seen = [shaded[other] for other in ray]
    m.at_least(n, seen + [shaded[cell]] * n)
    m.at_most(n + len(ray), seen + [-shaded[cell]] * len(ray))


def literals(board: ArrowGrid, per_cell: int, per_step: int) -> int:
    """About how many literals a model holds, before building it: ``per_cell`` a cell
    and ``per_step`` a count of a chain.

    >>> from cpsolve.grid.arrows import Arrow
    >>> literals(ArrowGrid(1, 4, (Arrow(1, "e"), None, None, None)), 10, 12)
    100
    """
    return per_cell * board.cells + per_step * sum(chains(board).values())


STATEMENT: Statement[ArrowGrid] = Statement(rules, clue, methods=(
    lazy("connectivity as cuts on the candidates an incremental SAT solver finds; each "
         "number's count a sequential counter along its row or column",
         literals=lambda board, **_: literals(board, 12, 12)),
    Method("order", "cpsat", "connectivity as distances falling towards an unshaded cell",
           {"connect": "order"}, literals=lambda board, **_: literals(board, 130, 12)),
    Method("flow", "cpsat", "connectivity as a flow from an unshaded cell",
           {"connect": "flow"}, literals=lambda board, **_: literals(board, 50, 12)),
))
