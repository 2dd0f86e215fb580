"""The benchmark runner: every method a grid genre has, called as users call it, on the
genre's published boards and on boards its generator makes at published sizes, beside
the peers users would pick, measured in the same run, on the same boards.

* Boards: the published cases of ``models/GENRE/cases.toml`` whose outcome is decided
  (unique, not unique, no solution; under the genre's variant too, where a case gives
  its outcome there), and the boards of the sizes its ``[benchmark]`` table names, made
  once by the generator and kept in ``benchmarks/data/GENRE/`` as URLs.
* cpsolve's methods: every backend and encoding (``cpsolve.grid.solve.candidates``),
  each as ``solve(board, unique=True, time_limit=LIMIT, backend=..., encoding=...)``,
  the default as ``solve(board, unique=True, time_limit=LIMIT)``; in process, each
  warmed up on the first board, their order turning by one from board to board, the
  garbage collector run (untimed) before each call, so that no call pays for the
  collection of another's garbage (a peer's solver objects held in reference cycles,
  freed by the collector in the middle of the next call: clingo's left cpsolve's Shikaku
  calls three times slower, 16 ms against 5.5 ms; each call's own garbage is then
  collected outside its time, which, if anything, favours the peers).
* Peers, where installed and the table names them: puzzlekit (solve only), noqx
  (``--noqx PATH``: a checkout of its repository; up to ten answers, so a proof of
  uniqueness) and, for Nonogram, picross-solver (solve only), each called as its users
  call it (``benchmarks/peers/``).
* Checks: every method's outcome is the board's (published, or unique for a generated
  board) and every answer of a unique board is the same; a peer that answers otherwise
  is named under the table and that board counts as not decided for it.
* Output: a markdown table a genre (decided, median, p90 and max seconds, the median of
  each set of boards, and the default's median over each row's on the boards both
  took), with the machine, its load and the date; ``--write`` puts it in
  ``docs/figures.md`` under the genre's heading, in place of the runner's earlier
  section there (the older runs below it stay). Progress goes to standard error.

Run: ``.venv/bin/python benchmarks/run.py heyawake masyu [--count 2] [--limit 10]
[--noqx /path/to/noqx] [--write]``, or ``--all``.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import os
import re
import statistics
import sys
import textwrap
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common import machine
from peers import noqx_peer, picross_peer, puzzlekit_peer
from peers.outcome import Outcome

from cpsolve import registry
from cpsolve.family import Kind
from cpsolve.grid import cases as genre_cases
from cpsolve.grid.generate import generate
from cpsolve.grid.solve import candidates, solve
from cpsolve.result import Status

ROOT = Path(__file__).resolve().parent
DATA = ROOT / "data"
FIGURES = ROOT.parent / "docs" / "figures.md"
DECIDED = ("unique", "not unique", "no solution")
EVERY = 1.0  # seconds between two progress lines


def say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


@dataclass(frozen=True)
class Board:
    """A board to time, the set it belongs to, and the outcome it is known to have."""

    board: Any
    group: str
    expected: str
    where: str


@dataclass
class Row:
    """One line of the table: a method or a peer, and what it did on each board
    (``None`` where a peer does not take the board)."""

    name: str
    run: Callable[[Any], Outcome | None]
    peer: bool = False
    seconds: list[float | None] = field(default_factory=list)
    decided: list[bool] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)


# Boards

def published(grid: Any, cases: genre_cases.Cases, most: int | None) -> list[Board]:
    """The decided published boards (``most``: at most so many, spread over the file),
    then, where the genre has a variant, those whose outcome under it is decided."""
    found = [(case, grid.parse(case.board)) for case in cases.published
             if case.outcome in DECIDED]
    if most is not None and len(found) > most:
        found = [found[k * len(found) // most] for k in range(most)]
    out = [Board(board, "published", case.outcome, f"published {case.board[:70]}")
           for case, board in found]
    if grid.variant is not None:
        flag = grid.variant.option.name
        out += [Board(grid.variant.apply(board, True), f"published, {flag}",
                      case.variant[flag], f"published ({flag}) {case.board[:60]}")
                for case, board in found if case.variant.get(flag) in DECIDED]
    return out


def made(name: str, grid: Any, bench: genre_cases.Benchmark, size: genre_cases.Size,
         count: int) -> list[Board]:
    """``count`` boards of ``size`` by the genre's generator (seeds 1, 2, ...; with the
    table's ``keep``, every other board keeps that share of clues beyond those
    uniqueness needs): read from ``benchmarks/data/NAME/SIZE.txt``, the missing ones
    made and written back."""
    path = DATA / name / f"{size.name}.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    urls = path.read_text().split() if path.exists() else []
    write = grid.exports["url"]
    while len(urls) < count:
        seed = len(urls) + 1
        options = {**bench.generator, **size.options}
        if bench.keep is not None:
            options["density"] = 0.0 if seed % 2 else bench.keep
        start = time.perf_counter()
        urls.append(write(generate(grid, size.rows, size.cols, seed=seed, **options).board))
        say(f"{name}: made {size.name} #{seed} in {time.perf_counter() - start:.1f} s")
        path.write_text("\n".join(urls) + "\n")
    group = ", ".join([f"{size.rows}x{size.cols}", *(f"{key} {value}" for key, value
                                                     in size.options.items())])
    return [Board(grid.parse(url), group, "unique", f"{group} #{k + 1}")
            for k, url in enumerate(urls[:count])]


# Methods and peers

def ours(grid: Any, limit: float, **options: Any) -> Callable[[Any], Outcome]:
    """A cpsolve method as users call it: the outcome, and the answer of a unique board."""
    def run(board: Any) -> Outcome:
        result = solve(grid, board, unique=True, time_limit=limit, **options)
        if result.status is Status.ERROR:
            raise SystemExit(f"{grid.name} {options or 'default'}: {result.reason}")
        if result.status is Status.UNSOLVABLE:
            return Outcome("no solution")
        if result.unique is None:
            return Outcome(None)
        return Outcome("unique", result.solution) if result.unique else Outcome("not unique")
    return run


def methods(grid: Any, limit: float) -> list[Row]:
    """Every backend and encoding, the default (what ``auto`` runs) first."""
    rows = []
    for k, candidate in enumerate(candidates(grid)):
        backend, entry = candidate.method
        if k == 0:
            rows.append(Row(f"{backend} {entry.name} (default)", ours(grid, limit)))
        else:
            rows.append(Row(f"{backend} {entry.name}",
                            ours(grid, limit, backend=backend, encoding=entry.name)))
    return rows


@dataclass
class Peers:
    """The peers of this run and what the table says of each."""

    limit: float
    noqx: Path | None
    notes: list[str] = field(default_factory=list)

    def rows(self, name: str, grid: Any, bench: genre_cases.Benchmark | None) -> list[Row]:
        names = bench.peers if bench is not None else {}
        rows = []
        kit = puzzlekit_peer.version()
        if "puzzlekit" in names:
            if kit is None:
                self.notes.append("puzzlekit: not installed (`pip install puzzlekit==0.3.4`)")
            else:
                rows.append(Row(f"peer: puzzlekit {kit} (solve only)", puzzlekit_peer.solver(
                    name, names["puzzlekit"], grid.board_text, self.limit), peer=True))
                self.notes.append(f"puzzlekit {kit}: `puzzlekit.solve(text, "
                                  f"\"{names['puzzlekit']}\")`, solve only (no second answer "
                                  f"looked for)")
        if "noqx" in names:
            if self.noqx is None:
                self.notes.append("noqx: not measured in this run (no `--noqx` checkout)")
            else:
                import clingo

                version = noqx_peer.version(self.noqx)
                rows.append(Row(f"peer: noqx {version}", noqx_peer.solver(
                    name, names["noqx"], self.noqx, self.limit), peer=True))
                self.notes.append(f"noqx {version} on clingo {clingo.__version__}: "
                                  f"`run_solver(\"{names['noqx']}\", penpa, parameters)`, "
                                  f"its defaults (up to 10 answers, one thread)")
        if "picross" in names:
            version = picross_peer.version()
            if version is None:
                self.notes.append("picross-solver: not installed "
                                  "(`pip install picross-solver==1.1.2`)")
            else:
                rows.append(Row(f"peer: picross-solver {version} (solve only)",
                                picross_peer.solver(name), peer=True))
                self.notes.append(f"picross-solver {version}: `picross_solver.solve(rows, "
                                  f"cols, puzzle)`, solve only (its first answer)")
        return rows


# The run

def measure(name: str, boards: list[Board], rows: list[Row], limit: float) -> None:
    """Every row on every board, each warmed up on the first; the rows' order turns by
    one from board to board, so that none always pays for what the first run on a
    board leaves cached."""
    for row in rows:
        row.run(boards[0].board)  # imports, compiled code, caches
    start = last = time.perf_counter()
    mine = [row for row in rows if not row.peer]
    for k, item in enumerate(boards):
        turn = k % len(rows)
        found: dict[str, Outcome | None] = {}
        for row in rows[turn:] + rows[:turn]:
            gc.collect()  # another call's garbage is not this one's to collect
            began = time.perf_counter()
            try:
                outcome = row.run(item.board)
            except Exception as error:  # a peer that fails on a board, not the run
                if not row.peer:
                    raise
                outcome = Outcome(None)
                row.wrong.append(f"{item.where}: {type(error).__name__}: {error}"[:160])
            took = time.perf_counter() - began
            found[row.name] = outcome
            if outcome is None:
                row.seconds.append(None)
                row.decided.append(False)
                continue
            row.decided.append(outcome.decided)
            row.seconds.append(took if outcome.decided else max(took, limit))
        check(item, mine, rows, found, limit)
        now = time.perf_counter()
        if now - last >= EVERY or k + 1 == len(boards):
            say(f"{name}: {k + 1}/{len(boards)} boards, {now - start:.0f} s")
            last = now


def check(item: Board, mine: list[Row], rows: list[Row], found: dict[str, Outcome | None],
          limit: float) -> None:
    """cpsolve's methods must find the board's outcome and one answer; a peer that
    finds another is noted, and the board counts as not decided for it."""
    answers = {}
    for row in mine:
        outcome = found[row.name]
        assert outcome is not None
        if outcome.decided and not outcome.agrees(item.expected):
            raise SystemExit(f"{row.name} found {outcome.found} on {item.where}, "
                             f"known: {item.expected}")
        if outcome.found == "unique":
            answers[row.name] = outcome.answer
    if len({repr(sorted(a)) if isinstance(a, frozenset) else repr(a)
            for a in answers.values()}) > 1:
        raise SystemExit(f"methods disagree on {item.where}: {answers}")
    answer = next(iter(answers.values()), None)
    for row in rows:
        outcome = found[row.name]
        if not row.peer or outcome is None or not outcome.decided:
            continue
        wrong = not outcome.agrees(item.expected) or (
            outcome.answer is not None and answer is not None and outcome.answer != answer)
        if wrong:
            row.wrong.append(f"{item.where}: {outcome.found}"
                             + (", another answer" if outcome.agrees(item.expected) else ""))
            row.decided[-1] = False
            row.seconds[-1] = max(row.seconds[-1] or 0.0, limit)


# The table

def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def median_of(values: list[float]) -> str:
    return f"{statistics.median(values):.3f}" if values else "–"


def table(rows: list[Row], boards: list[Board]) -> list[str]:
    groups = list(dict.fromkeys(item.group for item in boards))
    default = rows[0]
    lines = ["| method | decided | median | p90 | max | " + " | ".join(
        f"median {g}" for g in groups) + " | default's median ÷ this (same boards) |",
             "|---|---|---|---|---|" + "---|" * len(groups) + "---|"]
    for row in rows:
        taken = [(k, s) for k, s in enumerate(row.seconds) if s is not None]
        values = [s for _, s in taken]
        if not values:
            continue
        decided = sum(row.decided[k] for k, _ in taken)
        by_group = [median_of([s for k, s in taken if boards[k].group == g]) for g in groups]
        mine = {k: s for k, s in enumerate(default.seconds) if s is not None}
        ratio = (statistics.median(mine[k] for k, _ in taken if k in mine)
                 / statistics.median(s for k, s in taken if k in mine))
        reads = f" (reads {len(values)} of {len(boards)})" if len(values) < len(boards) else ""
        lines.append(f"| {row.name} | {decided}/{len(values)}{reads} | {median_of(values)} | "
                     f"{percentile(values, 0.9):.3f} | {max(values):.3f} | "
                     + " | ".join(by_group) + f" | {ratio:.2f} |")
    return lines


def wrap(paragraph: str, indent: str = "") -> str:
    """A paragraph of the page, in lines of at most 92 characters (as the page's own)."""
    return textwrap.fill(paragraph, 92, subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False)


def section(name: str, boards: list[Board], rows: list[Row], peers: Peers, limit: float,
            load: float, argv: str) -> str:
    groups = list(dict.fromkeys(item.group for item in boards))
    counts = ", ".join(f"{sum(item.group == g for item in boards)}"
                       + (" " if g.startswith("published") else " of ") + g for g in groups)
    wrong = [f"- {row.name} gave no answer or another on {len(row.wrong)} board(s), "
             f"counted as not decided: "
             + "; ".join(row.wrong[:3]) + (" ..." if len(row.wrong) > 3 else "")
             for row in rows if row.wrong]
    day = datetime.date.today().isoformat()
    text = [
        f"<!-- benchmarks/run.py {name}: begin -->",
        f"### Measured by `benchmarks/run.py {name}`, {day}",
        "",
        wrap(f"{machine()}; load average {load:.1f} at the start. `{argv}`."),
        "",
        wrap(f"{len(boards)} boards ({counts}): the published ones are the decided cases of "
        f"`models/{name}/cases.toml`, the others made by the generator at published sizes "
        f"(`benchmarks/data/{name}/`). Seconds a board; limit {limit:g} s (a board not "
        f"decided counts as {limit:g} s). cpsolve's rows: `solve(board, unique=True, "
        f"time_limit={limit:g})` with each backend and encoding, solve and uniqueness "
        f"proof, in process after a warm-up, the order of the rows turning board by "
        f"board, the garbage collector run before each call (untimed). "
        + ("Peers in the same run: " + "; ".join(peers.notes) + "."
           if peers.notes else "No peer has this genre.")),
        "",
        *table(rows, boards),
        "",
        wrap("Every outcome was the board's, and every answer of a unique board the same in "
             "every row that gives one." if not wrong else
             "cpsolve's outcomes were the boards' and its answers agreed; besides:"),
        *(wrap(line, "  ") for line in wrong),
        f"<!-- benchmarks/run.py {name}: end -->",
    ]
    return "\n".join(text) + "\n"


def title_of(grid: Any) -> str:
    """The genre's heading in the figures page: its summary's name (``Akari (Light
    Up)`` is ``Akari``)."""
    return re.sub(r"\s*\(.*\)", "", grid.summary.split(":")[0]).strip()


def write(name: str, title: str, text: str, page: Path = FIGURES) -> None:
    """Put ``text`` in ``page`` under ``## title``: in place of the runner's earlier
    section for the genre, or first under the heading, above the older runs (a new
    heading at the end where the page has none)."""
    lines = page.read_text().splitlines(keepends=True)
    begin, end = (f"<!-- benchmarks/run.py {name}: {w} -->" for w in ("begin", "end"))
    marks = [k for k, line in enumerate(lines) if line.strip() in (begin, end)]
    if len(marks) == 2:
        lines[marks[0]:marks[1] + 1] = [text]
    else:
        heading = next((k for k, line in enumerate(lines) if line.strip() == f"## {title}"),
                       None)
        if heading is None:
            lines += ["\n", f"## {title}\n", "\n", text]
        else:
            lines[heading + 1:heading + 2] = ["\n", text, "\n"]
    page.write_text("".join(lines))


def command(name: str, args: argparse.Namespace) -> str:
    """The command that measures ``name`` as this run did."""
    words = ["benchmarks/run.py", name]
    if args.count is not None:
        words += ["--count", str(args.count)]
    if args.published is not None:
        words += ["--published", str(args.published)]
    words += ["--limit", f"{args.limit:g}"] + (["--noqx", "PATH"] if args.noqx else [])
    return " ".join(words)


def run(name: str, args: argparse.Namespace, peers: Peers, argv: str) -> str | None:
    grid = registry.load(name).grid
    cases = genre_cases.of(registry.target(name).split(":")[0])
    bench = cases.benchmark
    boards = published(grid, cases, args.published)
    if bench is not None:
        for size in bench.sizes:
            count = bench.count_of(size) if args.count is None else args.count
            boards += made(name, grid, bench, size, count)
    if not boards:
        say(f"{name}: no published cases and no [benchmark] table: nothing to measure")
        return None
    load = os.getloadavg()[0]
    peers.notes = []
    rows = methods(grid, args.limit) + peers.rows(name, grid, bench)
    say(f"{name}: {len(boards)} boards, {len(rows)} rows")
    measure(name, boards, rows, args.limit)
    text = section(name, boards, rows, peers, args.limit, load, argv)
    if args.write:
        write(name, title_of(grid), text)
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description="Every method of each grid genre, as "
                                     "users call it, beside the peers users would pick, "
                                     "on the same boards in the same run.")
    parser.add_argument("genres", nargs="*", help="grid genres to measure")
    parser.add_argument("--all", action="store_true", help="every grid genre")
    parser.add_argument("--count", type=int, default=None, metavar="N",
                        help="generated boards of each size (default: the genre's table)")
    parser.add_argument("--published", type=int, default=None, metavar="N",
                        help="at most so many published boards, spread over the file")
    parser.add_argument("--limit", type=float, default=10.0, metavar="S",
                        help="seconds a board (default 10)")
    parser.add_argument("--noqx", type=Path, default=None, metavar="PATH",
                        help="a checkout of noqx's repository, to measure it too")
    parser.add_argument("--write", action="store_true",
                        help="put each genre's table in docs/figures.md")
    args = parser.parse_args()
    grid_genres = [n for n in registry.names() if registry.load(n).kind is Kind.GRID]
    names = grid_genres if args.all else args.genres
    unknown = [n for n in names if n not in grid_genres]
    if unknown or not names:
        parser.error(f"grid genres: {', '.join(grid_genres)}")
    if args.noqx is not None and not (args.noqx / "noqx" / "clingo.py").exists():
        parser.error(f"{args.noqx} is no checkout of noqx")
    peers = Peers(args.limit, args.noqx)
    for name in names:
        text = run(name, args, peers, command(name, args))
        if text is not None:
            print(text)


if __name__ == "__main__":
    main()
