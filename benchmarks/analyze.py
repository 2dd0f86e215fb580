"""Whole-space analysis benchmark: prints the figures the README records.

1. The 8-puzzle's space from its goal, after warm-up (the seed's Python BFS: 3.3 s).
2. With ``--line``: the line puzzle's whole space (252,252,000 positions) from its
   solved pattern, with the time and the peak memory of the process.

Run: ``.venv/bin/python benchmarks/analyze.py [--line]``.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common import machine  # noqa: E402

from models.sliding import analyze, parse  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--line", action="store_true", help="also the line puzzle (minutes)")
    args = parser.parse_args()
    print("## Whole-space analysis\n")
    print(machine())
    eight = parse("1 2 3\n4 5 6\n7 8 0")
    analyze(eight)  # warm up the compiled kernels
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        report = analyze(eight)
        best = min(best, time.perf_counter() - start)
    print(f"\n- 8-puzzle: {report.states:,} positions, diameter {report.diameter}, "
          f"{report.hardest_count} hardest: {best:.3f} s (best of 5)")
    if args.line:
        line = parse((ROOT / "examples" / "sliding" / "line-solved.txt").read_text())
        start = time.perf_counter()
        report = analyze(line)
        seconds = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"- line puzzle from its solved pattern: {report.states:,} positions, "
              f"diameter {report.diameter}, {report.hardest_count} at that distance, "
              f"{seconds:.0f} s, peak memory {peak:.0f} MB")
        print("  distribution: " + ", ".join(f"{n:,}" for n in report.distribution))
        for text in report.hardest:
            print("  hardest:\n    " + text.replace("\n", "\n    "))


if __name__ == "__main__":
    main()
