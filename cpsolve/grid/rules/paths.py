"""Paths between given ends, never a cycle (Numberlink and its kin), stated on the rule
language's model: a variable per edge between neighbouring nodes, true where a path
runs (the answer), and one per node, true where a path passes (:func:`paths`); each
node's degree (:func:`end`: a path's end, one edge; :func:`through`: two edges or
none); the global rule that every line the edges make is a path whose two ends are
among the ends the board gives (:class:`Paths`); and labels (:func:`labels`), one on
each passed node, the same across every chosen edge, so that a path joins two ends of
one label.

Each is written once for every backend:

* the degrees as clauses on SAT and in a certificate, as sums on CP-SAT
  (:class:`Degree`);
* "never a cycle" on SAT lazily: a candidate whose edges close a cycle is cut off
  (:func:`~cpsolve.grid.connectivity.path_cuts`; on undecided boards,
  :func:`~cpsolve.grid.connectivity.path_partial`); on CP-SAT every path chained into
  one ``AddCircuit`` with jumps between the ends
  (:func:`~cpsolve.grid.connectivity.cpsat_paths`); in a certificate a
  :class:`~cpsolve.certify.cuts.Paths` cut group;
* the labels as Booleans, one a node and label (:class:`OneLabel`).

Where empty cells carry no rule, a dominance makes solving and proving uniqueness
cheaper (:func:`no_u_turn`).

Where the ends are clues, a clue switched off leaves an ordinary node: a genre states
:func:`end` inside the clue and :func:`through` inside its ``otherwise()``.

>>> from cpsolve.grid.geometry import Grid
>>> from cpsolve.grid.rules.model import Model
>>> m = Model(Grid(1, 3))
>>> rule = paths(m, m.grid, [0, 2])
>>> end(m, 0); through(m, [1]); end(m, 2)
>>> label = labels(m, ["7"])
>>> label.tolist(), m.name(1), m.name(6)
([[6], [7], [8]], 'edge r1c1-r1c2', 'label 7 r1c1')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

import numpy as np

from cpsolve.grid.rules.model import Layer, Model

if TYPE_CHECKING:
    import numpy as np

    from cpsolve.grid.geometry import Grid
    from cpsolve.grid.model import Reduction
    from cpsolve.grid.rules.certificate import CertOut
    from cpsolve.grid.rules.cpsat import CpsatOut
    from cpsolve.grid.rules.sat import SatOut

PAIRWISE_UP_TO = 6  # labels a node may carry, "at most one" pairwise up to this on SAT


@dataclass
class Paths:
    """Every line the chosen edges of ``grid`` make (``edge[k]`` for its edge k,
    ``passed[node]`` a node with two edges or an end) is a path between two of the
    nodes ``ends`` (those the board gives; a clue switched off may leave one an
    ordinary node): never a cycle. The nodes' degrees are stated beside it (:func:`end`,
    :func:`through`). ``where`` names a node in a certificate's messages."""

    grid: Grid
    edge: Layer
    passed: Layer
    ends: Sequence[int]
    where: Callable[[int], str] | None = None

    def sat(self, out: SatOut) -> None:
        from cpsolve.grid.connectivity import path_cuts, path_partial

        if not out.wants():
            return
        edges, incident, ends = self.grid.edges, self.grid.incident, list(self.ends)
        read = out.reader(self.edge.vars)
        first, used_first, count = self.edge.first, self.passed.first, len(edges)

        def edge_lit(k: int) -> int:
            return first + k

        def used_lit(node: int) -> int:
            return used_first + node

        def refine(values: tuple[bool, ...]) -> list[list[int]]:
            return path_cuts(read(values), edges, edge_lit, used_lit, incident, ends)

        # The hints ask the same partial board many times over (a step's reasons cut
        # down one clue or rule at a time): the cuts of the last few thousand, by their
        # edges' values (a few megabytes of keys, whatever the board's size).
        @lru_cache(maxsize=min(4096, max(64, 4_000_000 // max(count, 1))))
        def cuts(key: bytes) -> tuple[tuple[int, ...], ...]:
            on = np.frombuffer(key, dtype=np.int8)
            return tuple(map(tuple, path_partial(on, incident, edges, edge_lit, ends)))

        def partial(state: Any) -> list[list[int]]:
            on = np.ascontiguousarray(state[first:first + count], dtype=np.int8)
            return [list(cut) for cut in cuts(on.tobytes())]

        out.add_lazy(refine, partial)

    def cpsat(self, out: CpsatOut) -> None:
        from cpsolve.grid.connectivity import cpsat_paths

        grid, model = self.grid, out.model
        edge_vars, used = out.bools(self.edge.vars), out.bools(self.passed.vars)
        if self.ends:
            cpsat_paths(model, grid.edges, edge_vars, used, self.ends)
        else:  # without ends, an answer has no path (a circuit would allow a cycle)
            for var in edge_vars:
                model.add_bool_or([~var])

    def certificate(self, out: CertOut) -> None:
        from cpsolve.certify.cuts import Paths as Group

        out.groups.append(Group("paths", self.grid.cells, self.grid.edges,
                                out.member(self.edge.vars), frozenset(self.ends),
                                self.where or self.grid.where))


def paths(m: Model, grid: Grid, ends: Sequence[int],
          where: Callable[[int], str] | None = None) -> Paths:
    """State "paths between ``ends``, never a cycle" on ``m``: it makes the variables
    ``edge`` (one per edge of ``grid``, in its order: the answer) and ``passed`` (one
    per node), first, as :func:`~.globals.loop` does, and the rule."""
    edges, name = grid.edges, grid.name
    rule = Paths(grid, m.layer("edge", len(edges),
                               named=lambda k: f"{name(edges[k][0])}-{name(edges[k][1])}"),
                 m.layer("passed", grid.cells, named=name), ends, where)
    m.require(rule)
    m.solution(range(rule.edge.first, rule.edge.first + rule.edge.count))
    return rule


@dataclass
class Degree:
    """The degree of some nodes (``edges[i]``: the literals of the i-th one's edges,
    ``passed[i]`` its own): each a path's end (``end``: passed, exactly one edge), or else
    two edges or none, passed exactly when two (``always``: passed, so two). Clauses on
    SAT and in a certificate; on CP-SAT the same as sums, which it propagates best."""

    edges: Sequence[Sequence[int]]
    passed: Sequence[int]
    end: bool = False
    always: bool = False

    def clauses(self) -> list[list[int]]:
        out: list[list[int]] = []
        for lits, here in zip(self.edges, self.passed):
            if self.end:
                out += [[here], list(lits), *([-a, -b] for a, b in combinations(lits, 2))]
                continue
            out.append([-here, *lits])
            out.extend([-lit, here] for lit in lits)
            out.extend([-lit, *(o for o in lits if o != lit)] for lit in lits)  # not one
            out.extend([-a, -b, -c] for a, b, c in combinations(lits, 3))  # at most two
            if self.always:
                out.append([here])
        return out

    def sat(self, out: SatOut) -> None:
        if out.wants():
            out.add(self.clauses())

    def cpsat(self, out: CpsatOut) -> None:
        model = out.model
        for lits, here in zip(self.edges, self.passed):
            degree, used = sum(out.bools(lits)), out.var(here)
            model.add(degree == (1 if self.end else 2 * used))
            if self.end or self.always:
                model.add(used == 1)

    def certificate(self, out: CertOut) -> None:
        for clause in self.clauses():
            out.clause(clause)


def _degree(m: Model, nodes: Sequence[int], **kind: bool) -> None:
    edge, passed, incident = m.layers["edge"], m.layers["passed"], m.grid.incident  # type: ignore
    m.require(Degree([[edge[k] for k in incident[node]] for node in nodes],
                     [passed[node] for node in nodes], **kind))


def end(m: Model, node: int) -> None:
    """``node`` is a path's end: passed, with exactly one edge."""
    _degree(m, [node], end=True)


def through(m: Model, nodes: Sequence[int], *, passed: bool = False) -> None:
    """Each of ``nodes`` has two edges or none, and is passed exactly when it has two
    (with ``passed``: it is passed, so it has two)."""
    _degree(m, nodes, always=passed)


@dataclass
class OneLabel:
    """Each row of ``label`` (a 2-D array of literals, a row a node) has exactly one
    literal true where the node's ``passed`` holds, none where it does not. On SAT a
    clause a node, each label implying the node, and "at most one" pairwise for a few
    labels, by a ladder for more (:func:`cpsolve.cnf.at_most_one`); on CP-SAT a sum a
    node; in a certificate the same clauses, with the certificate's own counter."""

    label: np.ndarray
    passed: np.ndarray

    def clauses(self) -> list[np.ndarray]:
        import numpy as np

        label, used = self.label, self.passed[:, None]
        return [np.concatenate([-used, label], axis=1),
                np.stack([np.repeat(used, label.shape[1], axis=1), -label],
                         axis=-1).reshape(-1, 2)]

    def sat(self, out: SatOut) -> None:
        from cpsolve.cnf import at_most_one

        if not out.wants():
            return
        amo, out.top = at_most_one(self.label, out.top, pairwise_up_to=PAIRWISE_UP_TO)
        for group in [*self.clauses(), *amo]:
            out.add(group)

    def cpsat(self, out: CpsatOut) -> None:
        for row, used in zip(self.label.tolist(), self.passed.tolist()):
            out.model.add(sum(out.bools(row)) == out.var(used))

    def certificate(self, out: CertOut) -> None:
        for group in self.clauses():
            for clause in group.tolist():
                out.clause(clause)
        for row in self.label.tolist():
            out.cnf.at_most(1, row)


def labels(m: Model, values: Sequence[Any], name: str = "label") -> np.ndarray:
    """A label of ``values`` (what each is called: Numberlink's numbers) on every
    passed node, none on another (:class:`OneLabel`), and the same on the two nodes of
    a chosen edge (a label implies the same label across it, both ways): the
    variables "node carries label p", ``label[node, p]``, as an array. On every
    backend they are Booleans, one a node and label: measured on published boards,
    CP-SAT does better with them than with an integer a node."""
    import numpy as np

    grid = m.grid
    if grid is None:
        raise ValueError("labels need the model's grid")
    width = len(values)
    layer = m.layer(name, [(node, p) for node in range(grid.cells) for p in range(width)],
                    named=lambda key: f"{values[key[1]]} {grid.name(key[0])}")  # type: ignore
    label = np.arange(layer.first, layer.first + layer.count,
                      dtype=np.int64).reshape(grid.cells, width)
    passed, edge = m.layers["passed"], m.layers["edge"]
    m.require(OneLabel(label, np.array(passed.vars, dtype=np.int64)))
    if width and grid.edges:
        ends = np.asarray(grid.edges, dtype=np.int64)
        chosen = np.repeat(np.array(edge.vars, dtype=np.int64)[:, None], width, axis=1)
        a, b = label[ends[:, 0]], label[ends[:, 1]]
        m.clauses(np.stack([np.stack([-chosen, -a, b], axis=-1),
                            np.stack([-chosen, -b, a], axis=-1)], axis=2).reshape(-1, 3))
    return label


def no_u_turn(grid: Grid, name: str = "no U-turn round a 2x2 block") -> Reduction[Any]:
    """The reduction of paths that need not fill the board, where a cell no path passes
    carries no rule (Numberlink without the fill rule): no path turns round a 2x2 block
    (three of its sides on the path), since that U-turn shortcuts across the fourth
    side, its two cells left empty, and every answer shortcuts, step by step, into one
    without U-turns. The inverse step is a detour round two empty cells beside a path's
    edge (:func:`detour`). Answers are sets of ``grid``'s edges.

    >>> from cpsolve.grid.geometry import Grid
    >>> reduction = no_u_turn(Grid(2, 2))
    >>> reduction.clauses[:2], sorted(reduction.neighbour(frozenset({(0, 2)})))
    ([[-4, -2, -3], [-1, -2, -3]], [(0, 1), (1, 3), (2, 3)])
    """
    from cpsolve.grid.model import Reduction

    at = grid.edge_at
    clauses: list[list[int]] = []
    for a, b, d, e in grid.blocks:  # the ring's sides by their places in the answer
        ring = [at[a, b] + 1, at[b, e] + 1, at[d, e] + 1, at[a, d] + 1]
        clauses.extend([-side for side in ring if side != gap] for gap in ring)
    return Reduction(name, clauses, lambda answer: detour(grid, answer))


def detour(grid: Grid, answer: frozenset[tuple[int, int]]) -> frozenset[tuple[int, int]] | None:
    """``answer`` (edges of ``grid``) with one edge turned into a detour round the two
    cells beside it that no edge touches (the first edge that has them), or ``None``."""
    passed = {cell for edge in answer for cell in edge}
    for a, c in sorted(answer):
        (ra, ca), (rc, cc) = grid.rc(a), grid.rc(c)
        for side in (1, -1):  # beside the edge, on either side
            b = grid.step(a, (cc - ca) * side, (rc - ra) * side)
            d = grid.step(c, (cc - ca) * side, (rc - ra) * side)
            if b is None or d is None or b in passed or d in passed:
                continue
            detoured = [(a, b), (b, d), (d, c)]
            return (answer - {(a, c)}) | {(min(x, y), max(x, y)) for x, y in detoured}
    return None


__all__ = ["PAIRWISE_UP_TO", "Degree", "OneLabel", "Paths", "detour", "end", "labels", "no_u_turn",
           "paths", "through"]
