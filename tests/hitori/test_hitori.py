"""Hitori: every method against brute force and against published boards, the forms
it reads (published puzz.link URLs round trip), located errors, the command, the
setter's tools, pictures and the generator."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from cpsolve.grid import setter
from cpsolve.grid.api import family
from cpsolve.models.hitori import HITORI, check, parse, show, solve, to_text, to_url
from cpsolve.result import Status
from tests.support.cli import run, valid_json
from tests.support.oracles import hitori_solutions

# Published on puzz.link (collected in public repositories of puzzle solvers and
# editors), each unique.
PUBLISHED = [
    "https://puzz.link/p?hitori/4/4/1114142333214213",
    "https://puzz.link/p?hitori/6/5/111.45.2..453.3.1..2....3.3.1.",
    "https://puzz.link/p?hitori/8/8/7113844227266831246771852247731643381555633245178631347515"
    "752264",
    "https://puzz.link/p?hitori/10/10/1174453399113445756a2345678aa82513328aa85417a698323227a94"
    "11566517a43236688115329986a115274aa99886611",
]


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_urls_round_trip(url):
    assert to_url(parse(url)).rstrip("/") == url  # the site adds "/" after a final "."
    assert parse(to_url(parse(url))) == parse(url)
    assert parse(to_text(parse(url))) == parse(url)


def test_the_forms_read_the_same_board():
    board = parse(PUBLISHED[0])
    assert parse("1114\n1423\n3321\n4213\n") == board
    assert parse("4 4\n1 1 1 4\n1 4 2 3\n3 3 2 1\n4 2 1 3\n") == board
    assert parse(PUBLISHED[0].replace("https://puzz.link", "pzprxs.vercel.app")) == board
    wide = parse("1 2\n12 ?\n")
    assert wide.numbers == (12, -2)
    assert parse(to_url(wide)) == wide and "/c@" in to_url(wide)
    assert parse("https://puzz.link/p?hitori/2/1/-1a%").numbers == (46, -2)


def test_the_checker_names_each_broken_rule():
    board = parse("3 3\n1 1 2\n2 3 1\n1 2 3\n")
    assert check(board, frozenset({0})) == []
    assert check(board, frozenset()) == [
        "the 1 at row 1, column 1 and the 1 at row 1, column 2 are both unshaded",
        "the 1 at row 1, column 1 and the 1 at row 3, column 1 are both unshaded"]
    errors = check(board, frozenset({0, 1}))
    assert errors[0] == "shaded cells at row 1, column 1 and row 1, column 2 touch"
    cut = check(board, frozenset({1, 3}))
    assert any("cut off" in e for e in cut) and cut[-1].cells  # drawn on the answer


def test_the_command_solves_checks_draws_and_prints_json(tmp_path):
    url = PUBLISHED[2]
    done = run("hitori", url, "--unique", "--json")
    data = valid_json(json.loads(done.stdout))
    assert done.returncode == 0 and data["unique"] is True
    rows = data["solution"]
    good = tmp_path / "good.txt"
    good.write_text("\n".join(rows) + "\n")
    assert run("hitori", url, "--check", str(good)).stdout == "valid\n"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join([rows[0].replace("#", ".", 1)] + rows[1:]) + "\n")
    checked = run("hitori", url, "--check", str(bad))
    assert checked.returncode == 1 and "are both unshaded" in checked.stdout
    picture = tmp_path / "answer.svg"
    assert run("hitori", url, "-o", str(picture)).returncode == 0
    texts = [t.text for t in ET.parse(picture).iter() if t.tag.endswith("text")]
    assert sum(t is not None and t.isdigit() for t in texts) == 64  # every number drawn
    given = run("hitori", str(good))
    assert given.returncode == 2 and "--check" in given.stderr


def test_not_unique_says_where_and_how_to_fix_it():
    text = "4 4\n2 1 4 3\n4 1 2 3\n1 2 4 4\n4 4 1 4\n"  # two solutions
    explained = run("hitori", "-", "--explain", "--json", stdin=text)
    data = valid_json(json.loads(explained.stdout))
    assert explained.returncode == 4 and data["unique"] is False and len(data["fixes"]) == 5
    assert data["fixes"][0]["text"] == "number 1 changed to 2 at row 1, column 2"
    found = setter.explain(HITORI, parse(text))
    assert [fix.to_json() for fix in found.fixes] == data["fixes"]
    for fix in found.fixes:  # each leaves one solution, by brute force
        assert len(hitori_solutions(fix.board)) == 1, fix.text


def test_no_solution_names_the_numbers_in_conflict():
    done = run("hitori", "-", stdin="2 2\n1 1\n1 1\n")
    assert done.returncode == 1
    last = done.stdout.splitlines()[-1]
    assert last.startswith("clues that cannot hold together: row 1, column 1")
    board = parse("2 2\n1 1\n1 1\n")
    found = setter.conflict(HITORI, board)
    hints = HITORI.hints
    assert hints is not None and found.minimal
    others = [clue for clue in hints.clues(board) if clue not in found.clues]
    assert hitori_solutions(hints.without(board, others)) == []


def test_redundant_numbers_and_a_minimal_board():
    board = parse(PUBLISHED[0])
    found = setter.redundant(HITORI, board, solve(board).solution)
    hints = HITORI.hints
    assert hints is not None
    expected = [clue for clue in hints.clues(board)
                if len(hitori_solutions(hints.without(board, [clue]))) == 1]
    assert found.clues == expected and expected
    done = run("hitori", PUBLISHED[0], "--minimize", "--grade")
    assert done.returncode == 0 and "grade: tough" in done.stdout


@pytest.mark.parametrize("size", [8, 12])
def test_generated_boards_are_unique_and_symmetric(size):
    done = run("generate", "hitori", str(size), str(size), "--seed", "4")
    assert done.returncode == 0, done.stderr
    board = parse(done.stdout)
    assert None not in board.numbers  # every cell numbered, as published
    result = solve(board, unique=True, backend="cpsat")
    assert result.status is Status.SOLVED and result.unique is True
    shading = result.solution
    assert all(set(board.grid.orbit(cell, "rot2")) <= shading for cell in shading)


def test_the_family_is_the_kit_s():
    assert HITORI.hints is not None and HITORI.layout is not None
    assert family(HITORI).problems() == []
    assert show(parse(PUBLISHED[0]), frozenset()) == "....\n....\n....\n...."
