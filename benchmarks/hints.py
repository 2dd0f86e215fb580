"""Hints measured (:mod:`cpsolve.grid.steps`): the whole ``--steps`` solve of each
published board of a genre, and the next step on its largest generated board (the page
asks for one after every edit), beside the kit's grade of the same boards in the same
run (``--grade``: the same scale found by fixpoints without the steps, which must agree;
no peer gives hints). CPU seconds in process, so a busy machine counts less.

* Published: every unique board of ``models/GENRE/cases.toml`` not marked slow (up to
  ``--count``): the engine built (its answer proven unique), every step to the answer,
  how many of each kind, the hardest, the share of its rule, chain and trial steps a
  technique of the genre names (``--steps``' names players give them); and the kit's
  grade.
* Large: the first board of the largest size in ``benchmarks/data/GENRE/`` (made by the
  generator at published sizes): the engine built, then the next step, each timed, for
  the first ``--large`` steps of its solve and from a random half of its answer.

Run: ``.venv/bin/python benchmarks/hints.py heyawake masyu [--count 20]`` or ``--all``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from common import machine

from cpsolve import registry
from cpsolve.family import Kind
from cpsolve.grid import cases as genre_cases
from cpsolve.grid.grading import grader_of
from cpsolve.grid.steps import GRADES, KINDS, Stepper
from cpsolve.limits import Deadline

DATA = Path(__file__).resolve().parent / "data"


def cpu() -> float:
    return time.process_time()


def published(name: str, count: int) -> list[str]:
    cases = genre_cases.of(registry.target(name).split(":")[0])
    return [c.board for c in cases.published if c.outcome == "unique" and not c.slow][:count]


def largest(name: str) -> tuple[str, str] | None:
    folder = DATA / name
    if not folder.is_dir():
        return None
    sizes = []
    for path in folder.glob("*x*.txt"):
        rows, _, cols = path.stem.partition("x")
        if rows.isdigit() and cols.isdigit():
            sizes.append((int(rows) * int(cols), path))
    if not sizes:
        return None
    path = max(sizes)[1]
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    return (path.stem, lines[0]) if lines else None


def measure(name: str, count: int, limit: float, large: int) -> dict[str, object]:
    puzzle = registry.load(name).grid
    whole, graded, kinds, hardest = [], [], {k: 0 for k in KINDS}, {k: 0 for k in KINDS}
    steps_per, skipped, named, nameable = [], 0, 0, 0
    pairs: dict[tuple[str, str], int] = {}
    for text in published(name, count):
        board = puzzle.parse(text)
        started = cpu()
        try:
            with Stepper(puzzle, board, Deadline(limit)) as stepper:
                steps = stepper.steps()
        except Exception as error:  # noqa: BLE001 (a board over the limit is counted)
            print(f"  {name}: {type(error).__name__}: {error}", file=sys.stderr)
            skipped += 1
            continue
        whole.append(cpu() - started)
        steps_per.append(len(steps))
        for s in steps:
            kinds[s.kind] += 1
            nameable += s.kind in ("rule", "chain", "trial")
            named += s.technique is not None
        hardest[max((s.hardest for s in steps), key=KINDS.index)] += 1
        started = cpu()
        try:
            kit = grader_of(puzzle).grade(board, Deadline(limit))
            graded.append(cpu() - started)
            ours = GRADES[max((s.hardest for s in steps), key=KINDS.index)]
            key = (ours, str(kit.name))
            pairs[key] = pairs.get(key, 0) + 1
        except Exception:  # noqa: BLE001
            pass
        print(f"  {name}: {len(steps)} steps {whole[-1]:.2f} s", file=sys.stderr)
    out: dict[str, object] = {"boards": len(whole), "skipped": skipped, "kinds": kinds,
                               "hardest": hardest, "pairs": pairs,
                               "named": f"{100 * named / nameable:.0f}%" if nameable else "-"}
    if whole:
        out.update(steps=statistics.median(steps_per), whole=statistics.median(whole),
                   worst=max(whole), grade=statistics.median(graded) if graded else None)
    big = largest(name)
    if big is not None:
        size, text = big
        board = puzzle.parse(text)
        started = cpu()
        try:
            with Stepper(puzzle, board, Deadline(limit)) as stepper:
                built = cpu() - started
                nexts: list[float] = []
                known: list[int] = []
                for _ in range(large):
                    started = cpu()
                    step = stepper.next(known)
                    nexts.append(cpu() - started)
                    if step is None:
                        break
                    known.extend(step.decided)
                rng = random.Random(1)
                half = [lit for lit in sorted(stepper.truth, key=abs) if rng.random() < 0.5]
                started = cpu()
                stepper.next(half)
                nexts.append(cpu() - started)
            out.update(size=size, built=built, next=statistics.median(nexts),
                       next_max=max(nexts))
        except Exception as error:  # noqa: BLE001
            print(f"  {name} {size}: {type(error).__name__}: {error}", file=sys.stderr)
            out.update(size=size)
    return out


def seconds(value: object) -> str:
    return "-" if value is None else f"{value:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("genres", nargs="*")
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--limit", type=float, default=60.0)
    parser.add_argument("--large", type=int, default=30)
    args = parser.parse_args()
    names = args.genres or ([n for n in registry.names()
                             if registry.load(n).kind is Kind.GRID
                             and registry.load(n).grid.statement is not None]
                            if args.all else [])
    if not names:
        parser.error("name genres or give --all")
    print(f"machine: {machine()}")
    print(f"date: {time.strftime('%Y-%m-%d')}\n")
    print("| genre | boards | steps (median) | --steps s (median) | max | --grade s (median, "
          "same boards) | hardest step: rule/chain/trial/search | steps by kind | "
          "named by a technique | large board | engine built s | next step s (median, max) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    crossed: dict[str, dict[tuple[str, str], int]] = {}
    for name in names:
        m = measure(name, args.count, args.limit, args.large)
        crossed[name] = m["pairs"]  # type: ignore[assignment]
        hardest = "/".join(str(m["hardest"][k]) for k in KINDS)  # type: ignore[index]
        kinds = "/".join(str(m["kinds"][k]) for k in KINDS)  # type: ignore[index]
        over = f" (+{m['skipped']} over the limit)" if m["skipped"] else ""
        print(f"| {name} | {m['boards']}{over} | {m.get('steps', '-')} | "
              f"{seconds(m.get('whole'))} | {seconds(m.get('worst'))} | "
              f"{seconds(m.get('grade'))} | {hardest} | {kinds} | {m['named']} | "
              f"{m.get('size', '-')} | {seconds(m.get('built'))} | "
              f"{seconds(m.get('next'))}, {seconds(m.get('next_max'))} |", flush=True)
    print("\nThe grade from the steps beside the kit's grade (Akari: its own, by human "
          "rules), boards of each pair:\n")
    print("| genre | step grade / kit grade: boards |")
    print("|---|---|")
    for name, pairs in crossed.items():
        said = ", ".join(f"{a}/{b}: {n}" for (a, b), n in sorted(pairs.items()))
        print(f"| {name} | {said or '-'} |")


if __name__ == "__main__":
    main()
