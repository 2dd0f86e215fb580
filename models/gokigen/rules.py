"""The Gokigen Naname rules, stated once (:mod:`cpsolve.grid.rules`): a variable a cell,
true when its diagonal is ``/``, false when ``\\``.

* a number on a point counts the diagonals that touch it: of the up to four cells
  around the point, those whose diagonal has an end there;
* the diagonals make no loop: as edges between the grid points they join, they form a
  forest (:class:`NoLoop`, a global rule of this genre's: lazy cuts on SAT, an
  orientation of every diagonal towards a root with falling levels on CP-SAT, a cut
  group in a certificate). The smallest loop, a diamond round the point shared by
  four cells, is stated as clauses too, for the solvers alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement
from cpsolve.grid.techniques import Technique
from cpsolve.models.gokigen.board import BACKSLASH, SLASH, Answer, Board

if TYPE_CHECKING:
    from cpsolve.grid.rules.certificate import CertOut
    from cpsolve.grid.rules.cpsat import CpsatOut
    from cpsolve.grid.rules.sat import SatOut

Edge = tuple[int, int, int]  # the two points a diagonal joins, and its literal


def diagonals(board: Board, slash: Sequence[int]) -> list[Edge]:
    """Both diagonals of every cell as edges between points: a cell's ``\\`` then its
    ``/``, with the literal that says it is drawn."""
    return [(*board.ends(cell, d), lit) for cell, var in enumerate(slash)
            for d, lit in ((BACKSLASH, -var), (SLASH, var))]


class Forest:
    """A union-find over ``nodes`` points, with the edges added kept as a graph so
    that the path between two joined points can be named."""

    def __init__(self, nodes: int) -> None:
        self.parent = list(range(nodes))
        self.links: list[list[tuple[int, int]]] = [[] for _ in range(nodes)]

    def root(self, node: int) -> int:
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def joined(self, a: int, b: int) -> bool:
        return self.root(a) == self.root(b)

    def add(self, a: int, b: int, label: int) -> None:
        self.parent[self.root(a)] = self.root(b)
        self.links[a].append((b, label))
        self.links[b].append((a, label))

    def path(self, a: int, b: int) -> list[int]:
        """The labels of the edges on the path from ``a`` to ``b`` (joined)."""
        back: dict[int, tuple[int, int]] = {a: (a, -1)}
        todo = [a]
        while todo and b not in back:
            node = todo.pop()
            for other, label in self.links[node]:
                if other not in back:
                    back[other] = (node, label)
                    todo.append(other)
        out = []
        while b != a:
            b, label = back[b]
            out.append(label)
        return out


def loops(nodes: int, edges: Sequence[tuple[int, int]], used: Sequence[int]) -> list[list[int]]:
    """For each edge of ``used`` (indices into ``edges``, in order) that closes a loop
    with the ones before it, that loop's edges."""
    forest = Forest(nodes)
    found = []
    for k in used:
        a, b = edges[k]
        if forest.joined(a, b):
            found.append([*forest.path(a, b), k])
        else:
            forest.add(a, b, k)
    return found


@dataclass
class NoLoop:
    """The edges whose literal holds make no loop (``edges[k]``: two nodes and a
    literal); ``nodes`` the number of nodes."""

    nodes: int
    edges: Sequence[Edge]

    def sat(self, out: SatOut) -> None:
        ends = [(a, b) for a, b, _ in self.edges]
        lits = [lit for _, _, lit in self.edges]
        read = out.reader(lits)

        def refine(values: Sequence[bool]) -> list[list[int]]:
            on = read(values)
            used = [k for k in range(len(lits)) if on[k]]
            return [[-lits[k] for k in loop] for loop in loops(self.nodes, ends, used)]

        def partial(state: Any) -> list[list[int]]:
            """A loop the decided diagonals close (falsified), and a diagonal that would
            close one (its clause unit)."""
            held = [state[abs(lit)] for lit in lits]
            on = [h >= 0 and (h == 1) == (lit > 0) for h, lit in zip(held, lits)]
            forest = Forest(self.nodes)
            found = []
            for k, (a, b) in enumerate(ends):
                if on[k]:
                    if forest.joined(a, b):
                        found.append([*forest.path(a, b), k])
                    else:
                        forest.add(a, b, k)
            for k, (a, b) in enumerate(ends):
                if held[k] < 0 and forest.joined(a, b):
                    found.append([*forest.path(a, b), k])
            return [[-lits[k] for k in loop] for loop in found]

        out.add_lazy(refine, partial)

    def cpsat(self, out: CpsatOut) -> None:
        """Each drawn diagonal points from one end to the other, its parent; a point
        has one parent at most, and a level above its parent's: a loop would climb
        for ever."""
        model = out.model
        level = [model.new_int_var(0, self.nodes, f"level{p}") for p in range(self.nodes)]
        parents: list[list[Any]] = [[] for _ in range(self.nodes)]
        for k, (a, b, lit) in enumerate(self.edges):
            up = model.new_bool_var(f"up{k}")  # b is a's parent
            down = model.new_bool_var(f"down{k}")  # a is b's parent
            model.add(up + down == out.var(lit))
            model.add(level[a] >= level[b] + 1).only_enforce_if(up)
            model.add(level[b] >= level[a] + 1).only_enforce_if(down)
            parents[a].append(up)
            parents[b].append(down)
        for held in parents:
            model.add_at_most_one(held)

    def certificate(self, out: CertOut) -> None:
        out.groups.append(LoopCuts("no loop", self.nodes, [(a, b) for a, b, _ in self.edges],
                                   out.member([lit for _, _, lit in self.edges])))


@dataclass(frozen=True)
class LoopCuts:
    """The certificate's cuts of "no loop": a record names ``loop``, edges that make a
    loop (every point they touch touches two of them at least, so they hold one); its
    clause, one of them is not drawn."""

    name: str
    nodes: int
    ends: Sequence[tuple[int, int]]
    edge: Sequence[int]

    def faults(self, true: set[int]) -> list[dict[str, Any]]:
        used = [k for k, lit in enumerate(self.edge)
                if lit != 0 and ((lit in true) if lit > 0 else (-lit not in true))]
        return [{"rule": self.name, "loop": sorted(loop)}
                for loop in loops(self.nodes, self.ends, used)]

    def clause(self, record: dict[str, Any]) -> list[int]:
        return [-self.edge[k] for k in record["loop"]]

    def check(self, record: dict[str, Any]) -> str | None:
        loop = record.get("loop")
        if not isinstance(loop, list) or not loop or not all(
                isinstance(k, int) and 0 <= k < len(self.ends) for k in loop):
            return "its loop is no list of edges"
        if any(self.edge[k] == 0 for k in loop):
            return "it names an edge never drawn"
        degree: dict[int, int] = {}
        for k in set(loop):
            for node in self.ends[k]:
                degree[node] = degree.get(node, 0) + 1
        if min(degree.values()) < 2:
            return "its edges hold no loop (a point touches one of them only)"
        return None


def rules(m: Model, board: Board) -> None:
    slash = m.cells("slash")
    m.solution(slash.vars)
    with m.rule("the diagonals make no loop"):
        m.require(NoLoop(board.points.cells, diagonals(board, slash.vars)))
    with m.implied():  # the diamond round a point inside the board
        cols = board.cols
        m.clauses([[-slash[c], slash[c + 1], slash[c + cols], -slash[c + cols + 1]]
                   for c in range(board.cells)
                   if c % cols < cols - 1 and c // cols < board.rows - 1])


def clue(m: Model, board: Board, number: Clue) -> None:
    """A number: that many of the cells around its point have a diagonal ending there."""
    slash = m.layers["slash"]
    m.exactly(number.value, [slash[c] if d == SLASH else -slash[c]
                             for c, d in board.touching(number.index)])


def decode(board: Board, values: tuple[bool, ...]) -> Answer:
    return tuple(SLASH if on else BACKSLASH for on in values)


def encode(board: Board, answer: Answer) -> list[bool]:
    return [d == SLASH for d in answer]


# The hints' names for the steps: Simon Tatham's Slant solver's "loop avoidance".
TECHNIQUES = (
    Technique("Loop avoidance", "the diagonals make no loop"),
    Technique("Loop avoidance", "the diagonals make no loop", kind="trial"),
)

STATEMENT: Statement[Board] = Statement(rules, clue, decode=decode, encode=encode,
                                        techniques=TECHNIQUES, methods=(
    Method("cuts", "sat", "a variable a cell (its diagonal), each number's count as "
           "clauses, loops cut lazily as the candidates show them",
           literals=lambda board, **_: 20 * board.cells),
    Method("levels", "cpsat", "a Boolean a cell, each number a linear constraint, every "
           "diagonal oriented towards a root with falling levels",
           literals=lambda board, **_: 60 * board.cells),
))
