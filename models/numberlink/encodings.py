"""Numberlink as constraint models: pure builders over the kit's loop numbering
(:class:`cpsolve.grid.loops.Numbering`), one Boolean per edge between neighbouring
cells (the projection, in the grid's edge order, for every encoding) and one per cell
("a path passes here").

Local rules, as clauses (or their CP-SAT forms):

* a numbered cell is a path's end: passed, with exactly one edge;
* every other cell has two edges or none, and is passed exactly when it has two; with
  the fill rule it is passed;
* labels: each passed cell carries the number of its path (one Boolean a cell and
  number, exactly one on a passed cell, none on another), a numbered cell its own, and
  the two cells of a chosen edge the same; so a path joins two equal numbers.

The global rule, no line closing on itself (every line a path between two ends), two
ways: ``lazy`` (SAT) cuts a candidate with a cycle
(:func:`cpsolve.grid.connectivity.path_cuts`); ``circuit`` (CP-SAT) chains every path
into one ``AddCircuit`` (:func:`cpsolve.grid.connectivity.cpsat_paths`), labels as
integers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, partial
from itertools import combinations
from typing import Any

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel
from cpsolve.grid import loops
from cpsolve.grid.connectivity import cpsat_paths, path_cuts, path_partial
from cpsolve.grid.model import Encoding, Encodings, Reduction, Whole
from cpsolve.models.numberlink.board import Board, Paths

PAIRWISE_UP_TO = 6  # labels a cell may carry, "at most one" written pairwise up to this


def prepare(board: Board, deduce: bool = True) -> Whole[Board, Paths]:
    """The whole board for the encoders (the rules propagate in the solver)."""
    return loops.whole(board, board.grid)


@dataclass(frozen=True)
class Numbering:
    """The loop's numbering on the cells (edges, then "passed"), then "cell c carries
    label p" for every cell and label; a ladder's own variables after those.

    >>> from cpsolve.models.numberlink.formats import parse
    >>> n = Numbering(parse("1 3\\n1 - 1"))
    >>> n.edge(0), n.used(2), n.label(2, 0), n.top
    (1, 5, 8, 8)
    """

    board: Board

    @cached_property
    def loop(self) -> loops.Numbering:
        return loops.Numbering(self.board.grid)

    @property
    def edges(self) -> int:
        return self.loop.edges

    @property
    def labels(self) -> int:
        return len(self.board.values)

    def edge(self, k: int) -> int:
        return self.loop.edge(k)

    def used(self, cell: int) -> int:
        return self.loop.used(cell)

    def label(self, cell: int, p: int) -> int:
        return self.loop.top + cell * self.labels + p + 1

    @property
    def top(self) -> int:
        return self.loop.top + self.board.cells * self.labels

    def names(self) -> dict[int, str]:
        """What each variable means, for ``--dump-cnf``."""
        grid, values = self.board.grid, self.board.values
        out = self.loop.names()
        out.update({self.label(c, p): f"label {values[p]} {grid.name(c)}"
                    for c in range(self.board.cells) for p in range(self.labels)})
        return out


def cell_clauses(board: Board, cell: int, end: bool) -> list[list[int]]:
    """One cell's degree (an end's, or an ordinary cell's under the board's rule) and
    its own label when it is an end."""
    number = Numbering(board)
    if end:
        return [*loops.node_degree(board.grid, cell, ends=1),
                [number.label(cell, board.label_of[cell])]]
    clauses = loops.node_degree(board.grid, cell)
    if board.fill:
        clauses.append([number.used(cell)])
    return clauses


def label_clauses(board: Board) -> list[list[int]]:
    """Every passed cell carries exactly one label, no other cell any; a chosen edge's
    two cells carry the same."""
    number = Numbering(board)
    labels = range(number.labels)
    clauses: list[list[int]] = []
    top = number.top
    for cell in range(board.cells):
        mine = [number.label(cell, p) for p in labels]
        used = number.used(cell)
        clauses.append([-used, *mine])
        clauses.extend([used, -lit] for lit in mine)
        if len(mine) <= PAIRWISE_UP_TO:
            clauses.extend([-a, -b] for a, b in combinations(mine, 2))
        else:  # a ladder: s[i] says "one of the first i + 1 labels"
            steps = list(range(top + 1, top + len(mine)))
            top += len(mine) - 1
            for i, lit in enumerate(mine):
                if i < len(steps):
                    clauses.append([-lit, steps[i]])
                if i > 0:
                    clauses.append([-steps[i - 1], -lit])
                    if i < len(steps):
                        clauses.append([-steps[i - 1], steps[i]])
    for k, (a, b) in enumerate(board.grid.edges):
        edge = number.edge(k)
        for p in labels:
            clauses.append([-edge, -number.label(a, p), number.label(b, p)])
            clauses.append([-edge, -number.label(b, p), number.label(a, p)])
    return clauses


def ladder_vars(board: Board) -> int:
    """The ladders' auxiliary variables (after :class:`Numbering`'s)."""
    labels = len(board.values)
    return board.cells * (labels - 1) if labels > PAIRWISE_UP_TO else 0


def build_lazy(prepared: Whole[Board, Paths], *, numbers: bool = True) -> CnfModel:
    """``lazy``: the local rules as clauses; "no cycle" checked on each candidate.
    Without ``numbers``, the rules whatever the numbers: nothing is said of a numbered
    cell's lines (the setter's clue model says, under each number's switch, that it is
    an end or an ordinary cell)."""
    board = prepared.board
    grid = board.grid
    number = Numbering(board)
    ends = set(board.ends)
    groups: list[Any] = [[clause for cell in range(board.cells)
                          if numbers or cell not in ends
                          for clause in cell_clauses(board, cell, cell in ends)],
                         label_clauses(board)]
    edges, incident = grid.edges, grid.incident
    n = number.edges
    terminals = board.ends

    def refine(values: tuple[bool, ...]) -> list[list[int]]:
        return path_cuts(values[:n], edges, number.edge, number.used, incident, terminals)

    def partial_rule(values: Any) -> list[list[int]]:
        return path_partial(values[1:n + 1], incident, edges, number.edge, terminals)

    names = number.names()
    return CnfModel(nvars=number.top + ladder_vars(board), projection=range(1, n + 1),
                    groups=groups, refine=refine, names=names, partial=partial_rule)


def build_circuit(prepared: Whole[Board, Paths]) -> CpsatModel:
    """``circuit``: the degrees as sums, labels as integers equal along chosen edges,
    every path chained into one ``AddCircuit``."""
    from ortools.sat.python import cp_model

    board = prepared.board
    grid = board.grid
    model = cp_model.CpModel()
    name = grid.name
    edge_vars = [model.new_bool_var(f"edge_{name(a)}_{name(b)}") for a, b in grid.edges]
    used = [model.new_bool_var(f"passed_{name(c)}") for c in range(board.cells)]
    ends = set(board.ends)
    for cell in range(board.cells):
        degree = sum(edge_vars[k] for k in grid.incident[cell])
        if cell in ends:
            model.add(degree == 1)
            model.add(used[cell] == 1)
        else:
            model.add(degree == 2 * used[cell])
            if board.fill:
                model.add(used[cell] == 1)
    if not board.ends:
        for var in edge_vars:
            model.add(var == 0)
    else:
        label = [model.new_int_var(0, len(board.values) - 1, f"label_{name(c)}")
                 for c in range(board.cells)]
        for cell, p in board.label_of.items():
            model.add(label[cell] == p)
        for k, (a, b) in enumerate(grid.edges):
            model.add(label[a] == label[b]).only_enforce_if(edge_vars[k])
        cpsat_paths(model, grid.edges, edge_vars, used, board.ends)
    return CpsatModel(model=model, projection=edge_vars)


def literals(prepared: Whole[Board, Paths], *, per_cell: int, per_label: int) -> int:
    """About how many literals (terms, for CP-SAT) a model holds, before building it:
    ``per_cell`` for each cell, ``per_label`` for each cell and label, and the circuit's
    jumps between ends.

    >>> from cpsolve.models.numberlink.formats import parse
    >>> literals(prepare(parse("2 2\\n1 -\\n- 1")), per_cell=30, per_label=30)
    244
    """
    board = prepared.board
    return (board.cells * (per_cell + per_label * len(board.values))
            + len(board.ends) ** 2)


ENCODINGS = Encodings(
    Encoding("lazy", "labels as clauses, a cycle cut off when a candidate has one",
             sat=build_lazy, literals=partial(literals, per_cell=30, per_label=30)),
    Encoding("circuit", "integer labels, every path chained into one AddCircuit",
             cpsat=build_circuit, literals=partial(literals, per_cell=60, per_label=8)),
)


def reduce(board: Board) -> Reduction[Paths] | None:
    """Without the fill rule: no path turns round a 2x2 block (three of its sides on
    the path), since that U-turn shortcuts across the fourth side, its two cells left
    empty, and every answer shortcuts, step by step, into one without U-turns; the
    inverse step is a detour round two empty cells beside a path's edge. Under the fill
    rule a shortcut leaves cells off every path, so there is no reduction."""
    if board.fill:
        return None
    grid = board.grid
    edge_at = grid.edge_at
    clauses: list[list[int]] = []
    for r in range(board.rows - 1):
        for c in range(board.cols - 1):
            a, b = grid.cell(r, c), grid.cell(r, c + 1)
            d, e = grid.cell(r + 1, c), grid.cell(r + 1, c + 1)
            sides = [edge_at[a, b] + 1, edge_at[b, e] + 1, edge_at[d, e] + 1,
                     edge_at[a, d] + 1]
            clauses.extend([-lit for k, lit in enumerate(sides) if k != gap]
                           for gap in range(4))

    def neighbour(paths: Paths) -> Paths | None:
        passed = {cell for edge in paths for cell in edge}
        for a, c in sorted(paths):
            (ra, ca), (rc, cc) = grid.rc(a), grid.rc(c)
            dr, dc = cc - ca, rc - ra  # beside the edge, on either side
            for side in (1, -1):
                b = grid.step(a, dr * side, dc * side)
                d = grid.step(c, dr * side, dc * side)
                if b is None or d is None or b in passed or d in passed:
                    continue
                detour = [(a, b), (b, d), (d, c)]
                return (paths - {(a, c)}) | {(min(x, y), max(x, y)) for x, y in detour}
        return None

    return Reduction("no U-turn round a 2x2 block (paths need not fill the board)",
                     clauses, neighbour)
