"""Fillomino benchmark: every method (solve and uniqueness proof) on boards published
on puzz.link and its mirrors (3x7 to 15x15) and boards made by the generator (10x10);
median, p90 and max, beside a baseline measured in the same run: a plain CP-SAT model
of our own (a number per cell; a Boolean per neighbouring pair for "same number"; a
label per cell, a Boolean for each cell up to it, naming the smallest cell of its
area, whose number it takes; each such root counting the cells labelled with it and
reached from all of them by a falling depth; a second solution looked for by blocking
the first and solving again). No installable peer solver is measured: puzzlekit
0.3.4 has no Fillomino solver, and cspuz is not on the package index this project
installs from.

Run: ``.venv/bin/python benchmarks/fillomino.py [--quick]``.
"""

from __future__ import annotations

import time
from typing import Any

from pencil import arguments, made, ours, report

from cpsolve.models.fillomino import FILLOMINO, Board, parse, solve
from cpsolve.models.fillomino.formats import to_url

PUBLISHED = [
    "https://puzz.link/p?fillomino/5/5/g1k34g2h5h4n",
    "https://puzz.link/p?fillomino/7/3/159u159",
    "https://puzz.link/p?fillomino/10/10/q-138g84ga3h46g42g33r46g44ga8h12g15g58r21g28g87h42g14g"
    "4-13q",
    "https://puzz.link/p?fillomino/7/10/r6l8l5l2lah3i5h9i9i4c4o",
    "https://puzz.link/p?fillomino/15/15/h1o5i8g2m6g3g7i3h4h1i1g6g4h2g3h4g2i5h2i4h3l4h1h5m4h2g2h6"
    "k7h3i3h7k7h2g2h3m2h1h5l3h4i3h3i-10g4h4g1h3g7g1i8h4h3i2g2g2m8g6i1o1h",
    # The rest collected in public repositories of puzzle solvers and editors (each
    # proven unique by the default method within 60 s):
    # a solver's examples page
    "https://puzz.link/p?fillomino/9/9/rb-134k-13i-13i7k5h-13k-13h8k6i-13i-13k9-13am2j",
    # a puzzle blog's list, on the pzprxs mirror
    "https://pzprxs.vercel.app/p?fillomino/10/10/5g13h53g1p2h1h4h35g4g44g1g2i1h3l3h2i5g5g54g1g62h"
    "4h6h1p5g23h32g6",
    # a daily-puzzle site's list, on the pzprxs mirror
    "https://pzprxs.vercel.app/p?fillomino/9/9/g3h1h5g4g1i1g2g6h1h2g3g1i1g4g5h1h2g3g1i1g4g6h1h4g3g"
    "1i1g3g5h1h3g",
    "https://pzprxs.vercel.app/p?fillomino/9/9/524242323p1g1g1g1p1g1g1g1g1p1g1g1g1p425232325",
    "https://pzprxs.vercel.app/p?fillomino/10/10/g1j1m124h1h1h651h146h1k25125h1h1h46124k1h651h146"
    "h1h1h251m1j1g",
    "https://pzprxs.vercel.app/p?fillomino/10/10/2h2h2h2j34n56j2h2h2h2g46g64g53h53g35g46g2h2h2h2j"
    "35n64j2h2h2h2",
    "https://pzprxs.vercel.app/p?fillomino/10/10/41h44h14h7j5i613h713i5j6h4i441h44i44i4h5j3i617h7"
    "16g1g3j5g14i44i4",
    "https://pzprxs.vercel.app/p?fillomino/10/10/1h1h1h1g14g34g32h3l3g1h1h1h1g3h43h4h4h54h2g1h1h1"
    "h1g2l2h54g15g13g1h1h1h1",
    "https://pzprxs.vercel.app/p?fillomino/10/10/i5g4h2g5g4g3g3j2g1g1g5g3h2g5i3h5j3h12h3j5h4i5g3h"
    "3g5g3g1g1j1g2g4g5g3h2g5i",
    "https://pzprxs.vercel.app/p?fillomino/10/10/i3k112g4q7l56g8l3jbl9agczh1n1i1i1h",
]


def plain_cpsat(board: Board, limit: float) -> tuple[bool, Any]:
    """The baseline: the rules as they read, and a second solve with the first
    filling blocked (CP-SAT's enumeration would count every depth of one filling as a
    solution)."""
    from ortools.sat.python import cp_model

    start = time.perf_counter()
    grid, cells = board.grid, board.cells
    model = cp_model.CpModel()
    number = [model.new_int_var(1, cells, f"n{k}") for k in range(cells)]
    for k, given in enumerate(board.numbers):
        if given is not None and given > 0:
            model.add(number[k] == given)
    # The label of a cell: which cell up to it is the smallest of its area (its root),
    # one Boolean each; a cell labelled with another has that cell's number.
    label = [[model.new_bool_var(f"l{k}_{r}") for r in range(k + 1)] for k in range(cells)]
    root = [label[k][k] for k in range(cells)]
    for k in range(cells):
        model.add_exactly_one(label[k])
        for r in range(k):
            model.add(number[k] == number[r]).only_enforce_if(label[k][r])
    # Side by side: one area (one label) exactly when one number.
    same: dict[tuple[int, int], Any] = {}
    for a, b in grid.pairs:  # a < b
        s = model.new_bool_var(f"same{a}_{b}")
        model.add(number[a] == number[b]).only_enforce_if(s)
        model.add(number[a] != number[b]).only_enforce_if(~s)
        for r in range(a + 1):
            model.add(label[a][r] == label[b][r]).only_enforce_if(s)
            model.add_bool_or([~label[a][r], ~label[b][r]]).only_enforce_if(~s)
        for r in range(a + 1, b + 1):
            model.add_implication(s, ~label[b][r])
        same[a, b] = same[b, a] = s
    # Every cell but a root has a neighbour of its area nearer the root: each area
    # holds its root.
    depth = [model.new_int_var(0, cells - 1, f"depth{k}") for k in range(cells)]
    for k in range(cells):
        model.add(depth[k] == 0).only_enforce_if(root[k])
        nearer = []
        for other in grid.neighbours[k]:
            step = model.new_bool_var(f"step{k}_{other}")
            model.add_implication(step, same[k, other])
            model.add(depth[other] < depth[k]).only_enforce_if(step)
            nearer.append(step)
        model.add_bool_or([root[k], *nearer])
    # Each root counts the cells labelled with it: its area's size is its number.
    for r in range(cells):
        model.add(sum(label[k][r] for k in range(r, cells)) == number[r]).only_enforce_if(root[r])

    def run(left: float) -> tuple[int, ...] | str:
        """The filling of a solution, or why there is none: "none" or "time"."""
        solver = cp_model.CpSolver()
        solver.parameters.max_time_in_seconds = max(left, 0.001)
        status = solver.solve(model)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return tuple(solver.value(n) for n in number)
        return "none" if status == cp_model.INFEASIBLE else "time"

    first = run(limit - (time.perf_counter() - start))
    if isinstance(first, str):
        return False, None
    model.add_forbidden_assignments(number, [first])
    unique = run(limit - (time.perf_counter() - start)) == "none"
    return unique, (first if unique else None)


def main() -> None:
    args = arguments(__doc__.splitlines()[0])
    sets = {"published": [parse(url) for url in PUBLISHED],
            "10x10 made": made(FILLOMINO, to_url, parse, 10, args.count + 2, "10x10.txt")}
    limit = args.limit

    def mine(**options: Any) -> Any:
        return ours(solve, limit, **options)

    methods = {"SAT lazy cuts (default: CaDiCaL 1.5.3)": mine(),
               "CP-SAT labels": mine(backend="cpsat"),
               "baseline: plain CP-SAT": lambda board: plain_cpsat(board, limit)}
    report("Fillomino", sets, methods, limit)


if __name__ == "__main__":
    main()
