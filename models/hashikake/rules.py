"""The Hashiwokakero rules, stated once (:mod:`cpsolve.grid.rules`): two variables per
edge between neighbouring cells, one true where a bridge runs along it and one where two
do (the answer).

* two bridges along an edge are a bridge there too;
* a bridge runs straight through a cell without an island: the edges on either side of
  it along a row (or a column) carry as many bridges, and none runs off the board;
* bridges never cross: no cell without an island has bridges both along its row and
  along its column;
* an island's number is how many bridges end at it (a clue: a ``?`` counts nothing);
* the islands are one network: the bridges are connected, edge to edge through the
  cells they share, every island has one when there are two islands or more, and some
  bridge is built (lazy cuts on SAT, a flow on CP-SAT).

An edge no island sees from both ends (no island further along its row, or column, on
each side before the board's edge) carries no bridge: that is implied, and given to
the solvers alone.
"""

from __future__ import annotations

from typing import Any

from cpsolve.grid.boards import NumberGrid
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement, lazy
from cpsolve.grid.rules.globals import Connected
from cpsolve.grid.rules.model import FALSE

Bridges = frozenset[tuple[int, int, int]]  # an answer: (a, b, 1 or 2) per edge a-b built
AXES = (((0, -1), (0, 1)), ((-1, 0), (1, 0)))  # along a row, along a column


def sides(board: NumberGrid, cell: int) -> list[tuple[int | None, int | None]]:
    """The edges on either side of ``cell`` along its row and along its column (``None``
    off the board)."""
    return [(board.grid.edge(cell, *before), board.grid.edge(cell, *after))
            for before, after in AXES]


def seen(board: NumberGrid) -> list[bool]:
    """For each edge, whether an island lies along its line on each side of it (else
    no bridge can run along it)."""
    grid, numbers = board.grid, board.numbers
    out = []
    for a, b in grid.edges:
        (ra, ca), (rb, cb) = grid.rc(a), grid.rc(b)
        dr, dc = rb - ra, cb - ca
        ends = []
        for start, step in ((a, (-dr, -dc)), (b, (dr, dc))):
            cell: int | None = start
            while cell is not None and numbers[cell] is None:
                cell = grid.step(cell, *step)
            ends.append(cell is not None)
        out.append(all(ends))
    return out


def rules(m: Model, board: NumberGrid) -> None:
    grid = board.grid
    edges, name = grid.edges, grid.name
    named = lambda k: f"{name(edges[k][0])}-{name(edges[k][1])}"  # noqa: E731
    one = m.layer("bridge", len(edges), named=named)
    two = m.layer("double", len(edges), named=named)
    m.solution([*one.vars, *two.vars])
    islands = board.clue_cells

    def at(layer: Any, k: int | None) -> int:
        return FALSE if k is None else layer[k]

    with m.rule("at most two bridges join two islands"):
        for k in range(len(edges)):
            m.implies(two[k], one[k])
    with m.rule("a bridge runs straight from island to island"):
        for cell in range(grid.cells):
            if board.numbers[cell] is not None:
                continue
            for before, after in sides(board, cell):
                for layer in (one, two):
                    m.iff(at(layer, before), at(layer, after))
    with m.rule("bridges never cross"):
        for cell in range(grid.cells):
            if board.numbers[cell] is None:
                (west, _), (north, _) = sides(board, cell)
                if west is not None and north is not None:
                    m.nand(one[west], one[north])
    with m.rule("the islands connected"):
        m.clause(*one.vars)
        if len(islands) > 1:
            for cell in islands:
                m.clause(*(one[k] for k in grid.incident[cell]))
        m.require(network(board, one.vars))
    with m.implied():
        for k, open_ in enumerate(seen(board)):
            if not open_:
                m.clause(-one[k])


def network(board: NumberGrid, bridge: list[int]) -> Connected:
    """The bridges connected: the nodes are the edges, each joined to the edge beyond a
    cell without an island along its line, and to every edge of an island it ends at."""
    grid, numbers = board.grid, board.numbers
    links: list[list[int]] = []
    for k, (a, b) in enumerate(grid.edges):
        near: list[int] = []
        for cell in (a, b):
            if numbers[cell] is not None:
                near.extend(o for o in grid.incident[cell] if o != k)
                continue
            for before, after in sides(board, cell):
                if k in (before, after):
                    near.extend(o for o in (before, after) if o is not None and o != k)
        links.append(sorted(set(near)))
    roots = list(grid.incident[board.clue_cells[0]]) if board.clue_cells else None
    return Connected(bridge, links, "the islands connected", roots=roots, grid=grid,
                     where=lambda k: f"the edge {grid.where(grid.edges[k][0])}-"
                     f"{grid.where(grid.edges[k][1])}")


def clue(m: Model, board: NumberGrid, number: Clue) -> None:
    """An island's number: that many bridges end at it (a double bridge counts two)."""
    one, two = m.layers["bridge"], m.layers["double"]
    around = board.grid.incident[number.index]
    m.exactly(number.value, [*(one[k] for k in around), *(two[k] for k in around)])


def decode(board: NumberGrid, values: tuple[bool, ...]) -> Bridges:
    """The bridges an answer's values build: each edge with one or two."""
    edges = board.grid.edges
    n = len(edges)
    return frozenset((a, b, 1 + values[n + k]) for k, (a, b) in enumerate(edges) if values[k])


def encode(board: NumberGrid, answer: Bridges) -> list[bool]:
    """The values of an answer's bridges: every edge's one, then its two."""
    built = {(a, b): n for a, b, n in answer}
    edges = board.grid.edges
    return [built.get(e, 0) >= 1 for e in edges] + [built.get(e, 0) == 2 for e in edges]


def literals(board: NumberGrid, **_: Any) -> int:
    """About how many literals a model holds, before building it.

    >>> literals(NumberGrid(2, 2, (None,) * 4))
    240
    """
    return board.grid.cells * 60


STATEMENT: Statement[NumberGrid] = Statement(rules, clue, decode=decode, encode=encode,
                                             methods=(
    lazy("a bridge and a double bridge per edge; the network cut off when a candidate "
         "splits", literals=literals),
    Method("flow", "cpsat", "a bridge and a double bridge per edge; the network "
           "connected by a flow", literals=literals),
))
