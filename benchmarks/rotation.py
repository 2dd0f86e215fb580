"""Rotation-puzzle benchmark: prints the figures the README records.

1. The seed's START (11 moves) by every method: one optimal plan, then every optimal
   plan counted (SAT and CP-SAT list the plans one by one, so they count only where
   the plans are few), best of 3 after warm-up.
2. 20 uniformly random 3x3 positions: mean and worst time per method, all methods
   agreeing on every length; the first plan found by a plain Python breadth-first
   search from the start (tuples in a dict), the baseline of the ratio.
3. The 4x4 grid (nine squares, 16 labels, 16! positions: no breadth-first search):
   scrambles by IDA* with pattern databases and by SAT, with a time limit each.

Run: ``.venv/bin/python benchmarks/rotation.py``.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from common import machine  # noqa: E402

from cpsolve.models.rotation import Puzzle, check, parse, solve  # noqa: E402
from cpsolve.result import Status  # noqa: E402

METHODS = ("bibfs", "bfs", "ida", "sat", "cpsat")


def best_of(repeat: int, function, *args, **kwargs):  # type: ignore[no-untyped-def]
    function(*args, **kwargs)  # warm-up: compiled kernels, imports
    best, value = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        value = function(*args, **kwargs)
        best = min(best, time.perf_counter() - start)
    return best, value


def dict_bfs(puzzle: Puzzle) -> int:
    """The baseline: the length of a shortest plan by a plain breadth-first search."""
    perms = [tuple(int(i) for i in row) for row in puzzle.perms]
    dist = {puzzle.start: 0}
    queue = deque([puzzle.start])
    while queue:
        state = queue.popleft()
        if state == puzzle.goal:
            return dist[state]
        for perm in perms:
            nxt = tuple(state[i] for i in perm)
            if nxt not in dist:
                dist[nxt] = dist[state] + 1
                queue.append(nxt)
    raise ValueError("unreachable")


def seed() -> None:
    puzzle = parse((ROOT / "examples" / "rotation" / "seed.txt").read_text())
    print("\n#### The seed's START, 11 moves, seconds (best of 3)\n")
    print("| method | one plan | every optimal plan (4,504) |")
    print("|---|---|---|")
    for method in METHODS:
        one, result = best_of(3, solve, puzzle, method=method)
        assert result.status is Status.OPTIMAL and check(puzzle, result.solution) == []
        assert len(result.solution.split()) == 11
        if method == "cpsat":  # a fresh solve per plan listed: hours for 4,504
            print(f"| {method} | {one:.3f} | not run |")
            continue
        if method == "sat":
            start = time.perf_counter()
            counted = solve(puzzle, method=method, count_optimal=True)
            every = time.perf_counter() - start
        else:
            every, counted = best_of(3, solve, puzzle, method=method, count_optimal=True)
        assert counted.count == 4504
        print(f"| {method} | {one:.3f} | {every:.3f} |")
    base, length = best_of(1, dict_bfs, puzzle)
    assert length == 11
    fastest, _ = best_of(3, solve, puzzle, method="bibfs")
    print(f"\nplain Python BFS (tuples in a dict): {base:.3f} s, "
          f"{base / fastest:.0f}x the bidirectional BFS")


def random_positions(count: int = 20, seed: int = 2026) -> None:
    rng = random.Random(seed)
    goal = list("123456789")
    times: dict[str, list[float]] = {m: [] for m in (*METHODS, "python bfs")}
    lengths = []
    for _ in range(count):
        cells = goal[:]
        rng.shuffle(cells)
        puzzle = parse("\n".join(" ".join(cells[r * 3:r * 3 + 3]) for r in range(3)))
        found = set()
        for method in METHODS:
            seconds, result = best_of(1, solve, puzzle, method=method)
            times[method].append(seconds)
            found.add(len(result.solution.split()))
        seconds, length = best_of(1, dict_bfs, puzzle)
        times["python bfs"].append(seconds)
        found.add(length)
        assert len(found) == 1, found
        lengths.append(length)
    print(f"\n#### {count} random 3x3 positions (lengths {min(lengths)}-{max(lengths)}, "
          f"every method agreeing), seconds\n")
    print("| method | mean | worst |")
    print("|---|---|---|")
    for method, values in times.items():
        print(f"| {method} | {statistics.mean(values):.3f} | {max(values):.3f} |")


def four_by_four(depths: tuple[int, ...] = (10, 12, 14), limit: float = 120) -> None:
    base = parse("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 16")
    rng = random.Random(4)
    print(f"\n#### 4x4 scrambles (nine squares, 16!), seconds (limit {limit:.0f} s)\n")
    print("| scramble | optimal | IDA* + pattern databases | nodes | SAT |")
    print("|---|---|---|---|---|")
    for depth in depths:
        state = base.goal
        for _ in range(depth):
            state = base.apply(state, rng.randrange(len(base.moves)))
        puzzle = parse(base.text(state))
        start = time.perf_counter()
        ida = solve(puzzle, method="ida", time_limit=limit)
        ida_seconds = time.perf_counter() - start
        start = time.perf_counter()
        sat = solve(puzzle, method="sat", time_limit=limit)
        sat_seconds = time.perf_counter() - start
        lengths = {len(r.solution.split()) for r in (ida, sat) if r.solutions}
        assert len(lengths) <= 1, lengths
        shown = lengths.pop() if lengths else "?"
        print(f"| {depth} random moves | {shown} | {ida_seconds:.2f} | {ida.stats.nodes:,} | "
              f"{sat_seconds:.2f} |")


def main() -> None:
    print("## Rotation puzzles\n")
    print(machine())
    seed()
    random_positions()
    four_by_four()


if __name__ == "__main__":
    main()
