"""Shikaku: every method against published answers (pzprjs's own and a data set's), the
candidates against a count of their own, the forms it reads, the checker's messages,
the command, the setter's tools with "?" for a number taken away, and the generator."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cpsolve.grid import setter
from cpsolve.grid.boards import UNKNOWN
from cpsolve.grid.cases import of
from cpsolve.grid.generate import generate
from cpsolve.grid.geometry import Grid
from cpsolve.models.shikaku import SHIKAKU, Board, check, parse, show, solve, to_text, to_url
from cpsolve.models.shikaku.layout import rooms
from cpsolve.models.shikaku.rules import candidates
from cpsolve.result import Status
from tests.support.cli import run, valid_json
from tests.support.oracles import shikaku_solutions

DATA = Path(__file__).parents[1] / "data" / "shikaku" / "puzzlekit.json"
PZPRJS = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"
# pzprjs's test script's answer to its board (test/script/shikaku.js, the failcheck file
# with no error): the vertical borders, a row of 5 a row, then the horizontal ones (1 a
# border, 0 and -1 none).
PZPRJS_ANSWER = ("1 -1 1 0 0 /1 0 1 0 0 /1 -1 1 0 0 /1 -1 0 1 1 /1 -1 0 1 1 /0 -1 -1 -1 1 /"
                 "0 -1 -1 1 1 1 /-1 -1 -1 0 0 0 /-1 1 1 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /")


def division(labels: str) -> frozenset[tuple[int, int]]:
    """The joins of a division written as a label a cell (the data set's solutions)."""
    lines = labels.strip().splitlines()
    rows, cols = map(int, lines[0].split())
    label = [token for line in lines[1:] for token in line.split()]
    return frozenset((a, b) for a, b in Grid(rows, cols).pairs if label[a] == label[b])


def test_pzprjs_answer_is_found_and_unique_by_every_method():
    board = parse(PZPRJS)
    values = [[int(v) for v in row.split()] for row in PZPRJS_ANSWER.split("/") if row]
    borders = {(r * 6 + c, r * 6 + c + 1) for r in range(6) for c in range(5)
               if values[r][c] == 1}
    borders |= {(r * 6 + c, (r + 1) * 6 + c) for r in range(5) for c in range(6)
                if values[6 + r][c] == 1}
    theirs = frozenset(set(board.grid.pairs) - borders)
    for backend in ("sat", "cpsat"):
        found = solve(board, unique=True, backend=backend)
        assert found.unique is True and found.solution == theirs, backend
    assert shikaku_solutions(board) == [theirs]


@pytest.mark.parametrize("key", sorted(json.loads(DATA.read_text())))
def test_the_data_sets_boards_have_its_solutions(key):
    case = json.loads(DATA.read_text())[key]
    board = parse(case["problem"])
    found = solve(board, unique=True)
    assert found.status is Status.SOLVED and found.unique is True
    assert found.solution == division(case["solution"])
    assert check(board, found.solution) == []
    if board.cells <= 150:  # CP-SAT agrees
        assert solve(board, unique=True, backend="cpsat").solution == found.solution


def test_candidates_are_the_rectangles_holding_one_number():
    # counted here by every rectangle of the grid: those holding the number and no other
    for case in [Board(3, 4, (2, None, None, UNKNOWN, None, None, 4, None, None, 3, None,
                              None)), Board(1, 5, (None, UNKNOWN, None, None, 1))]:
        grid = case.grid
        for sized in (False, True):
            counted = sorted(
                (cell, top, left, h, w)
                for top in range(case.rows) for left in range(case.cols)
                for h in range(1, case.rows - top + 1) for w in range(1, case.cols - left + 1)
                for cell in case.clue_cells
                if [c for c in case.clue_cells
                    if top <= grid.rc(c)[0] < top + h and left <= grid.rc(c)[1] < left + w]
                == [cell] and not (sized and case.shown(cell) not in (None, h * w)))
            assert sorted(candidates(case, sized)) == counted, (case, sized)


@pytest.mark.parametrize("url", [case.board for case in of("cpsolve.models.shikaku").published])
def test_published_urls_round_trip(url):
    board = parse(url)
    assert to_url(board) == url
    assert parse(to_text(board)) == board


def test_janko_and_pzprjs_files_read_the_same_board():
    board = parse(PZPRJS)
    rows = [" ".join("-" if n is None else str(n) for n in board.numbers[r * 6:r * 6 + 6])
            for r in range(6)]
    janko = "begin\npuzzle shikaku\nsize 6\nproblem\n" + "\n".join(rows) + "\nend\n"
    assert parse(janko) == board
    pzprv3 = ("pzprv3/shikaku/6/6/. . . . 3 . /5 6 . . 6 . /. . . . . . /. . . . . . /"
              ". 6 . . 2 3 /. 5 . . . . /" + PZPRJS_ANSWER)
    assert parse(pzprv3.replace("/", "\n")) == board
    unknown = parse("https://puzz.link/p?shikaku/6/6/s66j4.g8n4h4g")
    assert unknown.numbers.count(UNKNOWN) == 1 and "?" in to_text(unknown)


def test_the_checker_names_each_broken_rule():
    board = Board(2, 3, (2, None, None, None, 4, None))
    good = frozenset({(0, 3), (1, 2), (1, 4), (2, 5), (4, 5)})
    assert check(board, good) == []
    errors = check(board, frozenset({(0, 1), (1, 2), (0, 3)}))
    assert errors[0] == "the area at row 1, column 1 is no rectangle"
    assert "the rectangle at row 2, column 2 holds no number" not in errors
    errors = check(board, good - {(4, 5)})
    assert errors == ["a border between row 2, column 2 and row 2, column 3 ends inside a "
                      "rectangle"]
    whole = frozenset(board.grid.pairs)
    assert check(board, whole) == ["the rectangle at row 1, column 1 holds 2 numbers"]
    assert check(Board(1, 2, (None, None)), frozenset({(0, 1)})) == [
        "the rectangle at row 1, column 1 holds no number"]
    assert check(Board(1, 2, (1, None)), frozenset({(0, 1)})) == [
        "the 1 at row 1, column 1 is in a rectangle of 2 cells, not 1"]
    assert check(Board(1, 2, (UNKNOWN, None)), frozenset({(0, 1)})) == []


def test_the_command_solves_checks_draws_and_prints_json(tmp_path):
    done = run("shikaku", PZPRJS, "--unique", "--json")
    data = valid_json(json.loads(done.stdout))
    board = parse(PZPRJS)
    answer = solve(board).solution
    assert done.returncode == 0 and data["unique"] is True
    assert data["solution"] == show(board, answer).splitlines() or \
        [" ".join(row.split()) for row in data["solution"]] == [
            " ".join(row.split()) for row in show(board, answer).splitlines()]
    good = tmp_path / "good.txt"
    good.write_text(show(board, answer) + "\n")
    assert run("shikaku", PZPRJS, "--check", str(good)).stdout == "valid\n"
    bad = tmp_path / "bad.txt"
    rows = show(board, answer).splitlines()
    bad.write_text("\n".join(["s s se sw s s", *rows[1:]]) + "\n")
    checked = run("shikaku", PZPRJS, "--check", str(bad))
    assert checked.returncode == 1 and "rectangle" in checked.stdout
    picture = tmp_path / "answer.svg"
    assert run("shikaku", PZPRJS, "-o", str(picture)).returncode == 0
    texts = [t.text for t in ET.parse(picture).iter() if t.tag.endswith("text")]
    assert sorted(t for t in texts if t and t.isdigit()) == sorted(
        str(n) for n in board.numbers if n is not None)


def test_a_number_taken_away_is_shown_as_a_question_mark():
    board = parse(PZPRJS)
    hints = SHIKAKU.require_hints()
    clues = hints.clues(board)
    without = hints.without(board, clues[:2])
    assert [without.numbers[c.index] for c in clues[:2]] == [UNKNOWN, UNKNOWN]
    found = setter.redundant(SHIKAKU, board, solve(board).solution)
    for clue in found.clues:  # each alone can be a "?" and the board stays unique
        assert len(shikaku_solutions(hints.without(board, [clue]))) == 1, clue
    kept = {c.key for c in found.clues}
    for clue in clues:
        if clue.key not in kept:
            assert len(shikaku_solutions(hints.without(board, [clue]))) > 1, clue


def test_not_unique_says_where_and_no_solution_names_the_numbers():
    explained = run("shikaku", "-", "--explain", "--json", stdin="2 2\n2 -\n- 2\n")
    data = valid_json(json.loads(explained.stdout))
    assert explained.returncode == 4 and data["unique"] is False
    assert len(data["undetermined"]) == 4
    done = run("shikaku", "-", stdin="2 3\n- 2 -\n- - 4\n")
    assert done.returncode == 1
    assert done.stdout.splitlines()[-1].startswith("the clue that cannot hold")


@pytest.mark.parametrize("symmetry", ["rot2", "mirror", "none"])
def test_generated_boards_are_unique_with_no_1s_and_symmetric(symmetry):
    made = generate(SHIKAKU, 8, 8, symmetry=symmetry, seed=3)
    board = made.board
    assert board is not None and made.answer is not None
    assert solve(board, unique=True).unique is True
    assert 1 not in board.numbers and UNKNOWN not in board.numbers
    given = set(board.clue_cells)
    assert all(set(board.grid.orbit(cell, symmetry)) <= given for cell in given)
    room = rooms(board.grid, made.answer)
    assert sorted(board.numbers[c] for c in given) == sorted(
        room.count(label) for label in set(room))
