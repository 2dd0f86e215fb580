"""Numberlink benchmark: every method, solve and uniqueness proof, on the published
boards of ``benchmarks/data/published/numberlink.txt`` with one solution (5x5 to 14x14,
Nikoli's rule: paths need not fill the board), on the same boards under the fill rule
where they have one solution there too, and on generated boards of 10x10 and 15x15
(made once by the family's generator, kept in benchmarks/data/numberlink/), median,
p90 and max, beside the baseline measured in the same run: a plain CP-SAT model
(one AddCircuit a pair of numbers, a self-loop on every cell its path skips, each cell
on at most one path, on exactly one under the fill rule; OR-Tools' default workers).
No peer solver users would pick has Numberlink (puzzlekit 0.3.4 has none).

Run: ``.venv/bin/python benchmarks/numberlink.py [--quick]``.
"""

from __future__ import annotations

from typing import Any

from pencil import arguments, made, ours, published, report

from cpsolve.models import numberlink
from cpsolve.models.numberlink import NUMBERLINK, Board


def plain_cpsat(board: Board, limit: float) -> tuple[bool, Any]:
    """The baseline: for each pair of numbers, a Boolean a cell ("on this pair's path")
    and an AddCircuit over the cells (two arcs an edge, both ends on the path, a
    self-loop on every cell off it, an arc from the second number back to the first);
    every cell on at most one path (exactly one under the fill rule). Whether it has
    exactly one answer within ``limit`` seconds, and that answer's edges."""
    from ortools.sat.python import cp_model

    from cpsolve.backends.cpsat import CpsatModel, enumerate_solutions
    from cpsolve.limits import Deadline

    grid = board.grid
    ends: dict[int, list[int]] = {}
    for cell in board.ends:
        ends.setdefault(board.numbers[cell], []).append(cell)  # type: ignore[arg-type]
    if any(len(cells) != 2 for cells in ends.values()):
        return False, None
    model = cp_model.CpModel()
    edge = [model.new_bool_var(f"e{k}") for k in range(len(grid.edges))]
    on = {(c, n): model.new_bool_var("") for c in range(board.cells) for n in ends}
    carries: list[list[Any]] = [[] for _ in grid.edges]
    for number, (first, last) in ends.items():
        arcs = []
        for k, (a, b) in enumerate(grid.edges):
            forward, backward = model.new_bool_var(""), model.new_bool_var("")
            for arc in (forward, backward):
                model.add_implication(arc, on[a, number])
                model.add_implication(arc, on[b, number])
            arcs += [(a, b, forward), (b, a, backward)]
            carries[k] += [forward, backward]
        arcs += [(c, c, ~on[c, number]) for c in range(board.cells) if c not in (first, last)]
        arcs.append((last, first, model.new_constant(1)))
        model.add_circuit(arcs)
        model.add(on[first, number] == 1)
        model.add(on[last, number] == 1)
    for k in range(len(grid.edges)):
        model.add(sum(carries[k]) == edge[k])
    for cell in range(board.cells):
        mine = [on[cell, n] for n in ends]
        if board.fill:
            model.add_exactly_one(mine)
        else:
            model.add_at_most_one(mine)
    found = enumerate_solutions(CpsatModel(model, edge), limit=2, deadline=Deadline(limit))
    unique = found.exhausted and len(found.solutions) == 1
    answer = frozenset(grid.edges[k] for k, value in enumerate(found.solutions[0])
                       if value) if unique else None
    return unique, answer


def main() -> None:
    args = arguments(__doc__.splitlines()[0])
    found = [numberlink.parse(url) for url in published("numberlink")]
    sets: dict[str, list[Any]] = {
        "published": found,
        "published, fill": [b.filled() for b in found
                            if numberlink.solve(b.filled(), unique=True,
                                                time_limit=args.limit).unique],
    }
    for size in (10, 15):
        sets[f"{size}x{size}"] = made(NUMBERLINK, numberlink.to_url, numberlink.parse, size,
                                      args.count)
    limit = args.limit

    def mine(**options: Any) -> Any:
        return ours(numberlink.solve, limit, **options)

    methods = {"lazy SAT (default)": mine(), "lazy SAT, glucose4": mine(solver="glucose4"),
               "CP-SAT circuit": mine(backend="cpsat", encoding="circuit"),
               "baseline: plain CP-SAT, a circuit a pair": lambda b: plain_cpsat(b, limit)}
    report("Numberlink", sets, methods, limit)


if __name__ == "__main__":
    main()
