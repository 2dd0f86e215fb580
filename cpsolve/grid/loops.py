"""One loop on a grid, written once for every loop family: Masyu's loop through cell
centres, Slitherlink's along a board's edges (a loop through its points, the grid of
``(rows + 1) x (cols + 1)`` corners), Yajilin's and Country Road's.

The loop is a set of the grid's edges (:attr:`~cpsolve.grid.geometry.Grid.edges`,
each ``(a, b)`` with ``a < b``). Every model numbers its variables the same way
(:class:`Numbering`): edge k is variable k + 1, "the loop passes node c" is
``len(edges) + c + 1``, and a family's own variables come after those.

* :func:`degree_clauses`: every node has two edges or none, and is passed exactly
  when it has two;
* :func:`lazy_model`: a SAT model with "one loop" left out and checked on each
  candidate (:func:`~cpsolve.grid.connectivity.loop_cuts`, and its partial form for
  grading);
* :func:`cpsat_model`: the same rules on CP-SAT, with "one loop" as ``AddCircuit``
  (``circuit``) or as a flow through the chosen edges (``flow``);
* :func:`tokens`, :func:`to_rows`, :func:`show`, :func:`read_tokens`: a loop as text,
  a token a node naming the directions the loop leaves it by (``ns``, ``ew``, ``ne``,
  ``nw``, ``se``, ``sw``), ``-`` where it does not pass; the JSON convention of every
  loop family;
* :func:`loop_breaks`: the checker's part, by walking the loop (it shares nothing
  with the models); :func:`linked`, :func:`walked` and :func:`lines`, the same steps
  for a checker of paths (Numberlink's) and for generators.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from cpsolve.backends.sat import CnfModel
from cpsolve.errors import InputError
from cpsolve.grid import text as gridtext
from cpsolve.grid.connectivity import cpsat_connected_flow, cpsat_loop, loop_cuts, loop_partial
from cpsolve.grid.geometry import Broken, Edge, Grid
from cpsolve.grid.model import Whole

Loop = frozenset[Edge]
DIRECTIONS = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}
ORDER = "nsew"  # a token's letters: north or south first, as compass points are named
BACK = {"n": "s", "s": "n", "e": "w", "w": "e"}


@dataclass(frozen=True)
class Numbering:
    """The variables of a loop model on ``grid``: edge k is ``k + 1``, "node c is
    passed" ``edges + c + 1``; a family's own variables start at ``top + 1``.

    >>> n = Numbering(Grid(2, 2))
    >>> n.edge(0), n.used(3), n.top
    (1, 8, 8)
    """

    grid: Grid

    @property
    def edges(self) -> int:
        return len(self.grid.edges)

    def edge(self, k: int) -> int:
        return k + 1

    def used(self, node: int) -> int:
        return self.edges + node + 1

    @property
    def top(self) -> int:
        return self.edges + self.grid.cells

    def names(self, node: Callable[[int], str] | None = None) -> dict[int, str]:
        """What each variable means, for ``--dump-cnf`` (``node`` names a node: the
        grid's ``r2c3`` unless told)."""
        name = node or self.grid.name
        out = {k + 1: f"edge {name(a)}-{name(b)}" for k, (a, b) in enumerate(self.grid.edges)}
        out.update({self.used(c): f"passed {name(c)}" for c in range(self.grid.cells)})
        return out


def whole(board: Any, grid: Grid) -> Whole[Any, Loop]:
    """A loop family's :func:`prepare` without deductions: the whole board for the
    encoders, an answer decoded from the edges' values (the projection)."""
    edges = grid.edges

    def decode(values: tuple[bool, ...]) -> Loop:
        return frozenset(edges[k] for k, on in enumerate(values) if on)

    return Whole(board, decode)


def degree_clauses(grid: Grid) -> list[list[int]]:
    """The rules of any loop: every node has two edges or none, and is passed exactly
    when it has two (numbered as :class:`Numbering`).

    >>> len(degree_clauses(Grid(1, 2)))  # two nodes, one edge: passed iff the edge; not one
    6
    """
    return [clause for node in range(grid.cells) for clause in node_degree(grid, node)]


def node_degree(grid: Grid, node: int, ends: int = 2) -> list[list[int]]:
    """One node's part of :func:`degree_clauses`: two edges or none (``ends=2``), and
    passed exactly when it has them; with ``ends=1``, a path's end: passed, and
    exactly one edge.

    >>> node_degree(Grid(1, 2), 0, ends=1)
    [[2], [1]]
    """
    number = Numbering(grid)
    lits = [number.edge(k) for k in grid.incident[node]]
    used = number.used(node)
    if ends == 1:
        return [[used], lits, *([-a, -b] for a, b in combinations(lits, 2))]
    clauses = [[-used, *lits]]
    clauses.extend([-lit, used] for lit in lits)
    clauses.extend([-lit, *(o for o in lits if o != lit)] for lit in lits)  # not one
    clauses.extend([-a, -b, -c] for a, b, c in combinations(lits, 3))  # at most two
    return clauses


def some_node(grid: Grid) -> list[int]:
    """The clause "the loop passes some node" (an empty loop is no answer)."""
    number = Numbering(grid)
    return [number.used(node) for node in range(grid.cells)]


def lazy_model(grid: Grid, rules: Sequence[Any], *, required: Sequence[int] = (),
               nvars: int | None = None, names: Mapping[int, str] | None = None,
               projection: Sequence[int] | None = None) -> CnfModel:
    """A SAT model of ``rules`` (clause groups over :class:`Numbering`'s variables and
    the family's own, up to ``nvars``) with "one loop" checked on each candidate: a
    candidate of several cycles is cut off by
    :func:`~cpsolve.grid.connectivity.loop_cuts`, preferring the ``required`` nodes
    (passed by every answer) as witnesses; the projection is the edges unless told."""
    number = Numbering(grid)
    edges, incident = grid.edges, grid.incident
    _, incident_table, ends = grid.tables
    n = number.edges

    def refine(values: tuple[bool, ...]) -> list[list[int]]:
        return loop_cuts(values[:n], edges, number.edge, number.used, required,
                         incident=incident)

    def partial(values: Any) -> list[list[int]]:
        return loop_partial(values[1:n + 1], (incident_table, ends), number.edge,
                            values[n + 1:n + grid.cells + 1], number.used)

    return CnfModel(nvars=max(nvars or 0, number.top),
                    projection=range(1, n + 1) if projection is None else projection,
                    groups=list(rules), refine=refine,
                    names=number.names() if names is None else names, partial=partial,
                    observed=n + grid.cells, search_inside=True)


def cpsat_model(grid: Grid, rules: Sequence[Sequence[int]], how: str, *,
                node: Callable[[int], str] | None = None, extra: int = 0
                ) -> tuple[Any, list[Any], list[Any], list[Any]]:
    """A CP-SAT model of ``rules`` (clauses over :class:`Numbering`'s variables and
    ``extra`` of the family's own after them), each node's degree as ``sum == 2 *
    passed`` (what CP-SAT propagates best), and "one loop" by ``AddCircuit`` over the
    nodes (``how="circuit"``) or as the passed nodes connected through the chosen
    edges (``how="flow"``; with every passed node of degree 2, that is one loop).
    Returns the model, the edges', the nodes' and the extra variables."""
    from ortools.sat.python import cp_model

    name = node or grid.name
    number = Numbering(grid)
    model = cp_model.CpModel()
    edge_vars = [model.new_bool_var(f"edge_{name(a)}_{name(b)}") for a, b in grid.edges]
    used = [model.new_bool_var(f"passed_{name(c)}") for c in range(grid.cells)]
    own = [model.new_bool_var(f"x{k}") for k in range(extra)]
    n = number.edges

    def var(lit: int) -> Any:
        index = abs(lit) - 1
        value = (edge_vars[index] if index < n else used[index - n]
                 if index < number.top else own[index - number.top])
        return value if lit > 0 else ~value

    for clause in rules:
        model.add_bool_or([var(lit) for lit in clause])
    for cell in range(grid.cells):
        model.add(sum(edge_vars[k] for k in grid.incident[cell]) == 2 * used[cell])
    if how == "circuit":
        cpsat_loop(model, grid.edges, edge_vars, used)
    else:
        cpsat_connected_flow(model, used, grid.neighbours,
                             through=lambda a, b: edge_vars[grid.edge_at[a, b]])
    return model, edge_vars, used, own


def tokens(grid: Grid, loop: Collection[Edge]) -> list[str]:
    """Each node's token: the directions the loop leaves it by, ``-`` if none.

    >>> tokens(Grid(2, 2), {(0, 1), (2, 3), (0, 2), (1, 3)})
    ['se', 'sw', 'ne', 'nw']
    """
    ends: list[set[str]] = [set() for _ in range(grid.cells)]
    cols = grid.cols
    for a, b in loop:
        a, b = min(a, b), max(a, b)
        if b - a == cols:
            ends[a].add("s")
            ends[b].add("n")
        elif b - a == 1 and b % cols:
            ends[a].add("e")
            ends[b].add("w")
    return ["".join(letter for letter in ORDER if letter in letters) or "-"
            for letters in ends]


def to_rows(grid: Grid, loop: Collection[Edge]) -> list[str]:
    """A loop as rows of space-separated tokens, one a node (as the JSON writes it).

    >>> to_rows(Grid(2, 2), {(0, 1), (2, 3), (0, 2), (1, 3)})
    ['se sw', 'ne nw']
    """
    cells = tokens(grid, loop)
    return [" ".join(cells[r * grid.cols:(r + 1) * grid.cols]) for r in range(grid.rows)]


def show(grid: Grid, loop: Collection[Edge], fixed: Mapping[int, str] | None = None) -> str:
    """A loop as text, tokens aligned in columns; ``fixed`` puts a token of the
    family's own on some nodes (a clue, a shaded cell)."""
    cells = tokens(grid, loop)
    for node, token in (fixed or {}).items():
        cells[node] = token
    return aligned(cells, grid.cols)


def aligned(tokens: Sequence[str], cols: int, least: int = 2) -> str:
    """Tokens a node, ``cols`` a row, padded to one width (at least ``least``) so that
    their columns line up.

    >>> print(aligned(["nsw", "n", "-", "e"], 2))
    nsw n
    -   e
    """
    width = max(least, *(len(token) for token in tokens))
    return "\n".join(" ".join(token.ljust(width) for token in tokens[k:k + cols]).rstrip()
                     for k in range(0, len(tokens), cols))


def read_tokens(text: str, grid: Grid, *, what: str = "loop", other: Collection[str] = (),
                where: Callable[[int], str] | None = None, noun: str = "cell",
                mark: Callable[[int], Sequence[tuple[int, int]]] | None = None
                ) -> tuple[Loop, list[str], list[str]]:
    """A loop written as tokens (see :func:`to_rows`) on ``grid``'s nodes, each node's
    token (``other`` are a family's own tokens, read as no loop there), and where the
    tokens disagree: a direction off the board, or a neighbour whose token does not
    point back. ``where`` names a node's place in messages, ``noun`` what a node is,
    ``mark`` the cells a picture outlines for it."""
    place = where or grid.where
    marks = mark or (lambda node: (grid.rc(node),))
    rows, cols, (found,) = gridtext.read(text, 1, names=(what,), words=True)
    if (rows, cols) != (grid.rows, grid.cols):
        board = (f"the board {grid.rows}x{grid.cols}" if noun == "cell"
                 else f"the board's {noun}s {grid.rows}x{grid.cols}")
        raise InputError(f"the answer is {rows}x{cols}, {board}", line=found[0][0].line,
                         column=1)
    said: list[set[str]] = []
    texts: list[str] = []
    for token in (t for row in found for t in row):
        texts.append(token.text)
        if token.text == "-" or token.text in other:
            said.append(set())
            continue
        letters = set(token.text.lower())
        if not letters <= set(DIRECTIONS) or len(letters) != len(token.text):
            extra = "".join(f", '{t}'" for t in other)
            raise token.error(f"a {noun} is '-'{extra} or the directions the {what} "
                              f"leaves it by (n, e, s, w: 'ew', 'se', ...), not "
                              f"{token.text!r}")
        said.append(letters)
    edges: set[Edge] = set()
    problems: list[str] = []
    for node, letters in enumerate(said):
        for name in sorted(letters, key=ORDER.index):
            other_node = grid.step(node, *DIRECTIONS[name])
            if other_node is None:
                problems.append(Broken(f"the {what} leaves the board from {place(node)} "
                                       f"({name})", *marks(node)))
                continue
            if BACK[name] not in said[other_node]:
                problems.append(Broken(f"the {what} goes {name} from {place(node)} but "
                                       f"the {noun} there does not come back",
                                       *marks(node), *marks(other_node)))
            edges.add((min(node, other_node), max(node, other_node)))
    return frozenset(edges), texts, problems


def looks_like(text: str, *, ends: bool = False) -> bool:
    """Whether ``text`` reads as tokens of directions (a loop's two letters; with
    ``ends``, a path's one-letter ends too) rather than a board."""
    try:
        _, _, (found,) = gridtext.read(text, 1, names=("loop",), words=True)
    except InputError:
        return False
    texts = {t.text.lower() for row in found for t in row} - {"-"}
    sizes = (1, 2) if ends else (2,)
    return bool(texts) and all(set(t) <= set(DIRECTIONS) and len(t) in sizes
                               and len(set(t)) == len(t) for t in texts)


def loop_breaks(grid: Grid, loop: Collection[Edge], *,
                where: Callable[[int], str] | None = None,
                mark: Callable[[int], Sequence[tuple[int, int]]] | None = None,
                must: str = "there is no loop", noun: str = "cell"
                ) -> tuple[list[list[int]], list[str]]:
    """The checker's part: each node's neighbours along ``loop`` and what the loop
    breaks of "one closed loop, never crossing or branching": an edge between nodes
    that are not neighbours, a node with one end or more than two, no loop at all
    (``must``), more than one loop. ``where`` names a node's place, ``noun`` what a
    node is (a cell, a point), ``mark`` the cells a picture outlines for it.

    >>> links, errors = loop_breaks(Grid(2, 2), {(0, 1), (1, 3)})
    >>> errors
    ['the loop has 1 end at row 1, column 1', 'the loop has 1 end at row 2, column 2']
    """
    place = where or grid.where
    marks = mark or (lambda node: (grid.rc(node),))
    links, errors = linked(grid, loop)
    for node, others in enumerate(links):
        if len(others) not in (0, 2):
            end = "end" if len(others) == 1 else "ends"
            errors.append(Broken(f"the loop has {len(others)} {end} at {place(node)}",
                                 *marks(node)))
    used = [node for node, others in enumerate(links) if others]
    if not used:
        errors.append(Broken(must))
    elif not errors:
        seen, previous, node = {used[0]}, -1, used[0]
        while True:
            step = next(o for o in links[node] if o != previous)
            if step == used[0]:
                break
            seen.add(step)
            previous, node = node, step
        if len(seen) != len(used):
            stray = next(c for c in used if c not in seen)
            errors.append(Broken(f"more than one loop: the {noun} at {place(stray)} is on "
                                 f"another loop than the one at {place(used[0])}",
                                 *(m for c in used if c not in seen for m in marks(c))))
    return links, errors


def linked(grid: Grid, edges: Collection[Edge]) -> tuple[list[list[int]], list[str]]:
    """The checker's first step for lines along ``edges`` (paths, or a loop): each
    node's neighbours along them, and an error for each edge between nodes that are
    not neighbours.

    >>> linked(Grid(1, 3), {(0, 1), (0, 2)})
    ([[1], [0], []], ['(0, 2) does not join two neighbours'])
    """
    errors: list[str] = []
    links: list[list[int]] = [[] for _ in range(grid.cells)]
    for a, b in sorted(edges):
        if (a, b) not in grid.edge_at:
            errors.append(Broken(f"({a}, {b}) does not join two neighbours"))
            continue
        links[a].append(b)
        links[b].append(a)
    return links, errors


def walked(links: Sequence[Sequence[int]], start: int) -> list[int]:
    """The nodes of the line through ``start`` along ``links`` (no node with more than
    two), from ``start`` on: to the line's other end when ``start`` is an end, or once
    round a cycle through it.

    >>> walked([[1], [0, 2], [1]], 0), walked([[1, 2], [0, 2], [1, 0]], 1)
    ([0, 1, 2], [1, 0, 2])
    """
    out, previous, node = [start], -1, start
    while True:
        step = next((o for o in links[node] if o != previous), None)
        if step is None or step == start:
            return out
        out.append(step)
        previous, node = node, step


def lines(links: Sequence[Sequence[int]], ends: Sequence[int]) -> list[list[int]]:
    """The lines along ``links`` (no node with more than two) that start at a node of
    ``ends``, each walked once (:func:`walked`), from whichever of its ends comes first
    in ``ends``.

    >>> lines([[1], [0], [3], [2]], [3, 0, 2])
    [[3, 2], [0, 1]]
    """
    out: list[list[int]] = []
    done: set[int] = set()
    for start in ends:
        if start not in done:
            out.append(walked(links, start))
            done.update((out[-1][0], out[-1][-1]))
    return out
