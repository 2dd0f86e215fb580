"""Every grid genre through the kit, from its own cases (``cases.toml`` beside its rules,
:mod:`cpsolve.grid.cases`) and its brute-force oracle (``tests/support/oracles.py``):

* every published board keeps its outcome (unique, not unique, no solution, or the
  located error of a bad input), the variant's too where the genre has one;
* every method (backend and encoding) finds the same answers on published boards;
* every published URL reads back as the same board from the URL the genre writes;
* every published board reads back as the same board from the Penpa+ link the genre
  writes (with the URL test: a round trip between puzz.link and Penpa+);
* every bad input is refused with its located error;
* every method counts what brute force counts on the oracle's small boards.

A new genre gets all of this from its folder: its cases file and an oracle.
"""

from __future__ import annotations

import pytest

from cpsolve import registry
from cpsolve.errors import InputError, UsageError
from cpsolve.family import Kind
from cpsolve.grid import cases as genre_cases
from cpsolve.grid.solve import candidates, solve
from cpsolve.result import Status
from tests.support.oracles import ORACLES
from tests.support.oracles import cases as oracle_cases

GRID = [name for name in registry.names() if registry.load(name).kind is Kind.GRID]
# Seconds a published board may take before its outcome counts as lost: a guard against
# a hang, not a claim of speed (benchmarks/run.py measures that), so that a machine kept
# busy (a board of 20 s idle took over 60 under four busy processes a core) passes.
LIMIT = 300.0
OTHER_LIMIT = 30.0  # seconds a method other than the default has on a published board
EVERY_METHOD = 6  # published boards (the smallest first) each method solves
LATER = 15.0  # seconds a method may take on the boards after the smallest
ORACLE_BOARDS = 20  # oracle boards each method counts (the slow run: 60)


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


def keeps(grid: object, case: genre_cases.Case, undecided: bool = False,
          limit: float = LIMIT, **options: object) -> None:
    """The case's board keeps its outcome (and its variant's), each answer passing the
    genre's own checker; a bad input is refused where the case says. With
    ``undecided``, a method that runs out of time may leave the outcome open, but what
    it found must pass the checker and not contradict the outcome."""
    if case.outcome == "bad input":
        with pytest.raises(InputError) as refused:
            grid.parse(case.board)
        assert located(refused.value) == case.error, case.board
        return
    board = grid.parse(case.board)
    for flag, expected in (("", case.outcome), *case.variant.items()):
        if expected == "undecided":
            continue
        if flag:
            assert grid.variant is not None and grid.variant.option.name == flag, flag
        ruled = grid.variant.apply(board, True) if flag else board
        result = solve(grid, ruled, unique=True, time_limit=limit, **options)
        assert all(grid.check(ruled, answer) == [] for answer in result.solutions)
        if undecided and result.limit_reached:
            assert expected != "no solution" or not result.solutions, (case.board, options)
            continue
        assert outcome(result) == expected, (case.board, flag, options)


@pytest.mark.parametrize("name", WITH_CASES)
def test_published_boards_keep_their_outcome(name):
    grid = puzzle(name)
    for case in cases(name).published:
        if not case.slow:
            keeps(grid, case)


@pytest.mark.slow
@pytest.mark.parametrize("name", WITH_CASES)
def test_every_published_board_keeps_its_outcome_by_every_method(name):
    """The slow boards too by the default method; the others by every method, a method
    other than the default allowed to run out of time (Numberlink's CP-SAT on a 15x15)
    but never to say otherwise."""
    grid = puzzle(name)
    for case in cases(name).published:
        for k, candidate in enumerate(candidates(grid)[:1] if case.slow else candidates(grid)):
            backend, entry = candidate.method
            keeps(grid, case, k > 0, OTHER_LIMIT if k else LIMIT, backend=backend,
                  encoding=entry.name)


def test_every_grid_genre_keeps_its_cases():
    assert sorted(WITH_CASES) == sorted(GRID)
    for name in GRID:
        published = cases(name).published
        assert sum(case.outcome == "unique" and not case.slow for case in published) >= 3, name


def _smallest(name: str, count: int) -> list[object]:
    grid = puzzle(name)
    boards = [grid.parse(case.board) for case in cases(name).published
              if case.outcome not in ("bad input", "undecided")]
    return sorted(boards, key=lambda b: len(grid.board_text(b)))[:count]


# Genres one of whose methods takes tens of seconds on their smallest published boards:
# their every-method comparison runs with the slow tests (-m slow).
SLOW_METHODS = {"dbchoco": "its CP-SAT model takes tens of seconds on a published 6x6",
                "fillomino": "its CP-SAT labels take 30-40 s over its published boards"}


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow)
                                  if name in SLOW_METHODS else name for name in WITH_CASES])
def test_every_method_finds_the_same_answers_on_published_boards(name):
    """Every method decides the smallest published board, and the same way; on the
    next ones a method may run out of time (Fillomino's CP-SAT on a 10x10), but what it
    found is among the answers the methods that decided found, and at least one did."""
    grid = puzzle(name)
    for k, board in enumerate(_smallest(name, EVERY_METHOD)):
        decided, unfinished = {}, {}
        for candidate in candidates(grid):
            backend, entry = candidate.method
            result = solve(grid, board, backend=backend, encoding=entry.name, limit=2,
                           time_limit=LIMIT if k == 0 else LATER)
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
    from cpsolve.grid.puzzlink import URL_RE

    for case in cases(name).published:  # puzz.link's (a Penpa+ link may put a room's
        # number in any of its cells, which the next test holds)
        if case.outcome == "bad input" or not URL_RE.match(case.board):
            continue
        board = grid.parse(case.board)
        assert grid.parse(write(board)) == board, case.board


@pytest.mark.parametrize("name", WITH_CASES)
def test_published_boards_round_trip_through_penpa_links(name):
    grid = puzzle(name)
    write = grid.exports.get("penpa")
    if write is None:
        pytest.skip(f"{name} writes no Penpa+ link")
    read = 0
    for case in cases(name).published:
        if case.outcome == "bad input":
            continue
        board = grid.parse(case.board)
        if getattr(board, "holes", None):  # cells in no region: no link writes them
            with pytest.raises(UsageError, match="cannot write a cell in no region"):
                write(board)
            continue
        if getattr(board, "drawn", None):  # drawn in a Fillomino: a URL's alone
            with pytest.raises(UsageError, match="written only in a puzz.link URL"):
                write(board)
            continue
        link = write(board)
        assert link.startswith("https://swaroopg92.github.io/penpa-edit/#m=edit&p=")
        again = grid.parse(link)
        assert again == board, case.board
        assert write(again) == link  # the same board, the same link
        read += 1
    assert read >= 3


@pytest.mark.parametrize("name", WITH_CASES)
def test_bad_inputs_are_refused_where_they_are_wrong(name):
    grid = puzzle(name)
    for case in cases(name).bad:
        with pytest.raises(InputError) as refused:
            grid.parse(case.board)
        assert located(refused.value) == case.error, case.board


def _sample(name: str, more: bool = False) -> list[tuple[object, list[object]]]:
    """The first oracle boards, and the first of the others with no solution, with one
    and with several where those took none; ``more``: the next ones, to three times as
    many (the slow run's)."""
    every = oracle_cases(name)
    if more:
        return every[ORACLE_BOARDS:3 * ORACLE_BOARDS]
    chosen = every[:ORACLE_BOARDS]
    for kind in (0, 1, 2):
        if all(min(len(found), 2) != kind for _, found in chosen):
            chosen += [case for case in every if min(len(case[1]), 2) == kind][:1]
    return chosen


@pytest.mark.parametrize("more", [False, pytest.param(True, marks=pytest.mark.slow)],
                         ids=["first", "more"])
@pytest.mark.parametrize("name", sorted(set(GRID) & set(ORACLES)))
def test_every_method_counts_what_brute_force_counts(name, more):
    """Every method, with each choice of its options (the cardinality encodings) and
    with the deductions on and off where the genre has them, finds exactly the answers
    brute force finds on small boards (no solution, one and several among them), each
    passing the genre's checker."""
    grid = puzzle(name)
    counts = set()
    for board, every in _sample(name, more):
        counts.add(min(len(every), 2))
        for candidate in candidates(grid):
            backend, entry = candidate.method
            settings = [{}, *({option.name: choice} for option in candidate.options
                              if option.name not in ("backend", "encoding")
                              for choice in option.choices if choice != option.default)]
            if grid.deductions:
                settings.append({"deductions": False})
            for options in settings:
                result = solve(grid, board, backend=backend, encoding=entry.name, limit=None,
                               time_limit=LIMIT, **options)
                method = (backend, entry.name, options)
                assert result.complete and not result.limit_reached, method
                assert set(result.solutions) == set(every), (board, method)
                assert all(grid.check(board, answer) == [] for answer in result.solutions)
    assert counts == {0, 1, 2} or more, counts


@pytest.mark.parametrize("name", [name for name in GRID
                                  if getattr(puzzle(name).statement, "bulk", None)])
def test_a_bulk_statement_states_what_the_clues_state_one_by_one(name):
    """A genre's bulk statement of its board's own clues (for a solve) makes the very
    clauses its clues make one at a time, on its published and brute-force boards."""
    from cpsolve.grid.rules.sat import to_sat

    grid = puzzle(name)
    statement = grid.statement
    boards = [grid.parse(case.board) for case in cases(name).published
              if case.outcome != "bad input"]
    boards += [board for board, _ in oracle_cases(name)[:ORACLE_BOARDS]]
    for board in boards:
        made = [sorted(sorted(clause) for clause in to_sat(
            statement.model(board, bulk=bulk), {}).clauses()) for bulk in (True, False)]
        assert made[0] == made[1], board
