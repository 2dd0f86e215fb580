"""Random sliding boards and DevQuiz-like sets: solvable, seeded, the contest's mix."""

from __future__ import annotations

import pytest

from cpsolve.models.sliding import Analysis, check, devquiz_set, parse, random_puzzle, solve
from cpsolve.models.sliding.formats import devquiz_goal
from cpsolve.models.sliding.generate import DEVQUIZ_LIMITS, scaled_limits


@pytest.mark.parametrize("seed", range(12))
def test_random_boards_are_solved_and_checked(seed):
    width, height = 3 + seed % 2, 3
    puzzle = random_puzzle(width, height, walls=seed % 3, seed=seed)
    assert len(puzzle.start.walls) == seed % 3
    assert puzzle.goal == devquiz_goal(puzzle.start)
    assert parse(puzzle.start.devquiz()) == puzzle
    result = solve(puzzle)
    assert result.status.value == "optimal"
    assert check(puzzle, result.solution) == []


def test_random_puzzle_is_seeded():
    assert random_puzzle(5, 5, walls=2, seed=3) == random_puzzle(5, 5, walls=2, seed=3)
    assert random_puzzle(5, 5, walls=2, seed=3) != random_puzzle(5, 5, walls=2, seed=4)


def test_corridor_boards_are_solvable_by_construction():
    # One wall in the middle of a 3x3 leaves a cycle of 8: Wilson's theorem does not
    # apply, the tiles can only rotate; the generator must still give a solvable board.
    for seed in range(5):
        puzzle = random_puzzle(3, 3, walls=1, seed=seed)
        verdict = Analysis(puzzle).verdict
        assert verdict.solvable is not False
        assert solve(puzzle, method="bibfs").status.value == "optimal"


def test_devquiz_set_mix_and_limits():
    problems = devquiz_set(400, seed=5)
    sides = [p.width for p in problems.puzzles] + [p.height for p in problems.puzzles]
    assert min(sides) == 3 and max(sides) == 6
    assert 0.7 < sum(side >= 4 for side in sides) / len(sides) < 0.8
    walled = sum(bool(p.start.walls) for p in problems.puzzles)
    assert 0.65 < walled / 400 < 0.85
    assert max(len(p.start.walls) for p in problems.puzzles) <= 6
    assert all(Analysis(p).verdict.solvable is not False for p in problems.puzzles)
    assert problems.limits == scaled_limits(400)
    lines = problems.text().splitlines()
    assert lines[0].split() == [str(problems.limits[m]) for m in "LRUD"]
    assert lines[1] == "400" and len(lines) == 402
    assert [parse(line) for line in lines[2:]] == problems.puzzles
    assert devquiz_set(400, seed=5) == problems


def test_limits_scale_to_the_contest():
    assert scaled_limits(5000) == DEVQUIZ_LIMITS


def test_generate_commands(tmp_path, capsys):
    from cpsolve.cli import main
    from cpsolve.models.akari import check as akari_check
    from cpsolve.models.akari import parse as akari_parse
    from cpsolve.models.akari import solve as akari_solve

    out = tmp_path / "set.txt"
    with pytest.raises(SystemExit) as done:
        main(["generate", "slide", "--devquiz", "20", "--seed", "4", "-o", str(out)])
    assert done.value.code == 0
    assert out.read_text() == devquiz_set(20, seed=4).text()
    with pytest.raises(SystemExit):
        main(["generate", "slide", "--size", "5x3", "--walls", "2", "--seed", "1"])
    line = capsys.readouterr().out.strip()
    assert parse(line) == random_puzzle(5, 3, walls=2, seed=1)
    with pytest.raises(SystemExit):
        main(["generate", "akari", "9", "7", "--seed", "3", "--unique"])
    board = akari_parse(capsys.readouterr().out)
    result = akari_solve(board, unique=True)
    assert result.unique and akari_check(board, result.solution) == []
