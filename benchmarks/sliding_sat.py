"""Sliding puzzles by SAT and CP-SAT: prints the figures the README records.

1. The line puzzle's goal 3 (30 moves, 3 optimal plans), solved and proven optimal,
   by each encoding and mode, against a straightforward baseline in the same run
   (one-hot, a fresh solver per horizon, no pruning, undo moves allowed).
2. The 8-puzzle's hardest board (31 moves), solved and proven optimal.
3. The frontier: seeded random 15-puzzle scrambles of growing length; for each
   encoding and mode the largest optimal length proven within the time limit, and
   the per-horizon times of that instance (the last UNSAT horizon is what costs).

Run: ``.venv/bin/python benchmarks/sliding_sat.py [--quick] [--limit SECONDS]``.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

from common import machine  # noqa: E402

from cpsolve.models.sliding import Puzzle, parse, solve  # noqa: E402
from cpsolve.models.sliding.board import OPPOSITE  # noqa: E402
from cpsolve.models.sliding.formats import default_goal  # noqa: E402
from cpsolve.result import Status  # noqa: E402

METHODS: dict[str, dict[str, Any]] = {
    "blanklog, fresh": {"encoding": "blanklog"},
    "onehot, fresh": {"encoding": "onehot"},
    "onehot, incremental": {"encoding": "onehot", "mode": "incremental"},
    "CP-SAT": {"method": "cpsat"},
}
BASELINE = {"encoding": "onehot", "prune": False, "no_undo": False}


def timed(puzzle: Puzzle, runs: int, **options: Any) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = solve(puzzle, **options)
        best = min(best, time.perf_counter() - start)
    return best, result


def seed_boards(runs: int) -> None:
    line = (ROOT / "examples" / "sliding" / "line-goal3.txt").read_text()
    eight = (ROOT / "examples" / "sliding" / "8-puzzle-hardest.txt").read_text()
    print(f"\n### Seed boards, solved and proven optimal, seconds (best of {runs})\n")
    print("| method | line puzzle goal 3 (30) | + count the 3 plans | 8-puzzle (31) |")
    print("|---|---|---|---|")
    rows = {**METHODS, "baseline: onehot, fresh, no pruning, undo allowed": BASELINE}
    times: dict[str, float] = {}
    for name, options in rows.items():
        cells = []
        for text, count in ((line, False), (line, True), (eight, False)):
            seconds, result = timed(parse(text), runs, count_optimal=count, **options)
            assert result.status is Status.OPTIMAL
            cells.append(f"{seconds:.2f}")
            times.setdefault(name, seconds)
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
    best = min(METHODS, key=lambda name: times[name])
    base = times["baseline: onehot, fresh, no pruning, undo allowed"]
    print(f"\nLine puzzle goal 3: {best} is {base / times[best]:.1f}x faster than the baseline.")


def scramble(length: int, seed: int) -> Puzzle:
    """The 15-puzzle goal after a random walk of ``length`` moves (no undo)."""
    rng = random.Random(seed)
    goal = parse("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0").goal
    board, last = goal, ""
    moves = 0
    while moves < length:
        move = rng.choice("UDLR")
        if move == OPPOSITE.get(last):
            continue
        try:
            board = board.apply(move)
        except ValueError:
            continue
        last, moves = move, moves + 1
    return Puzzle(board, default_goal(board))


def frontier(lengths: list[int], limit: float) -> None:
    print(f"\n### Frontier: random 15-puzzle scrambles, seconds to solve and prove optimal "
          f"(limit {limit:.0f} s)\n")
    print("Scrambles are random walks from the goal (seed = walk length); a method stops "
          "at its first failure.\n")
    names = list(METHODS)
    print("| walk | optimal | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 2) + "|")
    failed: set[str] = set()
    largest: dict[str, tuple[int, list[dict[str, Any]]]] = {}
    for length in lengths:
        puzzle = scramble(length, seed=length)
        cells, optimal = [], "?"
        for name in names:
            if name in failed:
                cells.append("")
                continue
            start = time.perf_counter()
            result = solve(puzzle, time_limit=limit, **METHODS[name])
            seconds = time.perf_counter() - start
            if result.status is Status.OPTIMAL:
                optimal = str(len(result.solution))
                cells.append(f"{seconds:.1f}")
                if len(result.solution) >= largest.get(name, (0, []))[0]:
                    largest[name] = (len(result.solution), result.stats.horizons)
            else:
                failed.add(name)
                cells.append(f"> {limit:.0f} (bound {result.stats.extra['proven_lower_bound']})")
        print(f"| {length} | {optimal} | " + " | ".join(cells) + " |", flush=True)
        if len(failed) == len(names):
            break
    print("\nLargest optimal length proven, and that instance's seconds per horizon (the "
          "last UNSAT horizon is the proof):\n")
    for name, (best, horizons) in largest.items():
        steps = ", ".join(f"{h['horizon']}: {h['seconds']:.2f}" for h in horizons)
        print(f"- {name}: **{best}** ({steps})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one run, a shorter frontier")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per instance")
    args = parser.parse_args()
    print("## Sliding puzzles by SAT and CP-SAT\n")
    print(machine())
    seed_boards(1 if args.quick else 2)
    lengths = list(range(20, 81, 4)) if not args.quick else [20, 28, 36]
    frontier(lengths, args.limit)


if __name__ == "__main__":
    main()
