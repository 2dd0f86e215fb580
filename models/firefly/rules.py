"""The Hotaru Beam rules, stated once (:mod:`cpsolve.grid.rules`): a variable per edge
between neighbouring cells, true where a line runs (the answer); two per edge, the way a
line runs along it (from the firefly's dot towards a body); one per cell, true where a
line touches it; and per open cell, how many turns its line has still to make (one
variable a count from 1 to the board's largest number, true where at least that many
are left, and one for a line from a firefly without a number, whose turns nobody
counts).

* a line runs along an edge one way exactly when the edge is chosen;
* a cell without a firefly has two edges or none, one line coming in and one going out;
* a firefly's line leaves by its dot and by nothing else: every other side of it
  only takes lines in (a firefly without a dot only takes them in);
* turns are counted down along each line: the cell after a numbered firefly's dot has
  its number left (one less where the line turns there), each next cell the same (one
  less where it turns), never below 0, and a line arrives at a body with 0 left; a
  line uncounted at one cell is so at the next;
* the lines are connected, edge to edge through the cells they share (lazy cuts on
  SAT, a flow on CP-SAT), and some line is drawn.

A line running from a dot into a body, with every open cell in the middle passing it
on, is what pzprjs checks: no line joins two dots or two bodies, branches, crosses or
ends in an open cell. A number (a clue) taken away leaves its firefly as one without a
number: its line starts uncounted, or with any count it then keeps.
"""

from __future__ import annotations

import numpy as np

from cpsolve.grid.arrows import STEPS, ArrowGrid
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement, edge_values, edges_of, lazy
from cpsolve.grid.rules.globals import Connected
from cpsolve.grid.rules.model import FALSE


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
    # At least n turns left (an order encoding: its bounds pass along a line as they
    # are, where one variable a count needed as many clauses and an at-most-one).
    least = m.layer("least", [(cell, n) for cell in open_cells for n in range(1, top + 1)],
                    named=lambda k: f"{name(k[0])} {k[1]}+")
    uncounted = m.layer("uncounted", open_cells)
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
            m.implies(uncounted[cell], lit[cell])
            if top:
                m.implies(least[cell, 1], lit[cell])
                m.nand(least[cell, 1], uncounted[cell])
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
    # A count stays a count, and no count is uncounted: each n of a cell's implies n - 1.
    counts = np.array(least.vars, dtype=np.int64).reshape(len(open_cells), top)
    m.clauses(np.stack([-counts[:, 1:], counts[:, :-1]], axis=2).reshape(-1, 2))
    row = {cell: i for i, cell in enumerate(open_cells)}
    passing = []  # (way, turn at its end, its start's row, its end's row) between open cells
    for a in open_cells:
        for b in grid.neighbours[a]:
            way = go[a, b]
            if board.clues[b] is not None:  # a line arrives at a body with 0 left
                if top:
                    m.clause(-way, -least[a, 1])
                continue
            m.clause(-way, -uncounted[a], uncounted[b])
            m.clause(-way, uncounted[a], -uncounted[b])
            # Where b turns, a had one more left than b has; else as many.
            m.clause(-way, -turn[b], uncounted[a], least[a, 1] if top else FALSE)
            passing.append((way, turn[b], row[a], row[b]))
    if passing and top:
        chosen, turned, start, end = (np.array(column, dtype=np.int64) for column in zip(*passing))
        w, t = -chosen[:, None].repeat(top, axis=1), turned[:, None].repeat(top, axis=1)
        before, after = counts[start], counts[end]
        m.clauses(np.stack([w, t, -before, after], axis=2).reshape(-1, 4))
        m.clauses(np.stack([w, t, before, -after], axis=2).reshape(-1, 4))
        w, t = w[:, 1:], t[:, 1:]
        m.clauses(np.stack([w, -t, -before[:, 1:], after[:, :-1]], axis=2).reshape(-1, 4))
        m.clauses(np.stack([w, -t, before[:, 1:], -after[:, :-1]], axis=2).reshape(-1, 4))
        m.clauses(np.stack([-chosen, -turned, -after[:, -1]], axis=1))  # no count past the top
    m.clause(*edge.vars)
    if not any(c is not None and c.number is None and dot(board, cell) is not None
               for cell, c in enumerate(board.clues)):
        # Every line then counts its turns from a number; a ring of open cells, which
        # counts down forever, cannot close, and no cell is uncounted.
        with m.implied(clues=False):
            for cell in open_cells:
                m.clause(-uncounted[cell])
            # Each turn is one of one line's, so the turns are the numbers' sum.
            m.exactly(sum(board.clues[cell].number for cell in board.clue_cells  # type: ignore[union-attr,misc]
                          if dot(board, cell) is not None), turn.vars)
    with m.implied():
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
    least, uncounted, turn = m.layers["least"], m.layers["uncounted"], m.layers["turn"]
    top = most(board)
    m.clause(-uncounted[ahead])
    for turned in (False, True):  # exactly ``value`` left, one less where it turns
        left = value - turned
        sure = -turn[ahead] if turned else turn[ahead]
        if not 0 <= left <= top:
            m.clause(sure)
            continue
        if left:
            m.clause(sure, least[ahead, left])
        if left < top:
            m.clause(sure, -least[ahead, left + 1])


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
