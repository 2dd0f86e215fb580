"""Hashiwokakero: the answers janko.at publishes, the forms it reads (published puzz.link
URLs round trip, pzprjs's files, grid text), pzprjs's own failing answers refused by
the checker, the checker's messages, the answer tokens, and the generator's boards."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from cpsolve.errors import InputError
from cpsolve.grid.cases import of
from cpsolve.grid.layouts import Settings
from cpsolve.models.hashikake import ANSWER, check, parse, show, solve, to_tatham, to_text, to_url
from cpsolve.models.hashikake.layout import make
from tests.support.oracles import hashikake_solutions

JANKO = json.loads((Path(__file__).parents[1] / "data" / "hashikake" / "janko.json")
                   .read_text())["boards"]
PUBLISHED = [case.board for case in of("cpsolve.models.hashikake").published]
EXAMPLE = "https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3"
BOARD = "4 . 2 . . /. 3 . . 2 /3 . . . . /. 3 . 1 . /3 . 4 . 3 /"
# pzprjs's test script's answers to its board, as pzprjs saves them (the bridges along
# the borders between columns, then between rows; -1 a cross mark), each with the code
# of the rule it breaks (null: valid).
FAILCHECK = [
    ("nmLineGt", "2 2 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /2 0 0 0 0 /2 0 0 0 0 /"
                 "2 0 0 0 0 /2 0 0 0 0 /"),
    ("lcDivided", "2 2 0 0 /0 1 1 1 /-1 0 0 0 /0 0 0 0 /0 0 0 0 /2 0 0 0 0 /2 1 0 0 0 /"
                  "1 1 0 0 0 /1 0 0 0 0 /"),
    ("nmLineLt", "2 2 0 0 /0 1 1 1 /-1 0 0 0 /0 1 1 0 /1 1 1 1 /2 0 0 0 0 /2 1 0 0 1 /"
                 "1 1 0 0 1 /1 0 0 0 1 /"),
    (None, "2 2 0 0 /0 1 1 1 /-1 0 -1 -1 /0 1 1 -1 /2 2 2 2 /2 0 0 0 0 /2 2 0 0 1 /"
           "1 2 0 -1 1 /1 0 0 -1 1 /"),
]


def _file(lines: str) -> str:
    rows = (BOARD + lines).strip(" /").split(" /")
    return "pzprv3\nhashikake\n5\n5\n" + "\n".join(rows) + "\n"


def _answer(lines: str) -> frozenset[tuple[int, int, int]]:
    """The bridges a pzprjs file draws: its border lines, a count each (a cross mark,
    -1, none)."""
    rows = [[int(n) for n in row.split()] for row in lines.strip(" /").split(" /")]
    out = set()
    for r, row in enumerate(rows[:5]):
        out |= {(r * 5 + c, r * 5 + c + 1, n) for c, n in enumerate(row) if n > 0}
    for r, row in enumerate(rows[5:]):
        out |= {(r * 5 + c, r * 5 + c + 5, n) for c, n in enumerate(row) if n > 0}
    return frozenset(out)


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_urls_round_trip(url):
    board = parse(url)
    assert to_url(board) == url.replace("?hashi/", "?hashikake/")
    assert parse(to_text(board)) == board


@pytest.mark.parametrize("code,lines", FAILCHECK)
def test_pzprjs_verdicts_on_its_own_answers(code, lines):
    board = parse(_file(lines))
    assert board == parse(EXAMPLE)
    errors = check(board, _answer(lines))
    assert (errors == []) == (code is None), (code, errors)
    if code is None:
        assert solve(board, limit=2).solutions == [_answer(lines)]


def test_the_checker_names_each_broken_rule():
    board = parse("3 3\n2 - 1\n- - -\n1 - -\n")
    assert check(board, frozenset()) == ["no bridge is built"]
    assert check(board, frozenset({(0, 1, 1), (1, 2, 1), (0, 3, 1), (3, 6, 1)})) == []
    assert check(board, frozenset({(0, 1, 2), (1, 2, 2), (0, 3, 1), (3, 6, 1)})) == [
        "the island 2 at row 1, column 1 has 3 bridges",
        "the island 1 at row 1, column 3 has 2 bridges",
    ]
    assert check(board, frozenset({(0, 1, 1), (0, 3, 1), (3, 6, 1)})) == [
        "a bridge turns or stops at row 1, column 2, on no island",
        "the island 1 at row 1, column 3 has 0 bridges",
        "the islands are not one network: row 1, column 3 is cut off from row 1, column 1",
    ]
    crossing = parse("3 3\n- 1 -\n1 - 1\n- 1 -\n")
    assert check(crossing, frozenset({(1, 4, 1), (4, 7, 1), (3, 4, 1), (4, 5, 1)}))[0] == \
        "bridges cross at row 2, column 2"


def test_answers_are_written_and_read_back():
    board = parse(EXAMPLE)
    answer = solve(board).solution
    assert show(board, answer).splitlines()[0].split() == ["SE", "EW", "W", "-", "-"]
    assert ANSWER.read("\n".join(ANSWER.rows(board, answer)), board) == (answer, [])
    _, problems = ANSWER.read("E w -\n- - -\n", parse("2 3\n1 1 -\n- - -\n"))
    assert problems == ["2 bridges go e from row 1, column 1 but the cell there does not "
                        "say so", "1 bridge goes w from row 1, column 2 but the cell there "
                        "does not say so"]
    with pytest.raises(InputError) as refused:
        ANSWER.read("ex - -\n- - -\n", parse("2 3\n1 1 -\n- - -\n"))
    assert (refused.value.line, refused.value.column) == (1, 1)


@pytest.mark.parametrize("text,where", [
    ("pzprv3\nhashikake\n2\n2\n1 x \n. 1 \n0 \n0 \n0 0 \n", (5, 3)),
    ("pzprv3\nhashikake\n2\n3\n", (5, 1)),
])
def test_bad_pzprjs_files_are_located(text, where):
    with pytest.raises(InputError) as refused:
        parse(text)
    assert (refused.value.line, refused.value.column) == where, refused.value.message


def _janko_check(entry):
    board = parse(entry["url"])
    answer, problems = ANSWER.read("\n".join(entry["answer"]), board)
    assert problems == [] and check(board, answer) == []
    found = solve(board, limit=2)
    assert found.solutions == [answer], entry["name"]


@pytest.mark.parametrize("entry", JANKO[::10], ids=lambda entry: entry["name"])
def test_janko_answers_are_the_solutions(entry):
    _janko_check(entry)


@pytest.mark.slow  # every janko.at board of the sample: 105 boards, about 10 s
@pytest.mark.parametrize("entry", JANKO, ids=lambda entry: entry["name"])
def test_every_janko_answer_is_the_solution(entry):
    _janko_check(entry)


def test_layouts_look_like_published_boards():
    """No two islands side by side (janko.at's boards have none), every number given,
    and the answer among the board's solutions."""
    for seed in range(6):
        board, answer = make(Settings(4, 5, "none", 1.0), np.random.default_rng(seed))
        grid = board.grid
        assert all(board.numbers[o] is None for c in board.clue_cells
                   for o in grid.neighbours[c])
        assert all(n is not None and n > 0 for n in (board.numbers[c] for c in board.clue_cells))
        assert check(board, answer) == []
        assert answer in hashikake_solutions(board)
    board, _ = make(Settings(13, 13, "none", 1.0), np.random.default_rng(0))
    assert 0.2 < len(board.clue_cells) / 169 < 0.38


@pytest.mark.parametrize("url", PUBLISHED[:7])
def test_tatham_game_ids_round_trip(url):
    board = parse(url)
    game_id = to_tatham(board)
    assert parse(game_id) == board
    assert parse(f"https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/bridges.html"
                 f"#{game_id}") == board
    assert to_tatham(parse(game_id)) == game_id


@pytest.mark.parametrize("game_id,column", [("5x5m3:4a2c3b23e3a1a3a4a3", 4),
                                            ("5x5m2L:4a2c3b23e3a1a3a4a3", 6),
                                            ("5x5:4a2c3b23e3a1a3a4a3b", 23),
                                            ("3x3:1a1g", 8)])
def test_bad_tatham_ids_are_located(game_id, column):
    with pytest.raises(InputError) as refused:
        parse(game_id)
    assert (refused.value.line, refused.value.column) == (1, column), refused.value.message


def test_tatham_ids_read_their_parameters_and_big_islands():
    assert parse("3x1i30e10m2d0:1a1") == parse("1 3\n1 - 1\n")
    assert parse("3x1:AaG").numbers == (10, None, 16)  # read, and no solution


def test_janko_files_are_read():
    board = parse("begin\npuzzle hashi\nrows 3\ncols 3\nproblem\n1 - 2\n- - -\n- - 1\n"
                  "solution\n- 1 -\n- - a\n- - -\nend\n")
    assert board == parse("3 3\n1 - 2\n- - -\n- - 1\n")
    assert solve(board, limit=2).solutions == [frozenset({(0, 1, 1), (1, 2, 1), (2, 5, 1),
                                                          (5, 8, 1)})]
