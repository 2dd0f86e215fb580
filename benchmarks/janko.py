"""janko.at's own collections, whole: every file of a genre as janko.at's pages carry it,
read as cpsolve reads it, solved with its uniqueness proof, and the answer held to the
solution janko.at publishes with it. The table ``docs/usage.md`` and the genres' pages
quote.

The files come from a public scrape of janko.at's puzzle pages (the text of each page's
``<script id="data" type="application/x-janko">``, May 2022): a checkout of
``https://github.com/tkoz0/janko.at-puzzle-scraping``, whose ``data/DIR.jsonl.bz2`` keep
them as keys and token rows, rebuilt here into files (``tests.support.janko.rebuilt``).

Per genre: the files, how many are read and unique with janko.at's answer, unique where
janko.at gives no solution to compare, not unique, undecided within the limit, refused
(each refusal's message, counted), and the median and largest CPU seconds of a solve
in process.

Run: ``.venv/bin/python benchmarks/janko.py --scrape PATH [GENRE ...] [--limit 20]``.
"""

from __future__ import annotations

import argparse
import bz2
import json
import re
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from common import machine

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cpsolve import registry  # noqa: E402
from cpsolve.errors import CpsolveError  # noqa: E402
from cpsolve.grid.forms import read_janko  # noqa: E402
from cpsolve.grid.solve import solve  # noqa: E402
from tests.support.janko import published_answer, rebuilt  # noqa: E402

# Each genre's folder on janko.at (and in the scrape).
FOLDERS = {"tents": "Zeltlager", "skyscrapers": "Wolkenkratzer", "gokigen": "Gokigen-Naname",
           "nonogram": "Nonogramme", "yajikazu": "Yajisan-Kazusan", "yajilin": "Yajilin",
           "starbattle": "Sternenschlacht", "tapa": "Tapa", "sashigane": "Sashigane",
           "nurimaze": "Nurimaze", "firefly": "Hotaru-Beam", "fillomino": "Fillomino"}


def files(scrape: Path, folder: str) -> list[dict]:
    """The scrape's entries of one folder (a git checkout, or a git directory)."""
    path = scrape / "data" / f"{folder}.jsonl.bz2"
    raw = path.read_bytes() if path.exists() else subprocess.run(
        ["git", "-C", str(scrape), "show", f"HEAD:data/{folder}.jsonl.bz2"],
        capture_output=True, check=True).stdout
    return [json.loads(line) for line in bz2.decompress(raw).decode().splitlines() if line]


def scan(genre: str, entries: list[dict], limit: float
         ) -> tuple[Counter, list[float], list[tuple[float, str]]]:
    puzzle = registry.load(genre).grid
    outcomes: Counter = Counter()
    seconds = []
    timed = []
    for entry in entries:
        text = rebuilt(entry["data"])
        try:
            board = puzzle.parse(text)
        except CpsolveError as error:
            said = re.sub(r"\d+", "N", str(error).split(": ", 1)[-1])  # one line a kind
            outcomes[f"refused ({said[:70]})"] += 1
            continue
        start = time.process_time()
        result = solve(puzzle, board, unique=True, time_limit=limit)
        seconds.append(time.process_time() - start)
        timed.append((seconds[-1], entry["file"]))
        if result.unique is True:
            framed = read_janko(text)
            if "solution" not in framed.sections:
                outcomes["unique (no solution published)"] += 1
            elif result.solution == published_answer(genre, board,
                                                     framed.sections["solution"]):
                outcomes["unique, janko.at's answer"] += 1
            else:
                outcomes["unique, ANOTHER answer"] += 1
        elif result.unique is False:
            outcomes["not unique"] += 1
        else:
            outcomes[f"undecided in {limit:g} s"] += 1
    return outcomes, seconds, timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("genres", nargs="*", default=list(FOLDERS))
    parser.add_argument("--scrape", type=Path, required=True,
                        help="a checkout of tkoz0/janko.at-puzzle-scraping")
    parser.add_argument("--limit", type=float, default=20.0, help="seconds a board")
    parser.add_argument("--slowest", type=int, default=0, metavar="N",
                        help="then name each genre's N slowest files, with their seconds")
    args = parser.parse_args()
    print(f"{machine()}; `benchmarks/janko.py --limit {args.limit:g}`\n")
    print("| genre | files | outcomes | median s | max s |")
    print("|---|---|---|---|---|")
    slow: list[tuple[str, float, str]] = []
    for genre in args.genres:
        entries = files(args.scrape, FOLDERS[genre])
        outcomes, seconds, timed = scan(genre, entries, args.limit)
        said = "; ".join(f"{count} {what}" for what, count in outcomes.most_common())
        print(f"| {genre} | {len(entries)} | {said} | "
              f"{statistics.median(seconds):.4f} | {max(seconds):.3f} |", flush=True)
        slow.extend((genre, took, name) for took, name in
                    sorted(timed, reverse=True)[:args.slowest])
    for genre, took, name in slow:
        print(f"{genre} {name}: {took:.3f} s")


if __name__ == "__main__":
    main()
