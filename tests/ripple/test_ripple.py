"""Ripple Effect: the answers janko.at publishes, the forms it reads (published puzz.link
URLs round trip, pzprjs's files, janko.at's files, Penpa+ links, the data sets' grid
text), pzprjs's own failing answers refused by the checker, pzprjs's other genres on
the same board refused by name, the command, the setter's tools and the generator."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from cpsolve.errors import InputError
from cpsolve.grid import setter
from cpsolve.grid.cases import of
from cpsolve.grid.layouts import Settings
from cpsolve.models.ripple import RIPPLE, Board, check, parse, solve, to_text, to_url
from cpsolve.models.ripple.board import FORMATS
from cpsolve.models.ripple.layout import make, mend, random_filling
from cpsolve.models.ripple.rules import ripples
from tests.support.cli import run, valid_json
from tests.support.oracles import ripple_solutions

JANKO = json.loads((Path(__file__).parents[1] / "data" / "ripple" / "janko.json").read_text())
PUBLISHED = [case.board for case in of("cpsolve.models.ripple").published
             if case.board.startswith("https://")]
EXAMPLE = "https://puzz.link/p?ripple/4/4/9n8rigk14h32k"
EXAMPLE_ANSWER = ["1 2 3 1", "2 1 4 2", "4 3 2 1", "1 2 1 3"]
# pzprjs's test script's board as pzprjs saves it (the borders right of each cell, then
# below each, the given numbers, then the answer's) with the answers it fails, each
# with the code of the rule it breaks (null: valid).
BORDERS = "0 1 0 /0 1 1 /0 1 1 /1 0 1 /1 1 0 1 /1 1 0 0 /1 0 1 0 /"
GIVEN = ". . . . /. 1 4 . /. 3 2 . /. . . . /"
FAILCHECK = [
    ("bkDupNum", ". . . . /. . . . /. . . . /. . 3 . /"),
    ("nmSmallGap", "1 2 . . /2 . . . /4 . . 3 /1 2 1 . /"),
    ("ceNoNum", "1 2 . . /2 . . . /4 . . . /1 2 1 . /"),
    (None, "1 2 3 1 /2 . . 2 /4 . . 1 /1 2 1 3 /"),
]


def _rows(text: str) -> list[list[str]]:
    return [row.split() for row in text.strip(" /").split(" /")]


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_urls_round_trip(url):
    board = parse(url)
    assert to_url(board) == url.replace("http://pzv.jp/p?", "https://puzz.link/p?")
    assert parse(to_text(board)) == board


@pytest.mark.parametrize("entry", JANKO["boards"], ids=lambda entry: entry["name"])
def test_janko_answers_are_the_solutions(entry):
    board = parse("\n".join([f"{entry['rows']} {entry['cols']}", *entry["numbers"],
                             *entry["rooms"]]))
    answer = tuple(int(n) for row in entry["answer"] for n in row.split())
    assert check(board, answer) == []
    found = solve(board, limit=2)
    assert found.solutions == [answer]
    assert solve(board, backend="cpsat", limit=2).solutions == [answer]


def test_the_forms_read_the_same_board():
    board = parse(EXAMPLE)
    empty = ". . . . /" * 4
    assert parse(f"pzprv3/ripple/4/4/{BORDERS}{GIVEN}{empty}".replace("/", "\n")) == board
    assert parse(to_text(board)) == board
    assert parse(FORMATS.exports["penpa"](board)) == board
    assert parse(EXAMPLE.replace("https://puzz.link/p?", "http://pzv.jp/p.html?")) == board
    names = to_text(board).splitlines()[5:]
    janko = "\n".join(["begin", "puzzle hakyuu", "size 4", "problem",
                       *(line.replace(".", "-") for line in GIVEN.strip(" /").split(" /")),
                       "areas", *names, "end", ""])
    assert parse(janko) == board
    compact = "....\n.14.\n.32.\n....\n\n" + "\n".join(n.replace(" ", "") for n in names)
    assert parse(compact) == board


def test_a_pzprjs_file_of_one_column_has_no_lines_of_borders_right_of_cells():
    board = parse("pzprv3\nripple\n2\n1\n1 \n2 \n. \n. \n. \n")
    assert board.region == (0, 1) and board.numbers == (2, None)


def test_walls_inside_a_room_ask_nothing_and_are_written_back():
    assert parse("https://puzz.link/p?ripple/2/1/g").region == (0, 1)  # a border: two
    walled = parse("https://puzz.link/p?ripple/2/2/g0")  # a wall in a room of four
    assert walled.walls == ((0, 1),) and walled.regions == 1
    assert to_url(walled) == "https://puzz.link/p?ripple/2/2/g0j"  # pzprjs's 4 empty
    assert parse(to_url(walled)) == walled
    assert len(solve(walled, limit=30).solutions) == len(ripple_solutions(walled))


@pytest.mark.parametrize("kind", ["cojun", "suguru", "meander"])
def test_pzprjs_other_genres_of_the_board_are_refused_by_name(kind):
    with pytest.raises(InputError, match=f"{kind} is pzprjs's .* another genre: not read"):
        parse(f"https://puzz.link/p?{kind}/4/4/9n8rigk14h32k")


def test_cells_outside_the_board_are_refused_and_none_read_past():
    assert parse(EXAMPLE + "000") == parse(EXAMPLE)  # pzprjs's empty cells, none of them
    with pytest.raises(InputError, match="1:46: cells outside the board"):
        parse(EXAMPLE + "08")


@pytest.mark.parametrize("code,answer", FAILCHECK)
def test_the_checker_refuses_what_pzprjs_refuses(code, answer):
    board = parse(EXAMPLE)
    filling = tuple(int(a) if a != "." else (g if g is not None else 0)
                    for a, g in zip((t for row in _rows(answer) for t in row), board.numbers))
    errors = check(board, filling)
    assert bool(errors) == (code is not None), (code, errors)
    said = {"bkDupNum": "not 1 to", "nmSmallGap": "between them, fewer than",
            "ceNoNum": "holds 0"}
    if code is not None:
        assert any(said[code] in error for error in errors), errors


def test_the_checker_names_each_broken_rule():
    board = Board(2, 3, (1, None, None, None, None, None), (0, 0, 1, 0, 2, 2))
    assert check(board, (2, 1, 1, 3, 2, 1)) == [
        "the given 1 at row 1, column 1 is written 2",
        "the 1s at row 1, column 2 and row 1, column 3 have 0 cells between them, "
        "fewer than 1",
        "the 1s at row 1, column 3 and row 2, column 3 have 0 cells between them, "
        "fewer than 1"]
    errors = check(board, (1, 2, 1, 2, 1, 2))
    assert errors[0] == "the room at row 1, column 1 of 3 cells holds 1, 2, 2, not 1 to 3"
    assert errors[0].cells == ((0, 0), (0, 1), (1, 0))  # the room outlined
    assert errors[1].cells == ((1, 0), (1, 2))  # the two equal numbers


def test_the_ripples_are_the_pairs_a_number_reaches():
    board = Board(2, 3, (None,) * 6, (0, 0, 0, 1, 1, 2))
    pairs = {tuple(row) for row in ripples(board).tolist()}
    assert (0, 2, 2) in pairs and (0, 2, 1) not in pairs  # two steps: a 1 reaches one
    assert (3, 4, 2) in pairs and (4, 5, 1) in pairs
    assert (4, 5, 2) not in pairs  # a room of one holds no 2
    assert (0, 3, 1) in pairs and (2, 5, 1) in pairs  # columns too


def test_the_command_solves_checks_draws_and_prints_json(tmp_path):
    done = run("ripple", EXAMPLE, "--unique", "--json")
    data = valid_json(json.loads(done.stdout))
    assert done.returncode == 0 and data["unique"] is True
    assert data["solution"] == EXAMPLE_ANSWER
    good = tmp_path / "good.txt"
    good.write_text("\n".join(EXAMPLE_ANSWER) + "\n")
    assert run("ripple", EXAMPLE, "--check", str(good)).stdout == "valid\n"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(EXAMPLE_ANSWER[:3] + ["1 2 1 2"]) + "\n")
    checked = run("ripple", EXAMPLE, "--check", str(bad))
    assert checked.returncode == 1
    assert "the 2s at row 4, column 2 and row 4, column 4 have 1 cell between them" \
        in checked.stdout
    picture = tmp_path / "answer.svg"
    assert run("ripple", EXAMPLE, "-o", str(picture)).returncode == 0
    assert picture.read_text().count("<text") >= 16  # a number a cell


def test_not_unique_says_where_and_each_fix_leaves_one_solution():
    text = "2 3\n- - -\n- - -\na a a\nb b c\n"
    board = parse(text)
    every = ripple_solutions(board)
    assert len(every) > 1
    explained = run("ripple", "-", "--explain", "--json", stdin=text)
    data = valid_json(json.loads(explained.stdout))
    assert explained.returncode == 4 and data["unique"] is False
    varying = {(r + 1, c + 1) for answer in every for r, c in
               (board.grid.rc(cell) for cell in range(board.cells)
                if answer[cell] != every[0][cell])}  # JSON counts from 1
    assert sorted(map(tuple, data["undetermined"])) == sorted(varying)
    found = setter.explain(RIPPLE, board)
    assert found.fixes
    for fix in found.fixes:  # each number it offers leaves one solution, by brute force
        assert len(ripple_solutions(fix.board)) == 1, fix.text


def test_no_solution_names_the_numbers_in_conflict():
    # the top room holds 2 1 3 or 3 1 2: either 2 alone holds, not both
    done = run("ripple", "-", stdin="2 3\n2 - 2\n- - -\na a a\nb b c\n")
    assert done.returncode == 1
    assert "clues that cannot hold together: row 1, column 1; row 1, column 3" in done.stdout


def test_layouts_are_valid_and_mending_writes_the_answer():
    settings = Settings(5, 6, "none", 0.0, {"largest": 5})
    rng = np.random.default_rng(3)
    found = None
    while found is None:
        found = make(settings, rng)
    board, answer = found
    assert check(board, answer) == [] and board.numbers == answer
    bare = board.renumbered({cell: None for cell in range(board.cells)})
    mended = mend(bare, answer, None, {(0, 0), (1, 1)}, settings, rng)
    assert mended is not None and mended[0].numbers[0] == answer[0]
    assert mend(board, answer, None, {(0, 0)}, settings, rng) is None  # nothing to write


def test_rooms_laid_out_are_numbered_whole_or_left_to_the_solver():
    import random

    from cpsolve.grid.geometry import Grid

    room, filling = random_filling(Grid(8, 8), 8, random.Random(5))
    board = Board(8, 8, (None,) * 64, room)
    assert 0 in filling  # a room this layout leaves to the solver
    for cells in board.region_cells:  # each room numbered 1 to n, or not at all
        held = sorted(filling[cell] for cell in cells)
        assert held in (list(range(1, len(cells) + 1)), [0] * len(cells))
    assert [error for error in check(board, filling) if "between them" in error] == []


def test_generated_boards_are_unique_and_look_published():
    done = run("generate", "ripple", "10", "10", "--seed", "4")
    assert done.returncode == 0, done.stderr
    board = parse(done.stdout.split()[0])
    assert len(solve(board, limit=2).solutions) == 1
    # published 10x10 boards give 1% to 41% of their cells, most near 24%; their numbers
    # average 3.5; a quarter of their rooms are a single cell
    given = [n for n in board.numbers if n is not None]
    assert 0.05 <= len(given) / board.cells <= 0.45
    assert 2 <= sum(given) / len(given) <= 5
    assert max(len(cells) for cells in board.region_cells) <= 8


EXAMPLES = Path(__file__).parents[2] / "examples" / "ripple"


@pytest.mark.parametrize("name,count", [("published-10x10", 1), ("rooms-only-8x8", 1),
                                        ("not-unique-2x3", 2), ("conflict-2x3", 0)])
def test_the_examples_have_their_outcomes(name, count):
    board = parse((EXAMPLES / f"{name}.txt").read_text())
    assert len(solve(board, limit=3).solutions) == count
