"""Nonogram: the answers the puzzlekit dataset publishes, the forms it reads (published
puzz.link URLs round trip through every form, pzprjs's files, Tatham's links, webpbn's
.non files), pzprjs's own failing answers refused by the checker, the checker's
messages, the kit's runs rule counted against brute force, and the generator's boards."""

from __future__ import annotations

import json
import random
from itertools import product
from pathlib import Path

import numpy as np
import pytest
from pysat.solvers import Solver

from cpsolve.errors import InputError
from cpsolve.grid.cases import of
from cpsolve.grid.layouts import Settings
from cpsolve.grid.rules.model import Model
from cpsolve.grid.rules.runs import runs
from cpsolve.grid.rules.sat import to_sat
from cpsolve.models.nonogram import check, parse, solve, to_text, to_url
from cpsolve.models.nonogram.board import to_non, to_penpa, to_pzprv3, to_tatham
from cpsolve.models.nonogram.check import measured
from cpsolve.models.nonogram.layout import make
from cpsolve.models.nonogram.rules import line_solved, settle

DATA = json.loads((Path(__file__).parents[1] / "data" / "nonogram" / "puzzlekit.json")
                  .read_text())["boards"]
PUBLISHED = [case.board for case in of("cpsolve.models.nonogram").published
             if case.board.startswith("https://puzz.link")]
EXAMPLE = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h"
# pzprjs's test script's board as pzprjs saves it (the clues in their frame, # a shaded
# cell), with the answers it fails, each with the code of the rule it breaks (null:
# valid).
HEAD = ". . . . 1 . 1 . . /. . . 2 1 . 1 2 . /. . . 1 1 1 1 1 . /"
FAILCHECK = [
    ("exNoMatch", ". 2 1 # # . # . . /. 1 1 # . . . # . /. 1 2 . # . # # . /. . . . . . . . . /"
                  ". 1 1 # . . . . . /. . 3 . # # # . . /"),
    ("exNoMatch", ". 2 1 . # . # # . /. 1 1 # . . . # . /. 1 2 # # . # . . /. . . . . . . . . /"
                  ". 1 1 # . . . # . /. . 3 . # # # . . /"),
    ("exNoMatch", ". 2 1 # # . # . . /. 1 1 # . . . # . /. 1 2 . # . # # . /. . . . . . . . # /"
                  ". 1 1 # . . . # . /. . 3 . # # # . . /"),
    (None, ". 2 1 # # . # . . /. 1 1 # . . . # . /. 1 2 . # . # # . /. . . . . . . . . /"
           ". 1 1 # . . . # . /. . 3 . # # # . . /"),
]


def _file(rows: str) -> str:
    return "pzprv3\nnonogram\n6\n6\n" + "\n".join((HEAD + rows).strip(" /").split(" /")) + "\n"


def _answer(rows: str) -> frozenset[int]:
    lines = [line.split()[3:] for line in rows.strip(" /").split(" /")]
    return frozenset(r * 6 + c for r, line in enumerate(lines) for c, t in enumerate(line)
                     if t == "#")


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_urls_round_trip_through_every_form(url):
    board = parse(url)
    assert to_url(board) == url
    for write in (to_text, to_tatham, to_non, to_pzprv3, to_penpa):
        assert parse(write(board)) == board, write.__name__


@pytest.mark.parametrize("code,rows", FAILCHECK)
def test_pzprjs_verdicts_on_its_own_answers(code, rows):
    board = parse(_file(rows))
    assert board == parse(EXAMPLE)
    assert (check(board, _answer(rows)) == []) == (code is None)


@pytest.mark.parametrize("key", sorted(DATA))
def test_the_published_answers(key):
    board = parse(DATA[key]["problem"])
    rows = DATA[key]["solution"].split("\n")[1:]
    published = frozenset(r * board.cols + c for r, line in enumerate(rows)
                          for c, token in enumerate(line.split()) if token == "x")
    result = solve(board, unique=True)
    assert result.solutions == [published]


def test_the_checker_names_each_broken_line():
    board = parse("2 3\n1\n0\n1\n1 1\n0\n")
    assert check(board, {0, 2}) == []
    assert check(board, {0, 1}) == ["column 2 has runs 1, its clue says 0",
                                    "column 3 has no shaded cell, its clue says 1",
                                    "row 1 has runs 2, its clue says 1 1"]
    assert check(board, {3}) == ["column 3 has no shaded cell, its clue says 1",
                                 "row 1 has no shaded cell, its clue says 1 1",
                                 "row 2 has runs 1, its clue says 0"]


@pytest.mark.parametrize("n", range(1, 8))
def test_the_runs_rule_has_one_model_a_line(n):
    """Every clue a line of ``n`` can have (and some that cannot fit): the runs rule's
    models are exactly the lines whose runs are the clue's, one model each."""
    lines = list(product((False, True), repeat=n))
    clues = {measured(list(line)) for line in lines} | {(n + 1,), (1,) * (n // 2 + 2)}
    for lengths in sorted(clues):
        m = Model()
        cells = m.layer("cell", n)
        m.solution(cells.vars)
        runs(m, "runs", cells.vars, lengths)
        cnf = to_sat(m)
        clauses = [list(map(int, clause)) for group in cnf.groups for clause in group]
        found = []
        with Solver(name="minisat22", bootstrap_with=clauses) as solver:
            solver.add_clause([v for v in range(1, cnf.nvars + 1)] + [-1])  # names all
            for model in solver.enum_models():
                found.append(tuple(model[v - 1] > 0 for v in cells.vars))
                assert len(found) <= 2 ** n
        assert sorted(found) == [line for line in lines if measured(list(line)) == lengths], \
            lengths


def test_other_forms():
    board = parse(EXAMPLE)
    tatham = to_tatham(board)
    assert parse("https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/pattern.html#"
                 + tatham) == board
    non = "catalogue \"webpbn #1\"\ntitle \"x\"\n" + to_non(board) + "goal \"0101\"\n"
    assert parse(non) == board
    ticked = _file(FAILCHECK[3][1]).replace(". 2 1 #", ". c2 1 #")
    assert parse(ticked) == board
    assert parse("2 2\n?\n-\n1\n0\n").columns == (None, ())
    assert parse(to_url(parse("2 2\n?\n-\n1\n0\n"))) == parse("2 2\n?\n-\n1\n0\n")


@pytest.mark.parametrize("text,error", [
    ("pzprv3\nnonogram\n2\n2\n. 3 . \n. . . \n. . . \n",
     "5:3: the clue of column 1 is numbers from 1 to 2"),
    ("width 2\nheight 2\nrows\n1\n1,1\ncolumns\n1\n1\n",
     "5:3: the clue of row 2 has 2 numbers"),
    ("2x2:1/1/1/x", "1:11: the clue of row 2 is numbers"),
])
def test_bad_files_are_refused_where_they_are_wrong(text, error):
    with pytest.raises(InputError) as raised:
        parse(text)
    assert str(raised.value).startswith(error), str(raised.value)


def test_generated_pictures_look_published():
    """The generator's pictures shade about half their cells, as the puzzlekit
    dataset's nonograms do (its median 0.49), and give every line a clue."""
    shares = []
    for seed in range(8):
        board, shaded = make(Settings(10, 10, "none", 1.0), np.random.default_rng(seed))
        assert check(board, shaded) == [] and all(c is not None for c in board.columns)
        assert board.picture is None  # its board's picture does not show its answer
        shares.append(len(shaded) / board.cells)
    assert 0.4 < float(np.median(shares)) < 0.6


def test_urls_cut_short_read_as_pzprjs_reads_them():
    """pzprjs's ``decodeNumber16ExCell`` reads slot after slot until the body ends: the
    slots after it are empty, so a URL cut short leaves the last lines' clues empty
    (and a cut ``-xx`` is the digits it has)."""
    board = parse(EXAMPLE)
    cut = parse(EXAMPLE[:-4])  # "...j11g3h" without "g3h" and the "1" before it
    assert cut.columns == board.columns and cut.lines[:4] == board.lines[:4]
    assert cut.lines[4:] == ((1,), ())
    assert parse("https://puzz.link/p?nonogram/1/20/-1").columns[0] == (1,)
    assert parse("https://puzz.link/p?nonogram/1/20/-14").columns[0] == (20,)


def _lines(count: int, seed: int) -> list[tuple[list[int], tuple[int, ...]]]:
    """Random lines of up to 10 cells, some cells decided (1 shaded, 0 empty, -1 open)
    and a clue: mostly a picture's runs, sometimes any."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n = rng.randint(1, 10)
        picture = [rng.random() < 0.5 for _ in range(n)]
        clue = measured(picture) if rng.random() < 0.8 else tuple(
            rng.randint(1, 3) for _ in range(rng.randint(0, 4)))
        kind = rng.random()
        cells = ([rng.choice((-1, -1, -1, 0, 1)) for _ in range(n)] if kind < 0.5 else
                 [-1] * n if kind < 0.7 else [int(on) for on in picture])
        out.append((cells, clue))
    return out


def _masks(cells: list[int]) -> tuple[int, int, int, int]:
    n = len(cells)
    return (sum(2 << i for i, v in enumerate(cells) if v == 1),
            sum(2 << i for i, v in enumerate(cells) if v == 0),
            sum(1 << (n - i) for i, v in enumerate(cells) if v == 1),
            sum(1 << (n - i) for i, v in enumerate(cells) if v == 0))


@pytest.mark.parametrize("seed", range(4))
def test_line_solving_is_exact_on_a_line(seed):
    """Each line's deduction is what every shading of the line that its clue and its
    decided cells allow has in common, cell by cell (brute force over the 2^n
    shadings), and no placement at all where none agrees."""
    for cells, clue in _lines(1500, seed):
        n = len(cells)
        shadings = [s for s in product((0, 1), repeat=n) if measured(list(s)) == clue
                    and all(v in (-1, x) for v, x in zip(cells, s))]
        found = line_solved(n, clue, *_masks(cells))
        if not shadings:
            assert found is None, (cells, clue)
            continue
        assert found is not None, (cells, clue)
        shaded, empty = found
        for i in range(n):
            values = {s[i] for s in shadings}
            assert bool(shaded >> (i + 1) & 1) == (values == {1}), (cells, clue, i)
            assert bool(empty >> (i + 1) & 1) == (values == {0}), (cells, clue, i)


@pytest.mark.parametrize("url", PUBLISHED)
def test_line_solving_keeps_to_the_answer(url):
    """Every cell line solving decides on a published board is the answer's, and a
    board it decides whole is solved without a solver call (no time given at all),
    the same answer as the whole model's."""
    board = parse(url)
    known = settle(board)
    assert known is not None
    whole = solve(board, unique=True, deductions=False)
    assert whole.unique
    answer = whole.solution
    assert all(value == -1 or value == (cell in answer) for cell, value in enumerate(known))
    if -1 not in known:
        fast = solve(board, unique=True, time_limit=0.0)
        assert fast.unique and fast.solution == answer and fast.stats.solver_calls == 0


def test_a_board_line_solving_leaves_open_is_solved_from_its_decided_cells():
    """The published 20x20 line solving leaves 165 cells open: the model takes the
    rest as constants and still finds the one answer."""
    board = next(parse(url) for url in PUBLISHED if parse(url).rows == 20)
    known = settle(board)
    assert known is not None and known.count(-1) == 165
    assert solve(board, unique=True).solution == solve(board, unique=True,
                                                       deductions=False).solution


def test_a_picture_is_read_as_the_board_of_its_runs():
    """Rows of # and . are the board whose clues are the picture's runs, the picture
    kept beside it (not part of the board: the same clues are the same board)."""
    board = parse("##.\n..#\n#.#\n")
    assert board.columns == ((1, 1), (1,), (2,)) and board.lines == ((2,), (1,), (1, 1))
    assert board.picture == frozenset({0, 1, 5, 6, 8})
    assert board == parse(to_text(board)) and parse(to_text(board)).picture is None
    assert solve(board, unique=True).solution == board.picture
