"""The Nurimaze rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell,
true where it is shaded, and one per cell, true where the path from S to G passes.

* every region all shaded or all unshaded (its cells equal, one after the next);
* no 2x2 block all shaded, none all unshaded; S and G unshaded;
* the unshaded cells connected (lazy cuts on SAT, a flow from S on CP-SAT);
* the unshaded cells make no loop. Given the rule above (no 2x2 block all unshaded),
  a loop of unshaded cells is exactly a group of shaded cells it closes in: so every
  shaded cell is joined to the board's edge through shaded cells side by side or
  corner to corner: the shaded cells are connected when those cells touch by a side
  or a corner and every two cells on the edge touch (through the outside), and one
  cell on the edge is shaded (else the edge's cells make a loop) where the board has
  two rows and two columns;
* the path: S and G on it, each with exactly one neighbour on it, any other cell on it
  with exactly two, every cell on it unshaded. The unshaded cells making a tree, the
  cells on the path are then exactly the one way from S to G (a second piece of path
  would need a loop or a third end), so the path adds no answers;
* a circle (a clue) is on the path; a triangle (a clue) is unshaded and off it. Taken
  away, either asks nothing: a relaxation.
"""

from __future__ import annotations

from itertools import combinations

from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement
from cpsolve.grid.rules.globals import Connected
from cpsolve.grid.rules.shading import no_block, shading
from cpsolve.models.nurimaze.board import CIRCLE, MARK_NAMES, Board


def rules(m: Model, board: Board) -> None:
    s = shading(m).vars
    grid = board.grid
    shaded = m.layers["shaded"]
    no_block(m, shaded)
    no_block(m, shaded, False)
    with m.rule("a region is all shaded or all unshaded"):
        for cells in board.region_cells:
            for a, b in zip(cells, cells[1:]):
                m.iff(s[a], s[b])
    with m.rule("S and G are unshaded"):
        m.clause(-s[board.start])
        m.clause(-s[board.goal])
    with m.rule("the unshaded cells are connected"):
        m.require(Connected([-v for v in s], grid.neighbours, "unshaded connected",
                            roots=[board.start], grid=grid, where=grid.where))
    ring = [c for c in range(grid.cells) if len(grid.neighbours[c]) < 4]
    links = [list(grid.touching[c]) for c in range(grid.cells)]
    for c in ring:
        links[c] += [o for o in ring if o != c and o not in grid.touching[c]]
    with m.rule("the unshaded cells make no loop"):
        m.require(Connected(s, links, "shaded cells reach the edge", grid=grid,
                            where=grid.where))
        if grid.rows > 1 and grid.cols > 1:  # else the edge's unshaded cells make a loop
            m.clause(*(s[c] for c in ring))
    path = m.cells("path").vars
    with m.rule("the way from S to G runs through unshaded cells"):
        for cell in range(grid.cells):
            near = [path[o] for o in grid.neighbours[cell]]
            m.implies(path[cell], -s[cell])
            if cell in (board.start, board.goal):
                m.clause(path[cell])
                m.exactly(1, near)
                continue
            m.clauses([[-path[cell], *(x for x in near if x != left)] for left in near])
            m.clauses([[-path[cell], -a, -b, -c] for a, b, c in combinations(near, 3)])
    with m.implied():  # two unshaded cells (S and G) connected: each has a neighbour
        m.clauses([[s[c], *(-s[o] for o in grid.neighbours[c])] for c in range(grid.cells)])


def clue(m: Model, board: Board, mark: Clue) -> None:
    """A circle: the path passes it. A triangle: unshaded, the path does not pass it."""
    path, s = m.layers["path"], m.layers["shaded"]
    if mark.value == CIRCLE:
        m.clause(path[mark.index])
    else:
        m.clause(-s[mark.index])
        m.clause(-path[mark.index])


def clues(board: Board) -> list[Clue]:
    """The circles and triangles, in reading order."""
    rc = board.grid.rc
    return [Clue(rc(cell), MARK_NAMES[mark], cell, mark)
            for cell, mark in enumerate(board.marks) if mark]


def literals(board: Board, per_cell: int) -> int:
    """About how many literals a model holds, before building it: ``per_cell`` a
    cell."""
    return per_cell * board.cells


STATEMENT: Statement[Board] = Statement(rules, clue, clues, methods=(
    Method("lazy", "sat", "a variable a cell and one for the path, connectivity and the "
           "maze's loops as cuts on the candidates an incremental SAT solver finds",
           literals=lambda board, **_: literals(board, 80)),
    Method("flow", "cpsat", "Booleans a cell, the unshaded cells and the shaded cells with "
           "the edge connected by flows", {"connect": "flow"},
           literals=lambda board, **_: literals(board, 160)),
    Method("order", "cpsat", "Booleans a cell, connectivity as distances falling towards "
           "S and the edge", {"connect": "order"},
           literals=lambda board, **_: literals(board, 300)),
))
