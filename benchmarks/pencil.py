"""What the pencil-puzzle benchmarks (heyawake.py, masyu.py) share: boards of the
published sizes, made once by the family's generator and kept in
``benchmarks/data/FAMILY/``; every method timed on each board, solve and uniqueness
proof, in-process after a warm-up; the table of median, p90 and max beside the
baselines measured in the same run.

A board's answer from every method must agree (the checker sees each one, and the
proof of uniqueness makes "agree" mean "the same shading or loop").
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from common import machine

from cpsolve.grid.generate import generate

DATA = Path(__file__).resolve().parent / "data"
SIZES = ((10, 10), (14, 24), (20, 36), (30, 30))  # rows x columns, as published


def boards(family: str, puzzle: Any, to_url: Callable[[Any], str],
           parse: Callable[[str], Any], count: int, keep: float,
           sizes: tuple[tuple[int, int], ...] = SIZES) -> dict[str, list[Any]]:
    """``count`` boards of each size: read from the data file, the missing ones made
    (seeds 1, 2, ...; every other board with a minimal set of clues, the rest keeping
    ``keep`` of them beyond that) and written back."""
    out: dict[str, list[Any]] = {}
    folder = DATA / family
    folder.mkdir(parents=True, exist_ok=True)
    for rows, cols in sizes:
        path = folder / f"{rows}x{cols}.txt"
        urls = path.read_text().split() if path.exists() else []
        while len(urls) < count:
            seed = len(urls) + 1
            start = time.perf_counter()
            made = generate(puzzle, rows, cols, seed=seed, symmetry="none",
                            density=0.0 if seed % 2 else keep)
            urls.append(to_url(made.board))
            print(f"  made {family} {rows}x{cols} #{seed} in "
                  f"{time.perf_counter() - start:.1f} s", flush=True)
            path.write_text("\n".join(urls) + "\n")
        out[f"{rows}x{cols}"] = [parse(url) for url in urls[:count]]
    return out


def made(puzzle: Any, to_url: Callable[[Any], str], parse: Callable[[str], Any], size: int,
         count: int, file: str | None = None, **options: Any) -> list[Any]:
    """``count`` square boards of ``size`` made by ``puzzle``'s generator with
    ``options`` (seeds 1, 2, ...), kept in ``benchmarks/data/NAME/FILE`` (default
    ``SIZExSIZE.txt``) as URLs: read back, the missing ones made and written."""
    path = DATA / puzzle.name / (file or f"{size}x{size}.txt")
    path.parent.mkdir(parents=True, exist_ok=True)
    urls = path.read_text().split() if path.exists() else []
    while len(urls) < count:
        start = time.perf_counter()
        urls.append(to_url(generate(puzzle, size, size, seed=len(urls) + 1, **options).board))
        print(f"  made {puzzle.name} {path.stem} #{len(urls)} in "
              f"{time.perf_counter() - start:.1f} s", flush=True)
        path.write_text("\n".join(urls) + "\n")
    return [parse(url) for url in urls[:count]]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def timed(run: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    value = run()
    return time.perf_counter() - start, value


def report(title: str, sets: dict[str, list[Any]],
           methods: dict[str, Callable[[Any], tuple[bool, Any]]], limit: float) -> None:
    """Time every method on every board (the first call of each warms up; the order of
    the methods turns by one from board to board, so that none always pays for what
    the first run on a board leaves cached on it); print the table. A method returns
    (decided, answer): decided means solved and proven unique
    (or, for a solve-only baseline, solved)."""
    everything = [b for group in sets.values() for b in group]
    first = everything[0]
    for run in methods.values():
        run(first)  # imports, compiled code
    seconds: dict[str, list[float]] = {name: [] for name in methods}
    by_size: dict[str, dict[str, list[float]]] = {name: {} for name in methods}
    failed: dict[str, int] = {name: 0 for name in methods}
    names = list(methods)
    turn = 0
    for size, group in sets.items():
        for board in group:
            answers = {}
            turn += 1
            for name in names[turn % len(names):] + names[:turn % len(names)]:
                run = methods[name]
                took, (decided, answer) = timed(lambda run=run, board=board: run(board))
                if not decided:
                    failed[name] += 1
                    took = max(took, limit)
                else:
                    answers[name] = answer
                seconds[name].append(took)
                by_size[name].setdefault(size, []).append(took)
            if len({repr(sorted(a)) for a in answers.values() if a is not None}) > 1:
                raise SystemExit(f"methods disagree on a {size} board: {answers}")
    print(f"\n### {title}\n")
    print(f"{len(everything)} boards ({', '.join(f'{len(g)} of {s}' for s, g in sets.items())}); "
          f"seconds, solve and uniqueness proof unless said; limit {limit:g} s a board\n")
    sizes = list(sets)
    print("| method | decided | median | p90 | max | " + " | ".join(
        f"median {s}" for s in sizes) + " |")
    print("|---|---|---|---|---|" + "---|" * len(sizes))
    for name in methods:
        values = seconds[name]
        decided = len(values) - failed[name]
        print(f"| {name} | {decided}/{len(values)} | {statistics.median(values):.3f} | "
              f"{percentile(values, 0.9):.3f} | {max(values):.3f} | " + " | ".join(
                  f"{statistics.median(by_size[name][s]):.3f}" for s in sizes) + " |")


def arguments(description: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--count", type=int, default=6, help="boards of each size")
    parser.add_argument("--limit", type=float, default=10.0, help="seconds a board")
    parser.add_argument("--quick", action="store_true", help="4 boards of each size")
    args = parser.parse_args()
    if args.quick:
        args.count = 4
    print(machine())
    return args


def puzzlekit_solver(kind: str, limit: float) -> Callable[[str], tuple[bool, Any]] | None:
    """The peer solver (puzzlekit 0.3.4, OR-Tools CP-SAT, solve only, no uniqueness
    proof) when it is installed (``pip install puzzlekit==0.3.4``), on the board's
    grid text; None otherwise."""
    try:
        import puzzlekit
    except ImportError:
        return None

    def run(text: str) -> tuple[bool, Any]:
        result = puzzlekit.solve(text, kind, solver_options={"time_limit_sec": limit})
        return bool(result.is_solved), None

    return run


def ours(solve: Callable[..., Any], limit: float,
         **options: Any) -> Callable[[Any], tuple[bool, Any]]:
    """cpsolve's method with ``options`` as users call it (``solve(board, unique=True,
    time_limit=limit)``): for a board, whether it was proven unique, and the answer."""
    def run(board: Any) -> tuple[bool, Any]:
        result = solve(board, unique=True, time_limit=limit, **options)
        return result.unique is True, result.solution
    return run


def published(family: str) -> list[str]:
    """The URLs of the published boards of ``family`` that have one solution
    (``benchmarks/data/published/FAMILY.txt``, with their sources)."""
    path = DATA / "published" / f"{family}.txt"
    return [line.split()[0] for line in path.read_text().splitlines()
            if line.strip() and not line.startswith("#") and "outcome: unique" in line]


def run_family(family: str, title: str, module: Any, puzzle: Any,
               cpsat: list[str], baseline: tuple[str, Callable[[Any, float], Any]], *,
               sizes: tuple[tuple[int, int], ...] = SIZES, with_published: bool = False,
               peer_text: Callable[[Any], str] | None = None, keep: float = 0.3,
               peer_name: str | None = None, heading: str | None = None) -> None:
    """The whole benchmark of one family: its boards (``sizes``, and with
    ``with_published`` the published boards first), then every method on them (the
    default lazy SAT model, with Glucose 4 too, each CP-SAT encoding in ``cpsat``),
    the plain baseline and, when installed, the peer solver; ``module`` is the
    family's package (parse, solve, to_url, to_text); ``peer_text`` writes a board as
    the peer reads it where that is not the family's grid text, ``peer_name`` is the
    peer's name of the genre where it is not ``family``; ``keep`` is the share of
    clues every other generated board keeps beyond those uniqueness needs; ``heading``
    titles the table."""
    args = arguments(title)
    sets: dict[str, list[Any]] = {}
    if with_published:  # the published boards, small and large
        found = [module.parse(url) for url in published(family)]
        sets["published, under 200 cells"] = [b for b in found if b.rows * b.cols < 200]
        sets["published, 200 cells or more"] = [b for b in found if b.rows * b.cols >= 200]
    sets.update(boards(family, puzzle, module.to_url, module.parse, args.count, keep=keep,
                       sizes=sizes))
    limit = args.limit

    def mine(**options: Any) -> Callable[[Any], tuple[bool, Any]]:
        return ours(module.solve, limit, **options)

    methods = {"lazy SAT (default)": mine(), "lazy SAT, glucose4": mine(solver="glucose4")}
    methods.update({f"CP-SAT {encoding}": mine(backend="cpsat", encoding=encoding)
                    for encoding in cpsat})
    name, plain = baseline
    methods[f"baseline: {name}"] = lambda board: plain(board, limit)
    peer = puzzlekit_solver(peer_name or family, limit)
    if peer is not None:
        text = peer_text or module.to_text
        methods["peer: puzzlekit 0.3.4 (solve only)"] = lambda board: peer(text(board))
    report(heading or family.capitalize(), sets, methods, limit)


def plain_loop(grid: Any) -> tuple[Any, list[Any], list[Any]]:
    """The plain CP-SAT baselines' loop on ``grid``'s nodes: an edge variable an edge,
    ``AddCircuit`` over two arcs an edge and a self-loop on every node the loop skips.
    Returns the model, the edges' and the skips' variables; a family adds its rules."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    edge = [model.new_bool_var(f"e{k}") for k in range(len(grid.edges))]
    skip = [model.new_bool_var(f"skip{node}") for node in range(grid.cells)]
    arcs = []
    for k, (a, b) in enumerate(grid.edges):
        forward, backward = model.new_bool_var(""), model.new_bool_var("")
        model.add(forward + backward == edge[k])
        arcs += [(a, b, forward), (b, a, backward)]
    arcs += [(node, node, skip[node]) for node in range(grid.cells)]
    model.add_circuit(arcs)
    return model, edge, skip


def unique_loop(model: Any, edge: list[Any], grid: Any, limit: float) -> tuple[bool, Any]:
    """Whether the plain model has exactly one answer within ``limit`` seconds (OR-Tools'
    default workers), and that answer's edges."""
    from cpsolve.backends.cpsat import CpsatModel, enumerate_solutions
    from cpsolve.limits import Deadline

    found = enumerate_solutions(CpsatModel(model, edge), limit=2, deadline=Deadline(limit))
    unique = found.exhausted and len(found.solutions) == 1
    answer = frozenset(grid.edges[k] for k, on in enumerate(found.solutions[0])
                       if on) if unique else None
    return unique, answer
