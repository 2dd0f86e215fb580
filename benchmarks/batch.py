"""The DevQuiz job end to end: `cpsolve batch` on a generated DevQuiz-like set.

Targets (issue 6): of 5000 boards, at least 4990 answered within the budgets, in at
most 2 hours on this 2-core machine. Prints the answered count, the moves per
direction against the limits, the wall time and the answered-vs-time curve.

    .venv/bin/python benchmarks/batch.py                      # 5000 boards
    .venv/bin/python benchmarks/batch.py --count 500 --workers 1

The set, the answers and the store go to --dir (default /tmp/cpsolve-batch); running
again resumes the batch where it stopped (the wall time then adds up the runs).
"""

from __future__ import annotations

import argparse
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from common import machine  # noqa: E402

from cpsolve.models.sliding import check, devquiz_set, parse  # noqa: E402
from cpsolve.models.sliding.batch import read, read_answers  # noqa: E402


def curve(store: Path, problems: list[str], points: int = 12) -> list[tuple[float, int]]:
    """(seconds since the first attempt, boards with an answer by then)."""
    with sqlite3.connect(store) as db:
        runs = db.execute("SELECT started, seconds FROM runs ORDER BY run").fetchall()
        rows = db.execute("SELECT problem, finished, status FROM attempts "
                          "ORDER BY finished").fetchall()
    wanted = set(problems)
    # time on the clock of the runs: the gaps between runs do not count
    offsets, elapsed = [], 0.0
    for started, seconds in runs:
        offsets.append((started, elapsed))
        elapsed += seconds or 0.0
    answered: set[str] = set()
    events = []
    for problem, finished, status in rows:
        start, before = max((o for o in offsets if o[0] <= finished), default=offsets[0])
        if problem in wanted and status in ("optimal", "solved"):
            answered.add(problem)
        events.append((before + finished - start, len(answered)))
    if not events:
        return []
    step = max(1, len(events) // points)
    picked = events[step - 1::step]
    if picked[-1] != events[-1]:
        picked.append(events[-1])
    return picked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=2011)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--passes", type=int, default=None)
    parser.add_argument("--time-limit", type=float, default=None)
    parser.add_argument("--dir", default="/tmp/cpsolve-batch")
    args = parser.parse_args()
    folder = Path(args.dir)
    folder.mkdir(parents=True, exist_ok=True)
    problems_file = folder / f"devquiz-{args.count}-{args.seed}.txt"
    if not problems_file.exists():
        problems_file.write_text(devquiz_set(args.count, seed=args.seed).text())
    answers_file = folder / f"devquiz-{args.count}-{args.seed}.answers.txt"
    store = Path(f"{answers_file}.sqlite")
    command = [sys.executable, "-m", "cpsolve", "batch", str(problems_file),
               "-o", str(answers_file)]
    for option, value in (("--workers", args.workers), ("--passes", args.passes),
                          ("--time-limit", args.time_limit)):
        if value is not None:
            command += [option, str(value)]
    started = time.perf_counter()
    done = subprocess.run(command, stderr=subprocess.PIPE, text=True, check=False)
    seconds = time.perf_counter() - started
    print(f"machine: {machine()}")
    print(f"command: {' '.join(command[2:])} (exit {done.returncode}, {seconds:.0f} s)")
    print(done.stderr.rstrip())
    problems = read(problems_file.read_text())
    answers = read_answers(answers_file.read_text(), problems.count)
    used: Counter[str] = Counter()
    answered = 0
    for problem, moves in zip(problems.problems, answers):
        if moves is not None:
            assert check(parse(problem.text), moves) == [], problem.text
            used.update(moves)
            answered += 1
    limits = problems.limits or {}
    with sqlite3.connect(store) as db:
        wall = db.execute("SELECT COALESCE(SUM(seconds), 0) FROM runs").fetchone()[0]
        statuses = Counter(dict(db.execute(
            "SELECT status, COUNT(*) FROM (SELECT problem, MIN(CASE status WHEN 'optimal' "
            "THEN 0 WHEN 'unsolvable' THEN 1 WHEN 'solved' THEN 2 ELSE 3 END) AS s, "
            "status FROM attempts GROUP BY problem) GROUP BY status")))
    print()
    print(f"**{answered} of {problems.count}** answered within the budgets "
          f"(every answer replayed by the checker); wall time of all runs "
          f"{wall / 60:.1f} min; {dict(statuses)} (best status per board)")
    print()
    print("| move | used | limit | use |")
    print("|---|---|---|---|")
    for move in "LRUD":
        limit = limits.get(move, 0)
        share = f"{100 * used[move] / limit:.1f}%" if limit else "-"
        print(f"| {move} | {used[move]:,} | {limit:,} | {share} |")
    print()
    print("boards with an answer (before the budgets are applied) against time:")
    print()
    print("| minutes | answered |")
    print("|---|---|")
    for at, count in curve(store, [p.text for p in problems.problems]):
        print(f"| {at / 60:.1f} | {count} |")


if __name__ == "__main__":
    main()
