"""Kurodoko: published boards solved to their setters' answers, the forms it reads
(published puzz.link URLs round trip; janko.at, pzprjs and Penpa+ boards), the
checker's messages against pzprjs's failing answers, the command, the setter's tools
and the generator."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cpsolve.grid import setter
from cpsolve.grid.api import family
from cpsolve.models.kurodoko import FORMATS, KURODOKO, check, parse, show, solve, to_text, to_url
from cpsolve.models.kurodoko.layout import counted
from cpsolve.models.kurodoko.rules import STATEMENT
from cpsolve.result import Status
from tests.support.cli import run, valid_json
from tests.support.oracles import kurodoko_solutions

HERE = Path(__file__).parent
EXAMPLES = HERE.parents[1] / "examples" / "kurodoko"
# janko.at's Kuromasu boards (from the puzzlekit dataset), each with its own answer.
JANKO = json.loads((HERE / "janko.json").read_text())
SMALL = "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i"  # pzprjs's sample board
# pzprjs's sample board as its file, then its failing answers (test/script/kurodoko.js):
# the grid of the answer in the same file, "#" shaded, "+" a dot.
PZPRV3 = "pzprv3/kurodoko/5/5/. . . 7 . /5 . . . . /. . 2 . . /. . . . 2 /. 4 . . . /"
FAILING = {
    "touch": ". . . . . /. . . . . /. . . . . /. . # . . /. . # . . /",
    "cut off": ". # . . . /. . # . . /. # . . . /. . # . . /. . . # . /",
    "sees": "# + + + . /+ + # + + /+ # + + # /+ + # + + /# + + + # /",
}


def _rows(grid: str) -> frozenset[int]:
    cells = [t for row in grid.split("/") for t in row.split()]
    return frozenset(k for k, t in enumerate(cells) if t == "#")


@pytest.mark.parametrize("url", sorted(JANKO))
def test_janko_boards_have_janko_s_answer_only(url):
    board = parse(url)
    assert to_url(board) == url and parse(to_text(board)) == board
    result = solve(board, unique=True)
    assert result.unique is True
    assert show(board, result.solution) == "\n".join(JANKO[url]["answer"])


def test_the_forms_read_the_same_board():
    board = parse(SMALL)
    assert parse("5 5\n- - - 7 -\n5 - - - -\n- - 2 - -\n- - - - 2\n- 4 - - -\n") == board
    assert parse("...7.\n5....\n..2..\n....2\n.4...\n") == board
    assert parse(PZPRV3.replace("/", "\n")) == board
    janko = parse((EXAMPLES / "janko-001-9x9.txt").read_text())
    assert janko == parse(next(u for u in JANKO if "001.a" in JANKO[u]["source"]))
    unknown = parse("https://puzz.link/p?kurodoko/9/9/h3j4g3j4l.j4g3j.ldl.j5g6j.l7j5g6j5h")
    assert unknown.numbers.count(-2) == 4 and parse(to_url(unknown)) == unknown
    penpa = FORMATS.exports["penpa"](unknown)
    assert parse(penpa) == unknown
    wide = parse("1 20\n20" + " -" * 19 + "\n")
    assert parse(to_url(wide)) == wide and wide.numbers[0] == 20


def test_the_checker_names_each_broken_rule_as_pzprjs_does():
    board = parse(SMALL)
    for word, grid in FAILING.items():
        errors = check(board, _rows(grid))
        assert errors and word in errors[0], (word, errors)  # pzprjs's first failure
        assert all(e.cells for e in errors)  # drawn on the answer
    assert check(board, solve(board).solution) == []
    assert check(parse("1 3\n2 - ?\n"), frozenset({2})) == ["the ? at row 1, column 3 is shaded"]
    assert check(parse("1 3\n2 - -\n"), frozenset({1}))[-1] == \
        "the 2 at row 1, column 1 sees 1 cell"


def test_a_count_is_held_to_brute_force_on_long_rays():
    """Numbers whose rays are longer than the number (the rays are cut) and shorter."""
    for text in ("1 7\n- - 3 - - - -\n", "3 5\n- - - - -\n- - 4 - -\n- - - - 6\n",
                 "2 6\n7 - - - - -\n- - - - - 2\n"):
        board = parse(text)
        every = kurodoko_solutions(board)
        for encoding in ("lazy", "order", "flow"):
            backend = "sat" if encoding == "lazy" else "cpsat"
            found = solve(board, limit=None, backend=backend, encoding=encoding)
            assert sorted(found.solutions, key=sorted) == every, (text, encoding)


def test_the_command_solves_checks_draws_and_prints_json(tmp_path):
    url = next(u for u in JANKO if "/12/12/" in u)
    done = run("kurodoko", url, "--unique", "--json")
    data = valid_json(json.loads(done.stdout))
    assert done.returncode == 0 and data["unique"] is True
    rows = data["solution"]
    good = tmp_path / "good.txt"
    good.write_text("\n".join(rows) + "\n")
    assert run("kurodoko", url, "--check", str(good)).stdout == "valid\n"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join([rows[0].replace("#", ".", 1)] + rows[1:]) + "\n")
    checked = run("kurodoko", url, "--check", str(bad))
    assert checked.returncode == 1 and " sees " in checked.stdout
    picture = tmp_path / "answer.svg"
    assert run("kurodoko", url, "-o", str(picture)).returncode == 0
    texts = [t.text for t in ET.parse(picture).iter() if t.tag.endswith("text")]
    assert sum(t is not None and t.isdigit() for t in texts) == len(parse(url).clue_cells)


def test_not_unique_says_where_and_how_to_fix_it():
    text = (EXAMPLES / "not-unique-5x5.txt").read_text()
    explained = run("kurodoko", "-", "--explain", "--json", stdin=text)
    data = valid_json(json.loads(explained.stdout))
    assert explained.returncode == 4 and data["unique"] is False and data["fixes"]
    found = setter.explain(KURODOKO, parse(text))
    assert [fix.to_json() for fix in found.fixes] == data["fixes"]
    for fix in found.fixes:  # each leaves one solution, by brute force
        assert len(kurodoko_solutions(fix.board)) == 1, fix.text


def test_no_solution_names_the_numbers_in_conflict():
    board = parse((EXAMPLES / "conflict-2x3.txt").read_text())
    found = setter.conflict(KURODOKO, board)
    hints = KURODOKO.hints
    assert hints is not None and found.minimal and len(found.clues) == 2
    for clue in found.clues:  # each alone can hold
        others = [c for c in hints.clues(board) if c != clue]
        assert kurodoko_solutions(hints.without(board, others))


def test_redundant_numbers_and_a_minimal_board():
    small = parse(SMALL)  # none of its numbers can go: two of them more
    board = small.renumbered(counted(small.grid, solve(small).solution, {0, 2}))
    found = setter.redundant(KURODOKO, board, solve(board).solution)
    hints = KURODOKO.hints
    assert hints is not None
    expected = [clue for clue in hints.clues(board)
                if len(kurodoko_solutions(hints.without(board, [clue]))) == 1]
    assert found.clues == expected and expected
    done = run("kurodoko", SMALL, "--minimize", "--grade")
    assert done.returncode == 0 and "grade: " in done.stdout


def test_a_number_the_board_does_not_show_is_refused_by_the_statement():
    board = parse(SMALL)
    hints = KURODOKO.hints
    assert hints is not None
    clue = hints.clues(board)[0]
    moved = type(clue)(clue.cell, "number 3", clue.key, 3)
    with pytest.raises(ValueError, match="board of its own"):
        STATEMENT.model(board, clues=[moved])


@pytest.mark.parametrize("size", [7, 10])
def test_generated_boards_are_unique_and_symmetric(size):
    done = run("generate", "kurodoko", str(size), str(size), "--seed", "4")
    assert done.returncode == 0, done.stderr
    board = parse(done.stdout)
    result = solve(board, unique=True, backend="cpsat")
    assert result.status is Status.SOLVED and result.unique is True
    clued = set(board.clue_cells)
    assert all(set(board.grid.orbit(cell, "rot2")) <= clued for cell in clued)
    assert len(clued) < 0.4 * board.cells  # numbers taken away, as published boards


def test_the_family_is_the_kit_s():
    assert KURODOKO.hints is not None and KURODOKO.layout is not None
    assert family(KURODOKO).problems() == []
    assert show(parse(SMALL), frozenset()) == ".....\n.....\n.....\n.....\n....."
