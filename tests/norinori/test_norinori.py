"""Norinori: the answers janko.at publishes, the forms it reads (published puzz.link URLs
round trip, pzprjs's files and the data sets' grid text), pzprjs's own failing answers
refused by the checker, located errors, the command, the setter's tools and the
generator."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from cpsolve.grid import setter
from cpsolve.grid.cases import of
from cpsolve.grid.layouts import Settings
from cpsolve.models.norinori import NORINORI, Board, check, parse, solve, to_text, to_url
from cpsolve.models.norinori.layout import make, mend
from tests.support.cli import run, valid_json
from tests.support.oracles import norinori_solutions

JANKO = json.loads((Path(__file__).parents[1] / "data" / "norinori" / "janko.json").read_text())
PUBLISHED = [case.board for case in of("cpsolve.models.norinori").published]
EXAMPLE = "https://puzz.link/p?norinori/5/5/cag4ocjo"
EXAMPLE_ANSWER = ["##...", "..##.", "##..#", "....#", "##..."]
# pzprjs's test script's board as pzprjs saves it (its region count, then the regions)
# and the answers it fails, each with the code of the rule it breaks (null: valid).
PZPRV3 = "pzprv3/norinori/5/5/5/0 0 1 2 2 /1 1 1 2 2 /1 3 3 2 2 /3 3 3 3 3 /4 4 3 3 3 /"
FAILCHECK = [
    ("csGt2", "# # . . . /. # . . . /. . . . . /. . . . . /. . . . . /"),
    ("bkShadeGt2", "# # + . # /+ + # # . /# . . . # /. . . . # /. . . . . /"),
    ("csLt2", "# # + + + /+ + # # + /# . . + . /+ + . . . /# # + . . /"),
    ("bkShadeLt2", "# # + + + /+ + # # + /# # + + . /+ + . . . /# # + . . /"),
    ("bkNoShade", "# # + + + /+ + + + + /+ + + + . /+ + . . . /# # + . . /"),
    (None, "# # + + + /+ + # # + /# # + + # /+ + . . # /# # + . . /"),
]


def _shading(rows: list[str], mark: str = "#") -> frozenset[int]:
    cols = len(rows[0])
    return frozenset(r * cols + c for r, row in enumerate(rows) for c, ch in enumerate(row)
                     if ch == mark)


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_urls_round_trip(url):
    assert to_url(parse(url)) == url
    assert parse(to_text(parse(url))) == parse(url)


@pytest.mark.parametrize("entry", JANKO["boards"], ids=lambda entry: entry["name"])
def test_janko_answers_are_the_solutions(entry):
    board = parse(f"{entry['rows']} {entry['cols']}\n" + "\n".join(entry["regions"]))
    answer = _shading(entry["answer"])
    assert check(board, answer) == []
    found = solve(board, limit=5)
    assert answer in found.solutions
    # janko.at 177 as the data set writes it holds three solutions (its transcription)
    assert len(found.solutions) == (3 if entry["name"] == "177_12x22" else 1)
    cpsat = solve(board, backend="cpsat", limit=5)
    assert sorted(map(sorted, cpsat.solutions)) == sorted(map(sorted, found.solutions))


def test_the_forms_read_the_same_board():
    board = parse(EXAMPLE)
    assert parse(PZPRV3.replace("/", "\n")) == board
    assert parse(to_text(board)) == board
    names = to_text(board).splitlines()[1:]
    assert parse("5 5\n" + "- - - - -\n" * 5 + "\n".join(names)) == board  # data sets'
    assert parse(EXAMPLE.replace("https://puzz.link/p?", "http://pzv.jp/p.html?")) == board


def test_a_janko_file_reads_the_board_and_flags_are_read_past():
    entry = JANKO["boards"][0]  # janko.at Norinori 001, as the site writes its files
    janko = "\n".join(["begin", "puzzle norinori", "author someone", f"rows {entry['rows']}",
                       f"cols {entry['cols']}", "areas", *entry["regions"], "solution",
                       *(" ".join("x" if ch == "#" else "-" for ch in row)
                         for row in entry["answer"]), "end", ""])
    board = parse(janko)
    assert solve(board).solution == _shading(entry["answer"])
    # pzprjs has no variant of Norinori: a flag before the size is read past, as there
    assert parse(EXAMPLE.replace("norinori/", "norinori/d/")) == parse(EXAMPLE)


@pytest.mark.parametrize("code,rows", FAILCHECK)
def test_the_checker_refuses_what_pzprjs_refuses(code, rows):
    board = parse(EXAMPLE)
    shaded = _shading([row.replace(" ", "") for row in rows.strip(" /").split(" /")])
    errors = check(board, shaded)
    assert bool(errors) == (code is not None), (code, errors)
    said = {"csGt2": "a domino is 2", "csLt2": "touches no other shaded cell",
            "bkShadeGt2": "shaded cells, not 2", "bkShadeLt2": "holds 1 shaded cells, not 2",
            "bkNoShade": "holds 0 shaded cells, not 2"}
    if code is not None:
        assert any(said[code] in error for error in errors), errors


def test_the_checker_names_each_broken_rule():
    board = Board(2, 3, (0, 0, 0, 1, 1, 1))
    assert check(board, frozenset({0, 1, 2})) == [
        "3 shaded cells touch, starting at row 1, column 1: a domino is 2",
        "the region at row 1, column 1 holds 3 shaded cells, not 2",
        "the region at row 2, column 1 holds 0 shaded cells, not 2"]
    errors = check(board, frozenset({0, 5}))
    assert errors[0] == "the shaded cell at row 1, column 1 touches no other shaded cell"
    assert errors[0].cells == ((0, 0),)
    assert errors[2].cells == ((0, 0), (0, 1), (0, 2))  # the region outlined
    assert check(board, frozenset({0, 3, 2, 5})) == []  # dominoes across the border


def test_the_command_solves_checks_draws_and_prints_json(tmp_path):
    done = run("norinori", EXAMPLE, "--unique", "--json")
    data = valid_json(json.loads(done.stdout))
    assert done.returncode == 0 and data["unique"] is True
    assert data["solution"] == EXAMPLE_ANSWER
    good = tmp_path / "good.txt"
    good.write_text("\n".join(EXAMPLE_ANSWER) + "\n")
    assert run("norinori", EXAMPLE, "--check", str(good)).stdout == "valid\n"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(["###.."] + EXAMPLE_ANSWER[1:]) + "\n")
    checked = run("norinori", EXAMPLE, "--check", str(bad))
    assert checked.returncode == 1
    assert "5 shaded cells touch, starting at row 1, column 1: a domino is 2" in checked.stdout
    picture = tmp_path / "answer.svg"
    assert run("norinori", EXAMPLE, "-o", str(picture)).returncode == 0
    assert picture.read_text().count("#5a5a5a") >= 10  # a grey square a shaded cell


def test_not_unique_says_where_and_a_fix_leaves_one_solution():
    text = "4 5\na a a b b\na c c c b\na a a d b\nd d d d d\n"
    board = parse(text)
    every = norinori_solutions(board)
    assert len(every) > 1
    explained = run("norinori", "-", "--explain", "--json", stdin=text)
    data = valid_json(json.loads(explained.stdout))
    assert explained.returncode == 4 and data["unique"] is False
    varying = {(r + 1, c + 1) for answer in every for r, c in
               map(board.grid.rc, answer ^ every[0])}  # JSON counts from 1
    assert sorted(map(tuple, data["undetermined"])) == sorted(varying)
    found = setter.explain(NORINORI, board)
    assert found.fixes
    for fix in found.fixes:  # each move it offers leaves one solution, by brute force
        assert fix.kind == "region" and len(norinori_solutions(fix.board)) == 1, fix.text


def test_no_solution_names_the_regions_in_conflict():
    text = "2 3\na a b\nc c b\n"  # b a domino, so a and c can shade only their left cells
    done = run("norinori", "-", stdin=text)
    assert done.returncode == 1
    assert "region at row 1, column 1" in done.stdout + done.stderr


def test_mending_keeps_a_solution_and_the_answer_where_it_holds():
    settings = Settings(5, 6, "none", 0.38)
    rng = np.random.default_rng(3)
    board, answer = make(settings, rng)
    assert check(board, answer) == []
    for _ in range(5):
        found = norinori_solutions(board) if board.cells <= 30 else []
        if len(found) <= 1:
            break
        other = next(one for one in found if one != answer)
        mended = mend(board, answer, other, {board.grid.rc(c) for c in answer ^ other},
                      settings, rng)
        assert mended is not None
        board, answer = mended
        assert check(board, answer) == []


def test_generated_boards_are_unique_and_look_published():
    done = run("generate", "norinori", "8", "8", "--seed", "4")
    assert done.returncode == 0, done.stderr
    board = parse(done.stdout.split()[0])
    assert len(solve(board, limit=2).solutions) == 1
    # published boards hold 16 to 25 regions a 100 cells, most 19 (janko.at's 289)
    assert 14 <= board.regions * 100 / board.cells <= 26
