"""Akari benchmark: prints the figures the README records.

1. The seed's 18x10 board, solved and proven unique, by CP-SAT and by each SAT
   formulation, cardinality encoding and solver.
2. 200 boards made like published ones (:func:`published`: unique, graded easy,
   tricky and hard, mostly 10x10 to 25x25, a few to 50x50): reading the board,
   solving it and proving it unique, in process, against a plain CNF with Glucose 4
   and no deductions, measured in the same run, board by board in turn, three times.
3. Generated boards of 50x50 to 300x300: solve plus uniqueness proof, model build
   included, for the candidate methods and a baseline built the obvious way (one
   clause per cell listing the cells that see it, pysat.card for the rest, Python
   loops, CaDiCaL) in the same run, as a ratio.
4. The generator: unique puzzles of 50x50 and 100x100 for each grade and symmetry.
5. A cold ``cpsolve akari`` on the 7x7 seed board, as a whole process, against a cold
   ``python -c pass``.
0. First, the peer users would pick: akari-sat 0.1.2 in its own virtual environment
   (Python 3.13), on the published boards of ``models/akari/cases.toml`` and the 200
   boards of part 2, board by board in turn (``benchmarks/peers/akari_sat_peer.py``).

Run: ``.venv/bin/python benchmarks/akari.py [--quick] [--peer PYTHON] [--only-peer]
[--only PART ...]``.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from common import machine  # noqa: E402

from cpsolve.cnf import CARDS  # noqa: E402
from cpsolve.models.akari import Board, check, parse, solve  # noqa: E402
from cpsolve.models.akari.layout import generate, puzzle, tiled_unique  # noqa: E402


def best_of(runs: int, job: Callable[[], object]) -> tuple[float, object]:
    times, out = [], None
    for _ in range(runs):
        start = time.perf_counter()
        out = job()
        times.append(time.perf_counter() - start)
    return min(times), out


def baseline(board: Board) -> tuple[bool, bool]:
    """Solve and prove unique with a model built the obvious way; (solved, unique)."""
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    from pysat.solvers import Solver

    pool = IDPool()
    light = {cell: pool.id(("light", cell)) for cell in board.whites}
    clauses = []
    for cell in board.whites:
        clauses.append([light[cell]] + [light[other] for other in board.visible(cell)])
        for step in ((0, 1), (1, 0)):  # at most one light per run, from its first cell
            before = (cell[0] - step[0], cell[1] - step[1])
            if before in light:
                continue
            run = [cell]
            while (nxt := (run[-1][0] + step[0], run[-1][1] + step[1])) in light:
                run.append(nxt)
            if len(run) > 1:
                clauses += CardEnc.atmost([light[c] for c in run], 1, vpool=pool,
                                          encoding=EncType.seqcounter).clauses
    for cell, number in board.clues.items():
        lits = [light[n] for n in board.white_neighbours(cell)]
        if number > len(lits):
            return False, False
        clauses += CardEnc.equals(lits, number, vpool=pool, encoding=EncType.seqcounter).clauses
    with Solver("cadical195", bootstrap_with=clauses) as sat:
        if not sat.solve():
            return False, False
        model = set(lit for lit in sat.get_model() if lit > 0)
        sat.add_clause([-v if v in model else v for v in light.values()])
        return True, not sat.solve()


def plain_glucose(text: str) -> tuple[bool, bool]:
    """The peer's way, from the board's text: a plain CNF (one clause per white cell
    listing the cells that see it, pairwise "at most one" per run, every subset for
    the clues), Glucose 4, no deductions; solve, block, solve. (solved, unique)."""
    from pysat.solvers import Solver

    board = parse(text)
    light = {cell: k + 1 for k, cell in enumerate(board.whites)}
    clauses = []
    for cell in board.whites:
        clauses.append([light[cell]] + [light[other] for other in board.visible(cell)])
        for step in ((0, 1), (1, 0)):
            if (cell[0] - step[0], cell[1] - step[1]) in light:
                continue
            run = [cell]
            while (nxt := (run[-1][0] + step[0], run[-1][1] + step[1])) in light:
                run.append(nxt)
            clauses += [[-light[a], -light[b]] for a, b in itertools.combinations(run, 2)]
    for cell, number in board.clues.items():
        lits = [light[n] for n in board.white_neighbours(cell)]
        if number > len(lits):
            return False, False
        clauses += [[-x for x in c] for c in itertools.combinations(lits, number + 1)]
        clauses += [list(c) for c in itertools.combinations(lits, len(lits) - number + 1)]
    with Solver("glucose4", bootstrap_with=clauses) as sat:
        if not sat.solve():
            return False, False
        model = [x for x in sat.get_model() if abs(x) <= len(light)]
        sat.add_clause([-x for x in model])
        return True, not sat.solve()


def ours(text: str) -> tuple[bool, bool]:
    """cpsolve from the board's text: read it, solve it, prove it unique."""
    result = solve(parse(text), unique=True)
    return bool(result.solutions), bool(result.unique)


# Published boards: mostly 10x10 to 25x25 (Nikoli's, janko.at's, Tatham's presets of
# 7x7 to 14x14), some larger; uniquely solvable, many by the basic deductions alone.
PUBLISHED_SIZES = ([(10, 10)] * 40 + [(14, 14)] * 40 + [(12, 12)] * 10 + [(18, 10)] * 10
                   + [(10, 18)] * 10 + [(17, 17)] * 25 + [(20, 20)] * 25 + [(25, 25)] * 20
                   + [(30, 30)] * 10 + [(36, 20)] * 5 + [(40, 40)] * 3 + [(50, 50)] * 2)
GRADE_SHARES = {"easy": 45, "tricky": 30, "hard": 25}


def published() -> list[tuple[str, str]]:
    """The 200 boards (text, grade): :func:`puzzle` with the sizes above, grades drawn
    45/30/25, 180-degree symmetry for most (as published), none for the rest."""
    rng = random.Random(2024)
    boards = []
    for k, (width, height) in enumerate(PUBLISHED_SIZES):
        level = rng.choices(list(GRADE_SHARES), list(GRADE_SHARES.values()))[0]
        symmetry = "rot2" if rng.random() < 0.85 else "none"
        made = puzzle(width, height, grade=level, symmetry=symmetry, seed=k)
        assert made.board is not None and made.grade == level
        boards.append(("\n".join(made.board.rows), level))
    return boards


def published_boards(rounds: int, runs: int) -> None:
    start = time.perf_counter()
    boards = published()
    made = time.perf_counter() - start
    decided = sum(1 for text, _ in boards if solve(parse(text)).stats.solver_calls == 0)
    print(f"\n### 200 boards like published ones: read, solve, prove unique, in process, "
          f"milliseconds\n\n{len(boards)} boards made in {made:.1f} s, "
          + ", ".join(f"{sum(1 for _, g in boards if g == level)} {level}"
                      for level in GRADE_SHARES)
          + f"; {decided} fall to the deductions alone. Each board is timed by both, in turn "
          f"(best of {runs}), in {rounds} rounds.\n")
    for text, _ in boards[:5]:  # warm up: imports, caches
        ours(text)
        plain_glucose(text)
    print("| round | cpsolve median | cpsolve p90 | plain CNF + Glucose 4 median | p90 | "
          "baseline / cpsolve (medians) |")
    print("|---|---|---|---|---|---|")
    per_grade: dict[str, list[float]] = {level: [] for level in GRADE_SHARES}
    for number in range(1, rounds + 1):
        mine, theirs = [], []
        for text, level in boards:
            for job, times in ((ours, mine), (plain_glucose, theirs)):
                seconds, answer = best_of(runs, lambda j=job, t=text: j(t))
                assert answer == (True, True)
                times.append(seconds)
            per_grade[level].append(mine[-1])
        print(f"| {number} | {_ms(statistics.median(mine))} | {_ms(_p90(mine))} | "
              f"{_ms(statistics.median(theirs))} | {_ms(_p90(theirs))} | "
              f"{statistics.median(theirs) / statistics.median(mine):.1f}x |", flush=True)
    print("\ncpsolve's median by grade: " + ", ".join(
        f"{level} {_ms(statistics.median(times))}" for level, times in per_grade.items()))


PEER = ROOT / "benchmarks" / "peers" / "akari_sat_peer.py"
PEER_HELP = ("akari-sat 0.1.2 needs Python 3.13 and a virtual environment of its own: "
             "python3.13 -m venv /tmp/akari-sat && /tmp/akari-sat/bin/pip install "
             "akari-sat==0.1.2, then --peer /tmp/akari-sat/bin/python")


def published_urls() -> list[str]:
    """The published unique boards of ``models/akari/cases.toml``."""
    from cpsolve.grid import cases

    return cases.of("cpsolve.models.akari").boards("unique")


def against_akari_sat(peer: str, rounds: int) -> None:
    """cpsolve against akari-sat (the peer users would pick: a plain CNF with Glucose 3),
    on the published boards and the 200 boards made like them: each board read, solved
    and proven unique by cpsolve in this process and by akari-sat in its own (its
    users' call: ``solve_akari``, then a clause blocking the lights and a second
    solve), in turn, board by board, model building included, each timed inside its
    own process; ``rounds`` rounds."""
    import json

    if not Path(peer).exists():
        print(f"\n(akari-sat not measured: no {peer}; {PEER_HELP})")
        return
    sets = {"published": [parse(url) for url in published_urls()],
            "made like published": [parse(text) for text, _ in published()]}
    process = subprocess.Popen([peer, str(PEER)], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    assert process.stdin is not None and process.stdout is not None

    def theirs(board: Board) -> float:
        process.stdin.write(json.dumps(list(board.rows)) + "\n")
        process.stdin.flush()
        answer = json.loads(process.stdout.readline())
        assert answer["solved"] and answer["unique"]
        return float(answer["seconds"])

    def mine(board: Board) -> float:
        start = time.perf_counter()
        result = solve(board, unique=True)
        took = time.perf_counter() - start
        assert result.unique is True
        return took

    for board in sets["published"][:5]:  # warm up both: imports, caches
        mine(board), theirs(board)
    version = subprocess.run([peer, "-c", "import sys; print(sys.version.split()[0])"],
                             capture_output=True, text=True).stdout.strip()
    print(f"\n### Against akari-sat 0.1.2 (Python {version}, Glucose 3): solve and prove "
          f"unique, model building included, seconds\n\nEach board by cpsolve then by "
          f"akari-sat, in turn, {rounds} rounds; totals are per round (median round).\n")
    print("| boards | count | cpsolve total | akari-sat total | cpsolve median (ms) | "
          "akari-sat median (ms) | akari-sat / cpsolve (totals, medians) |")
    print("|---|---|---|---|---|---|---|")
    for name, boards in sets.items():
        ours_all: list[list[float]] = []
        peer_all: list[list[float]] = []
        for _ in range(rounds):
            pairs = [(mine(board), theirs(board)) for board in boards]
            ours_all.append([a for a, _ in pairs])
            peer_all.append([b for _, b in pairs])
        total_ours = statistics.median(sum(times) for times in ours_all)
        total_peer = statistics.median(sum(times) for times in peer_all)
        med_ours = statistics.median(t for times in ours_all for t in times)
        med_peer = statistics.median(t for times in peer_all for t in times)
        print(f"| {name} | {len(boards)} | {total_ours:.3f} | {total_peer:.3f} | "
              f"{_ms(med_ours)} | {_ms(med_peer)} | {total_peer / total_ours:.2f}x, "
              f"{med_peer / med_ours:.2f}x |", flush=True)
    process.stdin.close()
    process.wait(10)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def _p90(times: list[float]) -> float:
    return sorted(times)[int(0.9 * len(times))]


def generator(sizes: list[int], symmetries: list[str]) -> None:
    print("\n### The generator: unique puzzles made to order, seconds (wall and CPU)\n")
    print("| size | grade | symmetry | seconds | CPU seconds | numbers | black cells |")
    print("|---|---|---|---|---|---|---|")
    for n in sizes:
        for level in ("easy", "tricky", "hard", None):
            for symmetry in symmetries:
                wall, cpu = time.perf_counter(), time.process_time()
                made = puzzle(n, n, grade=level, symmetry=symmetry, seed=1)
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                assert made.board is not None, made.reason
                black = sum(row.count(".") for row in made.board.rows)
                print(f"| {n}x{n} | {level or 'any (' + str(made.grade) + ')'} | {symmetry} | "
                      f"{wall:.2f} | {cpu:.2f} | {len(made.board.clues)} | "
                      f"{1 - black / (n * n):.0%} |", flush=True)


METHODS: dict[str, dict[str, object]] = {
    "auto (the default)": {},
    "sat segments cadical195": {"backend": "sat", "solver": "cadical195",
                                "encoding": "segments"},
    "sat segments cadical153": {"backend": "sat", "solver": "cadical153",
                                "encoding": "segments"},
    "sat sight cadical195": {"backend": "sat", "solver": "cadical195", "encoding": "sight"},
    "sat sight cadical153": {"backend": "sat", "solver": "cadical153", "encoding": "sight"},
    "sat sight glucose4": {"backend": "sat", "solver": "glucose4"},
    "sat sight minisat22": {"backend": "sat", "solver": "minisat22"},
    "sat sight cadical195, no deductions": {"backend": "sat", "solver": "cadical195",
                                            "deductions": False},
    "cpsat segments": {"backend": "cpsat", "encoding": "segments"},
    "cpsat sight": {"backend": "cpsat", "encoding": "sight"},
}


def seed_board(runs: int) -> None:
    board = parse((ROOT / "examples" / "akari" / "seed-18x10.txt").read_text())
    print("\n### The seed's 18x10 board: solve + uniqueness proof, milliseconds "
          "(the seed's backtracking: 110 s)\n")
    columns = [(enc, pre) for enc in ("sight", "segments") for pre in (True, False)]
    print("| method | " + " | ".join(f"{enc}{', deductions' if pre else ''}"
                                     for enc, pre in columns) + " |")
    print("|---" * (len(columns) + 1) + "|")

    def timed(**options: object) -> str:
        seconds, result = best_of(runs, lambda: solve(board, unique=True, **options))
        assert result.unique is True and check(board, result.solution) == []
        return f"{seconds * 1000:.1f}"

    lines = [("CP-SAT", {"backend": "cpsat"})]
    lines += [(f"SAT {card}, CaDiCaL 1.9.5", {"backend": "sat", "card": card,
                                              "solver": "cadical195"}) for card in CARDS]
    lines += [(f"SAT direct, {name}", {"backend": "sat", "solver": name}) for name in
              ("cadical153", "glucose4", "glucose42", "minisat22", "maplechrono", "lingeling",
               "mergesat3", "kissat404")]
    for label, options in lines:
        cells = [timed(encoding=enc, deductions=pre, **options) for enc, pre in columns]
        print(f"| {label} | " + " | ".join(cells) + " |", flush=True)


KINDS: dict[str, Callable[[int, int], Board]] = {
    "random, every black cell numbered (several solutions: the proof finds a second)":
        lambda n, seed: generate(n, n, seed=seed)[0],
    "random, half the black cells numbered (several solutions)":
        lambda n, seed: generate(n, n, clues=0.5, seed=seed)[0],
    "unique: 12x12 unique boards tiled (`tiled_unique`), the proof is UNSAT":
        lambda n, seed: tiled_unique(n, n, seed=seed)[0],
}


def large_boards(sizes: list[int], seeds: list[int], runs: int) -> None:
    print(f"\n### Generated boards: solve + uniqueness proof, model build included, seconds "
          f"(median over {len(seeds)} boards of the best of {runs} runs)\n")
    print("20% black cells (`generate(n, n, seed=s)`); CP-SAT only up to 100x100. The "
          "baseline is built the obvious way (see the script) and run in the same "
          "process.")
    for kind, make in KINDS.items():
        print(f"\n#### {kind}\n")
        print("| method | " + " | ".join(f"{n}x{n}" for n in sizes) + " |")
        print("|---" * (len(sizes) + 1) + "|")
        boards = {n: [make(n, s) for s in seeds] for n in sizes}
        table: dict[str, list[float]] = {}
        for name, options in METHODS.items():
            row = []
            for n in sizes:
                if options.get("backend") == "cpsat" and n > 100:
                    row.append(float("nan"))
                    continue
                solve(boards[n][0], **options)  # warm up: imports, caches
                times = []
                for board in boards[n]:
                    seconds, result = best_of(runs, lambda b=board, o=options: solve(
                        b, unique=True, **o))
                    assert result.solutions and result.unique is not None
                    if kind.startswith("unique"):
                        assert result.unique is True
                    times.append(seconds)
                row.append(statistics.median(times))
            table[name] = row
            print(f"| {name} | " + " | ".join("-" if t != t else f"{t:.3f}" for t in row)
                  + " |", flush=True)
        base = []
        for n in sizes:
            times = [best_of(1, lambda b=board: baseline(b))[0] for board in boards[n]]
            base.append(statistics.median(times))
        print("| baseline: obvious CNF, CaDiCaL 1.9.5 | "
              + " | ".join(f"{t:.3f}" for t in base) + " |")
        ratios = " | ".join(f"{b / t:.1f}x" for b, t in zip(base, table["auto (the default)"]))
        print(f"| **baseline / auto** | {ratios} |")
        fastest = min(table, key=lambda name: table[name][-1])
        print(f"\nFastest at {sizes[-1]}x{sizes[-1]}: {fastest}.")


def cold_start(runs: int) -> None:
    """Whole processes, as a user starts them: Python may write its bytecode caches
    (a shell with ``PYTHONDONTWRITEBYTECODE`` set would otherwise compile every module
    changed since the caches were made, at every start), and a first run of each
    command, not timed, writes them."""
    import os

    cpsolve = Path(sys.executable).with_name("cpsolve")
    board = str(ROOT / "examples" / "akari" / "seed-7x7.txt")
    env = {key: value for key, value in os.environ.items()
           if key != "PYTHONDONTWRITEBYTECODE"}

    def whole(command: list[str]) -> float:
        subprocess.run(command, check=True, capture_output=True, env=env)
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True, env=env)
            times.append(time.perf_counter() - start)
        return min(times)

    python = whole([sys.executable, "-c", "pass"])
    solve_7 = whole([str(cpsolve), "akari", board])
    unique_7 = whole([str(cpsolve), "akari", board, "--unique"])
    helps = whole([str(cpsolve), "--help"])
    print(f"\n### Cold start, whole process, seconds (best of {runs})\n")
    print("| command | seconds |\n|---|---|")
    print(f"| `python -c pass` (baseline) | {python:.3f} |")
    print(f"| `cpsolve --help` | {helps:.3f} |")
    print(f"| `cpsolve akari seed-7x7.txt` | {solve_7:.3f} ({solve_7 / python:.1f}x baseline) |")
    print(f"| `cpsolve akari seed-7x7.txt --unique` | {unique_7:.3f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer seeds and sizes")
    parser.add_argument("--peer", default="/tmp/akari-sat/bin/python", metavar="PYTHON",
                        help="the Python of akari-sat's own environment (" + PEER_HELP + ")")
    parser.add_argument("--only-peer", action="store_true",
                        help="only the comparison with akari-sat")
    parser.add_argument("--only", choices=PARTS, action="append", metavar="PART",
                        help="only these parts (repeatable): " + ", ".join(PARTS))
    args = parser.parse_args()
    parts = set(args.only or (["peer"] if args.only_peer else PARTS))
    print("## Akari benchmark\n")
    print(machine())
    runs = 2 if args.quick else 3
    if "peer" in parts:
        against_akari_sat(args.peer, runs)
    if "seed" in parts:
        seed_board(runs)
    if "published" in parts:
        published_boards(2 if args.quick else 3, runs)
    if "large" in parts:
        sizes = [50, 100, 300] if args.quick else [50, 100, 200, 300]
        large_boards(sizes, [1, 2] if args.quick else [1, 2, 3], runs)
    if "generator" in parts:
        generator([50, 100], ["rot2"] if args.quick else ["rot2", "rot4", "mirror", "none"])
    if "start" in parts:
        cold_start(5)


PARTS = ("peer", "seed", "published", "large", "generator", "start")


if __name__ == "__main__":
    main()
