"""Akari benchmark: prints the figures the README records.

1. The seed's 18x10 board, solved and proven unique, by CP-SAT and by each SAT
   formulation, cardinality encoding and solver.
2. Generated boards of 50x50 to 300x300: solve plus uniqueness proof, model build
   included, for the candidate methods and a baseline built the obvious way (one
   clause per cell listing the cells that see it, pysat.card for the rest, Python
   loops, CaDiCaL) in the same run, as a ratio.
3. A cold ``cpsolve akari`` on the 7x7 seed board, as a whole process, against a cold
   ``python -c pass``.

Run: ``.venv/bin/python benchmarks/akari.py [--quick]``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from common import machine  # noqa: E402

from cpsolve.cnf import CARDS  # noqa: E402
from cpsolve.models.akari import Board, check, parse, solve  # noqa: E402
from cpsolve.models.akari.generate import generate, tiled_unique  # noqa: E402


def best_of(runs: int, job: Callable[[], object]) -> tuple[float, object]:
    times, out = [], None
    for _ in range(runs):
        start = time.perf_counter()
        out = job()
        times.append(time.perf_counter() - start)
    return min(times), out


def baseline(board: Board) -> tuple[bool, bool]:
    """Solve and prove unique with a model built the obvious way; (solved, unique)."""
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    from pysat.solvers import Solver

    pool = IDPool()
    light = {cell: pool.id(("light", cell)) for cell in board.whites}
    clauses = []
    for cell in board.whites:
        clauses.append([light[cell]] + [light[other] for other in board.visible(cell)])
        for step in ((0, 1), (1, 0)):  # at most one light per run, from its first cell
            before = (cell[0] - step[0], cell[1] - step[1])
            if before in light:
                continue
            run = [cell]
            while (nxt := (run[-1][0] + step[0], run[-1][1] + step[1])) in light:
                run.append(nxt)
            if len(run) > 1:
                clauses += CardEnc.atmost([light[c] for c in run], 1, vpool=pool,
                                          encoding=EncType.seqcounter).clauses
    for cell, number in board.clues.items():
        lits = [light[n] for n in board.white_neighbours(cell)]
        if number > len(lits):
            return False, False
        clauses += CardEnc.equals(lits, number, vpool=pool, encoding=EncType.seqcounter).clauses
    with Solver("cadical195", bootstrap_with=clauses) as sat:
        if not sat.solve():
            return False, False
        model = set(lit for lit in sat.get_model() if lit > 0)
        sat.add_clause([-v if v in model else v for v in light.values()])
        return True, not sat.solve()


METHODS: dict[str, dict[str, object]] = {
    "auto (the default)": {},
    "sat segments cadical195": {"backend": "sat", "solver": "cadical195",
                                "encoding": "segments"},
    "sat segments cadical153": {"backend": "sat", "solver": "cadical153",
                                "encoding": "segments"},
    "sat sight cadical195": {"backend": "sat", "solver": "cadical195", "encoding": "sight"},
    "sat sight cadical153": {"backend": "sat", "solver": "cadical153", "encoding": "sight"},
    "sat sight glucose4": {"backend": "sat", "solver": "glucose4"},
    "sat sight minisat22": {"backend": "sat", "solver": "minisat22"},
    "sat sight cadical195, no deductions": {"backend": "sat", "solver": "cadical195",
                                            "deductions": False},
    "cpsat segments": {"backend": "cpsat", "encoding": "segments"},
    "cpsat sight": {"backend": "cpsat", "encoding": "sight"},
}


def seed_board(runs: int) -> None:
    board = parse((ROOT / "examples" / "akari" / "seed-18x10.txt").read_text())
    print("\n### The seed's 18x10 board: solve + uniqueness proof, milliseconds "
          "(the seed's backtracking: 110 s)\n")
    columns = [(enc, pre) for enc in ("sight", "segments") for pre in (True, False)]
    print("| method | " + " | ".join(f"{enc}{', deductions' if pre else ''}"
                                     for enc, pre in columns) + " |")
    print("|---" * (len(columns) + 1) + "|")

    def timed(**options: object) -> str:
        seconds, result = best_of(runs, lambda: solve(board, unique=True, **options))
        assert result.unique is True and check(board, result.solution) == []
        return f"{seconds * 1000:.1f}"

    lines = [("CP-SAT", {"backend": "cpsat"})]
    lines += [(f"SAT {card}, CaDiCaL 1.9.5", {"backend": "sat", "card": card,
                                              "solver": "cadical195"}) for card in CARDS]
    lines += [(f"SAT direct, {name}", {"backend": "sat", "solver": name}) for name in
              ("cadical153", "glucose4", "glucose42", "minisat22", "maplechrono", "lingeling",
               "mergesat3", "kissat404")]
    for label, options in lines:
        cells = [timed(encoding=enc, deductions=pre, **options) for enc, pre in columns]
        print(f"| {label} | " + " | ".join(cells) + " |", flush=True)


KINDS: dict[str, Callable[[int, int], Board]] = {
    "random, every black cell numbered (several solutions: the proof finds a second)":
        lambda n, seed: generate(n, n, seed=seed)[0],
    "random, half the black cells numbered (several solutions)":
        lambda n, seed: generate(n, n, clues=0.5, seed=seed)[0],
    "unique: 12x12 unique boards tiled (`tiled_unique`), the proof is UNSAT":
        lambda n, seed: tiled_unique(n, n, seed=seed)[0],
}


def large_boards(sizes: list[int], seeds: list[int], runs: int) -> None:
    print(f"\n### Generated boards: solve + uniqueness proof, model build included, seconds "
          f"(median over {len(seeds)} boards of the best of {runs} runs)\n")
    print("20% black cells (`generate(n, n, seed=s)`); CP-SAT only up to 100x100. The "
          "baseline is built the obvious way (see the script) and run in the same "
          "process.")
    for kind, make in KINDS.items():
        print(f"\n#### {kind}\n")
        print("| method | " + " | ".join(f"{n}x{n}" for n in sizes) + " |")
        print("|---" * (len(sizes) + 1) + "|")
        boards = {n: [make(n, s) for s in seeds] for n in sizes}
        table: dict[str, list[float]] = {}
        for name, options in METHODS.items():
            row = []
            for n in sizes:
                if options.get("backend") == "cpsat" and n > 100:
                    row.append(float("nan"))
                    continue
                solve(boards[n][0], **options)  # warm up: imports, caches
                times = []
                for board in boards[n]:
                    seconds, result = best_of(runs, lambda b=board, o=options: solve(
                        b, unique=True, **o))
                    assert result.solutions and result.unique is not None
                    if kind.startswith("unique"):
                        assert result.unique is True
                    times.append(seconds)
                row.append(statistics.median(times))
            table[name] = row
            print(f"| {name} | " + " | ".join("-" if t != t else f"{t:.3f}" for t in row)
                  + " |", flush=True)
        base = []
        for n in sizes:
            times = [best_of(1, lambda b=board: baseline(b))[0] for board in boards[n]]
            base.append(statistics.median(times))
        print("| baseline: obvious CNF, CaDiCaL 1.9.5 | "
              + " | ".join(f"{t:.3f}" for t in base) + " |")
        ratios = " | ".join(f"{b / t:.1f}x" for b, t in zip(base, table["auto (the default)"]))
        print(f"| **baseline / auto** | {ratios} |")
        fastest = min(table, key=lambda name: table[name][-1])
        print(f"\nFastest at {sizes[-1]}x{sizes[-1]}: {fastest}.")


def cold_start(runs: int) -> None:
    cpsolve = Path(sys.executable).with_name("cpsolve")
    board = str(ROOT / "examples" / "akari" / "seed-7x7.txt")

    def whole(command: list[str]) -> float:
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True)
            times.append(time.perf_counter() - start)
        return min(times)

    python = whole([sys.executable, "-c", "pass"])
    solve_7 = whole([str(cpsolve), "akari", board])
    unique_7 = whole([str(cpsolve), "akari", board, "--unique"])
    helps = whole([str(cpsolve), "--help"])
    print(f"\n### Cold start, whole process, seconds (best of {runs})\n")
    print("| command | seconds |\n|---|---|")
    print(f"| `python -c pass` (baseline) | {python:.3f} |")
    print(f"| `cpsolve --help` | {helps:.3f} |")
    print(f"| `cpsolve akari seed-7x7.txt` | {solve_7:.3f} ({solve_7 / python:.1f}x baseline) |")
    print(f"| `cpsolve akari seed-7x7.txt --unique` | {unique_7:.3f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer seeds and sizes")
    args = parser.parse_args()
    print("## Akari benchmark\n")
    print(machine())
    runs = 2 if args.quick else 3
    seed_board(runs)
    sizes = [50, 100, 300] if args.quick else [50, 100, 200, 300]
    seeds = [1, 2] if args.quick else [1, 2, 3]
    large_boards(sizes, seeds, runs)
    cold_start(5)


if __name__ == "__main__":
    main()
