"""The plain-Python path for small boards (cpsolve.models.akari.small) held to the array
code it stands in for: the same obstacles, the same cells decided, the same clauses,
the same checker messages, and the same answers from a solve either way."""

from __future__ import annotations

import importlib
import random

import pytest

from cpsolve.models.akari import Board, analysis, check, small, solve
from cpsolve.models.akari.analysis import Residual, deduce, obstacles
from cpsolve.models.akari.encodings import build_sat, literals
from cpsolve.models.akari.layout import generate, puzzle
from tests.support.akari_brute import solutions as brute_solutions


def board_of(seed: int, max_side: int = 7) -> Board:
    """A random board with clues 0-4 (often with no solution or several)."""
    rng = random.Random(seed)
    height, width = rng.randint(1, max_side), rng.randint(1, max_side)
    black, clue = rng.choice([0.1, 0.2, 0.35, 0.5]), rng.choice([0.3, 0.7, 1.0])
    rows = [["#" if rng.random() < black else "." for _ in range(width)]
            for _ in range(height)]
    for row in rows:
        for c, ch in enumerate(row):
            if ch == "#" and rng.random() < clue:
                row[c] = str(rng.randint(0, 4))
    return Board(tuple("".join(row) for row in rows))


def boards() -> list[Board]:
    """Random boards, random boards made from a placement (solvable), and unique
    puzzles of every grade."""
    found = [board_of(seed) for seed in range(400)]
    found += [generate(w, h, black=b, clues=c, seed=s)[0] for s, (w, h, b, c) in enumerate(
        [(9, 9, 0.2, 1.0), (12, 10, 0.15, 0.5), (14, 14, 0.25, 0.8), (20, 13, 0.1, 0.3)] * 5)]
    found += [puzzle(10, 10, grade=grade, seed=seed).board
              for grade in ("easy", "tricky", "hard") for seed in range(3)]
    return found


def same(clauses, others) -> bool:
    """The same clauses, in any order, their literals in any order."""
    return sorted(map(sorted, clauses)) == sorted(map(sorted, others))


BOARDS = boards()
# The module, not the function the package exports under the same name.
check_module = importlib.import_module("cpsolve.models.akari.check")


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: "/".join(b.rows))
def test_the_deductions_and_the_model_match_the_arrays(board):
    tables = small.Tables.of(board)
    assert tables.whites == board.whites
    assert small.obstacles(tables) == obstacles(board)
    arrays = deduce(board)
    state, _, reason = small.deduce(tables)
    # Both find a contradiction or neither; without one, the rules' fixpoint is the
    # same whatever order they run in.
    assert (reason is None) == (arrays.contradiction is None)
    if reason is None:
        assert state == arrays.state.tolist()
        residual = Residual.of(board, arrays)
        found = small.Open.of(board, tables, state)
        assert found.solved == arrays.solved
        if not found.solved:
            expected, built = build_sat(residual), found.cnf()
            assert same(built.clauses(), expected.clauses())
            assert built.nvars == expected.nvars
            assert found.literals() == literals(residual)
            assert [built.names[v] for v in built.names] == [expected.names[v]
                                                            for v in expected.names]


def test_a_long_segment_gets_the_same_counter():
    board = Board(("." * 14, "#" * 6 + "2" + "#" * 7, "." * 14))
    residual = Residual.of(board)
    found = small.Open.of(board, small.Tables.of(board))
    assert same(found.cnf().clauses(), build_sat(residual).clauses())
    assert found.cnf().nvars > len(board.whites)  # the counter's variables


@pytest.mark.parametrize("seed", range(300))
def test_the_checker_gives_the_same_messages(seed):
    board = BOARDS[seed % len(BOARDS)]
    rng = random.Random(seed)
    cells = [(r, c) for r in range(-1, board.height + 1) for c in range(-1, board.width + 1)]
    lights = frozenset(rng.sample(cells, rng.randint(0, min(len(cells), 12))))
    found = check_module._check_rows(board, lights)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(check_module, "SMALL", -1)
        expected = check(board, lights)
    assert found == expected
    assert [error.cells for error in found] == [error.cells for error in expected]


def test_the_checker_accepts_every_answer_of_a_solve():
    for board in BOARDS[400:]:
        result = solve(board)
        assert result.solution is not None and check_module._check_rows(
            board, result.solution) == []


@pytest.mark.parametrize("seed", range(120))
def test_solving_either_way_gives_the_brute_force_answers(seed):
    board = board_of(seed, max_side=4)
    expected = brute_solutions(list(board.rows))
    ours = solve(board, limit=None)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(analysis, "SMALL", -1)
        arrays = solve(board, limit=None)
    assert set(ours.solutions) == set(arrays.solutions) == set(expected)
    assert ours.status == arrays.status


def test_without_deductions_every_white_cell_is_a_variable():
    board = puzzle(8, 8, seed=4).board
    found = analysis.prepare(board, False)
    assert isinstance(found, small.Open) and len(found.open_cells) == len(board.whites)
    assert same(build_sat(found).clauses(), build_sat(Residual.of(board)).clauses())
    result = solve(board, unique=True, deductions=False)
    assert result.unique is True and check(board, result.solution) == []


@pytest.mark.parametrize("backend, options", [("cpsat", {}), ("sat", {"card": "totalizer"}),
                                              ("sat", {"encoding": "segments"})])
def test_the_other_models_take_the_small_residual(backend, options):
    board = puzzle(10, 10, grade="hard", seed=1).board
    result = solve(board, backend=backend, unique=True, **options)
    assert result.unique is True and check(board, result.solution) == []
