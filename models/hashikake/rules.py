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

Only the edges with an island further along their line on each side have variables
(the others could carry no bridge: one runs straight to the board's edge there).
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from cpsolve.grid.boards import NumberGrid
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement, lazy
from cpsolve.grid.rules.globals import Connected
from cpsolve.grid.rules.model import FALSE
from cpsolve.grid.techniques import CLUE, Technique

Bridges = frozenset[tuple[int, int, int]]  # an answer: (a, b, 1 or 2) per edge a-b built
AXES = (((0, -1), (0, 1)), ((-1, 0), (1, 0)))  # along a row, along a column


@cache
def sides(rows: int, cols: int) -> tuple[tuple[tuple[int | None, int | None], ...], ...]:
    """For each cell of a ``rows`` x ``cols`` grid, the edges on either side of it along
    its row and along its column (``None`` off the board), in the grid's numbering of
    edges (those between columns row by row, then those between rows).

    >>> sides(2, 2)
    (((None, 0), (None, 2)), ((0, None), (None, 3)), ((None, 1), (2, None)), ((1, None), (3, None)))
    """
    across = rows * (cols - 1)
    out = []
    for r in range(rows):
        for c in range(cols):
            west = r * (cols - 1) + c - 1 if c > 0 else None
            east = r * (cols - 1) + c if c < cols - 1 else None
            north = across + (r - 1) * cols + c if r > 0 else None
            south = across + r * cols + c if r < rows - 1 else None
            out.append(((west, east), (north, south)))
    return tuple(out)


@lru_cache(maxsize=16)
def open_edges(board: NumberGrid) -> tuple[int, ...]:
    """The edges a bridge may run along: those with an island further along their line
    on each side (anywhere: the nearest is a bridge's end)."""
    rows, cols, numbers = board.rows, board.cols, board.numbers
    out = []
    for r in range(rows):  # between columns c and c + 1
        isles = [c for c in range(cols) if numbers[r * cols + c] is not None]
        if isles:
            out += [r * (cols - 1) + c for c in range(isles[0], isles[-1])]
    across = rows * (cols - 1)
    for c in range(cols):  # between rows r and r + 1
        isles = [r for r in range(rows) if numbers[r * cols + c] is not None]
        if isles:
            out += [across + r * cols + c for r in range(isles[0], isles[-1])]
    return tuple(sorted(out))


def rules(m: Model, board: NumberGrid) -> None:
    grid = board.grid
    edges, name = grid.edges, grid.name
    keys = open_edges(board)
    named = lambda k: f"{name(edges[k][0])}-{name(edges[k][1])}"  # noqa: E731
    one = m.layer("bridged", keys, named=named)
    two = m.layer("double", keys, named=named)
    m.solution([*one.vars, *two.vars])
    islands = board.clue_cells
    table = sides(board.rows, board.cols)

    def at(layer: Any, k: int | None) -> int:
        return FALSE if k is None else layer[k]

    with m.rule("at most two bridges join two islands"):
        for k in keys:
            m.implies(two[k], one[k])
    with m.rule("a bridge runs straight from island to island"):
        for cell in range(grid.cells):
            if board.numbers[cell] is not None:
                continue
            for before, after in table[cell]:
                for layer in (one, two):
                    m.iff(at(layer, before), at(layer, after))
    with m.rule("bridges never cross"):
        for cell in range(grid.cells):
            if board.numbers[cell] is None:
                (west, _), (north, _) = table[cell]
                m.nand(at(one, west), at(one, north))
    with m.rule("the islands connected"):
        m.clause(*one.vars)
        if len(islands) > 1:
            for cell in islands:
                m.clause(*(one[k] for k in grid.incident[cell]))
        m.require(network(board, one))


def network(board: NumberGrid, one: Any) -> Connected:
    """The bridges connected: the nodes are the edges a bridge may run along, each
    joined to the edge beyond a cell without an island along its line, and to every
    edge of an island it ends at."""
    grid, numbers = board.grid, board.numbers
    keys = open_edges(board)
    node = {k: i for i, k in enumerate(keys)}
    table = sides(board.rows, board.cols)
    links: list[list[int]] = []
    for k in keys:
        near: list[int] = []
        for cell in grid.edges[k]:
            if numbers[cell] is not None:
                near.extend(node[o] for o in grid.incident[cell] if o != k and o in node)
                continue
            for before, after in table[cell]:
                if k == before and after in node:
                    near.append(node[after])  # type: ignore[index]
                elif k == after and before in node:
                    near.append(node[before])  # type: ignore[index]
        links.append(near)
    roots = [node[k] for k in grid.incident[board.clue_cells[0]] if k in node] \
        if board.clue_cells else None
    return Connected([one[k] for k in keys], links, "the islands connected",
                     roots=roots or None, grid=grid,
                     where=lambda i: f"the edge {grid.where(grid.edges[keys[i]][0])}-"
                     f"{grid.where(grid.edges[keys[i]][1])}")


def clue(m: Model, board: NumberGrid, number: Clue) -> None:
    """An island's number: that many bridges end at it (a double bridge counts two)."""
    one, two = m.layers["bridged"], m.layers["double"]
    around = board.grid.incident[number.index]
    m.exactly(number.value, [*(one[k] for k in around), *(two[k] for k in around)])


def decode(board: NumberGrid, values: tuple[bool, ...]) -> Bridges:
    """The bridges an answer's values build: each edge with one or two. A double
    bridge reads as two whatever its edge's bridge says, so that every variable shows
    in the answer's text on its own (the kit finds the cells a variable left open by
    flipping it alone)."""
    edges, keys = board.grid.edges, open_edges(board)
    n = len(keys)
    return frozenset((*edges[k], 1 + values[n + i]) for i, k in enumerate(keys)
                     if values[i] or values[n + i])


def encode(board: NumberGrid, answer: Bridges) -> list[bool]:
    """The values of an answer's bridges: every open edge's one, then its two."""
    built = {(a, b): n for a, b, n in answer}
    on = [built.get(board.grid.edges[k], 0) for k in open_edges(board)]
    return [n >= 1 for n in on] + [n == 2 for n in on]


def literals(board: NumberGrid, **_: Any) -> int:
    """About how many literals a model holds, before building it.

    >>> literals(NumberGrid(2, 2, (None,) * 4))
    240
    """
    return board.grid.cells * 60


# The hints' names for the steps: Sudokutiger's Hashi guide (an island whose number
# only one way of building its bridges reaches: a corner 4 takes two to each neighbour).
TECHNIQUES = (Technique("Single Combination", CLUE, shape="needs"),)

STATEMENT: Statement[NumberGrid] = Statement(rules, clue, decode=decode, encode=encode,
                                             techniques=TECHNIQUES, methods=(
    lazy("a bridge and a double bridge per edge; the network cut off when a candidate "
         "splits", literals=literals),
    Method("flow", "cpsat", "a bridge and a double bridge per edge; the network "
           "connected by a flow", literals=literals),
))
