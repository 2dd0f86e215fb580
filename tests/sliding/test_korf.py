"""Korf's 100 random 15-puzzle instances (tests/data/sliding/korf100.txt): the data,
Manhattan-distance IDA* node for node as Korf counted, and optimal plans with pattern
databases (all 100 in the slow tests)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpsolve.models.sliding import Analysis, Puzzle, check, parse, solve
from cpsolve.models.sliding.search import ida, ida_pdb, plan_databases, prepare
from cpsolve.result import Status

DATA = Path(__file__).resolve().parent.parent / "data" / "sliding" / "korf100.txt"
GOAL = "0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15"


def instances() -> list[tuple[int, int, int, Puzzle]]:
    """(number, optimal length, Korf's Manhattan IDA* nodes, puzzle) of each instance."""
    out = []
    for line in DATA.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        number, length, nodes, *cells = line.split()
        rows = "\n".join(" ".join(cells[r * 4:r * 4 + 4]) for r in range(4))
        out.append((int(number), int(length), int(nodes), parse(f"{rows}\ngoal\n{GOAL}")))
    return out


KORF = instances()
EASY = [k for k in KORF if k[2] < 1_500_000]  # Manhattan IDA* needs at most 1.5 million nodes


def test_the_data():
    assert [k[0] for k in KORF] == list(range(1, 101))
    assert sum(k[1] for k in KORF) == 5305
    assert sum(k[2] for k in KORF) == 36_302_808_031
    for number, length, _, puzzle in KORF:
        analysis = Analysis(puzzle)
        assert analysis.verdict.solvable, number
        bound = analysis.lower_bound
        assert bound is not None and bound <= length and (length - bound) % 2 == 0, number


@pytest.mark.parametrize("number, length, nodes, puzzle",
                         [pytest.param(*k, id=str(k[0])) for k in EASY[:4]])
def test_manhattan_ida_counts_as_korf_did(number, length, nodes, puzzle):
    # the same move order (up, left, right, down) and thresholds: the same tree; Korf
    # counts the root too
    plans, search = ida(Analysis(puzzle), conflicts=False)
    assert len(plans[0]) == length and check(puzzle, plans[0]) == []
    assert search.nodes + 1 == nodes


def test_easy_instances_by_small_pattern_databases():
    # databases of four tiles (43,680 entries: built in moments) and the mirror lookup
    analysis = Analysis(KORF[0][3])
    groups = plan_databases(analysis, max_states=16 * 43_680)
    assert sorted(len(g) for g in groups) == [3, 4, 4, 4]
    prepared, _ = prepare(analysis, groups)
    assert prepared is not None and len(prepared.cell_of) == 2  # Korf's goal is symmetric
    for number, length, nodes, puzzle in EASY:
        plans, search, report = ida_pdb(Analysis(puzzle), prepared=prepared)
        assert len(plans[0]) == length and check(puzzle, plans[0]) == [], number
        assert search.nodes < nodes / 5, number  # far fewer than Manhattan distance needs
        assert report["heuristic"] == "pdb 4-4-4-3 + mirror"


@pytest.mark.slow
def test_all_100_by_the_default_databases():
    # the target: 6-6-3 with the mirror lookup, at most 60 million nodes in all
    analysis = Analysis(KORF[0][3])
    prepared, _ = prepare(analysis, plan_databases(analysis))
    total = 0
    for number, length, _, puzzle in KORF:
        plans, search, report = ida_pdb(Analysis(puzzle), prepared=prepared)
        assert len(plans[0]) == length and check(puzzle, plans[0]) == [], number
        total += search.nodes
    assert report["heuristic"] == "pdb 6-6-3 + mirror"
    assert total <= 60_000_000


@pytest.mark.slow
def test_solve_says_what_it_built():
    number, length, _, puzzle = KORF[11]
    lines: list[str] = []
    result = solve(puzzle, method="ida", log=lines.append)
    assert result.status is Status.OPTIMAL and len(result.solution) == length
    assert result.stats.extra["heuristic"] == "pdb 6-6-3 + mirror"
    databases = result.stats.extra["pattern_databases"]
    assert [d["entries"] for d in databases] == [5_765_760, 5_765_760, 3_360]
    assert all(d["source"] in ("built", "cache") for d in databases)
