"""IDA* benchmark: prints the figures the README records.

1. Pattern databases for the 15-puzzle (6-6-3): build time in a fresh cache, then
   load time.
2. Seeded random solvable 15-puzzles: every one solved optimally by IDA* with the
   databases; time, nodes and nodes per second per instance; and plain Manhattan IDA*
   on the same instances (with a time limit each), for the ratio.
3. The 8-puzzle: random instances after warm-up; the line puzzle's goal 3 with all
   three optimal plans.

Run: ``.venv/bin/python benchmarks/ida.py [--instances N] [--manhattan-limit S]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from common import machine  # noqa: E402

from cpsolve.limits import Deadline  # noqa: E402
from cpsolve.models.sliding import Analysis, Puzzle, check, parse, solve  # noqa: E402
from cpsolve.models.sliding.search import ida, ida_pdb  # noqa: E402
from cpsolve.result import Status  # noqa: E402


def random_instances(width: int, count: int, seed: int) -> list[Puzzle]:
    """Uniformly random solvable positions (half of all permutations are)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        cells = list(range(width * width))
        rng.shuffle(cells)
        text = "\n".join(" ".join(str(x) for x in cells[r * width:(r + 1) * width])
                         for r in range(width))
        puzzle = parse(text)
        if Analysis(puzzle).verdict.solvable:
            out.append(puzzle)
    return out


def databases() -> None:
    print("\n### 15-puzzle pattern databases (6-6-3)\n")
    puzzle = random_instances(4, 1, seed=0)[0]
    start = time.perf_counter()
    _, _, records = ida_pdb(Analysis(puzzle))
    built = time.perf_counter() - start
    start = time.perf_counter()
    _, _, again = ida_pdb(Analysis(puzzle))
    loaded = time.perf_counter() - start
    sources = ", ".join(f"{r['source']} {float(str(r['seconds'])):.1f} s" for r in records)
    print(f"- build in a fresh cache: {built:.1f} s ({sources})")
    print(f"- next run, loaded from the cache: {loaded:.2f} s "
          f"({', '.join(str(r['source']) for r in again)})")


def fifteen(count: int, manhattan_limit: float) -> None:
    puzzles = random_instances(4, count, seed=2026)
    for puzzle in puzzles[:1]:  # warm up the compiled kernels
        ida_pdb(Analysis(puzzle))
    print(f"\n### {count} random 15-puzzles (seed 2026), IDA* + pattern databases\n")
    print("| # | optimal | seconds | nodes | Mnodes/s | Manhattan seconds | Manhattan nodes |"
          " node ratio |")
    print("|---|---|---|---|---|---|---|---|")
    times, nodes, ratios, man_nps = [], [], [], []
    timeouts = 0
    for number, puzzle in enumerate(puzzles, 1):
        analysis = Analysis(puzzle)
        start = time.perf_counter()
        plans, found, _ = ida_pdb(analysis)
        seconds = time.perf_counter() - start
        assert plans and check(puzzle, plans[0]) == []
        times.append(seconds)
        nodes.append(found.nodes)
        start = time.perf_counter()
        man_plans, man = ida(analysis, deadline=Deadline(manhattan_limit))
        man_seconds = time.perf_counter() - start
        man_nps.append(man.nodes / man_seconds)
        if man_plans:
            assert len(man_plans[0]) == found.length  # both optimal
            ratio = f"{man.nodes / max(found.nodes, 1):.0f}"
            ratios.append(man.nodes / max(found.nodes, 1))
            man_cell = f"{man_seconds:.2f}"
        else:
            timeouts += 1
            ratio = f"> {man.nodes / max(found.nodes, 1):.0f}"
            man_cell = f"> {manhattan_limit:.0f}"
        print(f"| {number} | {found.length} | {seconds:.3f} | {found.nodes:,} | "
              f"{found.nodes / seconds / 1e6:.1f} | {man_cell} | {man.nodes:,} | {ratio} |",
              flush=True)
    print(f"\nMean {statistics.mean(times):.3f} s per instance (median "
          f"{statistics.median(times):.3f}, max {max(times):.3f}); mean nodes "
          f"{statistics.mean(nodes):,.0f}. Manhattan-only kernel: "
          f"{statistics.median(man_nps) / 1e6:.0f} M nodes/s (median); it needed "
          f"{statistics.median(ratios) if ratios else float('nan'):.0f}x the nodes (median "
          f"over the {len(ratios)} it finished; {timeouts} stopped at "
          f"{manhattan_limit:.0f} s).")


def small() -> None:
    print("\n### 8-puzzle and line puzzle, after warm-up\n")
    eights = random_instances(3, 100, seed=8)
    solve(eights[0], method="ida")
    worst, total = 0.0, 0.0
    for puzzle in eights:
        start = time.perf_counter()
        result = solve(puzzle, method="ida")
        seconds = time.perf_counter() - start
        assert result.status is Status.OPTIMAL
        worst, total = max(worst, seconds), total + seconds
    print(f"- 100 random 8-puzzles (whole `solve`, checks included): mean "
          f"{total / len(eights) * 1000:.2f} ms, worst {worst * 1000:.2f} ms")
    hardest = parse((ROOT / "examples" / "sliding" / "8-puzzle-hardest.txt").read_text())
    start = time.perf_counter()
    result = solve(hardest, method="ida")
    print(f"- the 8-puzzle's hardest (31): {(time.perf_counter() - start) * 1000:.2f} ms")
    line = parse((ROOT / "examples" / "sliding" / "line-goal3.txt").read_text())
    for heuristic in ("manhattan", "pdb"):
        solve(line, method="ida", heuristic=heuristic, count_optimal=True)  # build, warm up
        start = time.perf_counter()
        result = solve(line, method="ida", heuristic=heuristic, count_optimal=True)
        seconds = time.perf_counter() - start
        assert (len(result.solution), result.count) == (30, 3)
        print(f"- line puzzle goal 3, all {result.count} optimal plans, {heuristic}: "
              f"{seconds * 1000:.1f} ms, {result.stats.nodes:,} nodes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instances", type=int, default=25)
    parser.add_argument("--manhattan-limit", type=float, default=60.0)
    args = parser.parse_args()
    print("## IDA* benchmark\n")
    print(machine())
    with tempfile.TemporaryDirectory() as cache:
        os.environ["CPSOLVE_CACHE"] = cache
        databases()
        fifteen(args.instances, args.manhattan_limit)
        small()


if __name__ == "__main__":
    main()
