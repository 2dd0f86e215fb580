"""The global rules of the rule language: the rules no short list of clauses states
(a set connected, one loop, paths between ends, areas of given sizes), each written
once for every backend:

* on SAT, lazily (each candidate the solver finds is checked and, when it breaks the
  rule, cut off by clauses every answer keeps: :mod:`cpsolve.grid.connectivity`), or
  by clauses where an eager encoding is measured faster;
* on CP-SAT, by flows, distances or ``AddCircuit``, as the method's options choose;
* in a certificate, as a cut group a checker confirms from the board alone
  (:mod:`cpsolve.certify.cuts`).

A genre states them with the model's helpers (:meth:`Model.require` with one of
these, or :func:`loop`); each rule reads literals of the model's variables
(:data:`~.model.FALSE` for a node never in).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cpsolve.grid.rules.model import FALSE, TRUE, Layer, Model

LOOP = "the line is one loop, never branching"  # the loop's rule, as hints name it

if TYPE_CHECKING:
    from cpsolve.grid.geometry import Grid
    from cpsolve.grid.rules.certificate import CertOut
    from cpsolve.grid.rules.cpsat import CpsatOut
    from cpsolve.grid.rules.sat import SatOut

CONNECT = ("flow", "order")  # CP-SAT's ways to connect a set (the option ``connect``)
LOOPS = ("circuit", "flow")  # and to make one loop (the option ``loop``)


def _drop_false(clauses: list[list[int]]) -> list[list[int]]:
    """Clauses with the constant FALSE left out (and any holding TRUE dropped)."""
    return [[lit for lit in clause if lit != FALSE] for clause in clauses
            if TRUE not in clause]


@dataclass
class Connected:
    """The nodes whose literal ``member[node]`` holds are connected through ``links``
    (each node's neighbours). ``roots``: nodes of which one is in every answer, when
    the genre knows some (CP-SAT propagates far better from them); ``grid``: the grid
    whose cells the nodes are, for the partial form of the rule (grading)."""

    member: Sequence[int]
    links: Sequence[Sequence[int]]
    name: str = "connected"
    roots: Sequence[int] | None = None
    grid: Grid | None = None
    where: Callable[[int], str] | None = None

    def sat(self, out: SatOut) -> None:
        from cpsolve.grid.connectivity import connected_cuts, connected_partial

        member, links = list(self.member), self.links
        constant = FALSE in member
        read = _reader_with_false(out, member) if constant else out.reader(member)

        def refine(values: tuple[bool, ...]) -> list[list[int]]:
            cuts = connected_cuts(read(values), member.__getitem__, links)
            return _drop_false(cuts) if constant else cuts

        partial = None
        grid = self.grid
        if grid is not None:
            import numpy as np

            table = _table(links, grid)
            # Read from the state by one gather: each node's variable (0 for FALSE),
            # and whether the node is in where it is false.
            index = np.array([abs(lit) if lit != FALSE else 0 for lit in member],
                             dtype=np.int64)
            negative = np.array([lit < 0 for lit in member])
            never = np.array([lit == FALSE for lit in member])

            def partial(state: Any) -> list[list[int]]:
                got = state[index]
                inside = np.where(got < 0, -1, np.where(negative, 1 - got, got))
                if constant:
                    inside[never] = 0
                found = connected_partial(inside, member.__getitem__, table)
                return _drop_false(found) if constant else found

        out.add_lazy(refine, partial, inside=True)

    def cpsat(self, out: CpsatOut) -> None:
        from cpsolve.grid.connectivity import cpsat_connected_flow, cpsat_connected_order

        inside = [0 if lit == FALSE else out.var(lit) for lit in self.member]
        how = out.options.get("connect", "flow")
        connect = cpsat_connected_order if how == "order" else cpsat_connected_flow
        connect(out.model, inside, self.links, roots=self.roots)

    def certificate(self, out: CertOut) -> None:
        from cpsolve.certify.cuts import Connected as Group

        out.groups.append(Group(self.name, self.links, out.member(self.member),
                                self.where or str))


def _table(links: Sequence[Sequence[int]], grid: Grid) -> Any:
    """The links as a table for the compiled partial check (each node's, -1 padded):
    the grid's own table when they are its cells' side neighbours, else one made from
    them (cells joined at corners too: Mochikoro's unshaded cells)."""
    import numpy as np

    if links is grid.neighbours:
        return grid.tables[0]
    table = np.full((len(links), max(map(len, links), default=0)), -1, dtype=np.int64)
    for node, near in enumerate(links):
        table[node, :len(near)] = near
    return table


def _reader_with_false(out: SatOut, member: Sequence[int]
                       ) -> Callable[[Sequence[bool]], list[bool]]:
    real = [i for i, lit in enumerate(member) if lit != FALSE]
    read = out.reader([member[i] for i in real])
    n = len(member)

    def values(given: Sequence[bool]) -> list[bool]:
        inside = [False] * n
        for i, on in zip(real, read(given)):
            inside[i] = on
        return inside

    return values


@dataclass
class Loop:
    """One loop along the edges of ``grid`` (its cells are the loop's nodes: cell
    centres, or a board's corner points): ``edge[k]`` for the grid's edge k,
    ``passed[node]`` true exactly when the loop passes the node. Every node has two
    edges or none; the loop is not empty; the edges make one cycle. ``witnesses``:
    nodes every answer passes (a pearl, a corner of a 3), the cuts' preferred
    witnesses. ``where`` names a node in a certificate's messages. ``cpsat_clauses``:
    CP-SAT gets the degree rule as clauses beside its sums (Country Road's published
    boards take half the search with both)."""

    grid: Grid
    edge: Layer
    passed: Layer
    witnesses: Sequence[int] = ()
    where: Callable[[int], str] | None = None
    cpsat_clauses: bool = False

    def degree(self) -> list[list[int]]:
        """Every node two edges or none, passed exactly when it has two; some node
        passed."""
        from itertools import combinations

        first, used_first = self.edge.first, self.passed.first
        clauses: list[list[int]] = []
        append, extend = clauses.append, clauses.extend
        for node, incident in enumerate(self.grid.incident):
            lits = [first + k for k in incident]
            used = used_first + node
            append([-used, *lits])
            extend([[-lit, used] for lit in lits])
            extend([[-lit, *lits[:i], *lits[i + 1:]] for i, lit in enumerate(lits)])
            extend([[-a, -b, -c] for a, b, c in combinations(lits, 3)])
        append(self.passed.vars)
        return clauses

    def sat(self, out: SatOut) -> None:
        from cpsolve.grid.connectivity import loop_cuts, loop_partial

        if not out.wants():
            return
        out.add(self.degree())
        grid = self.grid
        edges, incident = grid.edges, grid.incident
        _, incident_table, ends = grid.tables
        read = out.reader(self.edge.vars)
        first, used_first = self.edge.first, self.passed.first
        count, nodes = len(edges), grid.cells
        witnesses = list(self.witnesses)

        def edge_lit(k: int) -> int:
            return first + k

        def used_lit(node: int) -> int:
            return used_first + node

        def refine(values: tuple[bool, ...]) -> list[list[int]]:
            return loop_cuts(read(values), edges, edge_lit, used_lit, witnesses,
                             incident=incident)

        def partial(state: Any) -> list[list[int]]:
            return loop_partial(state[first:first + count], (incident_table, ends), edge_lit,
                                state[used_first:used_first + nodes], used_lit)

        out.add_lazy(refine, partial, inside=True)

    def cpsat(self, out: CpsatOut) -> None:
        from cpsolve.grid.connectivity import cpsat_connected_flow, cpsat_loop

        grid, model = self.grid, out.model
        for clause in self.degree()[:-1] if self.cpsat_clauses else ():
            model.add_bool_or(out.bools(clause))
        model.add_bool_or(out.bools(self.passed.vars))  # not empty (the degree is a sum)
        edge_vars = out.bools(self.edge.vars)
        used = out.bools(self.passed.vars)
        for cell in range(grid.cells):
            model.add(sum(edge_vars[k] for k in grid.incident[cell]) == 2 * used[cell])
        if out.options.get("loop", "circuit") == "circuit":
            cpsat_loop(model, grid.edges, edge_vars, used)
        else:
            cpsat_connected_flow(model, used, grid.neighbours,
                                 through=lambda a, b: edge_vars[grid.edge_at[a, b]])

    def certificate(self, out: CertOut) -> None:
        from cpsolve.certify.cuts import Loop as Group

        for clause in self.degree():
            out.clause(clause)
        out.groups.append(Group("one loop", self.grid.cells, self.grid.edges, self.edge.vars,
                                self.where or self.grid.where))


def loop(model: Model, grid: Grid, witnesses: Sequence[int] = (),
         where: Callable[[int], str] | None = None,
         named: Callable[[int], str] | None = None, cpsat_clauses: bool = False) -> Loop:
    """State "one loop along ``grid``'s edges" on ``model``: it makes the variables
    ``edge`` (one per edge of the grid, in its order) and ``passed`` (one per node) and
    the rule; the answer is the edges. Made first, the layers number the edges from 1,
    then the nodes (the order the loop genres' SAT models have always had). Variable
    names write a node as ``named`` does (``grid``'s names unless told), an edge as its
    two ends. ``cpsat_clauses``: see :class:`Loop`.

    >>> from cpsolve.grid.geometry import Grid
    >>> m = Model()
    >>> rule = loop(m, Grid(2, 2), witnesses=[0])
    >>> m.layers["edge"].first, m.layers["passed"].first, m.name(1), m.name(5)
    (1, 5, 'edge r1c1-r1c2', 'passed r1c1')
    """
    edges, name = grid.edges, named or grid.name
    rule = Loop(grid, model.layer("edge", len(edges),
                                  named=lambda k: f"{name(edges[k][0])}-{name(edges[k][1])}"),
                model.layer("passed", grid.cells, named=name), witnesses, where, cpsat_clauses)
    with model.rule(LOOP):
        model.require(rule)
    model.solution(range(rule.edge.first, rule.edge.first + rule.edge.count))
    return rule


def edges_of(board: Any, values: tuple[bool, ...], grid: Grid | None = None
             ) -> frozenset[tuple[int, int]]:
    """A loop or paths answer: the edges whose values hold, of ``grid`` (the board's
    own unless told: Slitherlink's loop runs on its corner points)."""
    edges = (grid or board.grid).edges
    return frozenset(edges[k] for k, on in enumerate(values) if on)


def edge_values(board: Any, answer: Any, grid: Grid | None = None) -> list[bool]:
    """The values of an answer's edges, in the order of ``grid`` (the board's own
    unless told)."""
    return [e in answer for e in (grid or board.grid).edges]


__all__ = ["CONNECT", "LOOPS", "Connected", "Loop", "edge_values", "edges_of", "loop"]
