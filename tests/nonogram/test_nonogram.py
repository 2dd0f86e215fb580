"""Nonogram: the answers the puzzlekit dataset publishes, the forms it reads (published
puzz.link URLs round trip through every form, pzprjs's files, Tatham's links, webpbn's
.non files), pzprjs's own failing answers refused by the checker, the checker's
messages, the kit's runs rule counted against brute force, and the generator's boards."""

from __future__ import annotations

import json
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
