"""Published Slitherlink boards (benchmarks/data/published/slitherlink.txt, with their
sources) keep the outcome recorded for them, and the game IDs of Simon Tatham's Loopy,
whose generator makes only puzzles with one solution, are each proven unique."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpsolve.models.slitherlink import check, parse, solve

DATA = Path(__file__).parents[2] / "benchmarks" / "data" / "published" / "slitherlink.txt"
OUTCOMES = {"unique": (True, 1), "not unique": (False, 2), "unsolvable": (False, 0)}

# Loopy game IDs found in public code (front-ends, decoders), square grid, each
# difficulty.
LOOPY = ["10x10t0:a32b23b32a13a2a2a2f22a131h2a121b122c332b2211a1b3a3a1a222a2c312a3223a3c3f",
         "10x10t0:a3b2a222d12223a33b23e3a221b3a2b2c3b0b2a12a2b222a1a2c3e1b3a2b1a2d333a2002a",
         "7x7t0:a22d3c1b3022a3c3a2b02b2b1b31a1d2b",
         "7x7t0dn:a322a2a2b1a2a1a2a13b332c30b21b22d3a2c3",
         "7x7t0dh:323b23a2b23a23a2a122c22a2c21332a23d2a21a",
         "7x7t0de:a32a32a22a2c302122b2b21a3e3323b3b22d",
         "7x7t0dt:c3a2a21a22121a2b22b3a21f3b3332b2c12a"]


def recorded() -> list[tuple[str, str]]:
    out = []
    for line in DATA.read_text().splitlines():
        if line.startswith("http"):
            outcome = line.split("outcome: ")[1].split(" (")[0]
            if outcome in OUTCOMES:
                out.append((line.split()[0], outcome))
    return out


def test_the_file_holds_the_boards_found():
    outcomes = [outcome for _, outcome in recorded()]
    assert outcomes.count("unique") == 100 and len(outcomes) >= 110


def test_every_published_board_keeps_its_outcome():
    for url, outcome in recorded():
        board = parse(url)
        result = solve(board, unique=True, time_limit=60)
        unique, solutions = OUTCOMES[outcome]
        assert result.unique is unique and len(result.solutions) == solutions, url
        assert all(check(board, answer) == [] for answer in result.solutions)


@pytest.mark.parametrize("game_id", LOOPY)
def test_loopy_puzzles_are_unique(game_id):
    result = solve(parse(game_id), unique=True)
    assert result.unique is True
