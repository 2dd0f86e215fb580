"""Grades beside the difficulty people gave the same boards: for each board of
``benchmarks/data/labelled/*.toml`` (published boards, each with its publisher's label),
the grade from its steps (:mod:`cpsolve.grid.steps`: the hardest kind of step its solve
needs, and how many trials and searches it takes) and the kit's depth grade
(:mod:`cpsolve.grid.grading`; Akari's grader by human rules), and how well each orders
the boards as the labels do.

Agreement, per genre and over all: of the pairs of boards of one genre whose labels
differ, how many a grade orders the same way (concordant), the other way (discordant),
or not at all (tied), and Goodman and Kruskal's gamma, (C - D) / (C + D): 1 when no pair
is ordered against the labels, 0 when as many are as with them. A board a grade does not
decide within the limit is left out of that grade's pairs.

Run: ``.venv/bin/python benchmarks/labels.py [--limit 20] [GENRE ...]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from common import machine

from cpsolve import registry
from cpsolve.grid.cases import tomllib
from cpsolve.grid.grading import LEVELS, grader_of
from cpsolve.grid.steps import GRADES, KINDS, Stepper
from cpsolve.limits import Deadline

DATA = Path(__file__).resolve().parent / "data" / "labelled"
LABELS = ("easy", "hard", "extreme")  # the publishers' scales, easiest first


@dataclass
class Graded:
    genre: str
    board: str
    label: str
    steps: tuple[int, int] | None = None  # (hardest kind, trials and searches)
    kit: int | None = None  # the kit's grade, easiest 0
    kit_name: str = "-"
    notes: list[str] = field(default_factory=list)


def boards(genres: list[str]) -> list[Graded]:
    out = []
    for path in sorted(DATA.glob("*.toml")):
        for entry in tomllib.loads(path.read_text())["board"]:
            if not genres or entry["genre"] in genres:
                out.append(Graded(entry["genre"], entry["board"], entry["label"]))
    return out


def grade(item: Graded, limit: float) -> None:
    puzzle = registry.load(item.genre).grid
    try:
        board = puzzle.parse(item.board)
    except Exception as error:  # noqa: BLE001 (a board cpsolve refuses is reported)
        item.notes.append(f"not read: {error}")
        return
    try:
        with Stepper(puzzle, board, Deadline(limit)) as stepper:
            steps = stepper.steps()
        hardest = max((s.kind for s in steps), key=KINDS.index)
        deep = sum(s.kind in ("trial", "search") for s in steps)
        item.steps = (KINDS.index(hardest), deep)
    except Exception as error:  # noqa: BLE001 (over the limit, or not unique)
        item.notes.append(f"steps: {type(error).__name__}")
    kit = grader_of(puzzle).grade(board, Deadline(limit))
    item.kit_name = str(kit.name)
    item.kit = LEVELS.get(kit.name) if kit.name is not None else None  # Akari's: the same


def agreement(items: list[Graded], key: str) -> tuple[int, int, int]:
    """Concordant, discordant and tied pairs of boards whose labels differ."""
    concordant = discordant = tied = 0
    known = [i for i in items if getattr(i, key) is not None]
    for a in known:
        for b in known:
            la, lb = LABELS.index(a.label), LABELS.index(b.label)
            if la >= lb:
                continue
            ga, gb = getattr(a, key), getattr(b, key)
            if ga < gb:
                concordant += 1
            elif ga > gb:
                discordant += 1
            else:
                tied += 1
    return concordant, discordant, tied


def gamma(c: int, d: int) -> str:
    return "-" if c + d == 0 else f"{(c - d) / (c + d):+.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("genres", nargs="*")
    parser.add_argument("--limit", type=float, default=20.0)
    args = parser.parse_args()
    items = boards(args.genres)
    print(f"machine: {machine()}")
    print(f"date: {time.strftime('%Y-%m-%d')}, limit {args.limit:g} s a board and grade\n")
    for item in items:
        grade(item, args.limit)
        steps = ("-" if item.steps is None else
                 f"{GRADES[KINDS[item.steps[0]]]} ({item.steps[1]} trials/searches)")
        print(f"  {item.genre} {item.label}: steps {steps}, kit {item.kit_name} "
              f"{' '.join(item.notes)}", file=sys.stderr, flush=True)
    genres = sorted({i.genre for i in items})
    print("| genre | boards (easy/hard/extreme) | step grade by label | kit grade by label | "
          "steps: pairs C/D/tied | gamma | kit: pairs C/D/tied | gamma |")
    print("|---|---|---|---|---|---|---|---|")
    for genre in [*genres, "all"]:
        mine = [i for i in items if genre in ("all", i.genre)]
        counts = "/".join(str(sum(i.label == label for i in mine)) for label in LABELS)
        cells = []
        for key, name in (("steps", lambda i: GRADES[KINDS[i.steps[0]]]),
                          ("kit", lambda i: i.kit_name)):
            by = []
            for label in LABELS:
                said = [name(i) if getattr(i, key) is not None else "-"
                        for i in mine if i.label == label]
                if said:
                    tally = {s: said.count(s) for s in dict.fromkeys(said)}
                    by.append(f"{label}: " + ", ".join(f"{s} {n}" for s, n in tally.items()))
            cells.append("; ".join(by))
        pairs = []
        for key in ("steps", "kit"):  # pairs within a genre only, summed over "all"
            found = [agreement([i for i in mine if i.genre == g], key)
                     for g in ([genre] if genre != "all" else genres)]
            c, d, t = (sum(f[k] for f in found) for k in range(3))
            pairs.append(f"{c}/{d}/{t} | {gamma(c, d)}")
        print(f"| {genre} | {counts} | {cells[0]} | {cells[1]} | {pairs[0]} | {pairs[1]} |")


if __name__ == "__main__":
    main()
