"""Star Battle: every method against brute force and against published boards, the
forms it reads (published puzz.link URLs round trip), located errors, the command, the
setter's tools, pictures and the generator."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from cpsolve.grid import setter
from cpsolve.grid.api import family
from cpsolve.grid.render import MARK
from cpsolve.models.starbattle import STARBATTLE, check, parse, solve, to_text, to_url
from cpsolve.result import Status
from tests.support.cli import run, valid_json
from tests.support.oracles import oracle, starbattle_solutions

# Published on puzz.link (collected in public repositories of puzzle solvers and
# editors), each unique.
PUBLISHED = [
    "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk",
    "https://puzz.link/p?starbattle/9/9/2/12a955kh37khi20fe0g13toea1c07g",
    "https://puzz.link/p?starbattle/10/10/2/5g252c2qkgbakk98igse7g88cp3730so000u",
    "https://puzz.link/p?starbattle/10/10/2/l95las9vb5mmurbelo2m849c5gp068ci9029",
    "https://puzz.link/p?starbattle/12/12/2/g0410igil9ck6q3l12glrcp12c081pu07do1ge6c0g0m0628g"
    "dkcn0",
    "https://puzz.link/p?starbattle/13/13/2/40142jhssb4ij4491m8d6b0io4k8ab003vosuc02181v3e00o0"
    "0fo3g00073phsg",
    "https://puzz.link/p?starbattle/15/15/3/31g94h1gk30glmiuum28c52kl8mh0i10o51gh4i1go2h84a480"
    "2gt5hah8la6046hc9aign1ga18424a42h8",
]
# The 6x6 board's answer as its publisher's solver's tests give it.
SIX_ANSWER = [".*....", "....*.", "..*...", "*.....", ".....*", "...*.."]


def test_large_units_use_the_counter_and_agree():
    """Fifteen cells with three stars: the direct clauses would take 6,825 literals a
    unit, so the default encodes such units with a counter; the model with every unit
    direct agrees on the answer and is larger."""
    board = parse(PUBLISHED[-1])
    default = solve(board)
    direct = solve(board, card="direct")
    assert default.solution == direct.solution
    assert default.stats.clauses < direct.stats.clauses


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_urls_round_trip(url):
    assert to_url(parse(url)) == url
    assert parse(to_text(parse(url))) == parse(url)


def test_the_forms_read_the_same_board():
    url = PUBLISHED[0]
    board = parse(url)
    text = to_text(board)
    assert text.splitlines()[0] == "6 6 1"
    assert parse(text) == board
    rows = text.splitlines()[1:]
    longer = "6 6 1\n" + "- - - - - -\n" * 6 + "\n".join(rows)  # the data sets' form
    assert parse(longer) == board
    assert parse(url.replace("https://puzz.link", "pzprxs.vercel.app")) == board
    assert parse("\ufeff% a comment\n" + text) == board


def test_the_checker_names_each_broken_rule():
    board = parse("4 4 1\na a b b\na a b b\nc c d d\nc c d d\n")
    assert check(board, frozenset({1, 7, 8, 14})) == []
    errors = check(board, frozenset({1, 6, 8, 14}))
    assert errors == ["the stars at row 1, column 2 and row 2, column 3 touch",
                      "column 3 holds 2 stars, not 1", "column 4 holds 0 stars, not 1"]
    assert errors[0].cells == ((0, 1), (1, 2))  # drawn on the answer
    errors = check(board, frozenset({5}))
    assert "the region at row 1, column 3 holds 0 stars, not 1" in errors
    assert "the region at row 1, column 1 holds 1 star, not 1" not in errors
    assert len(errors) == 3 + 3 + 3


def test_the_command_solves_checks_draws_and_prints_json(tmp_path):
    url = PUBLISHED[0]
    done = run("starbattle", url, "--unique", "--json")
    data = valid_json(json.loads(done.stdout))
    assert done.returncode == 0 and data["unique"] is True
    assert data["solution"] == SIX_ANSWER
    good = tmp_path / "good.txt"
    good.write_text("\n".join(SIX_ANSWER) + "\n")
    assert run("starbattle", url, "--check", str(good)).stdout == "valid\n"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(["*....."] + SIX_ANSWER[1:]) + "\n")
    checked = run("starbattle", url, "--check", str(bad))
    assert checked.returncode == 1 and "the stars at row 1, column 1 and row 2" not in (
        checked.stdout)
    assert "column 1 holds 2 stars, not 1" in checked.stdout
    picture = tmp_path / "answer.svg"
    assert run("starbattle", url, "-o", str(picture)).returncode == 0
    texts = [t.text for t in ET.parse(picture).iter() if t.tag.endswith("text")]
    assert texts.count("\u2605") == 6
    given = run("starbattle", str(good))
    assert given.returncode == 2 and "--check" in given.stderr


def test_not_unique_says_where_and_how_to_fix_it():
    text = "4 4 1\na a b b\na a b b\nc c d d\nc c d d\n"
    explained = run("starbattle", "-", "--explain", "--json", stdin=text)
    data = valid_json(json.loads(explained.stdout))
    assert explained.returncode == 4 and data["unique"] is False
    assert len(data["undetermined"]) == 8 and data["fixes"]
    for fix in data["fixes"]:  # each cell it moves leaves one solution, by brute force
        assert fix["edit"] == "region"
    found = setter.explain(STARBATTLE, parse(text))
    assert [fix.to_json() for fix in found.fixes] == data["fixes"]
    for fix in found.fixes:
        assert len(starbattle_solutions(fix.board)) == 1, fix.text


def test_no_solution_names_the_rows_columns_and_regions_in_conflict(tmp_path):
    text = "3 3 1\na a b\na a b\nc c b\n"
    done = run("starbattle", "-", stdin=text)
    assert done.returncode == 1
    assert done.stdout.splitlines()[-1] == ("clues that cannot hold together: row 2; row 3; "
                                            "column 2")
    board = parse(text)
    found = setter.conflict(STARBATTLE, board)
    hints = STARBATTLE.hints
    assert hints is not None
    others = [clue for clue in hints.clues(board) if clue not in found.clues]
    assert starbattle_solutions(hints.without(board, others)) == []
    picture = tmp_path / "conflict.svg"
    assert run("starbattle", "-", "-o", str(picture), stdin=text).returncode == 1
    assert picture.read_text().count(MARK) == 7  # rows 2 and 3, column 2: each cell outlined


def test_the_counts_are_rules_not_clues_to_take_away():
    done = run("starbattle", PUBLISHED[0], "--redundant", "--minimize", "--grade")
    assert done.returncode == 0
    assert "redundant counts: none, the counts are the genre's rules" in done.stdout
    assert "nothing to minimize" in done.stdout
    assert "grade: " in done.stdout


@pytest.mark.parametrize("size, stars", [(8, 1), (10, 2)])
def test_generated_boards_are_unique(size, stars):
    done = run("generate", "starbattle", str(size), str(size), "--stars", str(stars),
               "--seed", "3")
    assert done.returncode == 0, done.stderr
    board = parse(done.stdout)
    assert (board.rows, board.stars, board.regions) == (size, stars, size)
    result = solve(board, unique=True, backend="cpsat")
    assert result.status is Status.SOLVED and result.unique is True


@pytest.mark.parametrize("size, stars", [(6, 1), (10, 2)])
def test_generated_boards_have_the_stars_published_boards_of_their_size_have(size, stars):
    # Every board had one star a unit: published 9x9 to 13x13 boards have two.
    done = run("generate", "starbattle", str(size), str(size), "--seed", "2")
    assert done.returncode == 0, done.stderr
    assert parse(done.stdout).stars == stars


def test_generate_refuses_what_no_star_battle_is():
    assert run("generate", "starbattle", "6", "7").returncode == 2
    done = run("generate", "starbattle", "6", "6", "--symmetry", "rot2")
    assert done.returncode == 2 and "none" in done.stderr


def test_the_family_is_the_kit_s():
    assert STARBATTLE.hints is not None and STARBATTLE.layout is not None
    assert family(STARBATTLE).problems() == []
    assert oracle("starbattle").puzzle is STARBATTLE
