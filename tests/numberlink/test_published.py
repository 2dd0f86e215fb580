"""Published Numberlink boards (benchmarks/data/published/numberlink.txt, with their
sources) keep the outcome recorded for them under each rule: the quick ones by the
default method; among the slow tests, all of them by the default, the quick ones by
CP-SAT."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cpsolve.models.numberlink import check, parse, solve

DATA = Path(__file__).parents[2] / "benchmarks" / "data" / "published" / "numberlink.txt"
OUTCOMES = {"unique": (True, 1), "not unique": (False, 2), "unsolvable": (False, 0)}
OUTCOME_RE = re.compile(r"outcome: ([a-z ]+) \(([0-9.]+) s\); fill: ([a-z ]+) \(([0-9.]+) s\)")
QUICK = 3.0  # seconds: boards recorded within this under both rules run by default


def recorded() -> list[tuple[str, str, str, float]]:
    """Each board's URL, its outcome without and with the fill rule, and the slower
    of the two recorded times."""
    out = []
    for line in DATA.read_text().splitlines():
        if line.startswith("http"):
            found = OUTCOME_RE.search(line)
            assert found, line
            out.append((line.split()[0], found.group(1), found.group(3),
                        max(float(found.group(2)), float(found.group(4)))))
    return out


def test_the_file_holds_the_boards_found():
    boards = recorded()
    assert len(boards) == 26
    assert sum(outcome == "unique" for _, outcome, _, _ in boards) >= 20


def keeps(url: str, outcome: str, fill_outcome: str, **options: object) -> None:
    board = parse(url)
    for rule, said in ((False, outcome), (True, fill_outcome)):
        if said not in OUTCOMES:
            continue
        ruled = board.filled(rule)
        result = solve(ruled, unique=True, time_limit=120, **options)
        unique, solutions = OUTCOMES[said]
        assert result.unique is unique and len(result.solutions) == solutions, (url, rule)
        assert all(check(ruled, answer) == [] for answer in result.solutions)


def test_the_quick_published_boards_keep_their_outcomes():
    quick = [board for board in recorded() if board[3] <= QUICK]
    assert len(quick) >= 18
    for url, outcome, fill_outcome, _ in quick:
        keeps(url, outcome, fill_outcome)


@pytest.mark.slow
def test_every_published_board_keeps_its_outcome():
    for url, outcome, fill_outcome, _ in recorded():
        keeps(url, outcome, fill_outcome)


@pytest.mark.slow
def test_the_quick_published_boards_keep_their_outcomes_by_cpsat():
    for url, outcome, fill_outcome, seconds in recorded():
        if seconds <= QUICK:
            keeps(url, outcome, fill_outcome, backend="cpsat", workers=1)
