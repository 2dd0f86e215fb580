"""Generated boards against published ones: the shape of the boards the generator makes
with its default settings (``cpsolve generate FAMILY COLS ROWS``), at the sizes of the
published boards in ``models/GENRE/cases.toml`` (puzz.link URLs of human-set puzzles,
with their sources), beside the published boards themselves.

Every genre: clues per 100 cells, and of the clues that are numbers, the mean and the
share of 1s. Heyawake also: rooms per 100 cells, mean and largest room, the share of
rooms numbered, the share of cells shaded. Masyu also: the share of white pearls, the
share of cells the loop passes. Medians over the boards, the grades, and the
generator's seconds per board.

Run: ``.venv/bin/python benchmarks/published.py [--per-size N] [--family GENRE]
[--boards N]`` (``--boards``: the first N published boards of each genre).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from common import machine

from cpsolve.grid.generate import generate
from cpsolve.grid.solve import solve
from cpsolve.limits import Deadline


def published(family: str) -> list[str]:
    """The URLs of the published boards of ``family`` that have one solution."""
    from cpsolve.grid import cases

    return [board for board in cases.of(f"cpsolve.models.{family}").boards("unique")
            if "://" in board]


def heyawake_shape(board: Any, shading: Any) -> dict[str, float]:
    from cpsolve.models.heyawake.board import UNKNOWN

    sizes = [len(cells) for cells in board.room_cells]
    given = [n for n in board.numbers if n is not None and n != UNKNOWN]
    return {"rooms /100 cells": 100 * board.rooms / board.cells,
            "mean room": statistics.mean(sizes), "largest room": max(sizes),
            "rooms numbered": sum(n is not None for n in board.numbers) / board.rooms,
            "numbers /100 cells": 100 * len(given) / board.cells,
            "mean number": statistics.mean(given) if given else 0.0,
            "cells shaded": len(shading) / board.cells}


def masyu_shape(board: Any, loop: Any) -> dict[str, float]:
    from cpsolve.models.masyu.board import WHITE

    pearls = board.pearl_cells
    return {"pearls /100 cells": 100 * len(pearls) / board.cells,
            "white pearls": sum(board.pearls[c] == WHITE for c in pearls) / max(1, len(pearls)),
            "cells passed": len({c for edge in loop for c in edge}) / board.cells}


def clue_shape(puzzle: Any) -> Callable[[Any, Any], dict[str, float]]:
    """The shape of any genre's board by its clues (:class:`cpsolve.grid.hints.Clue`)."""
    def shape(board: Any, answer: Any) -> dict[str, float]:
        clues = puzzle.require_hints().clues(board)
        numbers = [clue.number for clue in clues if clue.number is not None]
        rows, cols = size(board)
        cells = rows * cols
        return {"clues /100 cells": 100 * len(clues) / cells,
                "numbered clues": len(numbers) / max(1, len(clues)),
                "mean number": statistics.mean(numbers) if numbers else 0.0,
                "numbers that are 1": (sum(n == 1 for n in numbers) / len(numbers)
                                       if numbers else 0.0)}

    return shape


def size(board: Any) -> tuple[int, int]:
    """A board's rows and columns (Akari's boards say height and width)."""
    rows = getattr(board, "rows", None)
    if isinstance(rows, int):
        return rows, board.cols
    return board.height, board.width


SHAPES: dict[str, Callable[[Any, Any], dict[str, float]]] = {
    "heyawake": heyawake_shape, "masyu": masyu_shape}


def genres() -> list[str]:
    """The grid genres with a generator and published boards."""
    from cpsolve.registry import names

    found = []
    for name in names():
        puzzle = _puzzle(name)
        if puzzle is not None and puzzle.layout is not None and published(name):
            found.append(name)
    return found


def _puzzle(family: str) -> Any:
    import importlib

    try:
        module = importlib.import_module(f"cpsolve.models.{family}")
    except ImportError:
        return None
    return getattr(module, family.upper(), None)


def compare(family: str, per_size: int, limit: float, count: int | None = None) -> None:
    from cpsolve.grid.grading import grader_of

    puzzle = _puzzle(family)
    generic = clue_shape(puzzle)
    special = SHAPES.get(family)

    def shape(board: Any, answer: Any) -> dict[str, float]:
        return generic(board, answer) | (special(board, answer) if special else {})

    grader = grader_of(puzzle)
    boards = [puzzle.parse(url) for url in published(family)][:count]
    mine, theirs, seconds, failed = [], [], [], 0
    grades: dict[str, list[str]] = {"published": [], "generated": []}
    for k, board in enumerate(boards):
        theirs.append(shape(board, solve(puzzle, board).solution))
        graded = grader.grade(board, Deadline(limit))
        grades["published"].append(graded.name or "not graded in time")
        for seed in range(per_size):
            start = time.perf_counter()
            made = generate(puzzle, *size(board), seed=1000 * k + seed,
                            deadline=Deadline(limit))
            seconds.append(time.perf_counter() - start)
            if made.board is None:
                failed += 1
                continue
            mine.append(shape(made.board, made.answer))
            grades["generated"].append(made.grade or "not graded in time")
    sizes = sorted({f"{size(b)[1]}x{size(b)[0]}" for b in boards})
    print(f"\n{family}: {len(boards)} published boards ({', '.join(sizes)}); "
          f"{len(mine)} generated at the same sizes ({failed} not made within {limit:g} s), "
          f"generator median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s")
    print(f"| {'median':20} | published | generated |")
    print(f"|{'-' * 22}|-----------|-----------|")
    for key in theirs[0]:
        a = statistics.median(row[key] for row in theirs)
        b = statistics.median(row[key] for row in mine) if mine else float("nan")
        print(f"| {key:20} | {a:9.2f} | {b:9.2f} |")
    for source, names in grades.items():
        counts = {name: names.count(name) for name in dict.fromkeys(sorted(names))}
        print(f"grades of the {source} boards: "
              + ", ".join(f"{name} {count}" for name, count in counts.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-size", type=int, default=2,
                        help="generated boards per published board (default 2)")
    parser.add_argument("--family", default=None, help="one genre (default: every one)")
    parser.add_argument("--boards", type=int, default=None,
                        help="the first N published boards of each genre (default: all)")
    parser.add_argument("--time-limit", type=float, default=120.0,
                        help="seconds per generated board")
    args = parser.parse_args()
    print(machine())
    for family in [args.family] if args.family else genres():
        compare(family, args.per_size, args.time_limit, args.boards)


if __name__ == "__main__":
    main()
