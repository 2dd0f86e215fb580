"""Nurikabe: every method against brute force and against published boards, the forms
it reads (published puzz.link URLs round trip), located errors, the command, the
setter's tools, pictures and the generator."""

from __future__ import annotations

import json

import pytest

from cpsolve.grid import setter
from cpsolve.grid.api import family
from cpsolve.models.nurikabe import NURIKABE, check, parse, solve, to_text, to_url
from cpsolve.result import Status
from tests.support.cli import run, valid_json
from tests.support.oracles import nurikabe_solutions

# Published on puzz.link and its mirrors (collected in public repositories of puzzle
# solvers and editors), each unique.
PUBLISHED = [
    "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
    "https://puzz.link/p?nurikabe/3/3/1g1i1g1",
    "https://puzz.link/p?nurikabe/7/7/1s5zm.i3g2",
    "https://puzz.link/p?nurikabe/10/10/1k4u1j7i3r6y1w-11m3n2",
    "https://puzz.link/p?nurikabe/10/10/zh3j5t3g3hat3g3h9zr",
    "https://puzz.link/p?nurikabe/10/10/2l2u2l2n2m2m.k2g2i2q2l2s",
    "https://puzz.link/p?nurikabe/10/10/n2n2u2k2g2l2r2k2n2s2n-16",
    "https://puzz.link/p?nurikabe/10/10/8i1h2g5p2zi5j22k4zh1p6g1h2i7",
    "https://puzz.link/p?nurikabe/10/10/2j2h1zo2g2h1g.n.g2h1g1zo2h1j1",
    "https://puzz.link/p?nurikabe/10/10/g5p5k5p5s5p5zo5k5g5m",
    "https://puzz.link/p?nurikabe/10/10/o.s1n1k2p2l5j3i5j3u4n4j",
    "https://puzz.link/p?nurikabe/18/10/w3g8k1i4n1k5j1i1k9r1l2n3j3n9t1l2h2i1j5h2j7l4n6y",
]
# A hard one (its setter's own solver's example): SAT proves it unique in seconds,
# CP-SAT did not finish within 20 s.
HARD = "https://puzz.link/p?nurikabe/10/10/zj7n7j9n7t7i7n7zj"


def test_a_hard_board_is_proven_unique_by_sat():
    found = solve(parse(HARD), unique=True)
    assert found.unique is True and check(parse(HARD), found.solution) == []


@pytest.mark.parametrize("url", PUBLISHED + [HARD])
def test_published_urls_round_trip(url):
    assert to_url(parse(url)) == url
    assert parse(to_text(parse(url))) == parse(url)


def test_the_forms_read_the_same_board():
    board = parse(PUBLISHED[0])
    assert parse(".5...\n..2..\n.....\n..1..\n...3.\n") == board
    assert parse(to_text(board)) == board
    assert parse(PUBLISHED[0].replace("https://puzz.link", "pzprxs.vercel.app")) == board
    # the site leaves out the empty cells at the end of a body
    assert parse("https://puzz.link/p?nurikabe/3/2/g2").numbers == (None, 2, None, None,
                                                                   None, None)
    assert parse("2 2\n? -\n- 12\n").numbers == (-2, None, None, 12)


def test_the_checker_names_each_broken_rule():
    board = parse("3 3\n- - -\n- 2 -\n- - -\n")
    assert check(board, frozenset({0, 2, 3, 5, 6, 7, 8})) == []
    errors = check(board, frozenset(set(range(9)) - {4}))
    assert errors == ["the island of the 2 at row 2, column 2 has 1 cell"]
    errors = check(board, frozenset({1, 3, 5, 7}))
    assert errors[0].startswith("the shaded cell at row 2, column 1 is cut off")
    assert "the island at row 1, column 1 has no number" in errors
    errors = check(board, frozenset(set(range(9)) - {0, 1}))
    assert "the 2x2 block at row 2, column 2 is all shaded" in errors
    assert errors[-1].cells  # drawn on the answer


def test_the_command_solves_checks_and_prints_json(tmp_path):
    url = PUBLISHED[3]
    done = run("nurikabe", url, "--unique", "--json")
    data = valid_json(json.loads(done.stdout))
    assert done.returncode == 0 and data["unique"] is True
    rows = data["solution"]
    good = tmp_path / "good.txt"
    good.write_text("\n".join(rows) + "\n")
    assert run("nurikabe", url, "--check", str(good)).stdout == "valid\n"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(["#" * 10] + rows[1:]) + "\n")  # shades the 1 at r1c1
    checked = run("nurikabe", url, "--check", str(bad))
    assert checked.returncode == 1 and "the number at row 1, column 1 is shaded" in (
        checked.stdout)
    assert run("nurikabe", url, "-o", str(tmp_path / "a.png")).returncode == 0
    assert (tmp_path / "a.png").read_bytes()[:4] == b"\x89PNG"


def test_not_unique_says_where_and_how_to_fix_it():
    text = "3 3\n- - -\n5 - -\n- - -\n"  # seven solutions
    explained = run("nurikabe", "-", "--explain", "--json", stdin=text)
    data = valid_json(json.loads(explained.stdout))
    assert explained.returncode == 4 and data["unique"] is False
    assert [fix["text"] for fix in data["fixes"]] == ["number 1 at row 1, column 3",
                                                      "number 1 at row 3, column 3"]
    found = setter.explain(NURIKABE, parse(text))
    assert [fix.to_json() for fix in found.fixes] == data["fixes"]
    for fix in found.fixes:  # each leaves one solution, by brute force
        assert len(nurikabe_solutions(fix.board)) == 1, fix.text


def test_no_solution_names_the_numbers_in_conflict():
    text = "2 4\n- - 2 -\n3 - - 4\n"
    done = run("nurikabe", "-", stdin=text)
    assert done.returncode == 1
    assert done.stdout.splitlines()[-1] == ("clues that cannot hold together, whatever the "
                                            "other numbers: row 2, column 1; row 2, column 4")
    board = parse(text)
    found = setter.conflict(NURIKABE, board)
    hints = NURIKABE.hints
    assert hints is not None and found.minimal
    others = [clue for clue in hints.clues(board) if clue not in found.clues]
    assert nurikabe_solutions(hints.without(board, others)) == []
    assert nurikabe_solutions(board) == []
    for clue in found.clues:  # without any one, with the 2 or without it: a solution
        assert any(nurikabe_solutions(hints.without(board, [clue, *gone]))
                   for gone in ([], others))


def test_numbers_are_not_taken_away():
    done = run("nurikabe", PUBLISHED[0], "--redundant", "--minimize", "--grade")
    assert done.returncode == 0
    assert "a number taken away takes its island with it" in done.stdout
    assert "grade: " in done.stdout


@pytest.mark.parametrize("size, symmetry", [(7, "rot2"), (10, "none")])
def test_generated_boards_are_unique(size, symmetry):
    done = run("generate", "nurikabe", str(size), str(size), "--seed", "2", "--symmetry",
               symmetry)
    assert done.returncode == 0, done.stderr
    board = parse(done.stdout)
    result = solve(board, unique=True, backend="cpsat", time_limit=60)
    assert result.status is Status.SOLVED and result.unique is True
    clues = set(board.clue_cells)
    assert all(set(board.grid.orbit(cell, symmetry)) <= clues for cell in clues)


def test_a_mirrored_layout_of_an_even_width_is_refused_at_once():
    done = run("generate", "nurikabe", "8", "6", "--symmetry", "mirror")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("cpsolve: a Nurikabe laid out with --symmetry mirror needs "
                                  "an odd width, not 8")
    made = run("generate", "nurikabe", "7", "6", "--symmetry", "mirror", "--seed", "1")
    assert made.returncode == 0, made.stderr
    board = parse(made.stdout)
    assert solve(board, unique=True).unique is True
    assert all(set(board.grid.orbit(cell, "mirror")) <= set(board.clue_cells)
               for cell in board.clue_cells)


def test_the_family_is_the_kit_s():
    assert NURIKABE.hints is not None and NURIKABE.layout is not None
    assert family(NURIKABE).problems() == []
