"""Every published board from the command line, as a user runs it: ``cpsolve GENRE BOARD
--unique --json`` in a process of its own for each decided published case of
``models/GENRE/cases.toml`` (and, with ``--scrape``, each file of the genre's janko.at
collection that ``benchmarks/janko.py`` reads), its wall time and its CPU time (the
process's own, from its start: reading, building, solving, proving, printing), and its
outcome held to the case's. The target: every board decided and proven within 2 s.

Prints a markdown table, a row a genre: boards, those over the target, the median and
largest wall seconds, and the slowest boards with their seconds.

Run: ``.venv/bin/python benchmarks/cli.py [GENRE ...] [--limit 20] [--target 2]
[--scrape PATH] [--slowest 3]``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import machine

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cpsolve import registry  # noqa: E402
from cpsolve.family import Kind  # noqa: E402
from cpsolve.grid import cases as genre_cases  # noqa: E402

CPSOLVE = Path(sys.executable).with_name("cpsolve")
OUTCOMES = {"unique": (True, 1), "not unique": (False, 2), "no solution": (False, 0)}


def boards(genre: str, scrape: Path | None) -> list[tuple[str, str, str]]:
    """(name, board text or URL, the outcome it must have): the decided published cases,
    then the janko.at files (each the unique board janko.at publishes)."""
    cases = genre_cases.of(registry.target(genre).split(":")[0])
    out = [(case.board if "://" in case.board else f"case {k + 1}", case.board, case.outcome)
           for k, case in enumerate(cases.published)
           if case.outcome in OUTCOMES and not case.variant]
    if scrape is not None:
        from janko import FOLDERS, files

        from tests.support.janko import rebuilt
        if genre in FOLDERS:
            out += [(entry["file"], rebuilt(entry["data"]), "unique")
                    for entry in files(scrape, FOLDERS[genre])]
    return out


def run(genre: str, board: str, limit: float) -> tuple[float, float, str]:
    """Wall and CPU seconds of one command, and its outcome ("unique", ..., or what
    else it said)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as file:
        file.write(board)
    try:
        given = board if "://" in board else file.name
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run([str(CPSOLVE), genre, given, "--unique", "--json",
                               "--time-limit", str(limit)],
                              capture_output=True, text=True, timeout=limit + 60)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    finally:
        os.unlink(file.name)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    try:
        said = json.loads(done.stdout)
    except json.JSONDecodeError:
        return wall, cpu, f"exit {done.returncode}: {done.stderr.strip()[:80]}"
    for outcome, (unique, count) in OUTCOMES.items():
        if said.get("unique") is unique and min(said.get("count") or 0, 2) == count:
            return wall, cpu, outcome
    return wall, cpu, "undecided" if said.get("limit_reached") else str(said.get("status"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("genres", nargs="*", default=[
        name for name in registry.names() if registry.load(name).kind is Kind.GRID])
    parser.add_argument("--limit", type=float, default=20.0, help="--time-limit a board")
    parser.add_argument("--target", type=float, default=2.0, help="seconds a board")
    parser.add_argument("--scrape", type=Path,
                        help="a checkout of tkoz0/janko.at-puzzle-scraping")
    parser.add_argument("--slowest", type=int, default=3, metavar="N")
    args = parser.parse_args()
    print(f"{machine()}; load average {os.getloadavg()[0]:.1f} at the start. "
          f"`benchmarks/cli.py --limit {args.limit:g}"
          f"{' --scrape PATH' if args.scrape else ''}`\n")
    print(f"| genre | boards | wrong or undecided | over {args.target:g} s | median s | "
          f"max s | CPU max s | slowest |")
    print("|---|---|---|---|---|---|---|---|")
    for genre in args.genres:
        timed, wrong = [], []
        for name, board, outcome in boards(genre, args.scrape):
            wall, cpu, said = run(genre, board, args.limit)
            timed.append((wall, cpu, name))
            if said != outcome:
                wrong.append(f"{name}: {said}")
        walls = [wall for wall, _, _ in timed]
        slow = sorted(timed, reverse=True)[:args.slowest]
        print(f"| {genre} | {len(timed)} | {len(wrong)} | "
              f"{sum(wall > args.target for wall in walls)} | {statistics.median(walls):.2f} | "
              f"{max(walls):.2f} | {max(cpu for _, cpu, _ in timed):.2f} | "
              + ", ".join(f"{name[-40:]} {wall:.2f}" for wall, _, name in slow) + " |",
              flush=True)
        for line in wrong:
            print(f"  {genre} {line}", file=sys.stderr)


if __name__ == "__main__":
    main()
