"""Kakuro: the answers janko.at publishes, the forms it reads (published puzz.link URLs
round trip, pzprjs's files with its own failing answers refused by the checker, grid
text, janko.at files), the checker's messages, and the generator's boards."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from cpsolve.errors import InputError
from cpsolve.grid.cases import of
from cpsolve.grid.layouts import Settings
from cpsolve.models.kakuro import KAKURO, check, parse, solve, to_text, to_url
from cpsolve.models.kakuro.board import parse_pzprv3, to_pzprv3
from cpsolve.models.kakuro.layout import make
from tests.support.oracles import kakuro_solutions

JANKO = json.loads((Path(__file__).parents[1] / "data" / "kakuro" / "janko.json").read_text())
PUBLISHED = [case.board for case in of("cpsolve.models.kakuro").published]
EXAMPLE = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"
# pzprjs's test script's board as pzprjs saves it, with the answers it fails, each with
# the code of the rule it breaks (null: valid).
BOARD = ("pzprv3/kakuro/5/5/0 0 12 4 0 0 /0 8,4 . . 0,10 0,0 /10 . . . . 0,10 /"
         "3 . . 3,17 . . /0 21,0 . . . . /0 0,0 12,0 . . 0,0 /")
FAILCHECK = [
    ("nmDupRow", ". . . . . /2 . . . . /2 . . . . /. . . . . /. . . . . /"),
    ("nmSumRowNe", ". . 3 . . /3 4 1 5 . /1 2 . . . /. . . . . /. . . . . /"),
    ("ceNoNum", ". . 3 . . /3 4 1 2 . /1 2 . 1 2 /. . 9 . 8 /. . 8 4 . /"),
    (None, ". 5 3 . . /3 4 1 2 . /1 2 . 1 2 /. 1 9 3 8 /. . 8 4 . /"),
]


def _digits(rows: str) -> tuple[int, ...]:
    return tuple(0 if t == "." else int(t) for row in rows.split("/") for t in row.split())


@pytest.mark.parametrize("code, answer", FAILCHECK)
def test_pzprjs_failing_answers_are_refused(code, answer):
    """pzprjs's checker's verdicts: a digit twice in a run, a wrong sum (only full
    runs are summed) and an empty cell refused; its valid answer accepted."""
    board = parse(BOARD.replace("/", "\n"))
    assert board == parse(EXAMPLE) or board.plain() == parse(EXAMPLE).plain()
    errors = check(board, _digits(answer))
    assert bool(errors) == (code is not None), errors
    if code == "nmDupRow":
        assert any("holds 2 twice" in e for e in errors)


def test_the_checker_names_each_broken_rule():
    board = parse("- 4, 3,\n,3 . .\n,4 . .")
    assert check(board, (1, 2, 3, 1)) == []
    assert check(board, (1, 2, 3, 0)) == [
        "the white cell at row 2, column 2 holds 0, not a digit from 1 to 9",
        "the across sum left of row 2 is 4, its run makes 3",
        "the down sum above column 2 is 3, its run makes 2"]
    assert check(board, (1, 2, 2, 2)) == [
        "row 2 holds 2 twice, at row 2, column 1 and row 2, column 2",
        "the down sum above column 1 is 4, its run makes 3",
        "column 2 holds 2 twice, at row 1, column 2 and row 2, column 2",
        "the down sum above column 2 is 3, its run makes 4"]


@pytest.mark.parametrize("key", list(JANKO)[:12])
def test_janko_boards_solve_to_their_published_answers(key):
    board = parse(JANKO[key]["problem"])
    result = solve(board, unique=True)
    answer, clash = KAKURO.answer.read(JANKO[key]["solution"], board)
    assert result.unique and clash == [] and result.solution == answer, key


@pytest.mark.slow  # 84 boards, about 5 s
@pytest.mark.parametrize("key", list(JANKO)[12:])
def test_every_janko_board_of_the_sample_solves_to_its_answer(key):
    test_janko_boards_solve_to_their_published_answers(key)


@pytest.mark.parametrize("url", [b for b in PUBLISHED if b.startswith("https://puzz.link")])
def test_published_urls_round_trip(url):
    board = parse(url)
    assert to_url(board) == url
    assert parse(to_text(board)) == board
    assert parse(to_pzprv3(board)) == board


@pytest.mark.parametrize("url", [b for b in PUBLISHED if b.startswith("https://puzz.link")])
def test_penpa_links_are_laid_out_as_penpa_edit_lays_out_kakuro(url):
    """penpa-edit's Kakuro grid (and noqx's reading of it): the frame as the first row
    and column, a 'kakuro' symbol on every black cell, a sum across in the top right
    corner and one down in the bottom left."""
    from cpsolve.grid import penpa

    board = parse(url)
    link = KAKURO.exports["penpa"](board)
    shown = penpa.read(link)
    assert shown.grid == "kakuro" and (shown.rows, shown.cols) == (board.rows + 1,
                                                                   board.cols + 1)
    assert set(shown.symbols) == {(r + 1, c + 1) for r in range(-1, board.rows)
                                  for c in range(-1, board.cols) if board.is_black(r, c)}
    assert shown.corners == {((r + 1, c + 1), 1 if way == "across" else 2): str(total)
                             for (way, (r, c)), total in board.sums.items()}
    assert parse(link) == board


def test_penpa_links_of_other_boards_are_refused_where_they_differ():
    from cpsolve.grid import penpa

    frame = {(r, c): ("kakuro", 1) for r in range(3) for c in range(3) if r == 0 or c == 0}
    good = penpa.Board(3, 3, symbols=frame, corners={((1, 0), 1): "3", ((0, 1), 2): "4"})
    assert parse(penpa.write(good)).sums == {("across", (0, -1)): 3, ("down", (-1, 0)): 4}
    for board, message in [
            (penpa.Board(3, 3, symbols={**frame, (0, 2): ("circle_L", 1)}), "'circle_L'"),
            (penpa.Board(3, 3, symbols={k: v for k, v in frame.items() if k != (0, 2)}),
             "a white cell in the frame at row 1, column 3"),
            (penpa.Board(3, 3, symbols=frame, corners={((1, 0), 0): "3"}),
             "a small number at row 2, column 1"),
            (penpa.Board(3, 3, symbols=frame, corners={((1, 1), 1): "3"}),
             "a small number at row 2, column 2"),
            (penpa.Board(3, 3, symbols=frame, corners={((1, 0), 1): "46"}), "up to 45"),
            (penpa.Board(3, 3, symbols=frame, numbers={(1, 1): "2"}), "numbers")]:
        with pytest.raises(InputError, match=message):
            parse(penpa.write(board))


def test_urls_as_pzprjs_reads_them():
    """A sum of 0 is kept apart from none ('-'); a cut body leaves the rest white and
    reads the frame's sums from the body's start, as pzprjs's decodeKakuro does."""
    board = parse(EXAMPLE)
    assert board.sums["across", (0, 3)] == 0 and ("across", (0, 4)) not in board.sums
    cut = parse("https://puzz.link/p?kakuro/5/5/48la")
    assert cut.black == (True, False, False, True) + (False,) * 21
    assert cut.sums["down", (-1, 1)] == 4 and cut.sums["down", (-1, 2)] == 8
    assert ("down", (-1, 4)) not in cut.sums  # 'l' is no sum
    assert cut.sums["across", (1, -1)] == 10  # the body's fourth character
    assert to_url(parse("https://puzz.link/p?kakuro/2/1/kk")) == \
        "https://puzz.link/p?kakuro/2/1/l---/"  # two white cells, three sums unwritten


def test_files_and_grid_text():
    board = parse(EXAMPLE)
    janko = "begin\npuzzle kakuro\nrows 6\ncols 6\nproblem\n" + to_text(board) + "\nend\n"
    assert parse(janko) == board
    assert parse_pzprv3(to_pzprv3(board)) == board
    sized = "3 3\n- 4, 3,\n,3 0 0\n,4 0 0\n"  # the puzzlekit data set's text
    assert parse(sized) == parse("- 4, 3,\n,3 . .\n,4 . .")
    with pytest.raises(InputError, match="1:6: a sum is a number from 0 to 45"):
        parse("- 4, 46,\n,3 . .\n,4 . .")


def test_brute_force_agrees_on_a_board_with_a_run_of_no_sum():
    board = parse("- 3, -\n,3 . .\n- . -")  # the across run of row 2 (one cell) free,
    # but its cell the down sum's
    assert kakuro_solutions(board) == sorted(solve(board, limit=None).solutions) == [
        (1, 2, 2, 0), (2, 1, 1, 0)]


def test_generated_layouts_look_published():
    """Runs of 2 to 6 cells, the white cells one group, the pattern symmetric."""
    settings = Settings(9, 9, "rot2", 1.0)
    rng = np.random.default_rng(3)
    made = None
    while made is None:
        made = make(settings, rng)
    board, digits = made
    assert check(board, digits) == []
    assert all(2 <= len(run.cells) <= 6 for run in board.runs)
    grid = board.grid
    assert all(board.black[grid.orbit(cell, "rot2")[-1]] == board.black[cell]
               for cell in range(grid.cells))
