"""Shakashaka: the checker against pzprjs's own accepted and refused answers, the
solver against janko.at's answers, the forms (published URLs, Penpa+ links, pzprjs
files round trip), the answer's text, the command, the setter's tools and the
generator's boards against published ones."""

from __future__ import annotations

import json
import statistics
import xml.etree.ElementTree as ET

import pytest

from cpsolve.grid import cases, setter
from cpsolve.grid.api import family
from cpsolve.models.shakashaka import (
    FORMATS,
    SHAKASHAKA,
    check,
    parse,
    read_answer,
    show,
    solve,
    to_text,
    to_url,
)
from cpsolve.result import Status
from tests.support.cli import run, valid_json
from tests.support.shakashaka_brute import solutions

PUBLISHED = [case.board for case in cases.of("cpsolve.models.shakashaka").published]
SAMPLE = "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb"
# pzprjs's test script (robx/pzprjs test/script/shakashaka.js): answers on its sample
# board with the first rule each breaks (None: accepted).
FAILCHECK = [
    ("nmTriangleGt", "2 . . . 1 . /. . . 3 . . /. . 4 . . . /3 . . . . . /. . . . . . /"
     ". . . 1 . . /"
     ". 5 4 . . . /5 . 3 . . . /2 3 . . . . /. . . . . . /. . . . . . /. 2 3 . 2 3 /"),
    ("cuNotRectx", "2 . . . 1 . /. . . 3 . . /. . 4 . . . /3 . . . . . /. . . . . . /"
     ". . . 1 . . /"
     ". 5 4 . . . /5 . 3 . . . /2 3 . . . . /. . . . . . /. . . . . . /. . . . 2 3 /"),
    ("cuNotRectx", "2 . . . 1 . /. . . 3 . 5 /. . 4 . . . /3 . . . . . /. . . . . . /"
     ". . . 5 . . /"
     ". 5 4 . . . /5 . 3 . . . /2 3 . . 5 4 /. 5 4 5 . 3 /5 . 3 2 . 4 /2 3 . . 2 3 /"),
    ("cuNotRectx", "2 . . . 1 . /. . . 3 . . /. . 4 . . . /3 . . . . . /. . . . . . /"
     ". . . 1 . . /"
     ". 5 4 . . . /5 . 3 . 5 4 /2 3 . 5 5 3 /. 5 4 2 3 . /5 . 3 . 5 4 /2 3 . . 2 3 /"),
    ("nmTriangleGt", "2 . . . 1 . /. . . 3 . . /. . 4 . . . /3 . . . . . /. . . . . . /"
     ". . . 1 . . /"
     ". 5 4 . . . /5 . 3 . . . /2 3 . . 5 4 /. 5 4 5 . 3 /5 . 3 2 . 4 /2 3 . . 2 3 /"),
    ("nmTriangleLt", "2 . . . 1 . /. . . 3 . . /. . 4 . . . /3 . . . . . /. . . . . . /"
     ". . . 2 . . /"
     ". 5 4 + . + /5 . 3 . 5 4 /2 3 . 5 . 3 /. 5 4 2 3 + /5 . 3 + 5 4 /2 3 . . 2 3 /"),
    (None, "2 . . . 1 . /. . . 3 . . /. . 4 . . . /3 . . . . . /. . . . . . /"
     ". . . 1 . . /"
     ". 5 4 + . + /5 . 3 . 5 4 /2 3 . 5 . 3 /. 5 4 2 3 . /5 . 3 + 5 4 /2 3 + . 2 3 /"),
]
WORDS = {"nmTriangleGt": "touches", "nmTriangleLt": "touches", "cuNotRectx": "no rectangle"}


@pytest.mark.parametrize(("code", "body"), FAILCHECK)
def test_the_checker_agrees_with_pzprjs_s_own_answers(code, body):
    board = parse(("pzprv3/shakashaka/6/6/" + body).replace("/", "\n"))
    rows = [row.split() for row in body.split("/")[6:12]]
    answer = tuple(int(t) if t in "2345" else 0 for row in rows for t in row)
    errors = check(board, answer)
    if code is None:
        assert errors == [] and board == parse(SAMPLE) and solve(board).solution == answer
    else:
        assert any(WORDS[code] in e for e in errors), errors
    assert check(board, (0,) * board.cells)[0] == "no triangle on the board"


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_urls_round_trip(url):
    board = parse(url)
    assert to_url(board) == url.replace("http://", "https://")
    assert parse(to_text(board)) == board
    assert parse(FORMATS.exports["penpa"](board)) == board


def test_janko_s_answers_are_the_solver_s():
    found = 0
    for case in cases.of("cpsolve.models.shakashaka").published:
        if "janko.at" in case.source:
            result = solve(parse(case.board), unique=True)
            assert result.unique and check(parse(case.board), result.solution) == []
            found += 1
    assert found == 6


def test_the_answer_text_reads_back():
    board = parse(SAMPLE)
    answer = solve(board).solution
    assert read_answer(show(board, answer), board) == (answer, [])
    digits = show(board, answer).translate(str.maketrans("◣◢◥◤", "2345"))
    assert read_answer(digits, board)[0] == answer  # pzprjs's codes on white cells
    wrong = read_answer("◣" + show(board, answer)[1:], board)[1]
    assert wrong == ["a triangle on the black cell at row 1, column 1"]


def test_the_command_solves_checks_draws_and_prints_json(tmp_path):
    done = run("shakashaka", PUBLISHED[1], "--unique", "--json")
    data = valid_json(json.loads(done.stdout))
    assert done.returncode == 0 and data["unique"] is True
    good = tmp_path / "good.txt"
    good.write_text("\n".join(data["solution"]) + "\n", encoding="utf-8")
    assert run("shakashaka", PUBLISHED[1], "--check", str(good)).stdout == "valid\n"
    rows = data["solution"]
    spot = next(k for k, ch in enumerate(rows[0]) if ch in "◣◢◥◤")
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join([rows[0][:spot] + "." + rows[0][spot + 1:]] + rows[1:]) + "\n",
                   encoding="utf-8")
    checked = run("shakashaka", PUBLISHED[1], "--check", str(bad))
    assert checked.returncode == 1 and "no rectangle" in checked.stdout
    picture = tmp_path / "answer.svg"
    assert run("shakashaka", PUBLISHED[1], "-o", str(picture)).returncode == 0
    polygons = [t for t in ET.parse(picture).iter() if t.tag.endswith("polygon")]
    assert len(polygons) == sum(ch in "◣◢◥◤" for row in rows for ch in row)


def test_not_unique_is_explained_and_fixed():
    text = "3 3\n- - -\n- - -\n- - -\n"  # two diamonds' layouts
    explained = run("shakashaka", "-", "--explain", "--json", stdin=text)
    data = valid_json(json.loads(explained.stdout))
    assert explained.returncode == 4 and data["unique"] is False and data["fixes"]
    for fix in setter.explain(SHAKASHAKA, parse(text)).fixes:
        assert len(solutions(fix.board)) == 1, fix.text


def test_redundant_numbers_by_brute_force():
    board = parse("4 3\n- - -\n- - 1\n- - 1\n- - 1\n")
    result = solve(board, unique=True)
    hints = SHAKASHAKA.hints
    assert hints is not None and result.unique
    found = setter.redundant(SHAKASHAKA, board, result.solution)
    expected = [clue for clue in hints.clues(board)
                if len(solutions(hints.without(board, [clue]))) == 1]
    assert found.clues == expected and len(expected) == 2


def _shape(boards):
    black = [100 * len(b.clue_cells) / b.cells for b in boards]
    numbered = [n for b in boards for n in b.numbers if n is not None and n >= 0]
    share = 100 * len(numbered) / sum(len(b.clue_cells) for b in boards)
    return statistics.median(black), share, statistics.mean(numbered)


def test_generated_boards_look_like_published_ones():
    made = []
    for seed in (1, 2):
        done = run("generate", "shakashaka", "10", "10", "--seed", str(seed))
        assert done.returncode == 0, done.stderr
        board = parse(done.stdout)
        result = solve(board, unique=True, backend="cpsat")
        assert result.status is Status.SOLVED and result.unique is True
        black = set(board.clue_cells)
        assert all(set(board.grid.orbit(cell, "rot2")) <= black for cell in black)
        made.append(board)
    published = [parse(url) for url in PUBLISHED if parse(url).rows >= 10]
    black, share, mean = _shape(made)
    low, high = min(_shape([b])[0] for b in published), max(_shape([b])[0] for b in published)
    assert low <= black <= high  # black cells per 100: published 6.4 to 24
    assert 50 <= share <= 100 and 1.2 <= mean <= 2.6  # published: 73 % numbered, mean 1.8


def test_the_family_is_the_kit_s():
    assert family(SHAKASHAKA).problems() == []
    assert show(parse("1 2\n1 -\n"), (0, 0)) == "1."
