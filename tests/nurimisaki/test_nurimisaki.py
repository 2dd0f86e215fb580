"""Nurimisaki: answers against other solvers' and sites' own (janko.at's solutions,
pzprjs's test script's verdicts, cspuz's test), the forms it reads (published puzz.link
URLs round trip, pzprjs files), the checker's messages, the command, the setter's tools,
pictures and the generator. The rules against brute force on small boards are the kit's
suites (tests/support/oracles.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cpsolve.grid import setter
from cpsolve.grid.api import family
from cpsolve.grid.cases import of as cases_of
from cpsolve.grid.geometry import Grid
from cpsolve.models.nurimisaki import NURIMISAKI, check, parse, show, solve, to_text, to_url
from cpsolve.models.nurimisaki.layout import circled, maze, valid
from cpsolve.result import Status
from tests.support.cli import run, valid_json
from tests.support.oracles import nurimisaki_solutions

JANKO = json.loads((Path(__file__).parents[1] / "data" / "nurimisaki" / "janko.json")
                   .read_text())["boards"]
URLS = [case.board for case in cases_of("cpsolve.models.nurimisaki").published
        if case.board.startswith("https://")]

# pzprjs's test script (robx/pzprjs test/script/nurimisaki.js): its board, the answer
# its checker accepts, and answers it refuses, each with the rule it names first.
PZPR_BOARD = "https://puzz.link/p?nurimisaki/5/5/g.i.m2l.j"
PZPR_FILE = "pzprv3/nurimisaki/5/5/. - . . . /- . . . . /. . . 2 . /. . . . . /- . . . . /"
PZPR_ANSWER = "# . . . . /. # # # . /. . # . . /# . # # . /. . . . . /"
PZPR_REFUSED = {
    "brNoShade": (". . . . . /" * 5, "no cell is shaded"),
    "cs2x2": ("# . # # . /. . # # # /. . . . . /. . . . . /. . . . . /", "is all shaded"),
    "cuDivide": ("# . . . # /. # # # . /. . # . . /# . # # . /. . . . # /", "is cut off"),
    # pzprjs counts a number's view before it asks for a cape: this circle is none
    "nmSumViewNe": ("# . # # # /. . . . # /# # # . # /. . . . # /. # # # # /",
                    "the circle at row 3, column 4 has 2 unshaded neighbours"),
    "cu2x2": ("# . . . # /. . . # # /# # . . # /. . . # # /. # . . # /", "is all unshaded"),
    "circleNotPromontory": (". . . . # /. # . # # /# # . . # /. . . # # /. # . . # /",
                            "unshaded neighbours, not one"),
    "nonCirclePromontory": ("# . # # . /. . . # . /# . # . . /. . . # . /. # . . . /",
                            "is a cape without a circle"),
}


def _shading(rows: str) -> frozenset[int]:
    cells = [token for row in rows.strip(" /").split("/") for token in row.split()]
    return frozenset(k for k, token in enumerate(cells) if token == "#")


@pytest.mark.parametrize("name", sorted(JANKO))
def test_janko_at_boards_have_janko_at_s_own_solutions(name):
    board = parse(JANKO[name]["board"])
    found = solve(board, unique=True)
    assert found.unique is True
    assert show(board, found.solution).splitlines() == JANKO[name]["answer"], name


def test_pzprjs_s_verdicts_are_the_checker_s():
    board = parse(PZPR_BOARD)
    assert parse(PZPR_FILE.replace("/", "\n")) == board  # the script writes lines with /
    assert solve(board, unique=True).solution == _shading(PZPR_ANSWER)
    assert check(board, _shading(PZPR_ANSWER)) == []
    for code, (rows, says) in PZPR_REFUSED.items():
        errors = check(board, _shading(rows))
        assert any(says in error for error in errors), (code, errors)


def test_cspuz_s_board_has_cspuz_s_answer():
    # cspuz_rs_puzzles/src/puzzles/nurimisaki.rs: 1 shaded, row by row
    expected = ["1111000111", "1000110001", "1110010101", "0001000011", "0100111001",
                "0111010101", "0010000001", "0100111100", "0001100101", "1100010001"]
    board = parse("https://puzz.link/p?nurimisaki/10/10/j3l3v2t2p.g2j2w2k2n3k")
    assert show(board, solve(board).solution).splitlines() == [
        row.replace("1", "#").replace("0", ".") for row in expected]


@pytest.mark.parametrize("url", URLS)
def test_published_urls_round_trip(url):
    assert to_url(parse(url)) == url
    assert parse(to_text(parse(url))) == parse(url)


def test_the_forms_read_the_same_board():
    board = parse(PZPR_BOARD)
    assert parse("5 5\n- ? - - -\n? - - - -\n- - - 2 -\n- - - - -\n? - - - -\n") == board
    assert board.numbers[:6] == (None, -2, None, None, None, -2)
    assert to_text(board).splitlines()[1] == "- ? - - -"
    assert parse("https://puzz.link/p?nurimisaki/3/2/g.").numbers == (None, -2, None,
                                                                      None, None, None)


def test_the_checker_names_each_broken_rule():
    board = parse("3 3\n- - -\n- 2 -\n- - -\n")
    assert check(board, frozenset({0, 1, 2, 3, 5, 8})) == [
        "the cell at row 3, column 1 is a cape without a circle"]
    assert check(board, frozenset({4})) == ["the circle at row 2, column 2 is shaded"]
    assert check(board, frozenset(set(range(9)) - {4})) == [
        "the circle at row 2, column 2 has 0 unshaded neighbours, not one"]
    errors = check(board, frozenset({2, 6, 7, 8}))
    assert errors[0] == "the 2x2 block at row 1, column 1 is all unshaded"
    assert errors[0].cells == ((0, 0), (0, 1), (1, 0), (1, 1))  # drawn on the answer
    errors = check(board, frozenset({1, 3, 5, 7}))
    assert errors[0].startswith("the unshaded cell at row 1, column 3 is cut off")
    assert check(board, frozenset({0, 1, 2, 3, 5, 6, 7, 8, 9}))[0] == (
        "shaded cell 9 is outside the board")


def test_the_command_solves_checks_and_prints_json(tmp_path):
    url = URLS[1]
    done = run("nurimisaki", url, "--unique", "--json")
    data = valid_json(json.loads(done.stdout))
    assert done.returncode == 0 and data["unique"] is True
    rows = data["solution"]
    good = tmp_path / "good.txt"
    good.write_text("\n".join(rows) + "\n")
    assert run("nurimisaki", url, "--check", str(good)).stdout == "valid\n"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(["#" * 10] + rows[1:]) + "\n")  # shades the 3 at r1c5
    checked = run("nurimisaki", url, "--check", str(bad))
    assert checked.returncode == 1 and "the number at row 1, column 5 is shaded" in (
        checked.stdout)
    assert run("nurimisaki", url, "-o", str(tmp_path / "a.png")).returncode == 0
    assert (tmp_path / "a.png").read_bytes()[:4] == b"\x89PNG"


def test_a_number_taken_away_leaves_its_circle():
    done = run("nurimisaki", PZPR_BOARD, "--redundant", "--minimize", "--grade")
    assert done.returncode == 0
    assert "numbers that can each go, the solution staying unique: row 3, column 4" in (
        done.stdout)
    board = parse(PZPR_BOARD)
    hints = NURIMISAKI.hints
    assert hints is not None
    (two,) = hints.clues(board)
    bare = hints.without(board, [two])
    assert bare.numbers[two.index] == -2 and len(nurimisaki_solutions(bare)) == 1


def test_not_unique_says_where_and_how_to_fix_it():
    text = ("6 6\n- - - - ? -\n- - - - - -\n- - ? - ? -\n- - - - - -\n- - - - - ?\n"
            "- ? - - ? -\n")  # janko.at's 001 with its numbers taken out of the circles
    explained = run("nurimisaki", "-", "--explain", "--json", stdin=text)
    data = valid_json(json.loads(explained.stdout))
    assert explained.returncode == 4 and data["unique"] is False
    assert [fix["text"] for fix in data["fixes"]] == [
        "number 2 in a new circle at row 3, column 1"]
    found = setter.explain(NURIMISAKI, parse(text))
    assert [fix.to_json() for fix in found.fixes] == data["fixes"]
    for fix in found.fixes:  # each leaves one solution, by brute force
        assert len(nurimisaki_solutions(fix.board)) == 1, fix.text


def test_no_solution_names_the_numbers_in_conflict():
    text = "4 4\n2 - - 2\n- - - -\n- - - -\n2 - - 2\n"
    done = run("nurimisaki", "-", stdin=text)
    assert done.returncode == 1
    assert done.stdout.splitlines()[-1] == ("clues that cannot hold together: row 1, "
                                            "column 4; row 4, column 1")
    board = parse(text)
    found = setter.conflict(NURIMISAKI, board)
    hints = NURIMISAKI.hints
    assert hints is not None and found.minimal
    others = [clue for clue in hints.clues(board) if clue not in found.clues]
    assert nurimisaki_solutions(board) == []
    assert nurimisaki_solutions(hints.without(board, others)) == []
    for clue in found.clues:  # with the others gone, without either: a solution
        assert nurimisaki_solutions(hints.without(board, [clue, *others]))


def test_the_maze_keeps_the_rules_and_circles_every_cape():
    import random

    for seed in range(20):
        rng = random.Random(seed)
        grid = Grid(rng.randint(4, 8), rng.randint(4, 8))
        open_ = maze(grid, rng.choice(["none", "rot2"]), rng)
        if open_ is None:
            continue
        assert valid(grid, open_)
        numbers = circled(grid, open_)
        board = NURIMISAKI.formats.parse(f"{grid.rows} {grid.cols}\n" + "\n".join(
            " ".join("-" if n is None else str(n) for n in numbers[r * grid.cols:
                                                                  (r + 1) * grid.cols])
            for r in range(grid.rows)))
        assert check(board, frozenset(range(grid.cells)) - open_) == []


@pytest.mark.parametrize("size, symmetry", [(7, "rot2"), (10, "none")])
def test_generated_boards_are_unique(size, symmetry):
    done = run("generate", "nurimisaki", str(size), str(size), "--seed", "2", "--symmetry",
               symmetry)
    assert done.returncode == 0, done.stderr
    board = parse(done.stdout)
    result = solve(board, unique=True, backend="cpsat", time_limit=60)
    assert result.status is Status.SOLVED and result.unique is True
    circles = set(board.clue_cells)
    assert all(set(board.grid.orbit(cell, symmetry)) <= circles for cell in circles)


def test_the_family_is_the_kit_s():
    assert NURIMISAKI.hints is not None and NURIMISAKI.layout is not None
    assert family(NURIMISAKI).problems() == []


def _shape(board) -> tuple[float, float, float]:
    """Circles per 100 cells, numbers per 100 cells, the mean number."""
    circles = [n for n in board.numbers if n is not None]
    numbers = [n for n in circles if n >= 0]
    cells = board.rows * board.cols
    return (100 * len(circles) / cells, 100 * len(numbers) / cells,
            sum(numbers) / len(numbers) if numbers else 0.0)


def test_generated_boards_are_shaped_like_janko_at_s():
    """The generator's 10x10 boards (its defaults, two seeds) have as many circles and
    numbers, and numbers as large, as janko.at's 10x10 boards kept here span."""
    from cpsolve.grid.generate import generate
    from cpsolve.limits import Deadline

    published = [_shape(parse(kept["board"])) for kept in JANKO.values()
                 if kept["board"].startswith("10 10")]
    assert len(published) >= 10
    for seed in (1, 2):
        made = generate(NURIMISAKI, 10, 10, seed=seed, deadline=Deadline(120))
        assert made.board is not None, made.reason
        for k, value in enumerate(_shape(made.board)):
            low, high = min(s[k] for s in published), max(s[k] for s in published)
            assert low <= value <= high, (seed, k, value, low, high)


EXAMPLES = Path(__file__).parents[2] / "examples" / "nurimisaki"


@pytest.mark.parametrize("name, status", [("grid-10x10.txt", 0), ("published-22x15.txt", 0),
                                          ("not-unique-6x6.txt", 4), ("conflict-4x4.txt", 1)])
def test_the_examples_say_what_their_names_say(name, status):
    assert run("nurimisaki", str(EXAMPLES / name), "--unique").returncode == status
