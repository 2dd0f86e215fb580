"""The setter's page: how long after an edit the page knows how many solutions the board
has, beside the loop a setter has without it, one ``cpsolve`` command per edit.

For each published Akari, Heyawake and Masyu board (models/GENRE/cases.toml), two
edits: the board as published (unique) and the board with its first clue taken away
(mostly several solutions). The page: ``cpsolve serve`` started as users start it, each
edit sent as the page sends it (``/api/analyze``, the status question: solutions counted
up to 10, the undetermined cells when there are several, the clues in conflict when there
are none), timed from the request to the answer. The baseline, in the same run and on the
same boards: ``cpsolve FAMILY BOARD --count 10 --json`` as a process (it counts, without
the undetermined cells). Medians and 90th percentiles per family, and their ratios.

    .venv/bin/python benchmarks/serve.py [--boards 10]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from common import machine

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
from published import published  # noqa: E402

from cpsolve.grid.editor import to_draft  # noqa: E402
from cpsolve.serve import work  # noqa: E402
from tests.support.server import serving  # noqa: E402

CPSOLVE = Path(sys.executable).with_name("cpsolve")


def edits(family: str, count: int) -> list[tuple[str, dict[str, object]]]:
    """Each board's grid text and draft, as published and with its first clue gone."""
    puzzle = work.families()[family]
    out = []
    for url in published(family)[:count]:
        board = puzzle.parse(url)
        draft = to_draft(puzzle, board)
        out.append((puzzle.board_text(board), json.loads(json.dumps(draft.to_json()))))
        assert draft.cells is not None and puzzle.editor is not None
        empty = puzzle.editor.cycle[0]
        for row in draft.cells:
            clue = next((k for k, token in enumerate(row) if token not in (empty, "#")), None)
            if clue is not None:
                row[clue] = empty
                break
        out.append((puzzle.board_text(work.board_of(puzzle, draft.to_json())),
                    draft.to_json()))
    return out


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=10, help="published boards a family")
    args = parser.parse_args()
    print(f"machine: {machine()}\n")
    print("| family | edits | page: median (ms) | p90 (ms) | a command per edit: median (ms) "
          "| p90 (ms) | ratio of medians |")
    print("|---|---|---|---|---|---|---|")
    with serving("--time-limit", "30") as (address, _):
        http = httpx.Client(base_url=address, timeout=120)
        revision = 0
        for family in ("akari", "heyawake", "masyu"):
            page, command = [], []
            for text, draft in edits(family, args.boards):
                revision += 1
                start = time.perf_counter()
                found = http.post("/api/analyze", json={
                    "family": family, "draft": draft, "client": "bench",
                    "revision": revision}).json()
                page.append(time.perf_counter() - start)
                start = time.perf_counter()
                done = subprocess.run([str(CPSOLVE), family, "-", "--count", "10", "--json"],
                                      input=text, capture_output=True, text=True)
                command.append(time.perf_counter() - start)
                assert done.returncode in (0, 1, 4), (done.returncode, done.stderr)
                assert '"count": ' + str(found["count"]) in done.stdout, (family, text)
            ms = [1000 * statistics.median(page), 1000 * percentile(page, 0.9),
                  1000 * statistics.median(command), 1000 * percentile(command, 0.9)]
            print(f"| {family} | {len(page)} | {ms[0]:.0f} | {ms[1]:.0f} | {ms[2]:.0f} | "
                  f"{ms[3]:.0f} | {ms[2] / ms[0]:.1f}x |", flush=True)


if __name__ == "__main__":
    main()
