"""Sashigane: every method against pzprjs's own answer, the forms it reads (pzprjs's
arrows, "?" and numbers of two hex digits), the checker's messages, the command, the
setter's tools, and the generator's boards against published ones."""

from __future__ import annotations

import json
import statistics
import xml.etree.ElementTree as ET

import pytest

from cpsolve.grid import setter
from cpsolve.grid.cases import of
from cpsolve.grid.generate import generate
from cpsolve.grid.hints import Clue
from cpsolve.models.sashigane import SASHIGANE, Board, check, parse, show, solve, to_text, to_url
from cpsolve.models.sashigane.rules import STATEMENT, candidates
from tests.support.cli import run, valid_json
from tests.support.oracles import sashigane_solutions

PZPRJS = "https://puzz.link/p?sashigane/5/5/jm.o3khkgojm4"
# pzprjs's test script's answer to its board (test/script/sashigane.js, the failcheck file
# with no error): the vertical borders, a row of 4 a row, then the horizontal ones (1 a
# border, 0 and -1 none).
PZPRJS_ANSWER = ("-1 0 0 -1 /0 0 0 1 /-1 1 1 1 /1 1 0 1 /-1 1 -1 -1 /1 1 1 1 -1 /"
                 "1 1 1 0 -1 /-1 1 -1 1 1 /1 -1 1 1 -1 /")
# The failcheck files' wrong answers, each with the rule pzprjs finds broken first.
WRONG = {
    "arBlkEdge": "0 0 1 0 /1 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 1 1 0 0 /1 0 0 0 0 /"
                 "0 0 0 0 0 /0 0 0 0 0 /",
    "ciNotOnCnr": "-1 1 0 0 /0 1 1 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /1 0 0 1 1 /0 0 1 0 0 /"
                  "0 0 0 0 0 /0 0 0 0 0 /",
    "bkSizeNe": "-1 0 0 -1 /0 0 0 1 /0 0 0 1 /0 0 0 1 /1 -1 -1 -1 /1 0 0 1 -1 /"
                "0 0 0 0 -1 /0 0 0 0 1 /0 1 1 1 -1 /",
    "bkNotLshape": "-1 0 0 -1 /0 0 1 1 /-1 1 1 1 /1 1 0 1 /-1 1 -1 -1 /1 1 1 1 -1 /"
                   "1 1 1 0 -1 /-1 1 -1 1 1 /1 -1 1 1 -1 /",
}


def joins(board: Board, written: str) -> frozenset[tuple[int, int]]:
    """pzprjs's border answer as the joins of its division."""
    rows, cols = board.rows, board.cols
    values = [[int(v) for v in row.split()] for row in written.split("/") if row.strip()]
    borders = {(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)
               if values[r][c] == 1}
    borders |= {(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1)
                for c in range(cols) if values[rows + r][c] == 1}
    return frozenset(set(board.grid.pairs) - borders)


def test_pzprjs_answer_is_found_and_unique_by_every_method():
    board = parse(PZPRJS)
    theirs = joins(board, PZPRJS_ANSWER)
    assert check(board, theirs) == []
    for backend in ("sat", "cpsat"):
        found = solve(board, unique=True, backend=backend)
        assert found.unique is True and found.solution == theirs, backend
    assert sashigane_solutions(board) == [theirs]


@pytest.mark.parametrize("code", sorted(WRONG))
def test_the_checker_refuses_what_pzprjs_refuses(code):
    board = parse(PZPRJS)
    assert check(board, joins(board, WRONG[code])), code


def test_the_checker_names_each_broken_rule():
    good = frozenset({(0, 1), (0, 3), (2, 5), (4, 5)})  # two Ls of 3, corners 0 and 5
    assert check(Board(2, 3, ("o", "w", None, "n", None, "o")), good) == []
    assert check(Board(2, 3, (4, "w", None, "n", None, "o")), good) == [
        "the circle 4 at row 1, column 1 is in an L of 3 cells, not 4"]
    assert check(Board(2, 3, ("o", "w", None, "n", None, "o")), good - {(4, 5)}) == [
        "the area at row 1, column 3 is no L of arms two cells long",
        "the area at row 2, column 2 is no L of arms two cells long"]
    straight = Board(1, 3, (None, None, None))
    assert check(straight, frozenset({(0, 1), (1, 2)})) == [
        "the area at row 1, column 1 is no L of arms two cells long"]
    corner = Board(2, 2, (None, "o", None, None))
    assert check(corner, frozenset({(0, 1), (0, 2)}))[0] == \
        "the circle at row 1, column 2 is not its L's corner"
    sized = Board(2, 2, (5, None, None, None))
    assert "the circle 5 at row 1, column 1 is in an L of 3 cells, not 5" in \
        check(sized, frozenset({(0, 1), (0, 2)}))
    pointing = Board(2, 2, (None, "e", "n", None))
    assert check(pointing, frozenset({(0, 1), (0, 2)})) == [
        "the arrow right at row 1, column 2 is not an arm's end pointing right to its "
        "L's corner", "the area at row 2, column 2 is no L of arms two cells long"]
    assert check(Board(1, 2, ("?", None)), frozenset({(0, 1)})) == [
        "the area at row 1, column 1 is no L of arms two cells long"]


def test_candidates_are_the_ls_of_the_grid():
    # an L on a grid: a corner, an arm of 1 to rows-1 cells up or down, and one of 1 to
    # cols-1 cells left or right, inside the grid
    for rows, cols in ((2, 2), (3, 4), (5, 3)):
        count = sum(1 for r in range(rows) for c in range(cols) for dv in (-1, 1)
                    for a in range(1, rows) for dh in (-1, 1) for b in range(1, cols)
                    if 0 <= r + dv * a < rows and 0 <= c + dh * b < cols)
        assert len(candidates(Board(rows, cols, (None,) * (rows * cols)), False)) == count
    # a circle of 3 at a corner of a 3x3: one L, cornered there
    board = Board(3, 3, (3, None, None, None, None, None, None, None, None))
    assert [s for s in candidates(board, True) if 0 in (s[0],)] == [(0, 1, 1, 1, 1)]


@pytest.mark.parametrize("url", [c.board for c in of("cpsolve.models.sashigane").published
                                 if c.board.startswith("https://")])
def test_published_urls_round_trip(url):
    board = parse(url)
    assert to_url(board) == url and parse(to_text(board)) == board


def test_the_forms_read_pzprjs_arrows_marks_and_large_numbers():
    board = parse("https://puzz.link/p?sashigane/4/2/ghij@.-1ak")
    assert board.clues == ("n", "s", "w", "e", "?", "o", 26, None)
    assert to_url(board) == "https://puzz.link/p?sashigane/4/2/ghij@.-1ak"
    assert parse("https://puzz.link/p?sashigane/2/1/%").clues == ("?", None)
    assert parse("2 4\n^ v < >\n? o o26 -\n") == board
    assert parse("pzprv3\nsashigane\n2\n4\n1 2 3 4 \n- o o26 . \n") == board
    cut = parse("https://puzz.link/p?sashigane/3/3/g")
    assert cut.clues == ("n",) + (None,) * 8
    case = next(c for c in of("cpsolve.models.sashigane").published if c.board.startswith("pzprv3"))
    assert parse(case.board) == parse(PZPRJS)


def test_the_command_solves_checks_draws_and_prints_json(tmp_path):
    done = run("sashigane", PZPRJS, "--unique", "--json")
    data = valid_json(json.loads(done.stdout))
    board = parse(PZPRJS)
    answer = solve(board).solution
    assert done.returncode == 0 and data["unique"] is True
    good = tmp_path / "good.txt"
    good.write_text(show(board, answer) + "\n")
    assert run("sashigane", PZPRJS, "--check", str(good)).stdout == "valid\n"
    bad = tmp_path / "bad.txt"
    rows = show(board, answer).splitlines()
    bad.write_text("\n".join(["e ew ew w s", "e ew ew sw n", *rows[2:]]) + "\n")
    checked = run("sashigane", PZPRJS, "--check", str(bad))
    assert checked.returncode == 1 and "L" in checked.stdout
    picture = tmp_path / "answer.svg"
    assert run("sashigane", PZPRJS, "-o", str(picture)).returncode == 0
    texts = [t.text for t in ET.parse(picture).iter() if t.tag.endswith("text")]
    assert sorted(t for t in texts if t and t.isdigit()) == ["3", "4"]


def test_redundant_clues_can_each_go_and_the_others_cannot():
    board = parse(PZPRJS)
    hints = SASHIGANE.require_hints()
    clues = hints.clues(board)
    found = setter.redundant(SASHIGANE, board, solve(board).solution)
    kept = {c.key for c in found.clues}
    for clue in clues:
        count = len(sashigane_solutions(hints.without(board, [clue])))
        assert (count == 1) == (clue.key in kept), clue


def test_not_unique_says_where_and_no_solution_names_the_clues():
    explained = run("sashigane", "-", "--explain", "--json", stdin="2 3\n- - -\n- - -\n")
    data = valid_json(json.loads(explained.stdout))
    assert explained.returncode == 4 and data["unique"] is False
    assert data["undetermined"]
    done = run("sashigane", "-", stdin="2 3\no - o\n- - -\n")
    assert done.returncode == 1
    assert "row 1, column 1; row 1, column 3" in done.stdout


def shape(board: Board) -> tuple[float, float, float]:
    """Clues per 100 cells, the share of circles numbered, the mean number."""
    clues = [v for v in board.clues if v is not None]
    numbers = [v for v in clues if isinstance(v, int)]
    circles = [v for v in clues if v == "o" or isinstance(v, int)]
    return (100 * len(clues) / board.cells, len(numbers) / max(1, len(circles)),
            statistics.mean(numbers) if numbers else 0.0)


def test_generated_boards_are_unique_and_shaped_like_published_ones():
    published = [parse(c.board) for c in of("cpsolve.models.sashigane").published
                 if c.board.startswith("https://") and c.board.count("/10/10/")]
    made = generate(SASHIGANE, 10, 10, seed=4)
    board = made.board
    assert board is not None and made.answer is not None
    assert solve(board, unique=True).unique is True
    ours = shape(board)
    theirs = [shape(b) for b in published]
    # within what published 10x10 boards span, widened by a quarter each way (the mean
    # number by two fifths above: the generator keeps the larger Ls' numbers more often)
    for k, above in ((0, 1.25), (1, 1.25), (2, 1.4)):
        low, high = min(t[k] for t in theirs), max(t[k] for t in theirs)
        assert 0.75 * low <= ours[k] <= above * high, (k, ours, low, high)


def test_a_number_where_the_board_shows_none_needs_a_board_of_its_own_every_time():
    """A numbered circle's Ls are variables of the rules for the board's own numbered
    cells only; one added elsewhere (a fix) would make its own, which the clue model
    refuses, the second time as the first (its layers are not left in the rules kept)."""
    board = parse("3 4\no - - -\n- - - -\n- - - -")
    kept = STATEMENT._kept(board)
    added = Clue((1, 1), "circle 4", (5, 4), 4)
    for _ in range(2):
        with pytest.raises(ValueError, match="variables of their own"):
            STATEMENT.guarded(board, [added], [kept.nvars + 1], kept.nvars + 1)
        assert ("L", 5) not in kept.layers
