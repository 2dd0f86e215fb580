"""Star Battle benchmark: every method (solve and uniqueness proof) on boards
published on puzz.link (6x6 to 15x15, one to three stars) and boards made by the
generator at the published sizes (10x10 with two stars, 14x14 with three); median,
p90 and max, beside the baselines measured in the same run: a plain CP-SAT model of
our own (a Boolean per cell, a sum per row, column and region, a clause per touching
pair; a second solution looked for by enumeration) and, when it is installed, the peer
solver puzzlekit 0.3.4 (CP-SAT, solve only: ``pip install puzzlekit==0.3.4``).

Run: ``.venv/bin/python benchmarks/starbattle.py [--quick]``.
"""

from __future__ import annotations

from typing import Any

from pencil import arguments, made, ours, puzzlekit_solver, report

from cpsolve.models.starbattle import STARBATTLE, Board, parse, solve
from cpsolve.models.starbattle.formats import to_text, to_url

PUBLISHED = [
    "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk",
    "https://puzz.link/p?starbattle/9/9/2/12a955kh37khi20fe0g13toea1c07g",
    "https://puzz.link/p?starbattle/10/10/2/5g252c2qkgbakk98igse7g88cp3730so000u",
    "https://puzz.link/p?starbattle/10/10/2/l95las9vb5mmurbelo2m849c5gp068ci9029",
    "https://puzz.link/p?starbattle/10/10/2/00lhksmullfd75hm00u85lakb8442q5alk2f",
    "https://puzz.link/p?starbattle/12/12/2/g0410igil9ck6q3l12glrcp12c081pu07do1ge6c0g0m0628g"
    "dkcn0",
    "https://puzz.link/p?starbattle/13/13/2/40142jhssb4ij4491m8d6b0io4k8ab003vosuc02181v3e00o0"
    "0fo3g00073phsg",
    "https://puzz.link/p?starbattle/15/15/3/31g94h1gk30glmiuum28c52kl8mh0i10o51gh4i1go2h84a480"
    "2gt5hah8la6046hc9aign1ga18424a42h8",
]


def plain_cpsat(board: Board, limit: float) -> tuple[bool, Any]:
    """The baseline: the rules as they read, and enumeration for a second solution."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    star = [model.new_bool_var(f"s{k}") for k in range(board.cells)]
    for unit in board.units:
        model.add(sum(star[k] for k in unit.cells) == board.stars)
    for a, b in board.pairs:
        model.add(star[a] + star[b] <= 1)

    class Two(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.found: list[frozenset[int]] = []

        def on_solution_callback(self) -> None:
            self.found.append(frozenset(k for k, s in enumerate(star) if self.value(s)))
            if len(self.found) == 2:
                self.stop_search()

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = limit
    solver.parameters.enumerate_all_solutions = True
    two = Two()
    status = solver.solve(model, two)
    unique = status == cp_model.OPTIMAL and len(two.found) == 1
    return unique, (two.found[0] if unique else None)


def main() -> None:
    args = arguments(__doc__.splitlines()[0])
    sets = {"published": [parse(url) for url in PUBLISHED],
            "10x10 2-star made": made(STARBATTLE, to_url, parse, 10, 3 * args.count,
                                      "10x10-2.txt", stars=2),
            "14x14 3-star made": made(STARBATTLE, to_url, parse, 14, args.count,
                                      "14x14-3.txt", stars=3)}
    limit = args.limit

    def mine(**options: Any) -> Any:
        return ours(solve, limit, **options)

    methods = {"SAT direct (default: Glucose 4)": mine(),
               "SAT direct, CaDiCaL 1.5.3": mine(solver="cadical153"),
               "CP-SAT linear": mine(backend="cpsat"),
               "baseline: plain CP-SAT": lambda board: plain_cpsat(board, limit)}
    peer = puzzlekit_solver("starbattle", limit)
    if peer is not None:
        methods["peer: puzzlekit 0.3.4 (solve only)"] = lambda board: peer(to_text(board))
    report("Star Battle", sets, methods, limit)


if __name__ == "__main__":
    main()
