"""Akari solving: the seed boards, brute-force counts, statuses, the checker."""

from __future__ import annotations

import time

import pytest

from cpsolve.cnf import CARDS
from cpsolve.errors import UsageError
from cpsolve.models.akari import Board, check, obstacles, parse, solve, to_grid
from cpsolve.models.akari.analysis import deduce
from cpsolve.models.akari.layout import generate
from cpsolve.result import Status
from tests.support.akari_brute import solutions as brute_solutions
from tests.support.boards import random_board

SEEDS = ["seed-7x7", "seed-8x8", "seed-18x10"]


def load(examples, name: str) -> Board:
    return parse((examples / "akari" / f"{name}.txt").read_text())


@pytest.mark.parametrize("name", SEEDS)
@pytest.mark.parametrize("backend", ["sat", "cpsat"])
def test_seed_boards_have_exactly_one_solution(examples, name, backend):
    board = load(examples, name)
    result = solve(board, backend=backend, limit=None)
    assert result.status is Status.SOLVED
    assert result.count == 1 and result.complete
    assert check(board, result.solution) == []


def test_seed_18x10_matches_the_page(examples, data):
    board = load(examples, "seed-18x10")
    expected = (data / "akari" / "seed-18x10.solution.txt").read_text().strip()
    result = solve(board, unique=True)
    assert result.unique is True
    assert to_grid(board, result.solution) == expected


def long_boards() -> list[list[str]]:
    """Shapes whose segments pass ten cells (the sequential counter), every clue 0-4,
    boards without a white cell."""
    boards = [["." * n] for n in (1, 11, 16)] + [["."] * 13, [".." * 6, "." * 12]]
    boards += [["0"], ["0#"], ["#0#"], ["1"], ["4"], ["#" * 5]]
    boards += [["." * 12, "..3.........", "." * 12]]
    boards += [list(generate(14, 2, black=0.05, seed=s)[0].rows) for s in range(3)]
    boards += [list(generate(4, 4, black=0.4, seed=s)[0].rows) for s in range(4)]
    return boards


def small_boards() -> list[list[str]]:
    boards = [random_board(seed) for seed in range(40)] + long_boards()
    for seed in range(20):
        board, _ = generate(2 + seed % 4, 2 + (seed * 7) % 4, black=0.25,
                            clues=[0.0, 0.5, 1.0][seed % 3], seed=seed)
        boards.append(list(board.rows))
    return boards


BOARDS = small_boards()
COUNTS = {tuple(rows): len(brute_solutions(rows)) for rows in BOARDS}


def test_the_small_boards_cover_the_cases():
    counts = list(COUNTS.values())
    assert 0 in counts and 1 in counts and any(c > 1 for c in counts)


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("encoding", ["segments", "sight"])
def test_sat_counts_equal_brute_force(card, encoding):
    for rows in BOARDS:
        board = Board(tuple(rows))
        result = solve(board, backend="sat", encoding=encoding, card=card, limit=None)
        assert result.complete
        assert result.count == COUNTS[tuple(rows)], (rows, encoding, card)
        assert set(result.solutions) == set(brute_solutions(rows))


@pytest.mark.parametrize("deductions", [True, False])
@pytest.mark.parametrize("encoding", ["segments", "sight"])
def test_cpsat_counts_equal_brute_force(encoding, deductions):
    for rows in BOARDS:
        if COUNTS[tuple(rows)] > 40:
            continue  # CP-SAT solves once per solution; the SAT tests cover these
        result = solve(Board(tuple(rows)), backend="cpsat", encoding=encoding, limit=None,
                       deductions=deductions, workers=1)
        assert result.count == COUNTS[tuple(rows)], (rows, encoding, deductions)


@pytest.mark.parametrize("card", ["direct", "seqcounter", "totalizer", "ladder"])
@pytest.mark.parametrize("encoding", ["sight", "segments"])
def test_sat_without_deductions_equals_brute_force(card, encoding):
    for rows in BOARDS:
        result = solve(Board(tuple(rows)), backend="sat", encoding=encoding, card=card,
                       limit=None, deductions=False)
        assert result.count == COUNTS[tuple(rows)], (rows, encoding, card)


@pytest.mark.parametrize("solver", ["cadical153", "glucose4", "minisat22", "maplechrono",
                                    "maplesat", "kissat404", "cryptosat"])
def test_other_sat_solvers_agree(solver):
    for rows in BOARDS[::3]:
        try:
            result = solve(Board(tuple(rows)), backend="sat", solver=solver, limit=None)
        except UsageError as error:  # a solver python-sat was built without
            assert "is not available here" in str(error)
            return
        assert result.count == COUNTS[tuple(rows)], (rows, solver)


def test_deductions_never_contradict_a_solution():
    for rows in BOARDS:
        board = Board(tuple(rows))
        found = brute_solutions(rows)
        deductions = deduce(board)
        if found:
            assert deductions.contradiction is None, rows
            for lights in found:
                for i, cell in enumerate(board.whites):
                    if deductions.state[i] != -1:
                        assert deductions.state[i] == (cell in lights), (rows, cell)
        if obstacles(board) is not None:
            assert not found


def test_unique_board():
    result = solve(Board((".1.", "...", "#..")), unique=True)
    count = len(brute_solutions([".1.", "...", "#.."]))
    assert result.unique is (count == 1)


def test_several_solutions_are_reported_not_unique():
    result = solve(Board(("...", "...", "...")), unique=True)
    assert result.status is Status.SOLVED
    assert result.unique is False
    assert len(result.solutions) == 2 and result.solutions[0] != result.solutions[1]


def test_unsolvable_is_not_unique_whichever_path_finds_it():
    for rows, deductions in ((("3.", ".."), True), (("...", ".1.", "..."), True),
                           (("...", ".1.", "..."), False)):
        result = solve(Board(rows), unique=True, deductions=deductions)
        assert (result.status, result.unique, result.count) == (Status.UNSOLVABLE, False, 0)


def test_no_solution_is_unsolvable_with_a_reason():
    result = solve(Board(("3.", "..")))
    assert result.status is Status.UNSOLVABLE
    assert result.reason == "clue 3 at row 1, column 1 has only 2 white neighbours"
    hidden = solve(Board(("...", ".1.", "...")), deductions=False)  # needs search to refute
    assert hidden.status is Status.UNSOLVABLE


def test_count_stops_at_n():
    result = solve(Board(("....", "....", "....")), limit=3)
    assert result.count == 3 and not result.complete
    assert len(set(result.solutions)) == 3


def test_time_limit_stops_an_enumeration():
    # Hundreds of answers are found within the limit; checking them all took seconds
    # past it (1.45 s past a 1 s limit): the checks stop half a second past it.
    board, _ = generate(60, 60, seed=5)
    start = time.perf_counter()
    result = solve(board, limit=None, time_limit=1.0)
    assert time.perf_counter() - start < 1.0 + 1.0
    assert result.status is Status.SOLVED and result.count > 1
    assert result.limit_reached and not result.complete and result.reason == "time limit reached"


def test_time_limit_covers_deductions_and_building():
    board, _ = generate(200, 200, clues=0.3, seed=1)
    start = time.perf_counter()
    result = solve(board, time_limit=0.0)
    assert time.perf_counter() - start < 3
    assert result.status is Status.UNKNOWN and result.limit_reached


def test_unique_asked_but_stopped_is_undecided():
    board, _ = generate(40, 40, clues=0.2, seed=2)
    result = solve(board, unique=True, time_limit=0.0)
    assert result.unique is None and result.limit_reached


def test_boards_decided_by_deductions_need_no_solver(examples):
    board = load(examples, "seed-7x7")
    result = solve(board, unique=True, time_limit=0.0)  # no time at all, still decided
    assert result.status is Status.SOLVED and result.unique is True
    assert result.stats.solver_calls == 0


def test_checker_names_each_broken_rule():
    board = Board(("..1", "...", "#.."))
    errors = check(board, frozenset({(0, 0), (1, 0), (2, 0)}))
    assert errors == [
        "light at row 3, column 1 is on a black cell",
        "lights at row 1, column 1 and row 2, column 1 shine on each other",
        "cell at row 3, column 2 is not lit",
        "cell at row 3, column 3 is not lit",
        "clue 1 at row 1, column 3 has 0 lights around it",
    ]
    assert check(board, frozenset()) == [
        f"cell at row {r}, column {c} is not lit"
        for r, c in [(1, 1), (1, 2), (2, 1), (2, 2), (2, 3), (3, 2), (3, 3)]
    ] + ["clue 1 at row 1, column 3 has 0 lights around it"]


def test_generated_boards_keep_their_solution():
    for seed in range(5):
        board, lights = generate(30, 20, black=0.3, clues=0.5, seed=seed)
        assert check(board, lights) == []
        result = solve(board)
        assert result.status is Status.SOLVED
