"""The Hotaru Beam rules, stated once (:mod:`cpsolve.grid.rules`): a variable per edge
between neighbouring cells, true where a line runs (the answer); two per edge, the way a
line runs along it (from the firefly's dot towards a body); one per cell, true where a
line touches it; and per open cell, how many turns its line has still to make (one
variable a count from 0 to the board's largest number, and one for a line from a
firefly without a number, whose turns nobody counts).

* a line runs along an edge one way exactly when the edge is chosen;
* a cell without a firefly has two edges or none, one line coming in and one going out;
* a firefly's line leaves by its dot and by nothing else: every other side of it
  only takes lines in (a firefly without a dot only takes them in);
* turns are counted down along each line: the cell after a numbered firefly's dot has
  its number left (one less where the line turns there), each next cell the same (one
  less where it turns), never below 0, and a line arrives at a body with 0 left;
* the lines are connected, edge to edge through the cells they share (lazy cuts on
  SAT, a flow on CP-SAT), and some line is drawn.

A line running from a dot into a body, with every open cell in the middle passing it
on, is what pzprjs checks: no line joins two dots or two bodies, branches, crosses or
ends in an open cell. A number (a clue) taken away leaves its firefly as one without a
number: its line starts uncounted, or with any count it then keeps.
"""

from __future__ import annotations

from cpsolve.grid.arrows import STEPS, ArrowGrid
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement, edge_values, edges_of, lazy
from cpsolve.grid.rules.globals import Connected
from cpsolve.grid.rules.model import FALSE

ANY = "any"  # the count of a line from a firefly without a number


def most(board: ArrowGrid) -> int:
    """The largest count a line's cells carry: the board's largest number, at most its
    cells (no line turns more often)."""
    return min(max((c.number for c in board.clues if c is not None and c.number is not None),
                   default=0), board.grid.cells)


def dot(board: ArrowGrid, cell: int) -> int | None:
    """The cell a firefly's dot faces (``None``: no dot, or the dot faces off the board)."""
    clue = board.clues[cell]
    if clue is None or clue.direction is None:
        return None
    return board.grid.step(cell, *STEPS[clue.direction])


def rules(m: Model, board: ArrowGrid) -> None:
    grid = board.grid
    edges, name = grid.edges, grid.name
    edge = m.layer("edge", len(edges), named=lambda k: f"{name(edges[k][0])}-{name(edges[k][1])}")
    m.solution(edge.vars)
    ways = [(a, b) for a, b in edges] + [(b, a) for a, b in edges]
    go = m.layer("go", ways, named=lambda w: f"{name(w[0])}>{name(w[1])}")
    lit = m.cells("lit")
    top = most(board)
    open_cells = board.open_cells
    left = m.layer("left", [(cell, n) for cell in open_cells for n in (*range(top + 1), ANY)],
                   named=lambda k: f"{name(k[0])} {k[1]}")
    turn = m.layer("turn", open_cells)
    for k, (a, b) in enumerate(edges):
        m.clause(-edge[k], go[a, b], go[b, a])
        m.implies(go[a, b], edge[k])
        m.implies(go[b, a], edge[k])
        m.nand(go[a, b], go[b, a])
    for cell in range(grid.cells):
        around = [edge[k] for k in grid.incident[cell]]
        m.clause(-lit[cell], *around)
        for e in around:
            m.implies(e, lit[cell])
        into = [go[o, cell] for o in grid.neighbours[cell]]
        out = [go[cell, o] for o in grid.neighbours[cell]]
        if board.clues[cell] is None:
            m.at_most(1, into)
            m.at_most(1, out)
            m.clause(-lit[cell], *into)
            m.clause(-lit[cell], *out)
            counts = [left[cell, n] for n in (*range(top + 1), ANY)]
            m.clause(-lit[cell], *counts)
            m.at_most(1, counts)
            for v in counts:
                m.implies(v, lit[cell])
            flat = [edge[grid.edge_at[min(cell, o), max(cell, o)]] for o in grid.neighbours[cell]
                    if o // grid.cols == cell // grid.cols]
            tall = [edge[grid.edge_at[min(cell, o), max(cell, o)]] for o in grid.neighbours[cell]
                    if o % grid.cols == cell % grid.cols]
            for a in flat:
                for b in tall:
                    m.clause(-a, -b, turn[cell])
            m.clause(-turn[cell], *flat)
            m.clause(-turn[cell], *tall)
            continue
        ahead = dot(board, cell)
        for o in grid.neighbours[cell]:
            if o != ahead:
                m.clause(-go[cell, o])
        if board.clues[cell].direction is not None:  # type: ignore[union-attr]
            # A line from a firefly without a number starts uncounted, or with any
            # count it keeps (so a number a setter's fix adds there is an assumption).
            m.clause(go[cell, ahead] if ahead is not None else FALSE)
    for a in open_cells:
        for b in grid.neighbours[a]:
            way = go[a, b]
            if board.clues[b] is not None:  # a line arrives at a body with 0 left
                m.clause(-way, left[a, 0], left[a, ANY])
                continue
            m.clause(-way, -left[a, ANY], left[b, ANY])
            for n in range(top + 1):
                m.clause(-way, -left[a, n], turn[b], left[b, n])
                m.clause(-way, -left[a, n], -turn[b], left[b, n - 1] if n else FALSE)
    m.clause(*edge.vars)
    if not any(c is not None and c.number is None and dot(board, cell) is not None
               for cell, c in enumerate(board.clues)):
        # Every line then counts its turns from a number; a ring of open cells, which
        # counts down forever, cannot close, and no cell is uncounted.
        with m.implied(clues=False):
            for cell in open_cells:
                m.clause(-left[cell, ANY])
    with m.implied():
        # Backwards too: the cell before an open cell on its line had as many turns
        # left, or one more where this one turns; an uncounted line was so before.
        for b in open_cells:
            for a in grid.neighbours[b]:
                if board.clues[a] is not None:
                    continue
                way = go[a, b]
                m.clause(-way, -left[b, ANY], left[a, ANY])
                for n in range(top + 1):
                    m.clause(-way, -left[b, n], turn[b], left[a, n])
                    m.clause(-way, -left[b, n], -turn[b],
                             left[a, n + 1] if n < top else FALSE)
        if any(dot(board, cell) is not None for cell in board.clue_cells):
            # A ring round four open cells is a network of its own.
            for r in range(grid.rows - 1):
                for c in range(grid.cols - 1):
                    a, b = grid.cell(r, c), grid.cell(r + 1, c + 1)
                    ring = (a, a + 1, b, b - 1)
                    if all(board.clues[x] is None for x in ring):
                        m.nand(*(edge[grid.edge_at[min(x, y), max(x, y)]]
                                 for x, y in zip(ring, ring[1:] + ring[:1])))
    m.require(network(board, edge.vars))


def network(board: ArrowGrid, edge: list[int]) -> Connected:
    """The lines connected: the nodes are the edges, two joined where they meet at a
    cell (the lines' cells connected through the lines themselves)."""
    grid = board.grid
    links = [sorted({o for cell in pair for o in grid.incident[cell]} - {k})
             for k, pair in enumerate(grid.edges)]
    roots = [grid.edge_at[min(cell, ahead), max(cell, ahead)] for cell in board.clue_cells
             if (ahead := dot(board, cell)) is not None] or None
    return Connected(edge, links, "lines connected", roots=roots, grid=grid,
                     where=lambda k: f"the edge {grid.where(grid.edges[k][0])}-"
                     f"{grid.where(grid.edges[k][1])}")


def clue(m: Model, board: ArrowGrid, number: Clue) -> None:
    """A number on a firefly: its line turns that many times (a line straight into the
    next firefly, none)."""
    cell, value = number.index, number.value
    ahead = dot(board, cell)
    if ahead is None:
        return
    if board.clues[ahead] is not None:
        if value != 0:
            m.clause(FALSE)
        return
    left, turn = m.layers["left"], m.layers["turn"]
    top = most(board)
    m.clause(turn[ahead], left[ahead, value] if value <= top else FALSE)
    m.clause(-turn[ahead], left[ahead, value - 1] if 0 < value <= top + 1 else FALSE)


def literals(board: ArrowGrid, per_cell: int) -> int:
    """About how many literals a model holds, before building it: ``per_cell`` for
    each cell and count.

    >>> literals(ArrowGrid(2, 2, (None,) * 4), 40)
    320
    """
    return board.grid.cells * per_cell * (most(board) + 2)


STATEMENT: Statement[ArrowGrid] = Statement(rules, clue, decode=edges_of, encode=edge_values,
                                            methods=(
    lazy("counts down the turns as clauses, a network cut off when a candidate splits",
         literals=lambda board, **_: literals(board, 40)),
    Method("flow", "cpsat", "counts down the turns as clauses, the network connected by a flow",
           literals=lambda board, **_: literals(board, 60)),
))
