"""Masyu: the checker on hand-made loops, brute-force counts against every encoding,
puzz.link and grid-text round trips, the site's own test board, bad input."""

from __future__ import annotations

import random

import pytest

from cpsolve.grid.generate import generate
from cpsolve.models.masyu import (
    MASYU,
    Board,
    check,
    parse,
    read_answer,
    show,
    solve,
    to_rows,
    to_text,
    to_url,
)
from cpsolve.models.masyu.board import BLACK, EMPTY, WHITE
from cpsolve.result import Status
from tests.support.masyu_brute import solutions as brute

TEST_URL = "https://puzz.link/p?mashu/6/6/1063000i3000"
# The loop the site's own test accepts for TEST_URL, as tokens.
TEST_ANSWER = ("se ew ew sw se sw\nns se ew nw ns ns\nns ns se ew nw ns\nns ne nw se ew nw\n"
               "ne ew sw ns -  -\n-  -  ne nw -  -")
METHODS = [{"backend": "sat"}, {"backend": "cpsat", "encoding": "circuit", "workers": 1},
           {"backend": "cpsat", "encoding": "flow", "workers": 1},
           {"backend": "sat", "solver": "glucose4"}]


def loop(text: str, board: Board) -> frozenset[tuple[int, int]]:
    found, problems = read_answer(text, board)
    assert problems == []
    return found


def test_the_sites_test_board_and_its_answer():
    b = parse(TEST_URL)
    assert [c for c, p in enumerate(b.pearls) if p == WHITE] == [2, 10, 25]
    assert [c for c, p in enumerate(b.pearls) if p == BLACK] == [7, 21]
    answer = loop(TEST_ANSWER, b)
    assert len(answer) == 30 and check(b, answer) == []
    for options in METHODS:
        result = solve(b, unique=True, **options)
        assert result.unique is True, options
        assert result.solution == answer, options
    assert show(b, answer) == TEST_ANSWER


def test_the_checker_names_each_broken_rule():
    ring = frozenset({(0, 1), (0, 3), (1, 4), (3, 4)})  # around the top-left 2x2 block
    open_board = Board(3, 3, (EMPTY,) * 9)
    assert check(open_board, ring) == []
    assert check(Board(3, 3, (WHITE,) + (EMPTY,) * 8), ring) == [
        "the white pearl at row 1, column 1 is not passed straight through"]
    assert check(Board(3, 3, (EMPTY,) * 8 + (BLACK,)), ring) == [
        "the loop does not pass the black pearl at row 3, column 3"]
    black = Board(3, 3, (BLACK,) + (EMPTY,) * 8)
    assert check(black, ring) == [
        f"the loop leaving the black pearl at row 1, column 1 to the {side} does not go "
        "straight through the next cell" for side in ("east", "south")]
    assert check(open_board, frozenset({(0, 1), (1, 2)})) == [
        "the loop has 1 end at row 1, column 1", "the loop has 1 end at row 1, column 3"]
    two = Board(2, 4, (EMPTY,) * 8)
    rings = frozenset({(0, 1), (0, 4), (1, 5), (4, 5), (2, 3), (2, 6), (3, 7), (6, 7)})
    assert check(two, rings) == ["more than one loop: the cell at row 1, column 3 is on "
                                 "another loop than the one at row 1, column 1"]
    assert check(open_board, frozenset()) == ["there is no loop"]


def test_white_pearl_needs_a_turn_beside_it():
    b = Board(1, 5, (EMPTY, EMPTY, WHITE, EMPTY, EMPTY))
    straight = Board(3, 5, (EMPTY,) * 5 + (EMPTY, EMPTY, WHITE, EMPTY, EMPTY) + (EMPTY,) * 5)
    rows = "-  -  -  -  -\nse ew ew ew sw\nne ew ew ew nw"
    assert check(straight, loop(rows, straight)) == [
        "the loop turns on neither side of the white pearl at row 2, column 3"]
    assert b.cells == 5


def random_board(seed: int) -> Board:
    rng = random.Random(seed)
    rows, cols = rng.choice([(2, 3), (3, 3), (2, 4), (3, 4), (2, 5)])
    pearls = [rng.choice([EMPTY, EMPTY, EMPTY, WHITE, BLACK]) for _ in range(rows * cols)]
    if not any(pearls):
        pearls[rng.randrange(len(pearls))] = rng.choice([WHITE, BLACK])
    return Board(rows, cols, tuple(pearls))


@pytest.mark.parametrize("seed", range(30))
def test_every_encoding_counts_what_brute_force_counts(seed):
    b = random_board(seed)
    expected = brute(b)
    for options in METHODS:
        result = solve(b, limit=None, **options)
        assert result.complete
        assert set(result.solutions) == expected, (seed, options, to_text(b))
        assert result.status is (Status.SOLVED if expected else Status.UNSOLVABLE)


@pytest.mark.parametrize("size", [(4, 4), (6, 6), (8, 8)])
def test_generated_boards_round_trip_and_are_unique_by_cp_sat_too(size):
    rows, cols = size
    made = generate(MASYU, rows, cols, seed=rows * cols, density=0.3)
    b, answer = made.board, made.answer
    assert parse(to_url(b)) == b
    assert parse(to_text(b)) == b
    result = solve(b, backend="cpsat", unique=True, workers=1)
    assert result.unique is True and result.solution == answer
    assert read_answer("\n".join(to_rows(b, answer)), b) == (answer, [])


def test_url_forms_the_site_reads():
    b = parse(TEST_URL)
    assert to_url(b) == TEST_URL
    for variant in (TEST_URL + "/", TEST_URL + "00", TEST_URL.replace("mashu", "masyu"),
                    TEST_URL.replace("mashu", "pearl"),
                    TEST_URL.replace("puzz.link/p?", "pzv.jp/p.html?")):
        assert parse(variant) == b, variant


def test_compact_and_sized_text():
    b = parse("3 4\nw - - b\n- - - -\nB - W -\n")
    assert parse("w..b\n....\nx.o.") == b
    assert parse(to_text(b)) == b


def test_answers_that_do_not_meet_are_named():
    b = Board(2, 2, (EMPTY,) * 4)
    _, problems = read_answer("se sw\nne n\n", b)
    assert problems == ["the loop goes e from row 2, column 1 but the cell there does not "
                        "come back"]
    assert read_answer("se sw\nne nw\n", b)[1] == []
    _, off = read_answer("ne sw\nne nw\n", b)
    assert off[0] == "the loop leaves the board from row 1, column 1 (n)"


@pytest.mark.parametrize("seed", range(12))
def test_explain_marks_the_ends_of_the_edges_brute_force_sees_vary(seed):
    from cpsolve.grid.report import report
    from cpsolve.limits import Deadline

    b = random_board(seed)
    every = brute(b)
    found = report(MASYU, b, solve(b, unique=True), {"explain": True}, Deadline(None))
    varying = {divmod(end, b.cols) for edge in b.grid.edges if len({edge in s for s in every}) == 2
               for end in edge}
    assert found.keys["undetermined"] == [[r + 1, c + 1] for r, c in sorted(varying)]
    assert ("\n\nunique:" in (found.text or "")) == (len(every) == 1)
