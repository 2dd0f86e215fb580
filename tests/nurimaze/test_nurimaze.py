"""Nurimaze: answers against other sites' and solvers' own (pzprjs's test script's
verdicts, cspuz's test), the forms it reads (URLs round trip, S and G where the site
stands them, pzprjs files, Penpa+ links), the checker's messages, the command, the
setter's tools, pictures and the generator. The rules against brute force on small
boards are the kit's suites (tests/support/oracles.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cpsolve.errors import InputError
from cpsolve.grid import setter
from cpsolve.grid.cases import of as cases_of
from cpsolve.grid.generate import generate
from cpsolve.limits import Deadline
from cpsolve.models.nurimaze import NURIMAZE, check, parse, show, solve, to_text, to_url
from cpsolve.models.nurimaze.board import CIRCLE, TRIANGLE
from cpsolve.models.nurimaze.check import route
from tests.support.cli import run, valid_json
from tests.support.oracles import nurimaze_solutions

URLS = [case.board for case in cases_of("cpsolve.models.nurimaze").published]

# pzprjs's test script (robx/pzprjs test/script/nurimaze.js): its board, and its save
# files with answers, each refused for the rule it names (None: accepted), with the
# message cpsolve's checker gives for the same.
PZPR_BOARD = "https://puzz.link/p?nurimaze/6/6/6efjsstsvjun1e374i2547"
HEAD = ("pzprv3/nurimaze/6/6/17/0 0 0 1 2 2 /3 3 4 1 5 5 /6 6 4 1 7 8 /9 10 10 10 7 8 /"
        "11 12 13 14 14 14 /11 15 13 16 16 16 /s . . . . . /. . . . . o /. . . t . . /"
        ". . . . . . /. . . . . . /g . t . . . /")
PZPR = {
    "bkMixed": (HEAD, ". . . . . . /. . . . . . /. . . . . . /. # # + . . /. . . . . . /"
                ". . . . . . /", "is partly shaded"),
    "cuDivide": (HEAD, ". . . . . . /# # # . . . /. . # . . . /. # # # . . /. . . # # # /"
                 ". . . . . . /", "is cut off"),
    "cu2x2": (HEAD, ". . . . . . /# # # . . . /. . # . . . /. # # # . . /. . . . . . /"
              ". . . . . . /", "is all unshaded"),
    "cs2x2": (HEAD, ". . . . . . /# # # . . . /# # # . . . /. # # # . . /. . . . . . /"
              ". . . . . . /", "is all shaded"),
    "routePassDeadEnd": (HEAD, "+ + + + # # /# # # + + + /+ + # + # + /+ # # # # + /"
                         "+ # + + + + /+ . + # # # /", "passes the triangle"),
    None: (HEAD, "+ + + + # # /# # # + + + /+ + # + # + /+ # # # # + /+ + + + + + /"
           "+ # + # # # /", ""),
}
# Its loop and circle cases are drawn on boards of their own regions.
LOOP = ("pzprv3/nurimaze/6/6/18/0 0 0 1 2 2 /3 3 4 1 5 5 /6 6 4 1 7 8 /9 10 10 11 7 8 /"
        "12 13 14 15 15 15 /12 16 14 17 17 17 /s . . . . . /. . . . . o /. . . t . . /"
        ". . . . . . /. . . . . . /g . t . . . /",
        "+ + + + # # /# # # + + + /. . # + # + /. # # . # + /. # . + + + /. . . # # # /")
CIRCLE_OFF = ("pzprv3/nurimaze/6/6/19/0 0 0 1 2 2 /3 3 4 1 5 5 /6 6 4 1 7 8 /9 10 10 11 7 12 /"
              "13 14 15 16 16 16 /13 17 15 18 18 18 /s . . . . . /. . . . . o /. . . t . . /"
              ". . . . . . /. . . . . . /g . t . . . /",
              "+ + + + # # /# # # + + + /. . # + # + /. # # + # # /. # . + + + /. . . # # # /")


def _file(head: str) -> str:
    return head.replace("/", "\n")


def _shading(rows: str) -> frozenset[int]:
    cells = [token for row in rows.strip(" /").split("/") for token in row.split()]
    return frozenset(k for k, token in enumerate(cells) if token == "#")


@pytest.mark.parametrize("code", [k for k in PZPR if k is not None])
def test_the_checker_refuses_what_pzprjs_refuses(code):
    head, answer, said = PZPR[code]
    board = parse(_file(head))
    assert board == parse(PZPR_BOARD)
    errors = check(board, _shading(answer))
    assert any(said in error for error in errors), (code, errors)


def test_pzprjs_s_answer_is_the_one_solution():
    head, answer, _ = PZPR[None]
    board = parse(_file(head))
    assert check(board, _shading(answer)) == []
    found = solve(board, unique=True)
    assert found.unique is True and found.solution == _shading(answer)
    assert nurimaze_solutions(board) == [_shading(answer)]


def test_a_loop_and_a_circle_off_the_way_are_refused():
    board = parse(_file(LOOP[0]))
    assert any("make a loop" in e for e in check(board, _shading(LOOP[1])))
    board = parse(_file(CIRCLE_OFF[0]))
    assert any("is off the way from S to G" in e
               for e in check(board, _shading(CIRCLE_OFF[1])))


def test_cspuz_s_answer():
    board = parse("https://puzz.link/p?nurimaze/6/5/ervrivfppu53b481b2b")
    found = solve(board, unique=True)
    shaded = ["000111", "010001", "010111", "011101", "000000"]  # cspuz_core's test
    assert found.unique is True
    assert show(board, found.solution).splitlines() == [
        row.replace("1", "#").replace("0", ".") for row in shaded]


@pytest.mark.parametrize("url", URLS)
def test_published_urls_round_trip(url):
    board = parse(url)
    written = to_url(board)
    assert parse(written) == board
    if "puzz.link" in url or "pzv.jp" in url:  # as the site writes it
        assert written.split("?", 1)[1] == url.split("?", 1)[1].rstrip("/")
    assert parse(to_text(board)) == board


def test_s_and_g_stand_where_the_site_stands_them():
    board = parse("https://puzz.link/p?nurimaze/3/2/00")  # nothing placed
    assert (board.start, board.goal) == (0, 5)
    assert to_url(board) == "https://puzz.link/p?nurimaze/3/2/00182"
    assert to_text(board).splitlines()[1:3] == ["- - -", "- - -"]  # as a new board
    moved = parse("https://puzz.link/p?nurimaze/3/2/0052")  # G placed, S not
    assert (moved.start, moved.goal) == (0, 1)
    assert to_text(moved).splitlines()[1] == "S G -"


def test_long_runs_of_empty_cells_are_written_as_pzprjs_writes_them():
    board = parse("5 8\n" + "S - - - - - - -\n" + "- - - - - - - -\n" * 3 + "o - - - - - - G\n"
                  + "a a a a a a a a\n" * 5)
    assert to_url(board) == "https://puzz.link/p?nurimaze/8/5/000000000000001z3a2"
    assert parse(to_url(board)) == board


def test_penpa_links_round_trip():
    for url in URLS[:3]:
        board = parse(url)
        assert parse(NURIMAZE.exports["penpa"](board)) == board


def test_forms_refuse_what_is_no_board():
    with pytest.raises(InputError, match="two cells at least"):
        parse("https://puzz.link/p?nurimaze/1/1/")
    with pytest.raises(InputError, match="a triangle in the cell of G"):
        parse("2 2\nS -\n- t\na b\na b\n")  # G not placed: the last cell


def test_the_checker_names_shaded_objects_and_a_way_that_skips_a_circle():
    board = parse("2 3\nS o G\n- - -\na b c\nd e f\n")
    assert check(board, frozenset({4})) == []
    assert route(board, frozenset({4})) == [0, 1, 2]
    errors = check(board, frozenset({1, 4}))
    assert "the circle at row 1, column 2 is shaded" in errors
    skipped = parse("2 3\nS - G\n- o -\na b c\nd e f\n")
    assert check(skipped, frozenset({3, 5})) == [
        "the circle at row 2, column 2 is off the way from S to G"]


def test_the_command_solves_checks_and_draws(tmp_path):
    done = run("nurimaze", PZPR_BOARD, "--unique", "--json")
    assert done.returncode == 0
    assert valid_json(json.loads(done.stdout))["status"] == "solved"
    answer = tmp_path / "answer.txt"
    answer.write_text("......\n" * 6)
    picture = tmp_path / "check.png"
    checked = run("nurimaze", PZPR_BOARD, "--check", str(answer), "-o", str(picture))
    assert checked.returncode != 0 and "all unshaded" in checked.stdout + checked.stderr
    assert picture.stat().st_size > 0


@pytest.mark.slow  # brute force on the fixes of a board with many solutions: 8 s
def test_the_setter_finds_fixes_that_leave_one_solution():
    head, answer, _ = PZPR[None]
    board = parse(_file(head))
    hints = NURIMAZE.require_hints()
    loose = hints.without(board, hints.clues(board))  # S and G alone: many mazes
    found = setter.explain(NURIMAZE, loose)
    assert found.unique is False and found.undetermined
    assert found.fixes
    for fix in found.fixes[:2]:  # each leaves one solution, by brute force
        assert fix.kind in ("circle", "triangle")
        assert len(nurimaze_solutions(fix.board)) == 1, fix.text
    kept = setter.redundant(NURIMAZE, board, _shading(answer))
    assert kept.unique is True
    for clue in kept.clues:  # each alone can go
        assert len(nurimaze_solutions(hints.without(board, [clue]))) == 1


def test_generated_boards_are_unique_and_look_like_published_ones():
    made = generate(NURIMAZE, 8, 8, seed=3, deadline=Deadline(60))
    assert made.board is not None, made.reason
    board = made.board
    assert solve(board, unique=True).unique is True
    marks = [m for m in board.marks if m]
    assert CIRCLE in marks or TRIANGLE in marks
    assert 1.0 < board.cells / board.regions < 3.0


EXAMPLES = Path(__file__).parents[2] / "examples" / "nurimaze"


@pytest.mark.parametrize("name, status", [("grid-10x10.txt", 0), ("published-6x6.txt", 0),
                                          ("not-unique-6x6.txt", 4), ("conflict-2x3.txt", 1)])
def test_the_examples_say_what_their_names_say(name, status):
    assert run("nurimaze", str(EXAMPLES / name), "--unique").returncode == status
