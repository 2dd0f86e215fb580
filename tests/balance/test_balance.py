"""Balance Loop: the answers janko.at publishes, published puzz.link URLs round trip,
pzprjs's own failing answers refused by the checker (and its right one accepted), the
checker's messages, and the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cpsolve.grid.cases import of
from cpsolve.models.balance import Board, check, parse, read_answer, solve, to_text, to_url
from cpsolve.models.balance.board import code, named
from cpsolve.models.balance.forms import FORMATS
from tests.support.cli import run

JANKO = json.loads((Path(__file__).parents[1] / "data" / "balance" / "janko.json").read_text())
PUBLISHED = [case.board for case in of("cpsolve.models.balance").published]
EXAMPLE = "https://puzz.link/p?balance/5/5/g9m1k0m8g"
# pzprjs's test script's board as pzprjs saves it, then each answer it fails with the
# code of the rule broken (null: valid): the lines right of each cell (5 rows of 4),
# then below each (4 rows of 5).
GIVEN = ". 1,4 . . . /. . . . 1,-2 /. . . . . /0,-2 . . . . /. . . 0,4 . /"
FAILCHECK = [
    ("lnBranch", "0 1 1 1 /1 0 1 1 /0 0 0 1 /1 1 0 0 /0 1 1 0 /0 1 0 0 1 /1 0 1 0 1 /"
                 "1 0 1 1 0 /0 1 0 1 0 /"),
    ("lnCross", "1 1 1 0 /0 0 0 1 /0 1 0 1 /1 1 0 0 /0 1 1 0 /1 0 0 1 0 /1 0 0 0 1 /"
                "1 1 1 1 0 /0 1 0 1 0 /"),
    ("segShort", "0 1 0 0 /0 0 1 1 /1 0 0 1 /1 0 0 0 /0 1 1 0 /0 1 1 0 0 /0 1 0 0 1 /"
                 "1 0 0 1 0 /0 1 0 1 0 /"),
    ("segLong", "0 1 1 1 /0 0 1 1 /1 0 1 0 /1 0 0 0 /0 1 1 0 /0 1 0 0 1 /0 1 1 0 0 /"
                "1 0 0 1 0 /0 1 0 1 0 /"),
    ("segWhiteUneq", "0 1 1 1 /1 0 0 1 /0 0 0 0 /0 1 0 0 /1 0 1 0 /0 1 0 0 1 /1 0 0 1 0 /"
                     "1 0 0 1 0 /1 1 1 1 0 /"),
    ("segBlackEq", "0 1 1 0 /0 0 0 1 /1 0 0 1 /1 0 0 0 /0 1 1 0 /0 1 0 1 0 /0 1 0 0 1 /"
                   "1 0 0 1 0 /0 1 0 1 0 /"),
    ("lnDeadEnd", "1 1 1 1 /0 0 1 1 /0 0 1 0 /1 0 0 0 /0 1 1 0 /1 0 0 0 1 /0 0 1 0 0 /"
                  "0 0 0 1 0 /1 1 0 1 0 /"),
    ("circNoLine", "0 1 0 0 /0 0 0 1 /0 0 1 0 /1 0 1 1 /1 1 0 0 /0 1 1 0 0 /0 1 1 1 1 /"
                   "0 1 0 0 1 /1 0 1 0 0 /"),
    ("lnPlLoop", "0 1 1 1 /0 1 1 1 /1 1 1 0 /1 0 0 0 /0 1 1 0 /0 1 0 0 1 /0 0 0 0 0 /"
                 "1 0 0 1 0 /0 1 0 1 0 /"),
    (None, "1 1 1 1 /1 0 1 1 /1 0 1 0 /1 0 0 0 /0 1 1 0 /1 0 0 0 1 /0 1 1 0 0 /"
           "1 0 0 1 0 /0 1 0 1 0 /"),
]


def _rows(text: str) -> list[list[str]]:
    return [row.split() for row in text.strip(" /").split(" /")]


def _given(text: str) -> Board:
    codes: list[int | None] = []
    for token in (t for row in _rows(text) for t in row):
        if token == ".":
            codes.append(None)
        else:
            ques, qnum = (int(part) for part in token.split(","))
            codes.append(code(ques, None if qnum < 0 else qnum))
    return Board(5, 5, tuple(codes))


def _loop(text: str, rows: int = 5, cols: int = 5) -> frozenset[tuple[int, int]]:
    values = _rows(text)
    across, down = values[:rows], values[rows:]
    edges = {(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)
             if across[r][c] == "1"}
    edges |= {(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)
              if down[r][c] == "1"}
    return frozenset(edges)


def test_pzprjs_board_is_the_sample_url():
    assert to_url(_given(GIVEN)) == EXAMPLE


@pytest.mark.parametrize(("rule", "lines"), FAILCHECK, ids=[str(r) for r, _ in FAILCHECK])
def test_pzprjs_answers_are_judged_as_pzprjs_judges_them(rule, lines):
    errors = check(_given(GIVEN), _loop(lines))
    assert (errors == []) == (rule is None), errors


def test_the_right_answer_is_the_solution():
    board = parse(EXAMPLE)
    assert solve(board, unique=True).solution == _loop(FAILCHECK[-1][1])


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_urls_round_trip(url):
    board = parse(url)
    assert to_url(board) == url
    assert parse(to_text(board)) == board
    assert parse(FORMATS.exports["penpa"](board)) == board


def test_grid_text_reads_every_way_of_writing_a_circle():
    board = parse("2 3\nw4 3b -\n0 b 9\n")
    assert board.numbers == (8, 7, None, 0, 1, 9)
    assert to_text(board) == "2 3\nw4 b3 -\nw b b4"


def _janko(entry):
    marks = [] if entry["rows"] * entry["cols"] <= 64 else [pytest.mark.slow]
    return pytest.param(entry, id=entry["name"], marks=marks)


@pytest.mark.parametrize("entry", [_janko(e) for e in JANKO["boards"]])
def test_janko_answers_are_the_only_solutions(entry):
    board = parse(entry["url"])
    answer = read_answer("\n".join(entry["answer"]), board)[0]
    assert check(board, answer) == []
    found = solve(board, unique=True)
    assert found.solution == answer and found.unique


def test_the_checker_names_each_broken_rule():
    board = Board(2, 3, (0, None, 5, None, None, None))  # a white circle, a black 2
    ring = frozenset({(0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (2, 5)})
    errors = check(board, ring)
    assert any("white circle at row 1, column 1 are unequal (2 and 1)" in e for e in errors)
    assert any("black circle 2 at row 1, column 3 are 2 and 1 long, 3 in all" in e
               for e in errors)
    assert check(board, frozenset()) == ["there is no loop",
                                         "the loop does not pass the white circle at row 1, "
                                         "column 1",
                                         "the loop does not pass the black circle 2 at row 1, "
                                         "column 3"]


def test_a_circle_is_named_by_its_colour_and_number():
    assert [named(c) for c in (0, 1, 8, 9)] == ["white circle", "black circle",
                                                "white circle 4", "black circle 4"]


def test_the_full_rule_is_read_from_the_url_and_kept():
    board = parse("https://puzz.link/p?balance/f/5/5/g9m1k0m8g")
    assert board.full and to_url(board) == "https://puzz.link/p?balance/f/5/5/g9m1k0m8g"
    found = solve(board)
    assert found.solution is None or all(
        any(cell in edge for edge in found.solution) for cell in range(25))


def test_the_command_checks_an_answer_and_locates_a_break(tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text("se ew ew ew sw\nne sw se ew nw\nse nw ne sw -\nne sw -  ns -\n"
                      "-  ne ew nw -\n")
    done = run("balance", EXAMPLE, "--check", str(answer))
    assert done.returncode == 0, done.stdout + done.stderr
    answer.write_text("se ew ew ew sw\nne sw se ew nw\nse nw ne sw -\nns -  -  ns -\n"
                      "ne ew ew nw -\n")
    done = run("balance", EXAMPLE, "--check", str(answer))
    assert done.returncode != 0 and "circle" in done.stdout + done.stderr

