"""Whole-space analysis benchmark: prints the figures the README records.

1. The 8-puzzle's and the 3x3 rotation puzzle's spaces from their goals, after
   warm-up (the seeds' Python BFS took 3.3 s for the 8-puzzle), each against a plain
   Python breadth-first search over tuples in a dict, in the same run.
2. With ``--line``: the line puzzle's whole space (252,252,000 positions) from its
   solved pattern, with the time and the peak memory of the process.

Run: ``.venv/bin/python benchmarks/analyze.py [--line]``.
"""

from __future__ import annotations

import argparse
import resource
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from common import machine  # noqa: E402

from cpsolve.models import rotation  # noqa: E402
from cpsolve.models.rotation.search import analyze as sweep_rotation  # noqa: E402
from cpsolve.models.sliding import parse  # noqa: E402
from cpsolve.models.sliding.search import analyze  # noqa: E402


def dict_bfs(root: tuple, successors) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """The baseline: positions and diameter by a breadth-first search over tuples."""
    dist = {root: 0}
    frontier = [root]
    while frontier:
        following = []
        for state in frontier:
            for nxt in successors(state):
                if nxt not in dist:
                    dist[nxt] = dist[state] + 1
                    following.append(nxt)
        frontier = following
    return len(dist), max(dist.values())


def sliding_moves(state: tuple) -> list[tuple]:  # type: ignore[type-arg]
    blank = state.index("0")
    r, c = divmod(blank, 3)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < 3 and 0 <= c + dc < 3:
            other = (r + dr) * 3 + c + dc
            cells = list(state)
            cells[blank], cells[other] = cells[other], cells[blank]
            out.append(tuple(cells))
    return out


def timed(function, *args, repeat: int = 5):  # type: ignore[no-untyped-def]
    """The best of ``repeat`` runs (after one warm-up) and the last value."""
    value = function(*args)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        value = function(*args)
        best = min(best, time.perf_counter() - start)
    return best, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--line", action="store_true", help="also the line puzzle (minutes)")
    args = parser.parse_args()
    print("## Whole-space analysis\n")
    print(machine())
    eight = parse("1 2 3\n4 5 6\n7 8 0")
    seconds, report = timed(analyze, eight)
    base, (states, diameter) = timed(dict_bfs, eight.goal.cells, sliding_moves, repeat=1)
    assert (states, diameter) == (report.states, report.diameter)
    print(f"\n- 8-puzzle: {report.states:,} positions, diameter {report.diameter}, "
          f"{report.hardest_count} hardest: {seconds:.3f} s (best of 5); plain Python BFS "
          f"{base:.2f} s, {base / seconds:.0f}x slower")
    turns = rotation.parse("9 8 7\n4 5 6\n3 2 1")
    seconds, report = timed(sweep_rotation, turns)
    perms = [tuple(int(i) for i in row) for row in turns.perms]
    base, (states, diameter) = timed(
        dict_bfs, turns.goal, lambda s: [tuple(s[i] for i in p) for p in perms], repeat=1)
    assert (states, diameter) == (report.states, report.diameter)
    print(f"- rotation 3x3: {report.states:,} positions, diameter {report.diameter}, "
          f"{report.hardest_count} hardest: {seconds:.3f} s (best of 5); plain Python BFS "
          f"{base:.2f} s, {base / seconds:.0f}x slower")
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
