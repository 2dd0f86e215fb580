"""Grades beside the difficulty people gave the same boards: for each board of
``benchmarks/data/labelled/*.toml`` (published boards, each with its publisher's label),
the grade ``--grade`` gives (:mod:`cpsolve.grid.grading`: the hardest kind of step its
solve needs; Akari's grader by human rules), and how well it orders the boards as the
labels do: by the grade, then by how many answer values it leaves to trials and search;
and by the grade alone.

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
from cpsolve.grid.grading import grader_of
from cpsolve.limits import Deadline

DATA = Path(__file__).resolve().parent / "data" / "labelled"
LABELS = ("easy", "hard", "extreme")  # the publishers' scales, easiest first


@dataclass
class Graded:
    genre: str
    board: str
    label: str
    counted: tuple[int, int] | None = None  # (the grade, values left to trials and search)
    level: int | None = None  # the grade, easiest 0
    name: str = "-"
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
    grader = grader_of(puzzle)
    found = grader.grade(board, Deadline(limit))
    item.name = str(found.name) if found.name is not None else "-"
    if found.name is None:
        item.notes.append("not graded: " + ("time limit" if found.timed_out else "not unique"))
        return
    item.level = list(grader.grades).index(found.name)
    # Akari's own grader counts its trials as trial and deep
    later = sum(found.counts.get(kind, 0) for kind in ("trial", "search", "deep"))
    item.counted = (item.level, later)


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
        later = "" if item.counted is None else f" ({item.counted[1]} to trials and search)"
        print(f"  {item.genre} {item.label}: {item.name}{later} {' '.join(item.notes)}",
              file=sys.stderr, flush=True)
    genres = sorted({i.genre for i in items})
    print("| genre | boards (easy/hard/extreme) | grade by label | by grade, then values "
          "left to trials and search: pairs C/D/tied | gamma | by grade alone: pairs "
          "C/D/tied | gamma |")
    print("|---|---|---|---|---|---|---|")
    for genre in [*genres, "all"]:
        mine = [i for i in items if genre in ("all", i.genre)]
        counts = "/".join(str(sum(i.label == label for i in mine)) for label in LABELS)
        by = []
        for label in LABELS:
            said = [i.name for i in mine if i.label == label]
            if said:
                tally = {s: said.count(s) for s in dict.fromkeys(said)}
                by.append(f"{label}: " + ", ".join(f"{s} {n}" for s, n in tally.items()))
        pairs = []
        for key in ("counted", "level"):  # pairs within a genre only, summed over "all"
            found = [agreement([i for i in mine if i.genre == g], key)
                     for g in ([genre] if genre != "all" else genres)]
            c, d, t = (sum(f[k] for f in found) for k in range(3))
            pairs.append(f"{c}/{d}/{t} | {gamma(c, d)}")
        print(f"| {genre} | {counts} | {'; '.join(by)} | {pairs[0]} | {pairs[1]} |")


if __name__ == "__main__":
    main()
