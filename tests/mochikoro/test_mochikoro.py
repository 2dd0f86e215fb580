"""Mochikoro: pzprjs's sample board solved to its answer, the forms it reads (pzprjs's
file, grid text, published URLs round trip), the checker's messages against pzprjs's
failing answers, the rules against brute force on boards the rules' fine points decide
(a "?" pair, a board one cell wide), and the generator's symmetric numbers."""

from __future__ import annotations

import pytest

from cpsolve.grid import cases
from cpsolve.grid.generate import generate
from cpsolve.limits import Deadline
from cpsolve.models.mochikoro import MOCHIKORO, Board, check, parse, show, solve, to_text, to_url
from tests.support.cli import run
from tests.support.oracles import mochikoro_solutions

SMALL = "https://puzz.link/p?mochikoro/5/5/4p2n1i1"  # pzprjs's sample board
# pzprjs's sample board as its file, then its answers (test/script/mochikoro.js): each
# failing one with the message our checker gives for that rule, and the right one.
PZPRV3 = "pzprv3/mochikoro/5/5/4 . . . . /. . . . . /. 2 . . . /. . . . . /1 . . . 1 /"
FAILING = {
    "no cell is shaded": ". . . . . /. . . . . /. . . . . /. . . . . /. . . . . /",
    "is all shaded": ". . . # # /. . . # # /. . . . . /. . . . . /. . . . . /",
    "even through corners": "+ + + + # /# # # # # /. . . . . /. . . . . /. . . . . /",
    "no rectangle": "+ + + + # /# # # # + /. . # + + /. . . # # /. . . . . /",
    "holds 2 numbers": "+ + # + . /. . # . + /. . # . + /# # . # # /. . # . . /",
    "has 2 cells": "+ + + + # /# # # # + /# + + # + /+ # # + # /+ # + # + /",
}
ANSWER = "+ + + + # /# # # # + /# + # + # /# + # + # /+ # + # + /"


def _shading(grid: str) -> frozenset[int]:
    cells = [t for row in grid.split("/") for t in row.split()]
    return frozenset(k for k, t in enumerate(cells) if t == "#")


def test_pzprjs_s_board_has_its_answer_only():
    board = parse(SMALL)
    result = solve(board, unique=True)
    assert result.unique is True and result.solution == _shading(ANSWER)
    assert check(board, _shading(ANSWER)) == []


@pytest.mark.parametrize("said", sorted(FAILING))
def test_the_checker_names_the_rule_each_of_pzprjs_s_failing_answers_breaks(said):
    broken = check(parse(SMALL), _shading(FAILING[said]))
    assert any(said in message for message in broken), broken


def test_the_forms_read_the_same_board():
    board = parse(SMALL)
    assert parse(PZPRV3.replace("/", "\n")) == board
    assert parse("5 5\n4 - - - -\n- - - - -\n- 2 - - -\n- - - - -\n1 - - - 1\n") == board
    assert parse("4....\n.....\n.2...\n.....\n1...1\n") == board
    assert parse(to_text(board)) == board and to_url(board) == SMALL


def test_published_urls_round_trip():
    published = [url for url in cases.of("cpsolve.models.mochikoro").boards("unique")
                 if url.startswith("https://puzz.link/")]
    assert len(published) >= 4
    for url in published:
        assert to_url(parse(url)) == url


@pytest.mark.parametrize("text, count", [
    ("2 3\n? - ?\n- - -\n", 1),  # two "?" apart, joined through corners below
    ("1 2\n? ?\n", 0),            # two "?" side by side: one area, two numbers
    ("1 3\n- - -\n", 6),          # one cell wide: all shaded too, never none shaded
    ("2 2\n- -\n- -\n", 10),     # a block with one shaded cell is an L: refused
    ("2 3\n1 - -\n- - -\n", 3),
])
def test_the_fine_points_agree_with_brute_force(text, count):
    board = parse(text)
    every = mochikoro_solutions(board)
    assert len(every) == count
    assert set(solve(board, limit=None).solutions) == set(every)
    assert set(solve(board, limit=None, backend="cpsat").solutions) == set(every)


def test_a_rectangle_without_a_number_is_allowed():
    board = Board(2, 3, (1, None, None, None, None, None))
    assert check(board, frozenset({1, 3, 5})) == []  # the 1, and an area of one below
    assert frozenset({1, 3, 5}) in solve(board, limit=None).solutions


def test_generated_numbers_stand_where_the_symmetry_puts_them():
    made = generate(MOCHIKORO, 8, 8, seed=3, symmetry="rot2", deadline=Deadline(60))
    assert made.board is not None, made.reason
    clues = set(made.board.clue_cells)
    assert all(set(made.board.grid.orbit(cell, "rot2")) <= clues for cell in clues)
    assert solve(made.board, unique=True).unique is True


def test_the_command_checks_an_answer_and_names_the_broken_rule(tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text(show(parse(SMALL), _shading(FAILING["has 2 cells"])) + "\n")
    done = run("mochikoro", SMALL, "--check", str(answer))
    assert done.returncode == 1 and "has 2 cells" in done.stdout + done.stderr
