"""LITS: every method against brute force and against published boards, the forms it
reads (published puzz.link URLs round trip), located errors, the command, the
setter's tools, pictures and the generator."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from cpsolve.grid import setter
from cpsolve.grid.api import family
from cpsolve.grid.render import MARK
from cpsolve.models.lits import (
    LITS,
    Board,
    check,
    parse,
    shape,
    solve,
    to_text,
    to_url,
)
from cpsolve.result import Status
from tests.support.cli import run, valid_json
from tests.support.oracles import lits_solutions, oracle

# Published on puzz.link (collected in public repositories of puzzle sites, solvers and
# editors), each unique.
PUBLISHED = [
    "https://puzz.link/p?lits/8/8/5ajmi9mhai2g514bdn32f340",
    "https://puzz.link/p?lits/8/8/c27k2bnetv903l7bpea88g50",
    "https://puzz.link/p?lits/8/8/22icf0kt4kkgvogk1a50bh10",
    "https://puzz.link/p?lits/10/10/4glcvamrtfs78mit3iqe4kr1kg8668t3qc4g",
    "https://puzz.link/p?lits/10/10/0gglqiefi4knkjnnh47mrq57lbasqq75a1li",
    "https://puzz.link/p?lits/10/10/6961c0ip6rvecctek8co80uufq6i48stecb6",
    "https://puzz.link/p?lits/10/10/00281g00000000304g0s0o0400vv00004030",
    "https://puzz.link/p?lits/12/8/11084o2iif51gg8040vf3vu577erlpvfnvu",
    "https://puzz.link/p?lits/18/10/gq22685b584h8e95j9qec6j59gkke75245fh1hcqea87tdun2bmcfg1k"
    "e7961t00ea0",
]
EIGHT_ANSWER = ["LL.SSLL.", "L.SS..L.", "LS..T.L.", ".SSTTTS.", "L.S.L.SS", "L.LLLT.S",
                "LL...TT.", ".IIIIT.."]


def test_the_shapes_are_named_whatever_their_turn():
    assert shape([(0, 0), (1, 0), (2, 0), (2, 1)]) == "L"
    assert shape([(0, 1), (1, 1), (2, 1), (2, 0)]) == "L"  # J is an L reflected
    assert shape([(3, 3), (3, 4), (3, 5), (3, 6)]) == "I"
    assert shape([(0, 1), (1, 0), (1, 1), (2, 1)]) == "T"
    assert shape([(0, 0), (1, 0), (1, 1), (2, 1)]) == "S"  # Z and S are one shape
    assert shape([(0, 0), (0, 1), (1, 0), (1, 1)]) == "O"


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_urls_round_trip(url):
    assert to_url(parse(url)) == url
    assert parse(to_text(parse(url))) == parse(url)


def test_the_forms_read_the_same_board():
    board = parse(PUBLISHED[0])
    text = to_text(board)
    assert parse(text) == board
    rows = text.splitlines()[1:]
    assert parse("8 8\n" + "- - - - - - - -\n" * 8 + "\n".join(rows)) == board
    assert parse(PUBLISHED[0].replace("https://puzz.link", "pzprxs.vercel.app")) == board
    counts = [str(board.regions)] + [" ".join(str(k) for k in board.region[r * 8:r * 8 + 8])
                                     for r in range(8)]
    pzprv3 = "pzprv3\nlits\n8\n8\n" + "\n".join(counts) + "\n"
    assert parse(pzprv3) == board


def test_the_checker_names_each_broken_rule():
    board = Board(3, 4, (0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2))
    # three Is, one a row: two of them side by side
    errors = check(board, frozenset(range(12)))
    assert "the 2x2 block at row 1, column 1 is all shaded" in errors
    assert "two I tetrominoes touch at row 1, column 1 and row 2, column 1" in errors
    wide = Board(2, 5, (0, 0, 0, 0, 1, 0, 1, 1, 1, 1))
    errors = check(wide, frozenset({0, 1, 6, 7, 8, 9}))
    assert errors[0] == "the region at row 1, column 1 holds 2 shaded cells, not 4"
    assert errors[0].cells == ((0, 0), (0, 1), (0, 2), (0, 3), (1, 0))  # outlined
    pieces = Board(1, 6, (0,) * 6)
    assert check(pieces, frozenset({0, 1, 3, 4})) == [
        "the shaded cells of the region at row 1, column 1 are not connected",
        "the shaded cells are not connected: row 1, column 4 is apart from row 1, column 1"]
    split = Board(1, 9, (0,) * 4 + (1,) + (2,) * 4)
    errors = check(split, frozenset({0, 1, 2, 3, 5, 6, 7, 8}))
    assert any("shaded cells are not connected" in e for e in errors)


def test_the_command_solves_checks_draws_and_prints_json(tmp_path):
    url = PUBLISHED[0]
    done = run("lits", url, "--unique", "--json")
    data = valid_json(json.loads(done.stdout))
    assert done.returncode == 0 and data["unique"] is True
    assert data["solution"] == EIGHT_ANSWER
    good = tmp_path / "good.txt"
    good.write_text("\n".join(EIGHT_ANSWER) + "\n")
    assert run("lits", url, "--check", str(good)).stdout == "valid\n"
    plain = tmp_path / "plain.txt"  # any mark for a shaded cell
    plain.write_text("\n".join(row.translate(str.maketrans("LITS", "####"))
                               for row in EIGHT_ANSWER) + "\n")
    assert run("lits", url, "--check", str(plain)).stdout == "valid\n"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(["LLLSSLL."] + EIGHT_ANSWER[1:]) + "\n")
    checked = run("lits", url, "--check", str(bad))
    assert checked.returncode == 1
    assert "the region at row 1, column 1 holds 5 shaded cells, not 4" in checked.stdout
    picture = tmp_path / "answer.svg"
    assert run("lits", url, "-o", str(picture)).returncode == 0
    texts = [t.text for t in ET.parse(picture).iter() if t.tag.endswith("text")]
    assert sorted(t for t in texts if t in "LITS") == sorted(
        "".join(EIGHT_ANSWER).replace(".", ""))
    given = run("lits", str(good))
    assert given.returncode == 2 and "--check" in given.stderr


def test_not_unique_says_where_and_which_moves_were_tried():
    text = "3 4\na a a a\nb b b a\nb b b a\n"
    explained = run("lits", "-", "--explain", "--json", stdin=text)
    data = valid_json(json.loads(explained.stdout))
    assert explained.returncode == 4 and data["unique"] is False
    board = parse(text)
    every = lits_solutions(board)
    varying = {(r + 1, c + 1) for answer in every for r, c in
               map(board.grid.rc, answer ^ every[0])}  # JSON counts from 1
    assert sorted(map(tuple, data["undetermined"])) == sorted(varying) and len(varying) == 8
    found = setter.explain(LITS, board)
    assert [fix.to_json() for fix in found.fixes] == data["fixes"]
    for fix in found.fixes:  # each move it offers leaves one solution, by brute force
        assert fix.edit == "region" and len(lits_solutions(fix.board)) == 1, fix.text
    assert len(lits_solutions(board)) == 7


def test_a_fix_moves_a_cell_into_the_region_beside_it():
    board = parse("4 5\na a a b b\na c a a b\nc c a a b\nc c c b b\n")
    assert len(lits_solutions(board)) == 4
    found = setter.explain(LITS, board)
    assert [fix.text for fix in found.fixes] == [
        "the cell at row 3, column 1 moved into the region at row 1, column 1",
        "the cell at row 4, column 4 moved into the region at row 1, column 1"]
    for fix in found.fixes:  # each leaves one solution, by brute force
        assert len(lits_solutions(fix.board)) == 1, fix.text


def test_no_solution_names_the_regions_in_conflict(tmp_path):
    text = "2 4\na a a a\nb b b b\n"  # only an I fits either region, and they touch
    done = run("lits", "-", stdin=text)
    assert done.returncode == 1
    assert done.stdout.splitlines()[-1] == ("clues that cannot hold together: the region "
                                            "at row 1, column 1; the region at row 2, "
                                            "column 1")
    board = parse(text)
    found = setter.conflict(LITS, board)
    assert lits_solutions(board) == [] and len(found.clues) == 2
    small = parse("2 4\na a a b\nb b b b\n")  # three cells hold no tetromino
    assert [c.named() for c in setter.conflict(LITS, small).clues] == [
        "the region at row 1, column 1"]
    picture = tmp_path / "conflict.svg"
    assert run("lits", "-", "-o", str(picture), stdin=text).returncode == 1
    assert picture.read_text().count(MARK) == 8  # both regions, each cell outlined


def test_the_regions_are_the_puzzle_not_clues_to_take_away():
    done = run("lits", PUBLISHED[0], "--redundant", "--minimize", "--grade")
    assert done.returncode == 0
    assert "redundant regions: none, the regions are the puzzle" in done.stdout
    assert "nothing to minimize" in done.stdout
    assert "grade: " in done.stdout


def test_generated_boards_are_unique():
    done = run("generate", "lits", "8", "8", "--seed", "4")
    assert done.returncode == 0, done.stderr
    board = parse(done.stdout)
    assert (board.rows, board.cols) == (8, 8)
    result = solve(board, unique=True, backend="cpsat")
    assert result.status is Status.SOLVED and result.unique is True
    assert run("generate", "lits", "8", "8", "--symmetry", "rot2").returncode == 2


def test_the_family_is_the_kit_s():
    assert LITS.hints is not None and LITS.layout is not None
    assert family(LITS).problems() == []
    assert oracle("lits").puzzle is LITS
