"""Published Country Road boards (benchmarks/data/published/country.txt, with their sources)
keep the outcome recorded for them, by the default method and by CP-SAT."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpsolve.models.country import check, parse, solve

DATA = Path(__file__).parents[2] / "benchmarks" / "data" / "published" / "country.txt"
OUTCOMES = {"unique": (True, 1), "not unique": (False, 2), "unsolvable": (False, 0)}


def recorded() -> list[tuple[str, str]]:
    return [(line.split()[0], line.split("outcome: ")[1].split(" (")[0].split(":")[0])
            for line in DATA.read_text().splitlines() if line.startswith("http")]


def test_the_file_holds_the_boards_found():
    outcomes = [outcome for _, outcome in recorded()]
    assert outcomes.count("unique") == 9 and len(outcomes) == 11


@pytest.mark.parametrize("options", [
    {}, pytest.param({"backend": "cpsat", "workers": 1}, marks=pytest.mark.slow)])
def test_every_published_board_keeps_its_outcome(options):
    for url, outcome in recorded():
        board = parse(url)
        result = solve(board, unique=True, time_limit=60, **options)
        unique, solutions = OUTCOMES[outcome]
        assert result.unique is unique and len(result.solutions) == solutions, url
        assert all(check(board, answer) == [] for answer in result.solutions)
