"""Puzzles made to order: unique (re-proven by CP-SAT), of the grade asked, with the
symmetry asked, their numbers minimal; and the command that prints them."""

from __future__ import annotations

import time

import numpy as np
import pytest

from cpsolve.grid.geometry import Grid
from cpsolve.grid.setter import redundant
from cpsolve.models.akari import AKARI, Board, check, parse, solve
from cpsolve.models.akari.grading import LEVELS, Engine, grade
from cpsolve.models.akari.layout import generate, puzzle
from cpsolve.result import Status
from tests.support.cli import run


def proven_unique_by_cpsat(board: Board, lights: frozenset) -> None:
    result = solve(board, backend="cpsat", limit=2, workers=1, deductions=False)
    assert result.complete and result.count == 1
    assert result.solution == lights and check(board, lights) == []


def symmetric(board: Board, symmetry: str) -> bool:
    grid = Grid(board.height, board.width)
    black = {grid.cell(r, c) for r, row in enumerate(board.rows) for c, ch in enumerate(row)
             if ch != "."}
    return all(set(grid.orbit(cell, symmetry)) <= black for cell in black)


def numbers_minimal(board: Board, level: int | None, lights: frozenset) -> None:
    """No number can go alone: the board leaves its grade (or its uniqueness)."""
    if level is None:
        assert redundant(AKARI, board, lights).clues == []
        return
    engine = Engine(board)
    for k in range(len(engine.numbers)):
        numbers = engine.numbers.copy()
        numbers[k] = -1
        assert not engine.run(level, numbers).solved, engine.clue_at[k]


CASES = [(7, 7, "easy", "rot4"), (7, 7, "tricky", "rot4"), (10, 10, "hard", "rot2"),
         (10, 10, None, "rot2"), (14, 12, "tricky", "mirror"), (15, 9, "easy", "none"),
         (20, 20, "hard", "rot2"), (25, 18, None, "mirror")]


@pytest.mark.parametrize("width, height, level, symmetry", CASES)
def test_generated_boards_are_unique_graded_symmetric_and_minimal(width, height, level,
                                                                 symmetry):
    for seed in range(2):
        made = puzzle(width, height, grade=level, symmetry=symmetry, seed=seed)
        board = made.board
        assert board is not None, made.reason
        assert (board.width, board.height) == (width, height)
        proven_unique_by_cpsat(board, made.answer)
        assert symmetric(board, symmetry)
        graded = grade(board)
        assert graded.name == made.grade
        if level is not None:
            assert graded.name == level
        numbers_minimal(board, None if level is None else LEVELS[level], made.answer)


def test_the_same_seed_gives_the_same_board():
    first = puzzle(12, 12, grade="tricky", seed=5).board
    assert first == puzzle(12, 12, grade="tricky", seed=5).board
    assert first != puzzle(12, 12, grade="tricky", seed=6).board


def test_rot4_needs_a_square_and_grades_are_known():
    with pytest.raises(ValueError):
        puzzle(8, 6, symmetry="rot4")
    with pytest.raises(ValueError):
        puzzle(8, 8, grade="search")


def test_out_of_time_says_so():
    from cpsolve.limits import Deadline

    made = puzzle(60, 60, grade="hard", deadline=Deadline(0.05))
    assert made.board is None and "time limit" in (made.reason or "")


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "tricky", "hard", None])
@pytest.mark.parametrize("symmetry", ["rot2", "rot4", "mirror", "none"])
def test_50x50_in_seconds(level, symmetry):
    start = time.perf_counter()
    made = puzzle(50, 50, grade=level, symmetry=symmetry, seed=1)
    assert made.board is not None and time.perf_counter() - start < 10
    proven_unique_by_cpsat(made.board, made.answer)
    assert symmetric(made.board, symmetry)
    assert grade(made.board).name == made.grade


@pytest.mark.slow
@pytest.mark.parametrize("args", [["120", "120", "--unique"], ["200", "200", "--unique"],
                                  ["100", "100", "--grade", "hard"]])
def test_large_generated_boards_are_unique(tmp_path, args):
    """The defect: 120x120 and 200x200 boards said to be unique had two solutions."""
    out = tmp_path / "board.txt"
    done = run("generate", "akari", *args, "--seed", "1", "-o", str(out), timeout=600)
    assert done.returncode == 0, done.stderr
    board = parse(out.read_text())
    again = run("akari", str(out), "--unique", timeout=600)
    assert again.returncode == 0 and again.stdout.endswith("\nunique\n")
    result = solve(board, backend="cpsat", limit=2, workers=1)
    assert result.complete and result.count == 1


def test_the_command_prints_a_proven_board():
    done = run("generate", "akari", "16", "12", "--grade", "tricky", "--seed", "3", "-v")
    assert done.returncode == 0, done.stderr
    board = parse(done.stdout)
    assert (board.width, board.height) == (16, 12)
    assert grade(board).name == "tricky" and "unique, grade tricky" in done.stderr
    assert solve(board, unique=True).unique is True
    rows = np.array([list(row) for row in board.rows])
    assert ((rows == ".") == (rows == ".")[::-1, ::-1]).all()  # rot2 by default


def test_the_command_keeps_its_random_boards_when_asked_for_by_name():
    done = run("generate", "akari", "9", "7", "--seed", "4", "--random", "--format", "text")
    assert done.stdout == "\n".join(generate(9, 7, seed=4)[0].rows) + "\n"


def test_the_command_gives_up_with_exit_3():
    done = run("generate", "akari", "80", "80", "--grade", "hard", "--time-limit", "0.01")
    assert done.returncode == 3 and done.stdout == ""
    assert done.stderr.startswith("cpsolve: time limit reached")


def test_the_command_refuses_rot4_on_a_rectangle():
    done = run("generate", "akari", "8", "6", "--unique", "--symmetry", "rot4")
    assert done.returncode == 2 and done.stderr.splitlines() == [
        "cpsolve: --symmetry rot4 needs a square board", "Try 'cpsolve generate akari --help'."]


def test_a_generated_easy_board_falls_to_the_solver_deductions():
    made = puzzle(18, 18, grade="easy", seed=9)
    assert made.board is not None
    result = solve(made.board, unique=True, time_limit=0)
    assert result.status is Status.SOLVED and result.unique and result.stats.solver_calls == 0
