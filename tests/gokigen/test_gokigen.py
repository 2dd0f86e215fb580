"""Gokigen Naname: the checker against pzprjs's own accepted and refused answers, the
solver against janko.at's answers, the forms (published URLs, Slant game IDs, grid
text and pzprjs files round trip), the certificate's loop cuts (the generator's boards
against published ones: tests/kit/test_generated_shape.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cpsolve.errors import InputError
from cpsolve.grid import cases
from cpsolve.models.gokigen import (
    FORMATS,
    check,
    parse,
    read_answer,
    show,
    solve,
    to_text,
    to_url,
)
from cpsolve.models.gokigen.forms import to_tatham
from cpsolve.models.gokigen.rules import LoopCuts
from tests.support.cli import run

PUBLISHED = [case.board for case in cases.of("cpsolve.models.gokigen").published]
SAMPLE = "https://puzz.link/p?gokigen/4/4/iaegcgcj6a"
# pzprjs's test script (robx/pzprjs test/script/gokigen.js): answers on its sample board
# with the first rule each breaks (None: accepted); 1 is a "\", 2 a "/", "." none.
HEAD = "pzprv3/gokigen/4/4/. . . 0 . /. 4 . . . /2 . . . 2 /. . . . . /. 1 . 0 . /"
FAILCHECK = [
    ("slLoop", ". 2 1 . /2 . . 1 /1 . . 2 /. 1 2 . /"),
    ("crConnSlNe", ". 2 1 . /2 . . 1 /1 . . 2 /. . 2 . /"),
    ("ceNoSlash", "1 2 1 2 /2 1 . 1 /1 . . 2 /. 2 2 1 /"),
    (None, "1 2 1 2 /2 1 1 1 /1 1 2 2 /2 2 2 1 /"),
]


def _answer(cells: str) -> str:
    return "\n".join(" ".join(row.split()) for row in cells.split("/") if row.strip())


@pytest.mark.parametrize("code, cells", FAILCHECK)
def test_the_checker_judges_pzprjs_test_answers_as_pzprjs_does(code, cells):
    """A loop, a number counted otherwise, an empty cell: each refused with its rule
    named; the accepted answer passes. A cell pzprjs leaves empty is read as a
    located fault (and a "/"); the checker then judges the rest."""
    board = parse(HEAD.replace("/", "\n"))
    answer, empty = read_answer(_answer(cells), board)
    errors = [*empty, *check(board, answer)]
    if code is None:
        assert errors == []
        assert answer == solve(board, unique=True).solution
        return
    words = {"slLoop": "make a loop", "crConnSlNe": "touches",
             "ceNoSlash": "no diagonal in the cell"}[code]
    assert any(words in str(error) for error in errors), errors
    if code == "slLoop":  # the loop round the 4: its four cells, and no other
        loop = next(error for error in errors if "loop" in str(error))
        assert loop.cells


def test_the_board_of_pzprjs_file_is_its_url_and_the_answer_is_pzprjs_answer():
    board = parse(HEAD.replace("/", "\n"))
    assert board == parse(SAMPLE) and to_url(board) == SAMPLE
    assert show(board, solve(board).solution) == "\\/\\/\n/\\\\\\\n\\\\//\n///\\"


@pytest.mark.parametrize("url", [u for u in PUBLISHED if "://" in u])
def test_published_urls_round_trip(url):
    board = parse(url)
    assert parse(to_url(board)) == board
    assert parse(to_text(board)) == board
    assert parse(FORMATS.exports["tatham"](board)) == board


@pytest.mark.parametrize("game_id", ["4x4:c0b4c2c2f1a0a", "5x5:a12a11b1a1b213a00a212b2a2b10a10a",
                                     "3x2:l", "2x2:1a1a1a1a1", "30x1:z0z0h"])
def test_slant_game_ids_read_and_write_back_identical(game_id):
    board = parse(game_id)
    assert to_tatham(board) == game_id
    assert parse(f"https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/slant.html#"
                 f"{game_id}") == board


def test_grid_text_sized_and_compact_and_puzzlekit_read_alike():
    sized = "2 3\n- 1 - -\n2 - - 0\n- - 1 -\n"
    compact = ".1..\n2..0\n..1.\n"
    assert parse(sized) == parse(compact)
    assert (parse(sized).rows, parse(sized).cols) == (2, 3)
    assert FORMATS.exports["grid"](parse(sized)) == "2 3\n- 1 - -\n2 - - 0\n- - 1 -"
    assert to_text(parse(sized)) == compact.strip()


def test_a_number_too_large_for_its_point_gives_no_solution():
    assert solve(parse("1 1\n3 -\n- -\n")).solution is None
    assert solve(parse("1 1\n1 -\n- 1\n"), unique=True).unique


def test_loop_cuts_are_checked_from_the_board_alone():
    # a 2x2 board: the diamond round its middle point is cells 0 "/", 1 "\", 2 "\", 3 "/"
    group = LoopCuts("no loop", 9, [(0, 4), (1, 3), (1, 5), (2, 4), (3, 7), (4, 6), (4, 8),
                                    (5, 7)], [-1, 1, -2, 2, -3, 3, -4, 4])
    assert group.faults({1, 4}) == [{"rule": "no loop", "loop": [1, 2, 4, 7]}]
    record = group.faults({1, 4})[0]
    assert group.check(record) is None and group.clause(record) == [-1, 2, 3, -4]
    assert group.check({"rule": "no loop", "loop": [1, 2, 5]}) is not None  # a path only
    assert group.check({"rule": "no loop", "loop": []}) is not None


def test_the_solver_finds_janko_answers():
    """Every janko.at board of the data set that cases.toml keeps solves to the data
    set's answer (compared when the cases were made; here: the checker passes and it is
    unique)."""
    for url in PUBLISHED[3:9]:
        board = parse(url)
        result = solve(board, unique=True)
        assert result.unique and check(board, result.solution) == []


def test_the_command_names_the_number_an_answer_breaks():
    done = run("gokigen", SAMPLE, "--check", "-", "--json",
               stdin="\\/\\/\n/\\\\/\n\\\\//\n///\\\n")
    said = json.loads(done.stdout)
    assert done.returncode == 1, done.stderr
    assert said["valid"] is False and said["errors"] == [
        "the 2 at the point at row 3, column 5 touches 1 diagonals"], said


def test_published_boards_are_where_the_cases_say(tmp_path: Path):
    assert len(PUBLISHED) >= 20
    with pytest.raises(InputError):
        parse("https://puzz.link/p?wagiri/4/4/iaegcgcj6a")
