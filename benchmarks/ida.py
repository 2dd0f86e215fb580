"""IDA* benchmark: prints the figures the README records.

1. Pattern databases for the goal of Korf's 100 (the blank top-left): each kind built
   in a fresh cache (``pdb``: 6-6-3; ``pdb-large``: 7-8, unless ``--no-large``), its
   build seconds, entries and size on disk, then the time to load it.
2. Korf's 100 (tests/data/sliding/korf100.txt): each instance solved by IDA* with
   each kind of databases (mirror lookup on; 6-6-3 also without it), the seconds and
   nodes of each, every plan replayed by the checker and its length checked against
   the published optimum; beside them, in the same run, plain Manhattan-distance IDA*
   on the same instances (the baseline, node for node Korf's 1985 program: its counts
   are checked against his), all 100 unless ``--manhattan N`` caps it at the first N.
   Totals, medians, nodes per second of each kernel.
3. The 8-puzzle and the line puzzle, after warm-up.
4. A first run in a fresh cache, as a user meets it: ``cpsolve slide`` on a new
   board, without a limit and with ``--time-limit 5``.

Run: ``.venv/bin/python benchmarks/ida.py [--manhattan N] [--no-large] [--repeat R]
[--cache DIR] [--parts korf,small,first]`` (``--cache`` keeps the databases between
runs; the build figures are then those of the first).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KORF = ROOT / "tests" / "data" / "sliding" / "korf100.txt"
KORF_GOAL = "0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15"

from common import machine  # noqa: E402

from cpsolve.models.sliding import Analysis, Puzzle, check, parse, solve  # noqa: E402
from cpsolve.models.sliding.search import (  # noqa: E402
    ida,
    ida_pdb,
    plan_databases,
    prepare,
)
from cpsolve.result import Status  # noqa: E402


def korf() -> list[tuple[int, int, int, Puzzle]]:
    """(number, optimal length, Korf's Manhattan IDA* nodes, puzzle) per instance."""
    out = []
    for line in KORF.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        number, length, nodes, *cells = line.split()
        rows = "\n".join(" ".join(cells[r * 4:r * 4 + 4]) for r in range(4))
        out.append((int(number), int(length), int(nodes),
                    parse(f"{rows}\ngoal\n{KORF_GOAL}")))
    return out


def databases(kinds: list[str]) -> dict[str, object]:
    """Build each kind in the cache (fresh unless --cache), then load it again."""
    print("\n### Pattern databases for Korf's goal (the blank top-left)\n")
    print("| heuristic | partition | entries | on disk | build, s | load, s |")
    print("|---|---|---|---|---|---|")
    analysis = Analysis(korf()[0][3])
    prepared = {}
    for kind in kinds:
        groups = plan_databases(analysis, heuristic=kind)
        start = time.perf_counter()
        _, records = prepare(analysis, groups)
        built = time.perf_counter() - start
        start = time.perf_counter()
        prepared[kind], again = prepare(analysis, groups)
        loaded = time.perf_counter() - start
        sizes = "-".join(str(len(g)) for g in sorted(groups, key=len, reverse=True))
        entries = sum(int(r["entries"]) for r in records)
        disk = sum(Path(str(r["path"])).stat().st_size for r in records)
        sources = ", ".join(f"{r['source']} {float(r['seconds']):.1f}" for r in records)
        print(f"| {kind} | {sizes} | {entries:,} | {disk / 1e6:.1f} MB | {built:.1f} "
              f"({sources}) | {loaded:.2f} ({', '.join(str(r['source']) for r in again)}) |",
              flush=True)
    return prepared


def run_kind(prepared: object, instances: list[tuple[int, int, int, Puzzle]],
             repeat: int) -> list[tuple[float, int]]:
    """(best seconds of ``repeat``, nodes) per instance: ida_pdb on prepared databases,
    each plan replayed and its length checked."""
    out = []
    for number, length, _, puzzle in instances:
        best, nodes = float("inf"), 0
        for _ in range(repeat):
            start = time.perf_counter()
            plans, search, _ = ida_pdb(Analysis(puzzle), prepared=prepared)  # type: ignore[arg-type]
            assert plans and check(puzzle, plans[0]) == [], number
            best = min(best, time.perf_counter() - start)
            nodes = search.nodes
        assert len(plans[0]) == length, (number, len(plans[0]), length)
        out.append((best, nodes))
    return out


def korf100(prepared: dict[str, object], manhattan: int, repeat: int) -> None:
    instances = korf()
    analysis = Analysis(instances[0][3])
    mirrorless, _ = prepare(analysis, plan_databases(analysis), reflect=False)
    for p in prepared.values():
        run_kind(p, instances[:3], 1)  # load the compiled kernels first
    runs = {}
    for kind, p in prepared.items():
        runs[f"{kind} + mirror"] = run_kind(p, instances, repeat)
    runs["pdb, no mirror"] = run_kind(mirrorless, instances, repeat)
    ida(Analysis(instances[0][3]), conflicts=False, max_length=20)  # load the kernel
    baseline: list[tuple[float, int]] = []
    for number, length, korf_nodes, puzzle in instances[:manhattan]:
        start = time.perf_counter()
        plans, search = ida(Analysis(puzzle), conflicts=False)
        seconds = time.perf_counter() - start
        assert len(plans[0]) == length and check(puzzle, plans[0]) == [], number
        assert search.nodes + 1 == korf_nodes, (number, search.nodes + 1, korf_nodes)
        baseline.append((seconds, search.nodes))
        print(f"  Manhattan {number}: {seconds:.2f} s", file=sys.stderr, flush=True)
    names = list(runs)
    print(f"\n### Korf's 100: seconds and nodes per instance (best of {repeat}; Manhattan "
          f"once{'' if manhattan >= 100 else f', first {manhattan} only'})\n")
    print("| # | optimal | " + " | ".join(f"{n} s | {n} nodes" for n in names)
          + " | Manhattan s | Manhattan nodes |")
    print("|---|---|" + "---|---|" * (len(names) + 1))
    for i, (number, length, _, _) in enumerate(instances):
        cells = " | ".join(f"{runs[n][i][0]:.3f} | {runs[n][i][1]:,}" for n in names)
        man = (f"{baseline[i][0]:.2f} | {baseline[i][1]:,}" if i < len(baseline)
               else "- | -")
        print(f"| {number} | {length} | {cells} | {man} |")
    print("\n| heuristic | instances | total s | median s | max s | total nodes | "
          "M nodes/s |")
    print("|---|---|---|---|---|---|---|")
    for name in names:
        seconds = [s for s, _ in runs[name]]
        nodes = sum(n for _, n in runs[name])
        print(f"| {name} | {len(seconds)} | {sum(seconds):.2f} | "
              f"{statistics.median(seconds):.3f} | {max(seconds):.2f} | {nodes:,} | "
              f"{nodes / sum(seconds) / 1e6:.1f} |")
    if baseline:
        seconds = [s for s, _ in baseline]
        nodes = sum(n for _, n in baseline)
        print(f"| Manhattan (baseline) | {len(seconds)} | {sum(seconds):.2f} | "
              f"{statistics.median(seconds):.3f} | {max(seconds):.2f} | {nodes:,} | "
              f"{nodes / sum(seconds) / 1e6:.1f} |")
        count = len(baseline)
        for name in names:
            same = runs[name][:count]
            print(f"\n- {name}: {sum(n for _, n in baseline) / sum(n for _, n in same):,.0f}x "
                  f"fewer nodes and {sum(s for s, _ in baseline) / sum(s for s, _ in same):,.0f}x "
                  f"less time than Manhattan distance on the {count} instances both ran")
    print("\nEvery plan was replayed by the checker and has the published optimal length; "
          "every Manhattan node count equals Korf's (plus his root).")


def small() -> None:
    print("\n### 8-puzzle and line puzzle, after warm-up\n")
    import random

    rng = random.Random(8)
    eights = []
    while len(eights) < 100:
        cells = list(range(9))
        rng.shuffle(cells)
        puzzle = parse("\n".join(" ".join(str(x) for x in cells[r * 3:r * 3 + 3])
                                 for r in range(3)))
        if Analysis(puzzle).verdict.solvable:
            eights.append(puzzle)
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
    best = min(_timed(lambda: solve(hardest, method="ida")) for _ in range(5))
    print(f"- the 8-puzzle's hardest (31): {best * 1000:.2f} ms (best of 5)")
    line = parse((ROOT / "examples" / "sliding" / "line-goal3.txt").read_text())
    for heuristic in ("manhattan", "pdb"):
        solve(line, method="ida", heuristic=heuristic, count_optimal=True)  # build, warm up
        results = []
        for _ in range(3):
            start = time.perf_counter()
            result = solve(line, method="ida", heuristic=heuristic, count_optimal=True)
            results.append((time.perf_counter() - start, result))
        seconds, result = min(results, key=lambda pair: pair[0])
        assert (len(result.solution), result.count) == (30, 3)
        print(f"- line puzzle goal 3, all {result.count} optimal plans, {heuristic}: "
              f"{seconds * 1000:.1f} ms (best of 3), {result.stats.nodes:,} nodes")


def _timed(work: object) -> float:
    start = time.perf_counter()
    work()  # type: ignore[operator]
    return time.perf_counter() - start


def first_run() -> None:
    print("\n### A first run in a fresh cache (`cpsolve slide`, whole process)\n")
    board = korf()[0][3]
    text = board.start.text() + "\ngoal\n" + board.goal.text()
    cpsolve = Path(sys.executable).with_name("cpsolve")
    for args in ([], ["--time-limit", "5"]):
        with tempfile.TemporaryDirectory() as cache:
            env = dict(os.environ, CPSOLVE_CACHE=cache)
            start = time.perf_counter()
            done = subprocess.run([str(cpsolve), "slide", "-", "--method", "ida", "-v",
                                   *args], input=text, capture_output=True, text=True,
                                  env=env)
            seconds = time.perf_counter() - start
        said = [line for line in done.stderr.splitlines()
                if "pattern database" in line or "manhattan" in line]
        print(f"- Korf's instance 1, `cpsolve slide - --method ida -v {' '.join(args)}`: "
              f"exit {done.returncode}, {seconds:.1f} s; " + "; ".join(said))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--manhattan", type=int, default=100,
                        help="run the Manhattan baseline on the first N instances only")
    parser.add_argument("--no-large", action="store_true", help="skip the 7-8 databases")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cache", default=None, help="keep the databases in DIR")
    parser.add_argument("--parts", default="korf,small,first",
                        help="which parts to run, of korf, small, first")
    args = parser.parse_args()
    parts = args.parts.split(",")
    print("## IDA* benchmark\n")
    print(machine())
    kinds = ["pdb"] if args.no_large else ["pdb", "pdb-large"]
    with tempfile.TemporaryDirectory() as fresh:
        os.environ["CPSOLVE_CACHE"] = args.cache or fresh
        if "korf" in parts:
            prepared = databases(kinds)
            korf100(prepared, args.manhattan, args.repeat)
            prepared.clear()
        if "small" in parts:
            small()
    if "first" in parts:
        first_run()


if __name__ == "__main__":
    main()
