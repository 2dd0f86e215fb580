"""`cpsolve batch` on the real DevQuiz 2011 problem file (issue 16).

Target: all 5000 boards answered within the four budgets, every answer replayed by
the checker, in at most one hour on this 2-core machine with the default settings.
``--first N`` runs the first N boards with each limit scaled to N/5000 (rounded down).
Prints the boards answered, those answered optimally (proven), the unanswered ones
with their sizes, each letter's total against its limit, the wall time of each pass,
the mean answer length over the lower bound per board size, and the machine.

    .venv/bin/python benchmarks/devquiz.py --first 300
    .venv/bin/python benchmarks/devquiz.py --first 300 --code /tmp/devquiz-base  # old code

``--code DIR`` runs the batch of another checkout (a worktree whose ``cpsolve/models``
links to its ``models``), so old and new code are measured in the same run on the same
machine; the figures are computed by this checkout's checker either way. The problem
file, answers and store go to ``--dir`` (a fresh store unless ``--resume``).
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

from common import machine  # noqa: E402

from cpsolve.batch import optimal_answers, stored_answers  # noqa: E402
from cpsolve.models.sliding import check, parse  # noqa: E402
from cpsolve.models.sliding.batch import MOVES, read, read_answers  # noqa: E402

PROBLEMS = Path(__file__).resolve().parents[2] / "shared/data/devquiz2011/problems.txt"


def subset(text: str, first: int) -> str:
    """The first ``first`` boards of a problem file, the limits scaled to match."""
    lines = text.splitlines()
    limits = [int(x) for x in lines[0].split()]
    total = int(lines[1])
    boards = lines[2:2 + first]
    scaled = [limit * len(boards) // total for limit in limits]
    return "\n".join([" ".join(map(str, scaled)), str(len(boards)), *boards]) + "\n"


def passes(store: Path) -> list[tuple[int, int, float, float]]:
    """(pass, attempts, wall seconds, seconds in attempts) per pass, over every run in
    the store: the wall from the start of a pass's first attempt to the end of its last,
    within each run (passes of one run may interleave: the boards left without an answer
    go through the later passes first)."""
    with sqlite3.connect(store) as db:
        rows = db.execute("SELECT pass, COUNT(*), SUM(seconds), "
                          "MAX(finished) - MIN(finished - seconds) FROM attempts "
                          "GROUP BY run, pass ORDER BY pass, run").fetchall()
    out: dict[int, list[float]] = {}
    for index, count, seconds, wall in rows:
        entry = out.setdefault(index, [0, 0.0, 0.0])
        entry[0] += count
        entry[1] += wall
        entry[2] += seconds
    return [(index, int(c), w, s) for index, (c, w, s) in sorted(out.items())]


def runs(store: Path) -> list[float]:
    """The wall seconds of each run the store records."""
    with sqlite3.connect(store) as db:
        return [seconds or 0.0 for (seconds,) in
                db.execute("SELECT seconds FROM runs ORDER BY run")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=5000)
    parser.add_argument("--problems", default=str(PROBLEMS))
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--passes", type=int, default=None)
    parser.add_argument("--time-limit", type=float, default=None)
    parser.add_argument("--code", default=None, help="another checkout to run")
    parser.add_argument("--dir", default="/tmp/cpsolve-devquiz")
    parser.add_argument("--resume", action="store_true")
    args = parser.parse_args()
    folder = Path(args.dir).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    problems_file = folder / f"devquiz2011-{args.first}.txt"
    problems_file.write_text(subset(Path(args.problems).read_text(), args.first))
    answers_file = folder / f"devquiz2011-{args.first}.answers.txt"
    store = Path(f"{answers_file}.sqlite")
    if not args.resume:
        for path in (store, Path(f"{store}-wal"), Path(f"{store}-shm")):
            path.unlink(missing_ok=True)
    command = [sys.executable, "-m", "cpsolve", "batch", str(problems_file),
               "-o", str(answers_file)]
    for option, value in (("--workers", args.workers), ("--passes", args.passes),
                          ("--time-limit", args.time_limit)):
        if value is not None:
            command += [option, str(value)]
    env = dict(os.environ, CPSOLVE_PROGRESS="0")
    if args.code:
        env["PYTHONPATH"] = args.code
    started = time.perf_counter()
    # run from the data folder: ``python -m`` puts the working directory first on the
    # path, which would shadow ``--code`` with the checkout the command is run from
    done = subprocess.run(command, stderr=subprocess.PIPE, text=True, check=False, env=env,
                          cwd=folder)
    seconds = time.perf_counter() - started
    print(f"machine: {machine()}")
    code = subprocess.run([sys.executable, "-c", "import cpsolve; print(cpsolve.__file__)"],
                          capture_output=True, text=True, env=env, cwd=folder).stdout.strip()
    print(f"code: {Path(code).parent.parent}; command: cpsolve {' '.join(command[3:])} "
          f"(exit {done.returncode}, {seconds:.0f} s wall)")
    print(done.stderr.rstrip())
    problems = read(problems_file.read_text())
    answers = read_answers(answers_file.read_text(), problems.count)
    with sqlite3.connect(store) as db:
        optimal = optimal_answers(stored_answers(db))  # the batch's own rule
        bounds = dict(db.execute("SELECT problem, MAX(lower_bound) FROM attempts "
                                 "GROUP BY problem"))
    used: Counter[str] = Counter()
    answered = proven = 0
    unanswered: Counter[str] = Counter()
    excess: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for problem, moves in zip(problems.problems, answers):
        puzzle = parse(problem.text)
        size = f"{puzzle.width}x{puzzle.height}"
        if moves is None:
            unanswered[size] += 1
            continue
        assert check(puzzle, moves) == [], problem.text  # never trust a solver
        used.update(moves)
        answered += 1
        proven += (problem.text, moves) in optimal
        if bounds.get(problem.text):
            excess[size].append((len(moves), bounds[problem.text]))
    limits = problems.limits or {}
    print()
    print(f"**{answered} of {problems.count}** answered within the budgets (every answer "
          f"replayed by the checker), {proven} of them proven optimal; {seconds:.0f} s wall")
    print("unanswered: " + (", ".join(f"{size} {n}" for size, n in sorted(unanswered.items()))
                            or "none"))
    print()
    print("| move | used | limit | use |")
    print("|---|---:|---:|---:|")
    for move in MOVES:
        limit = limits.get(move, 0)
        share = f"{100 * used[move] / limit:.1f}%" if limit else "-"
        print(f"| {move} | {used[move]:,} | {limit:,} | {share} |")
    print()
    walls = runs(store)
    print(f"runs in the store: {len(walls)}, {sum(walls):.0f} s wall in all "
          f"({', '.join(f'{w:.0f}' for w in walls)})")
    print()
    print("| pass | attempts | wall | seconds in attempts |")
    print("|---|---:|---:|---:|")
    for index, count, wall, spent in passes(store):
        print(f"| {index + 1} | {count} | {wall:.0f} s | {spent:.0f} s |")
    print()
    print("| size | answered | mean length / lower bound | mean moves over it |")
    print("|---|---:|---:|---:|")
    for size in sorted(excess):
        pairs = excess[size]
        ratio = sum(n / b for n, b in pairs) / len(pairs)
        over = sum(n - b for n, b in pairs) / len(pairs)
        print(f"| {size} | {len(pairs)} | {ratio:.3f} | {over:.1f} |")


if __name__ == "__main__":
    main()
