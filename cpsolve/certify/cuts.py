"""The rules a certificate states by cuts: one connected area, one loop, areas judged
by their cells. Each is a *group*; a group finds the cuts a model of the rule CNF
breaks (``faults``), writes the clause a cut stands for (``clause``) and checks, from
the board alone, the graph argument that makes that clause hold in every answer
(``check``: the reason it does not, or None).

A cut is a small record, JSON as it is stored in a certificate; its clause is
derived from the record by the group, never read from the file, so a checker
confirms the argument and the clause it licenses together:

- :class:`Connected` ("the shaded cells are connected"): ``a`` and ``b`` with the
  nodes ``cut`` that separate them (no path from ``a`` to ``b`` avoids them). Clause:
  ``a`` out, ``b`` out, or a node of ``cut`` in; in an answer where ``a`` and ``b``
  are in, the path between them inside the area crosses the cut.
- :class:`Loop` ("the edges used form one loop"): a set of nodes ``side``, an edge
  ``inside`` it and one ``outside`` it (no end in ``side``). Clause: one of the two
  unused, or an edge leaving ``side`` used; in an answer with both, the loop goes
  from one to the other and leaves ``side`` on the way.
- :class:`Paths` ("every line is a path between two ends"): a set of nodes ``side``
  without an end and an edge ``inside`` it. Clause: that edge unused, or an edge
  leaving ``side`` used; in an answer with it, its path reaches an end off ``side``.
- :class:`Areas` ("every area of a number has that many cells"): a connected set of
  ``cells`` of the area ``set``, ``closed`` or not. Clause: a cell of the set out of
  the area, or (when closed) a neighbour of the set in it. The family's ``judge``
  says why an area holding these cells (when open) or being exactly them (when
  closed) breaks a rule; an answer where they are all in has such an area.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from cpsolve.grid.connectivity import components

Record = dict[str, Any]
SHRINK_UP_TO = 400  # areas larger than this are cut as found, not made minimal first


def holds(literal: int, true: set[int]) -> bool:
    """Whether ``literal`` is true where the variables in ``true`` are (0: never)."""
    return literal != 0 and ((literal in true) if literal > 0 else (-literal not in true))


def boundary(cells: Sequence[int], links: Sequence[Sequence[int]]) -> list[int]:
    """The nodes next to ``cells`` and not among them, sorted."""
    inside = set(cells)
    return sorted({nxt for cell in cells for nxt in links[cell] if nxt not in inside})


def _nodes(value: Any, count: int, what: str) -> list[int] | str:
    """``value`` as a list of distinct node numbers below ``count``, or what is wrong."""
    if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        return f"{what} is not a list of nodes"
    if any(not 0 <= v < count for v in value):
        return f"{what} names a node outside the board"
    if len(set(value)) != len(value):
        return f"{what} names a node twice"
    return list(value)


def _node(value: Any, count: int, what: str) -> int | str:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < count:
        return f"{what} is not a node of the board"
    return value


@dataclass(frozen=True)
class Connected:
    """The nodes whose literal ``member[node]`` is true are connected through
    ``links`` (0 as a literal: the node is never in)."""

    name: str
    links: Sequence[Sequence[int]]
    member: Sequence[int]
    where: Callable[[int], str]

    def faults(self, true: set[int]) -> list[Record]:
        """Cuts for each part of the area, separating it from the largest part (the
        largest from another) by its boundary (every node of which is out), and by
        the part of that boundary next to the other side."""
        inside = {n for n, lit in enumerate(self.member) if holds(lit, true)}
        parts = components(inside, self.links)
        if len(parts) < 2:
            return []
        main = max(parts, key=len)
        other = next(part for part in parts if part is not main)
        out = []
        for part in parts:
            b = (other if part is main else main)[0]
            around = boundary(part, self.links)
            out.append({"rule": self.name, "a": part[0], "b": b, "cut": around})
            # The part of the board that b reaches without crossing that boundary is
            # closed by some of its nodes only: a cut as near b as that one is near a.
            near = boundary(self._reach(b, set(around)), self.links)
            if near != around:
                out.append({"rule": self.name, "a": part[0], "b": b, "cut": near})
        return out

    def _reach(self, start: int, blocked: set[int]) -> list[int]:
        """The nodes reached from ``start`` without entering ``blocked``."""
        reached = {start}
        stack = [start]
        while stack:
            for nxt in self.links[stack.pop()]:
                if nxt not in blocked and nxt not in reached:
                    reached.add(nxt)
                    stack.append(nxt)
        return sorted(reached)

    def clause(self, record: Record) -> list[int]:
        return [-self.member[record["a"]], -self.member[record["b"]],
                *(self.member[n] for n in record["cut"] if self.member[n] != 0)]

    def check(self, record: Record) -> str | None:
        count = len(self.member)
        a, b = _node(record.get("a"), count, "a"), _node(record.get("b"), count, "b")
        cut = _nodes(record.get("cut"), count, "cut")
        for value in (a, b, cut):
            if isinstance(value, str):
                return value
        assert isinstance(a, int) and isinstance(b, int) and isinstance(cut, list)
        if self.member[a] == 0 or self.member[b] == 0:
            return "it names a node that is never in the area"
        blocked = set(cut)
        if a in blocked or b in blocked or a == b:
            return "its two nodes must be distinct and outside the cut"
        if b in self._reach(a, blocked):
            return (f"the nodes it names do not separate {self.where(a)} from "
                    f"{self.where(b)}")
        return None


@dataclass(frozen=True)
class Loop:
    """The edges whose literal is true form one loop: ``ends[e]`` are the two nodes
    of edge ``e``, ``edge[e]`` its literal; the rule CNF gives every node two used
    edges or none."""

    name: str
    nodes: int
    ends: Sequence[tuple[int, int]]
    edge: Sequence[int]
    where: Callable[[int], str]

    def _links(self, used: Sequence[int]) -> list[list[int]]:
        links: list[list[int]] = [[] for _ in range(self.nodes)]
        for e in used:
            u, v = self.ends[e]
            links[u].append(v)
            links[v].append(u)
        return links

    def faults(self, true: set[int]) -> list[Record]:
        """A cut for each closed part: its nodes as the side, one of its edges, and
        one of the largest part's (of another part's, for the largest)."""
        used = [e for e, lit in enumerate(self.edge) if holds(lit, true)]
        touched = {n for e in used for n in self.ends[e]}
        parts = components(touched, self._links(used))
        if len(parts) < 2:
            return []
        main = max(parts, key=len)
        first = {n: i for i, part in enumerate(parts) for n in part}
        edge_of: dict[int, int] = {}
        for e in used:
            edge_of.setdefault(first[self.ends[e][0]], e)
        big = parts.index(main)
        other = next(i for i in range(len(parts)) if i != big)
        return [{"rule": self.name, "side": part, "inside": edge_of[i],
                 "outside": edge_of[other if i == big else big]}
                for i, part in enumerate(parts)]

    def leaving(self, side: Sequence[int]) -> list[int]:
        """The edges with one end in ``side``."""
        inside = set(side)
        return [e for e, (u, v) in enumerate(self.ends) if (u in inside) != (v in inside)]

    def clause(self, record: Record) -> list[int]:
        return [-self.edge[record["inside"]], -self.edge[record["outside"]],
                *(self.edge[e] for e in self.leaving(record["side"]) if self.edge[e] != 0)]

    def check(self, record: Record) -> str | None:
        side = _nodes(record.get("side"), self.nodes, "side")
        inside = _node(record.get("inside"), len(self.ends), "inside")
        outside = _node(record.get("outside"), len(self.ends), "outside")
        for value in (side, inside, outside):
            if isinstance(value, str):
                return value
        assert isinstance(side, list) and isinstance(inside, int)
        assert isinstance(outside, int)
        nodes = set(side)
        if self.edge[inside] == 0 or self.edge[outside] == 0:
            return "it names an edge the loop never uses"
        if not all(n in nodes for n in self.ends[inside]):
            return "its inside edge has an end outside its side"
        if any(n in nodes for n in self.ends[outside]):
            return "its outside edge has an end in its side"
        return None


@dataclass(frozen=True)
class Paths:
    """Every line the edges whose literal is true make is a path between two of the
    nodes ``ends`` (Numberlink's numbers): ``ends[e]`` of :class:`Loop` is here
    ``pairs``, the two nodes of each edge; the rule CNF gives every node of ``ends``
    one used edge and every other node two or none, so what it cannot say is "no
    cycle"."""

    name: str
    nodes: int
    pairs: Sequence[tuple[int, int]]
    edge: Sequence[int]
    ends: frozenset[int]
    where: Callable[[int], str]

    def faults(self, true: set[int]) -> list[Record]:
        """A cut for each part of the used edges through none of ``ends``: its nodes
        as the side and one of its edges."""
        used = [e for e, lit in enumerate(self.edge) if holds(lit, true)]
        links: list[list[int]] = [[] for _ in range(self.nodes)]
        first: dict[int, int] = {}
        for e in used:
            u, v = self.pairs[e]
            links[u].append(v)
            links[v].append(u)
            first.setdefault(u, e)
        touched = {n for e in used for n in self.pairs[e]}
        return [{"rule": self.name, "side": part,
                 "inside": next(first[n] for n in part if n in first)}
                for part in components(touched, links) if not self.ends & set(part)]

    def leaving(self, side: Sequence[int]) -> list[int]:
        """The edges with one end in ``side``."""
        inside = set(side)
        return [e for e, (u, v) in enumerate(self.pairs) if (u in inside) != (v in inside)]

    def clause(self, record: Record) -> list[int]:
        """The inside edge unused, or an edge leaving the side used: a path through
        the inside edge reaches an end, and no end is on the side."""
        return [-self.edge[record["inside"]],
                *(self.edge[e] for e in self.leaving(record["side"]) if self.edge[e] != 0)]

    def check(self, record: Record) -> str | None:
        side = _nodes(record.get("side"), self.nodes, "side")
        inside = _node(record.get("inside"), len(self.pairs), "inside")
        for value in (side, inside):
            if isinstance(value, str):
                return value
        assert isinstance(side, list) and isinstance(inside, int)
        nodes = set(side)
        if self.edge[inside] == 0:
            return "it names an edge no path uses"
        if not all(n in nodes for n in self.pairs[inside]):
            return "its inside edge has an end outside its side"
        if self.ends & nodes:
            where = self.where(min(self.ends & nodes))
            return f"its side holds the end of a path at {where}"
        return None


@dataclass(frozen=True)
class Areas:
    """Areas judged by their cells: ``sets[key][node]`` is the literal of ``node``
    being in set ``key`` (0: never); an area is a connected part of a set.
    ``judge(key, cells, closed)`` says why an area that holds ``cells`` (``closed``:
    that is exactly ``cells``) breaks a rule, or None when it may not. With
    ``joints``, the nodes from that one on only join others (Double Choco's pairs of
    neighbours with no border between them): a part holding none of the nodes before
    it breaks no rule, and is not judged."""

    name: str
    links: Sequence[Sequence[int]]
    sets: Mapping[Hashable, Sequence[int]]
    judge: Callable[[Any, frozenset[int], bool], str | None]
    where: Callable[[int], str]
    joints: int | None = None

    @cached_property
    def _members(self) -> Any:
        """The literals as an array, a row a set (0 past a shorter set's end)."""
        import numpy as np

        width = max((len(member) for member in self.sets.values()), default=0)
        out = np.zeros((len(self.sets), width), dtype=np.int64)
        for row, member in zip(out, self.sets.values()):
            row[:len(member)] = list(member)
        return out

    def states(self, state: Any) -> Any:
        """Each node's state in each set, a row a set, under a partial assignment
        (``state`` by variable: 1 true, 0 false, -1 open): 1 in, 0 out (or never in),
        -1 open."""
        import numpy as np

        members = self._members
        got = np.asarray(state, dtype=np.int8)[np.abs(members)]
        out = np.where((got < 0) | (members > 0), got, 1 - got).astype(np.int8)
        out[members == 0] = 0
        return out

    def parts(self, inside: list[int]) -> list[list[int]]:
        """The connected parts of the nodes ``inside`` that can be areas (holding a
        node before ``joints``)."""
        if self.joints is None:
            return components(inside, self.links)
        return components(inside, self.links, [n for n in inside if n < self.joints])

    def _inside(self, true: set[int] | Any) -> list[list[int]]:
        """The nodes in each set where the variables in ``true`` are (or where an
        array by variable, 1 true and 0 false, says so), set by set."""
        import numpy as np

        members = self._members
        if not members.size:
            return [[] for _ in self.sets]
        if isinstance(true, np.ndarray):
            on = true
        else:
            on = np.zeros(int(np.abs(members).max()) + 1, dtype=np.int8)
            on[[lit for lit in true if 0 < lit < len(on)]] = 1
        rows, nodes = np.nonzero(self.states(on) == 1)  # set by set, in node order
        bounds = np.searchsorted(rows, np.arange(len(members) + 1)).tolist()
        listed = nodes.tolist()
        return [listed[bounds[k]:bounds[k + 1]] for k in range(len(members))]

    def faults(self, true: set[int] | Any) -> list[Record]:
        """A cut for each area that breaks a rule: the fewest of its cells that
        break it whatever else the area holds where there are such, else the area
        with its boundary. ``true``: the variables true, or an int8 array by variable
        (1 true, 0 false) as long as the largest of the sets' variables."""
        out = []
        for key, inside in zip(self.sets, self._inside(true)):
            if not inside or self.joints is not None and inside[0] >= self.joints:
                continue  # no node of the set's, or joints alone (in node order)
            for part in self.parts(inside):
                cells = frozenset(part)
                if self.judge(key, cells, True) is None:
                    continue
                if self.judge(key, cells, False) is not None and len(part) <= SHRINK_UP_TO:
                    out.append({"rule": self.name, "set": key,
                                "cells": self._fewest(key, part), "closed": False})
                else:
                    out.append({"rule": self.name, "set": key, "cells": part,
                                "closed": True})
        return out

    def _fewest(self, key: Any, part: list[int]) -> list[int]:
        """``part`` with cells taken out, the last reached from its first cell first,
        while what is left is connected and still breaks a rule when open."""
        inside = set(part)
        reached = [part[0]]
        seen = {part[0]}
        for cell in reached:  # breadth first: the list grows as it is read
            for nxt in self.links[cell]:
                if nxt in inside and nxt not in seen:
                    seen.add(nxt)
                    reached.append(nxt)
        keep = set(part)
        for cell in reversed(reached):
            trial = keep - {cell}
            if (trial and len(components(trial, self.links)) == 1
                    and self.judge(key, frozenset(trial), False) is not None):
                keep = trial
        return sorted(keep)

    def clause(self, record: Record) -> list[int]:
        member = self.sets[record["set"]]
        cells = record["cells"]
        out = [-member[n] for n in cells]
        if record["closed"]:
            out.extend(member[n] for n in boundary(cells, self.links) if member[n] != 0)
        return out

    def check(self, record: Record) -> str | None:
        key = record.get("set")
        if not isinstance(key, Hashable) or key not in self.sets:
            return f"its set {key!r} is not one of the rule's"
        cells = _nodes(record.get("cells"), len(self.links), "cells")
        if isinstance(cells, str):
            return cells
        closed = record.get("closed")
        if not isinstance(closed, bool):
            return "closed is neither true nor false"
        member = self.sets[key]
        if not cells or any(member[n] == 0 for n in cells):
            return "its cells are empty or hold a cell never in the set"
        if len(components(set(cells), self.links)) != 1:
            return "its cells are not connected"
        if self.judge(key, frozenset(cells), closed) is None:
            return (f"an area {'of exactly' if closed else 'holding'} its cells "
                    f"(from {self.where(cells[0])}) breaks no rule")
        return None


Group = Connected | Loop | Paths | Areas

__all__ = ["Areas", "Connected", "Group", "Loop", "Paths", "Record", "boundary", "components",
           "holds"]
