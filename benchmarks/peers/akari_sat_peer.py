"""The akari-sat peer as its users call it, run in akari-sat's own virtual environment
(it needs Python 3.13): ``solve_akari(H, W, grid)`` with its default Glucose 3, then
one clause blocking the lights found and a second solve on the same solver (kept by a
solver factory: ``solve_akari`` takes the solver class). Reads one board a line from
standard input (JSON: a list of rows of ``.``, ``#``, ``0``-``4``) and answers each
with a JSON line: seconds (model building included), solved, unique.

Started by ``benchmarks/akari.py --peer PYTHON``; not imported by cpsolve.
"""

import json
import sys
import time

from akari_sat import solve_akari
from pysat.solvers import Glucose3


def main() -> None:
    for line in sys.stdin:
        rows = json.loads(line)
        kept: list = []

        def factory(kept: list = kept) -> Glucose3:
            solver = Glucose3()
            kept.append(solver)
            return solver

        start = time.perf_counter()
        lights = solve_akari(len(rows), len(rows[0]), rows, solver=factory)
        unique = False
        if lights is not None:
            solver = kept[-1]
            width = len(rows[0])
            solver.add_clause([-(r * width + c + 1) if lights[r][c] else r * width + c + 1
                               for r, row in enumerate(rows) for c, cell in enumerate(row)
                               if cell == "."])
            unique = not solver.solve()
        took = time.perf_counter() - start
        for solver in kept:
            solver.delete()
        print(json.dumps({"seconds": took, "solved": lights is not None, "unique": unique}),
              flush=True)


if __name__ == "__main__":
    main()
