"""The SAT solvers beside each other on every grid genre's default method: the same
boards as the runner's (``benchmarks/run.py``: published ones, then the generated ones
kept in ``benchmarks/data/GENRE/``, none made here), each solved and proven unique once
to warm up, then with each solver in turn, three times, the least CPU time kept (a
board's caches are warm for every solver alike). ``default`` is what a solve picks when
no solver is named (the genre's ``sat_solver``, else
:func:`cpsolve.backends.sat.by_size`).

Prints a markdown table: each solver's median and total over a genre's boards, and the
median and largest of its time over the first solver's, board by board.

Run: ``.venv/bin/python benchmarks/solvers.py [GENRE ...] [--solvers cadical153
minisat22 default] [--published 12] [--count 4] [--budget 120]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from common import machine
from run import DATA, Board, published

from cpsolve import registry
from cpsolve.family import Kind
from cpsolve.grid import cases as genre_cases
from cpsolve.grid.solve import candidates, solve


def boards(name: str, grid: object, most: int, count: int) -> list[Board]:
    """The runner's boards: up to ``most`` published, ``count`` kept of each size."""
    cases = genre_cases.of(registry.target(name).split(":")[0])
    out = published(grid, cases, most)
    bench = cases.benchmark
    for size in bench.sizes if bench is not None else ():
        path = DATA / name / f"{size.name}.txt"
        urls = path.read_text().split() if path.exists() else []
        out += [Board(grid.parse(url), size.name, "unique", f"{size.name} #{k + 1}")  # type: ignore[attr-defined]
                for k, url in enumerate(urls[:count])]
    return out


def measure(name: str, solvers: list[str], most: int, count: int, budget: float
            ) -> dict[str, list[float]] | None:
    grid = registry.load(name).grid
    if candidates(grid)[0].method[0] != "sat":
        return None
    times: dict[str, list[float]] = {s: [] for s in solvers}
    began = time.process_time()
    for item in boards(name, grid, most, count):
        solve(grid, item.board, unique=True, time_limit=10)
        best = dict.fromkeys(solvers, float("inf"))
        for _ in range(3):
            for s in solvers:
                options = {} if s == "default" else {"solver": s}
                start = time.process_time()
                solve(grid, item.board, unique=True, time_limit=10, **options)
                best[s] = min(best[s], time.process_time() - start)
        for s in solvers:
            times[s].append(best[s])
        if time.process_time() - began > budget:
            break
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("genres", nargs="*")
    parser.add_argument("--solvers", nargs="+", default=["cadical153", "minisat22", "default"])
    parser.add_argument("--published", type=int, default=12)
    parser.add_argument("--count", type=int, default=4)
    parser.add_argument("--budget", type=float, default=120.0,
                        help="CPU seconds a genre, after which its boards stop")
    args = parser.parse_args()
    names = args.genres or [n for n in registry.names()
                            if registry.load(n).kind is Kind.GRID]
    first = args.solvers[0]
    print(f"{machine()}; `benchmarks/solvers.py --solvers {' '.join(args.solvers)}`\n")
    head = ["genre", "boards"] + [f"{s}: median ms, total s" for s in args.solvers] + [
        f"{s} / {first}: median, max" for s in args.solvers[1:]]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for name in names:
        times = measure(name, args.solvers, args.published, args.count, args.budget)
        if times is None:
            continue
        cells = [name, str(len(times[first]))]
        cells += [f"{statistics.median(times[s]) * 1e3:.2f}, {sum(times[s]):.2f}"
                  for s in args.solvers]
        for s in args.solvers[1:]:
            ratios = [b / a for a, b in zip(times[first], times[s]) if a > 0]
            cells.append(f"{statistics.median(ratios):.2f}, {max(ratios):.2f}")
        print("| " + " | ".join(cells) + " |", flush=True)
        print(f"{name}: done", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
