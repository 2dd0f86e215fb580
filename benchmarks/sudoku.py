"""Sudoku benchmark: every encoding (solve and uniqueness proof) on published boards
(puzz.link URLs from public collections and Arto Inkala's 2012 "hardest"), 9x9 boards
made by the generator with a minimal set of givens (rot2, as published), and 16x16
ones; median, p90 and max, beside the baselines measured in the same run: a plain
CP-SAT model of our own (an integer per cell and AddAllDifferent, nothing else) and,
when it is installed, the peer solver puzzlekit 0.3.4 (CP-SAT, solve only: ``pip
install puzzlekit==0.3.4``).

Run: ``.venv/bin/python benchmarks/sudoku.py [--quick]``.
"""

from __future__ import annotations

from typing import Any

from pencil import arguments, made, ours, puzzlekit_solver, report

from cpsolve.models.sudoku import SUDOKU, Board, parse, solve
from cpsolve.models.sudoku.encodings import ENCODINGS
from cpsolve.models.sudoku.formats import to_url

PUBLISHED = [
    "https://puzz.link/p?sudoku/9/9/k13m27h476h39h825zg841h29h538h18m96k",
    "https://puzz.link/p?sudoku/9/9/g3h6h5g5h3g8h4g7g5g9g6h17g3g48g8h7g2h6g56g8g23h2g8g3g9g7"
    "h2g5h3g9h7h2g",
    "https://puzz.link/p?sudoku/9/9/l768g3g2g7o4h1j2h43h4g5h92h6j7h5o5g9g1g824l",
    "800000000003600000070090200050007000000045700000100030001000068008500010090000400",
]


def plain_cpsat(board: Board, limit: float) -> tuple[bool, Any]:
    """The baseline: an integer per cell, the givens, AddAllDifferent per row, column
    and box; a second solution looked for by enumeration."""
    from ortools.sat.python import cp_model

    n = board.size
    model = cp_model.CpModel()
    cells = [model.new_int_var(g or 1, g or n, f"c{k}") for k, g in enumerate(board.givens)]
    for unit in board.units:
        model.add_all_different([cells[k] for k in unit])

    class Two(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.found: list[tuple[int, ...]] = []

        def on_solution_callback(self) -> None:
            self.found.append(tuple(self.value(c) for c in cells))
            if len(self.found) == 2:
                self.stop_search()

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = limit
    solver.parameters.enumerate_all_solutions = True
    two = Two()
    status = solver.solve(model, two)
    unique = status == cp_model.OPTIMAL and len(two.found) == 1
    return unique, (two.found[0] if unique else None)


def grid_text(board: Board) -> str:
    """The board as puzzlekit reads it: ``ROWS COLS``, rows of numbers and ``-``."""
    n = board.size
    return f"{n} {n}\n" + "\n".join(" ".join("-" if v is None else str(v) for v in
                                             board.givens[r * n:(r + 1) * n])
                                    for r in range(n))


def main() -> None:
    args = arguments(__doc__.splitlines()[0])
    sets = {"published": [parse(text) for text in PUBLISHED],
            "9x9 made": made(SUDOKU, to_url, parse, 9, 5 * args.count, symmetry="rot2"),
            "16x16 made": made(SUDOKU, to_url, parse, 16, args.count, symmetry="rot2")}
    limit = args.limit

    def mine(**options: Any) -> Any:
        return ours(solve, limit, **options)

    methods = {f"SAT {name}" + (" (default)" if name == ENCODINGS.default.name else ""):
               mine(encoding=name) for name in ENCODINGS.names if name != "alldifferent"}
    methods["CP-SAT alldifferent"] = mine(backend="cpsat")
    methods["baseline: plain CP-SAT AllDifferent"] = lambda board: plain_cpsat(board, limit)
    peer = puzzlekit_solver("sudoku", limit)
    if peer is not None:
        methods["peer: puzzlekit 0.3.4 (solve only)"] = lambda board: peer(grid_text(board))
    report("Sudoku", sets, methods, limit)


if __name__ == "__main__":
    main()
