"""Heyawake benchmark: every method, solve and uniqueness proof, on boards of the
published sizes (10x10, 14x24, 20x36, 30x30; made once by the family's generator, kept
in benchmarks/data/heyawake/), median, p90 and max, beside the baselines measured in
the same run: the plain CP-SAT model (connectivity by a flow from a root the solver
picks, no implied clauses, OR-Tools' default workers) and, when it is installed, the
peer solver puzzlekit 0.3.4 (CP-SAT, solve only).

Run: ``.venv/bin/python benchmarks/heyawake.py [--quick]``.
"""

from __future__ import annotations

from typing import Any

from pencil import run_family

from cpsolve.backends.cpsat import CpsatModel, enumerate_solutions
from cpsolve.limits import Deadline
from cpsolve.models.heyawake import HEYAWAKE, Board
from cpsolve.models.heyawake.board import UNKNOWN


def plain_cpsat(board: Board, limit: float) -> tuple[bool, Any]:
    """The baseline: the rules as CP-SAT constraints, connectivity by a flow from a
    root the solver chooses (one root among the unshaded cells), nothing else."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    n = board.cells
    shaded = [model.new_bool_var(f"s{c}") for c in range(n)]
    for a in range(n):
        for b in board.grid.neighbours[a]:
            if a < b:
                model.add(shaded[a] + shaded[b] <= 1)
    for room, number in enumerate(board.numbers):
        if number is not None and number != UNKNOWN:
            model.add(sum(shaded[c] for c in board.room_cells[room]) == number)
    for run in board.runs:
        model.add_bool_or([shaded[c] for c in run])
    root = [model.new_bool_var(f"r{c}") for c in range(n)]
    model.add_exactly_one(root)
    for c in range(n):
        model.add_implication(root[c], ~shaded[c])
    flow = {}
    for a in range(n):
        for b in board.grid.neighbours[a]:
            flow[a, b] = model.new_int_var(0, n, f"f{a}_{b}")
            model.add(flow[a, b] == 0).only_enforce_if(shaded[a])
            model.add(flow[a, b] == 0).only_enforce_if(shaded[b])
    white = n - sum(shaded)
    for c in range(n):
        out = sum(flow[c, b] for b in board.grid.neighbours[c])
        into = sum(flow[b, c] for b in board.grid.neighbours[c])
        supply = model.new_int_var(-1, n, f"d{c}")
        model.add(supply == white - 1).only_enforce_if(root[c])
        model.add(supply == -1).only_enforce_if([~root[c], ~shaded[c]])
        model.add(supply == 0).only_enforce_if(shaded[c])
        model.add(out - into == supply)
    found = enumerate_solutions(CpsatModel(model, shaded), limit=2, deadline=Deadline(limit))
    unique = found.exhausted and len(found.solutions) == 1
    answer = frozenset(c for c, on in enumerate(found.solutions[0]) if on) if unique else None
    return unique, answer


def main() -> None:
    from cpsolve.models import heyawake

    run_family("heyawake", __doc__.splitlines()[0], heyawake, HEYAWAKE, ["order", "flow"],
               ("plain CP-SAT flow", plain_cpsat))


if __name__ == "__main__":
    main()
