"""Published Yajilin boards (benchmarks/data/published/yajilin.txt, with their sources)
keep the outcome recorded for them, by the default method and by CP-SAT, and the ones
the file records as refused are refused with a located error."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpsolve.errors import InputError
from cpsolve.models.yajilin import check, parse, solve

DATA = Path(__file__).parents[2] / "benchmarks" / "data" / "published" / "yajilin.txt"
OUTCOMES = {"unique": (True, 1), "not unique": (False, 2), "unsolvable": (False, 0)}


def recorded() -> list[tuple[str, str]]:
    return [(line.split()[0], line.split("outcome: ")[1].split(" (")[0].split(":")[0])
            for line in DATA.read_text().splitlines() if line.startswith("http")]


def test_the_file_holds_the_boards_found():
    outcomes = [outcome for _, outcome in recorded()]
    assert outcomes.count("unique") == 49 and len(outcomes) == 56
    assert outcomes.count("bad input") == 4


@pytest.mark.parametrize("options", [
    {}, pytest.param({"backend": "cpsat", "workers": 1}, marks=pytest.mark.slow)])
def test_every_published_board_keeps_its_outcome(options):
    for url, outcome in recorded():
        if outcome == "bad input":
            with pytest.raises(InputError) as caught:
                parse(url)
            assert caught.value.line == 1 and caught.value.column is not None
            continue
        board = parse(url)
        result = solve(board, unique=True, time_limit=60, **options)
        unique, solutions = OUTCOMES[outcome]
        assert result.unique is unique and len(result.solutions) == solutions, url
        assert all(check(board, answer) == [] for answer in result.solutions)
