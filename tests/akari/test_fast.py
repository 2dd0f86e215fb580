"""The C of Akari's small-board path (``cpsolve.models.akari._fast``) held to the plain
Python it stands in for (``small.py``, ``check.py``): the same tables, obstacles, cells
decided, steps and contradictions, the same literal estimate, the same clauses in the
same order, and the checker's verdict, on random boards (most with no solution or
several), generated puzzles, the published boards, and random light placements.

Where the install found no C compiler the module is missing and cpsolve runs the plain
Python; these tests then skip, unless ``CPSOLVE_REQUIRE_FAST`` is set (CI sets it:
there the C must be built and tested)."""

from __future__ import annotations

import os
import random

import pytest

from cpsolve.grid import cases
from cpsolve.models.akari import Board, parse, small, solve
from cpsolve.models.akari.check import _check_rows, check
from cpsolve.models.akari.layout import generate
from tests.akari.test_small import BOARDS, board_of

fast = small._fast
REQUIRED = bool(os.environ.get("CPSOLVE_REQUIRE_FAST"))
pytestmark = pytest.mark.skipif(fast is None and not REQUIRED,
                                reason="built without a C compiler: plain Python only")
def published() -> list[Board]:
    return [parse(case.board) for case in cases.of("cpsolve.models.akari").published
            if case.outcome != "bad input"]


CASES = (BOARDS + [board_of(seed, 12) for seed in range(1000, 1600)] + published()
         + [generate(w, h, black=b, clues=c, seed=s)[0] for s, (w, h, b, c) in enumerate(
             [(30, 30, 0.2, 0.6), (45, 25, 0.15, 0.3), (60, 60, 0.25, 1.0)])])


def test_the_c_is_built_where_required():
    assert fast is not None, "CPSOLVE_REQUIRE_FAST is set and the C was not built"


def test_the_tables_obstacles_and_deductions_match_the_plain_python():
    assert fast is not None
    for board in CASES:
        tables = small.Tables.plain(board)
        assert small.Tables.of(board) == tables, board.rows
        assert fast.obstacles(board.rows) == small.plain_obstacles(tables), board.rows
        assert small.deduce(tables) == small.plain_deduce(tables), board.rows


def test_the_clauses_and_the_estimate_match_the_plain_python():
    assert fast is not None
    for board in CASES:
        tables = small.Tables.plain(board)
        state, _, reason = small.plain_deduce(tables)
        states = [[small.UNKNOWN] * len(tables.whites)] + ([state] if reason is None else [])
        for cells in states:
            found = small.Open.of(board, tables, cells)
            assert fast.cnf(board.rows, cells) == found.plain_clauses(), board.rows
            assert fast.literals(board.rows, cells) == found.plain_literals(), board.rows


def test_the_verdict_matches_the_plain_checker():
    assert fast is not None
    rng = random.Random(7)
    for board in CASES:
        whites = board.whites
        for _ in range(12):
            lights = set(rng.sample(whites, rng.randint(0, len(whites) // 4)))
            if rng.random() < 0.15:  # off the board, or on a black cell
                lights.add((rng.randint(-1, board.height), rng.randint(-1, board.width)))
            lights_ = frozenset(lights)
            assert fast.valid(board.rows, lights_) == (not _check_rows(board, lights_)), (
                board.rows, sorted(lights_))


def test_every_answer_of_a_small_board_passes_the_verdict():
    """The verdict says yes to valid placements too (random placements almost never
    are): every solution the solver finds on boards with several."""
    assert fast is not None
    for board in BOARDS[:150]:
        result = solve(board, limit=None)
        for lights in result.solutions:
            assert fast.valid(board.rows, lights) and _check_rows(board, lights) == []


def test_the_verdict_refuses_what_is_not_a_placement():
    assert fast is not None
    board = Board(("..", ".1"))
    assert fast.valid(board.rows, frozenset({(0, 1), (1, 0)})) is False  # the clue sees 2
    assert fast.valid(board.rows, [(0, 0), (1, 1)]) is False  # a light on the clue
    assert fast.valid(board.rows, [(0, 0), (0, 0)]) is False  # twice the same light
    assert fast.valid(board.rows, ["r1c1"]) is False
    assert check(board, frozenset({(0, 1), (1, 0)})) == [
        "clue 1 at row 2, column 2 has 2 lights around it"]
    with pytest.raises(ValueError):
        fast.valid(("..", "."), [])
    with pytest.raises(ValueError):
        fast.tables(("..", "é."))
    with pytest.raises(TypeError):
        fast.deduce(None)


def test_a_solve_gives_the_same_answers_either_way(monkeypatch):
    """The whole solve with the C and without it: the same status, answers, uniqueness
    and contradiction."""
    assert fast is not None
    boards = BOARDS[:120] + published()[:20]
    with_c = [solve(board, limit=3) for board in boards]
    monkeypatch.setattr(small, "_fast", None)
    import importlib

    monkeypatch.setattr(importlib.import_module("cpsolve.models.akari.check"), "_fast", None)
    without = [solve(board, limit=3) for board in boards]
    for board, a, b in zip(boards, with_c, without):
        assert (a.status, a.solutions, a.complete, a.reason) == (
            b.status, b.solutions, b.complete, b.reason), board.rows


def test_a_model_too_large_for_lists_is_built_by_the_arrays_under_the_limit():
    """A long open row lists every other cell in each cell's clause: past LISTED
    literals the model is left to the arrays, whose build the time limit stops (the C,
    one call, could not be stopped: a 10,000-cell row took 9.6 s under a 2 s limit)."""
    import time

    row = Board(("." * 6000,))
    found = small.prepare(row)
    assert found.literals() > small.LISTED and not found.listed()
    assert small.prepare(Board(("." * 300,))).listed()
    start = time.perf_counter()
    result = solve(row, unique=True, time_limit=0.3)
    assert time.perf_counter() - start < 1.5
    assert result.limit_reached and not result.solutions


def test_python_run_from_inside_a_call_cannot_pull_its_input_away():
    """Code a call runs (an item's __index__, the lights' iterator) may empty the lists
    it was given: the C reads copies, so the answer is an exception or a verdict, never
    a crash. An interrupt raised there is not taken for a verdict."""
    assert fast is not None
    rows = ["." * 400 for _ in range(2)]
    state: list[object] = []

    class Shrinks:
        def __index__(self) -> int:
            state.clear()
            return -1

    state.extend([Shrinks()] + [-1] * 799)
    assert len(fast.cnf(rows, state)[0]) == 800
    state[:] = [Shrinks()] + [-1] * 799
    assert fast.literals(rows, state) > 0

    def lights():
        yield (0, 0)
        yield (1, 1)
        rows[:] = []

    assert fast.valid(rows, lights()) is True  # the rows as they were when called

    class Stops:
        def __index__(self) -> int:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        fast.valid(("..",), [(Stops(), 0)])
    with pytest.raises(ValueError, match="2\\^26"):
        fast.valid(["." * 10_000] * 10_000, [])
