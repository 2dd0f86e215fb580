"""Connectivity and single loops: the rules that make pencil puzzles hard for SAT and
CP, written once for every family.

Cells are integers with a neighbour list each. Three ways to say "these cells are
connected" or "these edges form one loop":

* lazily on SAT (:func:`connected_cuts`, :func:`loop_cuts`): the model leaves the rule
  out; each candidate the solver finds is checked, and one that breaks it is cut off
  by clauses that every valid answer satisfies (so counting and uniqueness stay exact),
  the solver going on incrementally (a model's ``refine``);
* on CP-SAT, by a flow from a root (:func:`cpsat_connected_flow`) or by distances that
  fall towards a root (:func:`cpsat_connected_order`);
* a loop on CP-SAT by ``AddCircuit`` over the cells, skipped cells taking their
  self-loop (:func:`cpsat_loop`).

Paths between given ends, never a cycle (Numberlink's lines), the same three ways:
:func:`path_cuts` and :func:`path_partial` on SAT, :func:`cpsat_paths` on CP-SAT.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

# Each cell's neighbours, by cell: a list of lists, or a mapping (a graph's nodes).
Neighbours = Sequence[Sequence[int]] | Mapping[int, Sequence[int]]


def components(members: Iterable[int], neighbours: Neighbours,
               starts: Iterable[int] | None = None) -> list[list[int]]:
    """The connected components of ``members`` (cells, joined through ``neighbours``
    that are members too), each sorted, in order of their first cell; with ``starts``,
    only those holding one of them (in order of the first start they hold).

    >>> from cpsolve.grid.geometry import Grid
    >>> components([0, 1, 3, 5], Grid(2, 3).neighbours)
    [[0, 1, 3], [5]]
    >>> components([0, 1, 3, 5], Grid(2, 3).neighbours, starts=[5])
    [[5]]
    """
    left = set(members)  # the members no component has taken yet
    out = []
    for start in sorted(left if starts is None else left.intersection(starts)):
        if start not in left:
            continue  # in a component found before
        left.discard(start)
        found = [start]
        for cell in found:  # breadth first: the list grows as it is read
            for other in neighbours[cell]:
                if other in left:
                    left.discard(other)
                    found.append(other)
        found.sort()
        out.append(found)
    return out


def connected_cuts(inside: Sequence[bool], literal: Callable[[int], int],
                   neighbours: Neighbours) -> list[list[int]]:
    """Clauses that cut off a candidate whose ``inside`` cells fall apart (empty when
    they are connected). ``literal(cell)`` is the SAT literal "the cell is inside".

    For each component C but the largest, with B the outside cells next to C, a cell
    c of C and a cell d of the largest component: any answer with c and d inside joins
    them by a path of inside cells, and the first cell of that path outside C is in B.
    So ``not c or not d or some b of B`` holds in every answer, and this candidate
    breaks it.

    >>> from cpsolve.grid.geometry import Grid
    >>> connected_cuts([True, False, True], lambda cell: cell + 1, Grid(1, 3).neighbours)
    [[-3, -1, 2]]
    """
    parts = components([c for c, on in enumerate(inside) if on], neighbours)
    if len(parts) <= 1:
        return []
    parts.sort(key=len, reverse=True)
    anchor = parts[0][0]
    cuts: list[list[int]] = []
    for part in parts[1:]:
        boundary = sorted({other for cell in part for other in neighbours[cell]
                           if not inside[other]})
        cuts.append([-literal(part[0]), -literal(anchor), *(literal(b) for b in boundary)])
    return cuts


# Cells of a stray cycle that get a cut clause each, spread along it: every clause is as
# long as the cycle's boundary, so one a cell grows with the cycle's length times its
# boundary (a 39x57 Yajilin's stray cycles of hundreds of cells: 9 of its 10 s went to
# making and loading those clauses, 1.2 s with 16 a cycle, the same rounds).
SLIDES = 16


def _spread(cycle: list[int], most: int) -> list[int]:
    """At most ``most`` cells of ``cycle``, evenly spaced along it.

    >>> _spread(list(range(10)), 4), _spread([7, 8], 4)
    ([0, 2, 5, 7], [7, 8])
    """
    if len(cycle) <= most:
        return cycle
    return [cycle[k * len(cycle) // most] for k in range(most)]


def loop_cuts(on: Sequence[bool], edges: Sequence[tuple[int, int]],
              edge_literal: Callable[[int], int], used_literal: Callable[[int], int],
              required: Sequence[int] = (), *,
              incident: Sequence[Sequence[int]] | None = None) -> list[list[int]]:
    """Clauses that cut off a candidate whose chosen ``edges`` (``on``) form more than
    one cycle (empty when they form at most one). ``edge_literal(k)`` is edge k's
    literal, ``used_literal(cell)`` "the loop passes the cell"; a cell of ``required``
    (passed by every answer) is preferred as a witness; ``incident`` (each cell's
    edges) saves finding them again on every call.

    For a cycle T, a cell r on another cycle (a required one where there is one), and
    each cell t of T: a single loop that passes t and r crosses the cut between T and
    the rest, so ``not t or not r or some edge leaving T`` holds in every answer
    whatever the clues (every edge leaving T is off in this candidate, whose cells on
    T already have both their edges). One clause per cell of T, so the solver cannot
    slide a stray cycle over by a cell (on a long cycle, :data:`SLIDES` cells spread
    along it: each clause holds the whole boundary); but one clause in all when T holds
    a required cell t (its clause is then "some edge leaving T", or "not r or ...", and
    subsumes the others).

    >>> ring = [(0, 1), (1, 3), (3, 2), (2, 0)]  # a 2x2 square of cells 0-3
    >>> edges = ring + [(4, 5), (5, 7), (7, 6), (6, 4), (1, 4), (3, 6)]  # and another
    >>> loop_cuts([True] * 8 + [False] * 2, edges, lambda k: k + 1, lambda c: 100 + c,
    ...           [5])[:2]
    [[-100, -105, 9, 10], [-102, -105, 9, 10]]
    """
    if incident is None:
        ends: list[list[int]] = [[] for _ in range(1 + max(max(e) for e in edges))]
        for j, (a, b) in enumerate(edges):
            ends[a].append(j)
            ends[b].append(j)
        incident = ends
    # Walk each cycle (every chosen cell has two chosen edges), numbering the cells.
    cycle_of = [-1] * len(incident)
    cycles: list[list[int]] = []
    for k, value in enumerate(on):
        if not value or cycle_of[edges[k][0]] >= 0:
            continue
        number, cell, came, cycle = len(cycles), edges[k][0], k, []
        while cycle_of[cell] < 0:
            cycle_of[cell] = number
            cycle.append(cell)
            came = next((j for j in incident[cell] if on[j] and j != came), came)
            a, b = edges[came]
            cell = b if a == cell else a
        cycles.append(cycle)
    if len(cycles) <= 1:
        return []
    wanted = set(required)
    # Each cycle's first required cell (-1: it has none).
    anchors = [next((cell for cell in cycle if cell in wanted), -1) for cycle in cycles]
    held = [(k, cell) for k, cell in enumerate(anchors) if cell >= 0]
    cuts: list[list[int]] = []
    for k, cycle in enumerate(cycles):
        leaving = sorted({j for cell in cycle for j in incident[cell]
                          if (cycle_of[edges[j][0]] == k) != (cycle_of[edges[j][1]] == k)})
        crossing = [edge_literal(j) for j in leaving]
        witness = next((cell for j, cell in held if j != k), cycles[(k + 1) % len(cycles)][0])
        # A required cell of T stands for all of T: its clause subsumes the others'
        # once the solver has the required cell's unit.
        own = [anchors[k]] if anchors[k] >= 0 else _spread(cycle, SLIDES)
        cuts.extend([-used_literal(cell), -used_literal(witness), *crossing] for cell in own)
    return cuts


def path_cuts(on: Sequence[bool], edges: Sequence[tuple[int, int]],
              edge_literal: Callable[[int], int], used_literal: Callable[[int], int],
              incident: Sequence[Sequence[int]], ends: Iterable[int]) -> list[list[int]]:
    """Clauses that cut off a candidate whose chosen ``edges`` (``on``) close a cycle
    through none of the nodes ``ends`` (empty when they close none): where every line
    is a path between two ends (Numberlink), a passed node lies on a path to an end.

    For a cycle T and each node t of T: a path that passes t reaches an end, which is
    off T, and crosses the cut between T and the rest, so ``not t or some edge leaving
    T`` holds in every answer whatever the numbers (every edge leaving T is off in this
    candidate, whose nodes on T already have both their edges). One clause a node of T,
    so the solver cannot slide the cycle over by a node (on a long cycle, :data:`SLIDES`
    nodes spread over it: each clause holds the whole boundary). A cycle through a node of
    ``ends`` (possible only where that node's number is switched off, in the setter's
    clue model) gets the clause every answer keeps whatever is switched on: not all of
    its edges.

    >>> ring = [(0, 1), (1, 3), (3, 2), (2, 0), (1, 4)]  # a 2x2 square and a tail
    >>> incident = [[0, 3], [0, 1, 4], [2, 3], [1, 2], [4]]
    >>> path_cuts([True] * 4 + [False], ring, lambda k: k + 1, lambda c: 100 + c,
    ...           incident, [4])[:2]
    [[-100, 5], [-101, 5]]
    >>> path_cuts([False, True, True, True, True], ring, lambda k: k + 1,
    ...           lambda c: 100 + c, incident, [4, 0])
    []
    """
    terminal = set(ends)
    chosen = [[j for j in incident[node] if on[j]] for node in range(len(incident))]
    cuts: list[list[int]] = []
    for part in _lines(chosen, edges):
        if any(len(chosen[node]) != 2 for node in part):
            continue  # a path: it has ends
        ring = sorted({j for node in part for j in chosen[node]})
        if terminal.intersection(part):
            cuts.append([-edge_literal(j) for j in ring])
            continue
        inside = set(part)
        crossing = [edge_literal(j) for j in sorted(
            {j for node in part for j in incident[node]
             if (edges[j][0] in inside) != (edges[j][1] in inside)})]
        cuts.extend([-used_literal(node), *crossing] for node in _spread(sorted(part), SLIDES))
    return cuts


def _lines(chosen: Sequence[Sequence[int]], edges: Sequence[tuple[int, int]]
           ) -> list[list[int]]:
    """The nodes of each line the chosen edges make (``chosen[node]``: its chosen
    edges)."""
    links = [[edges[j][0] + edges[j][1] - node for j in mine]
             for node, mine in enumerate(chosen)]
    return components([node for node, mine in enumerate(chosen) if mine], links)


def path_partial(on: Any, incident: Sequence[Sequence[int]],
                 edges: Sequence[tuple[int, int]], edge_literal: Callable[[int], int],
                 ends: Iterable[int]) -> list[list[int]]:
    """What "no cycle" says about a partial assignment where every line is a path
    between two of ``ends`` (``on`` per edge: 1 chosen, 0 not, -1 open), as clauses
    every answer satisfies that are falsified or unit here:

    * the chosen edges close a cycle: ``not all of it`` (falsified);
    * a chain of chosen edges whose two ends are neighbours, neither of them in
      ``ends``, the edge between them open: ``not that edge, or not all of the chain``
      (unit: closing it would make a cycle).

    >>> incident = [[0, 3], [0, 1], [2, 3], [1, 2]]  # a 2x2 square, edges 0-1 1-3 3-2 2-0
    >>> square = [(0, 1), (1, 3), (2, 3), (0, 2)]
    >>> path_partial([1, 1, 1, -1], incident, square, lambda k: k + 1, [])
    [[-4, -1, -2, -3]]
    >>> path_partial([1, 1, 1, 1], incident, square, lambda k: k + 1, [])
    [[-1, -2, -3, -4]]
    """
    import numpy as np

    terminal = set(ends)
    # The chosen edges alone (a few, on a partial board), by node: its chosen edges.
    chosen: dict[int, list[int]] = {}
    for j in np.flatnonzero(np.asarray(on) == 1).tolist():
        a, b = edges[j]
        chosen.setdefault(a, []).append(j)
        chosen.setdefault(b, []).append(j)
    out: list[list[int]] = []
    for part in components(chosen, {node: [edges[j][0] + edges[j][1] - node for j in mine]
                                     for node, mine in chosen.items()}):
        tips = [n for n in part if len(chosen[n]) == 1]
        lits = [-edge_literal(j) for j in sorted({j for n in part for j in chosen[n]})]
        if not tips and all(len(chosen[n]) == 2 for n in part):
            out.append(lits)
        elif len(tips) == 2 and not terminal & set(tips):
            x, y = tips
            closing = next((j for j in incident[x] if y in edges[j]), None)
            if closing is not None and on[closing] == -1:
                out.append([-edge_literal(closing), *lits])
    return out


def connected_partial(state: Any, literal: Callable[[int], int], neighbours: Any
                      ) -> list[list[int]]:
    """What connectivity says about a partial assignment (``state`` per cell: 1
    inside, 0 outside, -1 open), as clauses every answer satisfies that are
    falsified or unit here (for reasoning on partial boards, such as grading).
    ``neighbours`` is the grid's table (:attr:`Grid.tables`).

    * The inside cells already fall apart (the open and inside cells leave no path
      between two of them): for a component C of those cells holding an inside cell
      c and an inside cell d elsewhere, ``not c or not d or some outside cell next to
      C`` (every such cell is outside now: falsified).
    * An open cell u that every path between two inside cells must cross (a cut
      vertex of the open and inside cells that separates inside ones): with D the
      cells it cuts off with an inside cell c, and d an inside cell beyond,
      ``u or not c or not d or some outside cell next to D`` (unit: u is inside).

    >>> from cpsolve.grid.geometry import Grid
    >>> table = Grid(1, 4).tables[0]  # inside, open, open, inside: both open cells join
    >>> connected_partial([1, -1, -1, 1], lambda cell: cell + 1, table)
    [[3, -4, -1], [2, -4, -1]]
    >>> connected_partial([1, 0, -1, 1], lambda cell: cell + 1, table)
    [[-4, -1, 2]]
    """
    import numpy as np

    from cpsolve.grid.partial import connected_kernel

    codes, starts = connected_kernel(np.asarray(state, dtype=np.int8), neighbours)
    codes = codes.tolist()
    return [[literal(c - 1) if c > 0 else -literal(-c - 1) for c in codes[a:b]]
            for a, b in zip(starts[:-1].tolist(), starts[1:].tolist())]


def loop_partial(on: Any, tables: tuple[Any, Any], edge_literal: Callable[[int], int],
                 passed: Any = (), used_literal: Callable[[int], int] | None = None
                 ) -> list[list[int]]:
    """What "one loop" says about a partial assignment (``on`` per edge: 1 chosen, 0
    not, -1 open; ``passed`` per cell, where known: 1 on the loop), as clauses every
    answer satisfies that are falsified or unit here. ``tables`` are the grid's
    incident edges and edge ends (:attr:`Grid.tables`).

    * The chosen edges close a cycle C while another edge is chosen, or a cell off C
      is passed (the witness w): ``not all of C, or not w`` (falsified).
    * A chain P of chosen edges whose two ends are neighbours, the edge e between
      them open, with a witness off P: ``not e, or not all of P, or not w`` (unit:
      closing the chain would make a second loop).

    >>> from cpsolve.grid.geometry import Grid
    >>> _, incident, ends = Grid(2, 3).tables  # edges 0-1, 1-2, 3-4, 4-5, 0-3, 1-4, 2-5
    >>> on = [1, -1, -1, 1, 1, 1, -1]  # a chain 1-0-3-4 and the edge 4-5 beside it
    >>> loop_partial(on, (incident, ends), lambda k: k + 1)
    []
    >>> on = [1, -1, 1, -1, 1, -1, 1]  # chains 1-0-3-4 and 2-5: the edge 1-4 closes one
    >>> loop_partial(on, (incident, ends), lambda k: k + 1)
    [[-6, -1, -5, -3, -7]]
    """
    import numpy as np

    from cpsolve.grid.partial import loop_kernel

    incident, ends = tables
    edges = len(on)
    known = np.asarray(passed, dtype=np.int8) if used_literal is not None else np.zeros(
        0, dtype=np.int8)
    codes, starts = loop_kernel(np.asarray(on, dtype=np.int8), ends, incident, known)
    codes = codes.tolist()
    return [[-edge_literal(c) if c < edges else -used_literal(c - edges)  # type: ignore[misc]
             for c in codes[a:b]] for a, b in zip(starts[:-1].tolist(), starts[1:].tolist())]


def _bools(model: Any, values: Sequence[Any]) -> list[Any]:
    """Boolean variables for ``values``, constants (0, 1, False, True) made variables."""
    return [model.new_constant(int(v)) if isinstance(v, (bool, int)) else v for v in values]


def _root(model: Any, inside: Sequence[Any], candidates: Sequence[int] | None = None
          ) -> list[Any]:
    """The root of a connected set: its first inside cell in order among
    ``candidates`` (all cells when None; a caller that knows some of a few cells is
    inside in every answer names them, which propagates far better), one root, so the
    solver has no choice of it to enumerate: ``root[c] = inside[c] and no candidate
    before c is inside``; cells that are no candidate are never the root."""
    order = list(range(len(inside))) if candidates is None else list(candidates)
    roots = [model.new_constant(0)] * len(inside)
    seen: Any = None  # "some candidate before this one is inside"; None before the first
    for position, cell in enumerate(order):
        here = inside[cell]
        root = model.new_bool_var(f"root_{cell}")
        if seen is None:
            model.add(root == here)
        else:
            model.add_bool_and([here, ~seen]).only_enforce_if(root)
            model.add_bool_or([root, ~here, seen])
        roots[cell] = root
        if position + 1 < len(order):
            after = model.new_bool_var(f"seen_{cell}")
            model.add_max_equality(after, [here] if seen is None else [seen, here])
            seen = after
    return roots


Through = Callable[[int, int], Any]


def cpsat_connected_flow(model: Any, inside: Sequence[Any], neighbours: Neighbours,
                         through: Through | None = None,
                         roots: Sequence[int] | None = None) -> None:
    """Post "the ``inside`` cells are connected" on a CP-SAT ``model`` by a flow: the
    root (the first inside cell) sends one unit to every other inside cell, along
    edges between inside cells only, or, with ``through(a, b)``, only where that
    Boolean lets it pass (a loop's chosen edges). ``inside`` holds Boolean variables
    (or 0/1). ``roots``: cells of which some is inside in every answer (see
    :func:`_root`)."""
    n = len(inside)
    inside = _bools(model, inside)
    root = _root(model, inside, roots)
    total = model.new_int_var(0, n, "inside_count")
    model.add(total == sum(inside))
    flow = {}
    for a in range(n):
        for b in neighbours[a]:
            f = model.new_int_var(0, n - 1, f"flow_{a}_{b}")
            if through is None:
                model.add(f <= (n - 1) * inside[a])
                model.add(f <= (n - 1) * inside[b])
            else:
                model.add(f <= (n - 1) * through(a, b))
            flow[a, b] = f
    for cell in range(n):
        out = sum(flow[cell, b] for b in neighbours[cell])
        into = sum(flow[b, cell] for b in neighbours[cell])
        supply = model.new_int_var(-1, n - 1, f"supply_{cell}")
        model.add(supply == total - 1).only_enforce_if(root[cell])
        model.add(supply == -1).only_enforce_if([~root[cell], inside[cell]])
        model.add(supply == 0).only_enforce_if(~inside[cell])
        model.add(out - into == supply)


def cpsat_connected_order(model: Any, inside: Sequence[Any], neighbours: Neighbours,
                          through: Through | None = None,
                          roots: Sequence[int] | None = None) -> None:
    """Post "the ``inside`` cells are connected" by distances: the root (the first
    inside cell) is at 0, and every other inside cell has an inside neighbour strictly
    nearer the root (one ``through(cell, neighbour)`` lets it go to, when given), so
    following nearer neighbours from any inside cell reaches it. ``roots``: cells of
    which some is inside in every answer (see :func:`_root`)."""
    n = len(inside)
    inside = _bools(model, inside)
    root = _root(model, inside, roots)
    level = [model.new_int_var(0, max(0, n - 1), f"level_{cell}") for cell in range(n)]
    for cell in range(n):
        model.add(level[cell] == 0).only_enforce_if(root[cell])
        steps = []
        for other in neighbours[cell]:
            step = model.new_bool_var(f"toward_{cell}_{other}")
            model.add(level[other] < level[cell]).only_enforce_if(step)
            model.add_implication(step, inside[other])
            if through is not None:
                model.add_implication(step, through(cell, other))
            steps.append(step)
        model.add_bool_or([root[cell], *steps, ~inside[cell]])


def cpsat_loop(model: Any, edges: Sequence[tuple[int, int]], edge_vars: Sequence[Any],
               used: Sequence[Any]) -> None:
    """Post "the chosen ``edges`` form one loop through the ``used`` cells" with
    ``AddCircuit``: two arcs per edge (the edge is chosen when one of them is; never
    both, which would be a loop of two cells), and a self-loop on every cell the loop
    skips."""
    arcs = []
    for k, (a, b) in enumerate(edges):
        forward = model.new_bool_var(f"arc_{a}_{b}")
        backward = model.new_bool_var(f"arc_{b}_{a}")
        model.add(forward + backward == edge_vars[k])
        arcs += [(a, b, forward), (b, a, backward)]
    for cell, here in enumerate(_bools(model, used)):
        arcs.append((cell, cell, ~here))
    model.add_circuit(arcs)


def cpsat_paths(model: Any, edges: Sequence[tuple[int, int]], edge_vars: Sequence[Any],
                used: Sequence[Any], ends: Sequence[int]) -> None:
    """Post "the chosen ``edges`` are paths between the nodes ``ends``, never a
    cycle" with one ``AddCircuit``: two arcs per edge, a self-loop on every node no
    path passes (never on an end), and an arc from every end to every other, by which
    the circuit goes on from one path's last node to the next path's first. A cycle
    of edges would be a second circuit; the model's own constraints give each end one
    edge and each other node two or none, and say which ends a path joins."""
    arcs = []
    for k, (a, b) in enumerate(edges):
        forward = model.new_bool_var(f"arc_{a}_{b}")
        backward = model.new_bool_var(f"arc_{b}_{a}")
        model.add(forward + backward == edge_vars[k])
        arcs += [(a, b, forward), (b, a, backward)]
    terminal = set(ends)
    for cell, here in enumerate(_bools(model, used)):
        if cell not in terminal:
            arcs.append((cell, cell, ~here))
    for a in ends:
        arcs.extend((a, b, model.new_bool_var(f"jump_{a}_{b}")) for b in ends if b != a)
    if arcs:
        model.add_circuit(arcs)
    else:  # one cell, an end with no other: no path can start there
        model.add_bool_or([])


class ShadingRules:
    """The rules a shading genre shares (Heyawake, Hitori, ...), for a model whose cell
    ``c`` is the variable ``c + 1``, true when shaded: no two shaded cells side by side,
    and the unshaded cells connected, lazily on SAT (:meth:`refine`, :meth:`partial`)
    or on CP-SAT (:meth:`cpsat`).

    >>> from cpsolve.grid.geometry import Grid
    >>> rules = ShadingRules(Grid(1, 3))
    >>> rules.refine((False, True, False))  # shading the middle cuts the row in two
    [[3, 1, -2]]
    >>> [g.tolist() for g in rules.clauses()]
    [[[-1, -2], [-2, -3]]]
    """

    def __init__(self, grid: Any) -> None:
        self.grid = grid

    def clauses(self) -> list[Any]:
        """Clause groups: no two shaded cells side by side; and, on a board of at least
        2x2, an unshaded cell has an unshaded neighbour (implied by connectivity, since
        such a board leaves at least two cells unshaded: the solver gets the short cuts
        for free; a single row may leave one, between two shaded cells)."""
        import numpy as np

        grid = self.grid
        groups: list[Any] = []
        if grid.pairs:
            groups.append(-(np.array(grid.pairs, dtype=np.int64) + 1))
        if grid.rows >= 2 and grid.cols >= 2:
            groups.append([[cell + 1, *(-(other + 1) for other in grid.neighbours[cell])]
                           for cell in range(grid.cells)])
        return groups

    def refine(self, values: Sequence[bool]) -> list[list[int]]:
        """Cuts for a candidate whose unshaded cells fall apart (the projection's values
        in cell order)."""
        return connected_cuts([not on for on in values], _unshaded, self.grid.neighbours)

    def partial(self, values: Any) -> list[list[int]]:
        """What connectivity says on a partial assignment (``values`` by variable,
        1 true, 0 false, -1 open; index 0 unused)."""
        import numpy as np

        shaded = values[1:self.grid.cells + 1]
        inside = np.where(shaded < 0, -1, 1 - shaded)  # unshaded cells are inside
        return connected_partial(inside, _unshaded, self.grid.tables[0])

    def cpsat(self, model: Any, shaded: Sequence[Any], connect: Callable[..., None]) -> None:
        """The same rules on CP-SAT (``connect``: :func:`cpsat_connected_flow` or
        :func:`cpsat_connected_order`): of two neighbouring cells one is unshaded, so
        the first of them that is is the root."""
        grid = self.grid
        for a, b in grid.pairs:
            model.add_bool_or([~shaded[a], ~shaded[b]])
        if grid.rows >= 2 and grid.cols >= 2:
            for cell in range(grid.cells):
                model.add_bool_or([shaded[cell], *(~shaded[o] for o in grid.neighbours[cell])])
        roots = [0, grid.neighbours[0][0]] if grid.cells > 1 else [0]
        connect(model, [~s for s in shaded], grid.neighbours, roots=roots)


def _unshaded(cell: int) -> int:
    """The literal "``cell`` is unshaded" of a shading model."""
    return -(cell + 1)
