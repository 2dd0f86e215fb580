"""Every grid genre through the kit, from its own cases (``cases.toml`` beside its rules,
:mod:`cpsolve.grid.cases`) and its brute-force oracle (``tests/support/oracles.py``):

* every published board keeps its outcome (unique, not unique, no solution, or the
  located error of a bad input), the variant's too where the genre has one;
* every method (backend and encoding) finds the same answers on published boards;
* every published URL reads back as the same board from the URL the genre writes;
* every bad input is refused with its located error;
* every method counts what brute force counts on the oracle's small boards.

A new genre gets all of this from its folder: its cases file and an oracle.
"""

from __future__ import annotations

import pytest

from cpsolve import registry
from cpsolve.errors import InputError
from cpsolve.family import Kind
from cpsolve.grid import cases as genre_cases
from cpsolve.grid.solve import candidates
from cpsolve.result import Status
from tests.support.oracles import ORACLES
from tests.support.oracles import cases as oracle_cases

GRID = [name for name in registry.names() if registry.load(name).kind is Kind.GRID]
LIMIT = 60.0  # seconds a published board may take before its outcome counts as lost
EVERY_METHOD = 6  # published boards (the smallest first) each method solves
ORACLE_BOARDS = 30  # oracle boards each method counts


def puzzle(name: str) -> object:
    return registry.load(name).grid


def cases(name: str) -> genre_cases.Cases:
    return genre_cases.of(registry.target(name).split(":")[0])


WITH_CASES = [name for name in GRID if cases(name).published or cases(name).bad]


def outcome(result: object) -> str:
    if result.status is Status.UNSOLVABLE:
        return "no solution"
    assert result.status is Status.SOLVED, result.reason
    assert result.unique is not None, f"undecided: {result.reason}"
    return "unique" if result.unique else "not unique"


def located(error: InputError) -> str:
    return f"{error.line}:{error.column}: {error.message}"


@pytest.mark.parametrize("name", WITH_CASES)
def test_published_boards_keep_their_outcome(name):
    grid = puzzle(name)
    for case in cases(name).published:
        if case.outcome == "undecided":
            continue
        if case.outcome == "bad input":
            with pytest.raises(InputError) as refused:
                grid.parse(case.board)
            assert located(refused.value) == case.error, case.board
            continue
        board = grid.parse(case.board)
        assert outcome(grid.solve(board, unique=True, time_limit=LIMIT)) == case.outcome, \
            case.board
        for flag, expected in case.variant.items():
            assert grid.variant is not None and grid.variant.option.name == flag, flag
            changed = grid.variant.apply(board, True)
            assert outcome(grid.solve(changed, unique=True, time_limit=LIMIT)) == expected, \
                (case.board, flag)


def _smallest(name: str, count: int) -> list[object]:
    grid = puzzle(name)
    boards = [grid.parse(case.board) for case in cases(name).published
              if case.outcome not in ("bad input", "undecided")]
    return sorted(boards, key=lambda b: len(grid.board_text(b)))[:count]


@pytest.mark.parametrize("name", WITH_CASES)
def test_every_method_finds_the_same_answers_on_published_boards(name):
    """Every method decides the smallest published board, and the same way; on the
    next ones a method may run out of time (Fillomino's CP-SAT on a 10x10), but what it
    found is among the answers the methods that decided found, and at least one did."""
    grid = puzzle(name)
    for k, board in enumerate(_smallest(name, EVERY_METHOD)):
        decided, unfinished = {}, {}
        for candidate in candidates(grid):
            backend, entry = candidate.method
            result = grid.solve(board, backend=backend, encoding=entry.name, limit=2,
                                time_limit=LIMIT)
            if result.limit_reached:
                assert k > 0, (backend, entry.name, "undecided on the smallest board")
                unfinished[backend, entry.name] = result.solutions
                continue
            decided[backend, entry.name] = (result.status, frozenset(result.solutions)
                                            if len(result.solutions) < 2
                                            else len(result.solutions))
        assert decided and len(set(decided.values())) == 1, (decided, list(unfinished))
        _, answers = next(iter(decided.values()))
        for method, found in unfinished.items():
            for answer in found:
                assert (answer in answers if isinstance(answers, frozenset)
                        else grid.check(board, answer) == []), method


@pytest.mark.parametrize("name", WITH_CASES)
def test_published_urls_read_back_from_the_url_written(name):
    grid = puzzle(name)
    write = grid.exports.get("url")
    if write is None:
        pytest.skip(f"{name} writes no URL")
    for case in cases(name).published:
        if case.outcome == "bad input" or "://" not in case.board:
            continue
        board = grid.parse(case.board)
        assert grid.parse(write(board)) == board, case.board


@pytest.mark.parametrize("name", WITH_CASES)
def test_bad_inputs_are_refused_where_they_are_wrong(name):
    grid = puzzle(name)
    for case in cases(name).bad:
        with pytest.raises(InputError) as refused:
            grid.parse(case.board)
        assert located(refused.value) == case.error, case.board


@pytest.mark.parametrize("name", sorted(set(GRID) & set(ORACLES)))
def test_every_method_counts_what_brute_force_counts(name):
    grid = puzzle(name)
    for board, every in oracle_cases(name)[:ORACLE_BOARDS]:
        for candidate in candidates(grid):
            backend, entry = candidate.method
            result = grid.solve(board, backend=backend, encoding=entry.name, limit=None,
                                time_limit=LIMIT)
            assert result.complete and not result.limit_reached, (backend, entry.name)
            assert set(result.solutions) == set(every), (board, backend, entry.name)
