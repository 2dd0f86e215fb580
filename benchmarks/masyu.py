"""Masyu benchmark: every method, solve and uniqueness proof, on boards of the
published sizes (10x10, 14x24, 20x36, 30x30; made once by the family's generator, kept
in benchmarks/data/masyu/), median, p90 and max, beside the baselines measured in the
same run: the plain CP-SAT model (AddCircuit, the pearls' rules as stated, OR-Tools'
default workers) and, when it is installed, the peer solver puzzlekit 0.3.4 (CP-SAT,
solve only).

Run: ``.venv/bin/python benchmarks/masyu.py [--quick]``.
"""

from __future__ import annotations

from typing import Any

from pencil import run_family

from cpsolve.backends.cpsat import CpsatModel, enumerate_solutions
from cpsolve.limits import Deadline
from cpsolve.models.masyu import MASYU, Board
from cpsolve.models.masyu.board import BLACK, WHITE


def plain_cpsat(board: Board, limit: float) -> tuple[bool, Any]:
    """The baseline: AddCircuit over the cells and the pearls' rules as implications
    between arcs, nothing else (no degree equation, no unit clauses)."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    edge = [model.new_bool_var(f"e{k}") for k in range(len(board.grid.edges))]
    arcs = []
    for k, (a, b) in enumerate(board.grid.edges):
        forward, backward = model.new_bool_var(""), model.new_bool_var("")
        model.add(forward + backward == edge[k])
        arcs += [(a, b, forward), (b, a, backward)]
    for cell in range(board.cells):
        skip = model.new_bool_var(f"skip{cell}")
        arcs.append((cell, cell, skip))
        if board.pearls[cell]:
            model.add(skip == 0)

    def side(cell: int | None, dr: int, dc: int) -> Any:
        k = board.grid.edge(cell, dr, dc) if cell is not None else None
        return edge[k] if k is not None else model.new_constant(0)

    for cell, pearl in enumerate(board.pearls):
        left, right, up, down = (side(cell, *d) for d in ((0, -1), (0, 1), (-1, 0), (1, 0)))
        if pearl == BLACK:
            model.add(left + right == 1)
            model.add(up + down == 1)
            for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0)):
                model.add_implication(side(cell, dr, dc),
                                      side(board.grid.step(cell, dr, dc), dr, dc))
        elif pearl == WHITE:
            model.add(left == right)
            model.add(up == down)
            for (dr, dc), first in (((0, 1), left), ((1, 0), up)):
                before = side(board.grid.step(cell, -dr, -dc), -dr, -dc)
                after = side(board.grid.step(cell, dr, dc), dr, dc)
                model.add_bool_or([~first, ~before, ~after])
    model.add_circuit(arcs)
    found = enumerate_solutions(CpsatModel(model, edge), limit=2, deadline=Deadline(limit))
    unique = found.exhausted and len(found.solutions) == 1
    answer = frozenset(board.grid.edges[k] for k, on in enumerate(found.solutions[0])
                       if on) if unique else None
    return unique, answer


def main() -> None:
    from cpsolve.models import masyu

    run_family("masyu", __doc__.splitlines()[0], masyu, MASYU, ["circuit", "flow"],
               ("plain CP-SAT circuit", plain_cpsat))


if __name__ == "__main__":
    main()
