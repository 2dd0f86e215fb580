"""Hotaru Beam's own tests: the checker against pzprjs's own accepted and refused
answers (its test script's failcheck list), the checker's messages on hand-made
answers, the rules' count on a board by hand, and the generator's boards."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.errors import InputError
from cpsolve.grid.layouts import Settings
from cpsolve.limits import Deadline
from cpsolve.models.firefly import check, parse, solve, to_url
from cpsolve.models.firefly.layout import make

# pzprjs test/script/firefly.js: the board of its URL 5/5/40c21a3.a30g10a22a11c11, and
# each answer of its failcheck list with the failcode pzprjs gives (None: accepted).
FILE = "\n".join(["pzprv3", "firefly", "5", "5", "4,0 . . . 2,1 ", ". 3,- . 3,0 . ",
                  ". . . . . ", ". 1,0 . 2,2 . ", "1,1 . . . 1,1 ", ""])
ANSWERS = [
    ("lnBranch", "1 1 1 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 1 0 0 /0 0 1 0 0 /"
                 "0 0 1 0 0 /0 0 0 0 0 /"),
    ("lnCross", "1 1 0 0 /0 0 0 0 /0 1 1 0 /0 0 0 0 /0 0 0 0 /0 0 1 0 0 /0 0 1 1 0 /"
                "0 1 1 0 0 /0 0 0 0 0 /"),
    ("lcInvDirB", "1 0 0 0 /0 0 1 0 /0 1 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 0 /0 0 1 0 0 /"
                  "0 1 0 0 0 /0 0 0 0 0 /"),
    ("lcCurveNe", "1 1 1 1 /0 1 0 0 /0 1 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 0 /0 0 1 0 0 /"
                  "0 1 0 0 0 /0 0 0 0 0 /"),
    ("lcDeadEnd", "1 1 1 1 /0 0 0 0 /0 1 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 0 /0 0 1 0 0 /"
                  "0 1 0 0 0 /0 0 0 0 0 /"),
    ("lcDivided", "1 1 1 1 /1 1 1 1 /0 0 0 0 /1 0 0 1 /0 1 1 0 /1 0 0 0 1 /0 0 0 0 0 /"
                  "0 0 0 0 0 /1 1 0 1 1 /"),
    ("lcDeadEnd", "1 1 1 1 /1 1 1 1 /0 0 0 0 /1 0 0 1 /0 1 1 0 /1 0 0 0 1 /0 0 0 0 0 /"
                  "0 1 0 0 0 /1 1 0 1 1 /"),
    ("nmNoLine", "1 1 1 1 /1 1 1 1 /0 0 0 0 /0 0 0 1 /0 1 1 0 /1 0 0 0 1 /0 1 0 0 0 /"
                 "0 1 0 0 0 /0 1 0 1 1 /"),
    ("lcInvDirW", "1 1 1 1 /1 1 1 1 /0 0 0 0 /1 0 0 1 /0 1 1 0 /1 0 0 0 1 /0 1 0 1 0 /"
                  "0 1 0 1 0 /1 1 0 1 1 /"),
    (None, "1 1 1 1 /1 1 1 1 /-1 -1 -1 -1 /1 0 0 1 /0 1 1 0 /1 -1 -1 -1 1 /0 1 0 0 -1 /"
           "0 1 0 0 -1 /1 1 0 1 1 /"),
]


def lines_of(text: str, rows: int = 5, cols: int = 5) -> frozenset[tuple[int, int]]:
    """pzprjs's lines (rows of the lines right of each cell, then of those below)."""
    values = [[int(v) for v in row.split()] for row in text.split("/") if row.strip()]
    found = set()
    for r in range(rows):
        found |= {(r * cols + c, r * cols + c + 1) for c in range(cols - 1) if values[r][c] == 1}
    for r in range(rows - 1):
        found |= {(r * cols + c, (r + 1) * cols + c) for c in range(cols)
                  if values[rows + r][c] == 1}
    return frozenset(found)


def test_the_file_and_the_url_are_one_board():
    assert parse(FILE) == parse("https://puzz.link/p?firefly/5/5/40c21a3.a30g10a22a11c11")


def test_penpa_links_draw_the_fireflies_on_the_points_as_penpa_edit_does():
    """penpa-edit draws a Hotaru Beam board's fireflies as its "firefly" symbol on the
    points of a board one cell smaller each way (the dot's direction the style: 1
    right, 2 down, 3 left, 4 up), their numbers on the same points; noqx reads that."""
    from cpsolve.grid import penpa
    from cpsolve.models.firefly import FIREFLY

    board = parse(FILE)
    link = FIREFLY.exports["penpa"](board)
    shown = penpa.read(link)
    assert (shown.rows, shown.cols) == (4, 4)
    assert shown.marks[0, 0] == ("firefly", 1) and shown.vertices[0, 0] == "0"  # 0e
    assert shown.marks[1, 1] == ("firefly", 3) and (1, 1) not in shown.vertices  # ?w
    assert parse(link) == board
    # A firefly without a dot has no such form: the board goes as arrows in cells.
    dotless = parse("2 2\n1 -\n- 0w\n")
    assert not penpa.read(FIREFLY.exports["penpa"](dotless)).marks
    assert parse(FIREFLY.exports["penpa"](dotless)) == dotless
    stray = penpa.Board(4, 4, marks=dict(shown.marks), vertices={**shown.vertices, (2, 2): "1"})
    with pytest.raises(InputError, match="row 3, column 3 of the Penpa.* points"):
        parse(penpa.write(stray))
    other = penpa.Board(4, 4, marks={**shown.marks, (2, 2): ("circle_L", 1)})
    with pytest.raises(InputError, match="'circle_L'.*row 3, column 3"):
        parse(penpa.write(other))


@pytest.mark.parametrize(("code", "answer"), ANSWERS)
def test_the_checker_accepts_and_refuses_what_pzprjs_does(code, answer):
    board = parse(FILE)
    errors = check(board, lines_of(answer))
    assert (errors == []) == (code is None), (code, errors)


def test_the_answer_pzprjs_accepts_is_the_one_answer():
    board = parse(FILE)
    result = solve(board, unique=True)
    assert result.unique and result.solutions == [lines_of(ANSWERS[-1][1])]
    assert solve(board, unique=True, backend="cpsat").solutions == result.solutions


def test_the_checker_names_each_broken_rule():
    board = parse("1 4\n0e - - ?\n")
    assert check(board, frozenset()) == ["no line is drawn"]
    assert check(board, frozenset({(0, 1), (1, 2)})) == [
        "a line ends at row 1, column 3, on no firefly"]
    assert check(board, frozenset({(0, 1), (1, 2), (2, 3)})) == []
    turned = parse("2 3\n1e - ?\n- - -\n")
    assert check(turned, frozenset({(0, 1), (1, 2)})) == [
        "the line from the firefly at row 1, column 1 turns 0 times, not 1"]
    dots = parse("1 3\n0e - 0w\n")
    assert check(dots, frozenset({(0, 1), (1, 2)})) == [
        "a line joins the dots of the fireflies at row 1, column 1 and row 1, column 3"]
    bodies = parse("1 4\n? - - 0e\n")
    assert "a line joins the fireflies at row 1, column 1 and row 1, column 4 by no dot" in \
        check(bodies, frozenset({(0, 1), (1, 2), (2, 3)}))


def test_a_line_may_pass_an_open_cell_or_leave_it_empty_and_fireflies_take_many_lines():
    board = parse("3 3\n- 0s -\n0e ? 0w\n- - -\n")
    result = solve(board, limit=None)
    assert [sorted(a) for a in result.solutions] == [[(1, 4), (3, 4), (4, 5)]]


def test_generated_boards_are_valid_and_numbered_by_their_lines():
    made = 0
    for seed in range(12):
        laid = make(Settings(8, 8, "none", 0.2), np.random.default_rng(seed))
        if laid is None:
            continue
        board, answer = laid
        assert check(board, answer) == [], to_url(board)
        assert all(board.clues[c].number is not None for c in board.clue_cells)
        made += 1
    assert made >= 4


def test_the_clue_model_keeps_what_follows_from_the_numbers_while_they_are_all_on():
    """With every firefly numbered, no line goes uncounted: the clue model the questions
    asked with every clue on use (is it unique, where do answers differ: the generator's
    mending) has that too while every clue is on (without it, rings of uncounted line in
    the empty rows were cut one lazy call at a time, 31,000 calls on this board), and
    drops it once a number is taken away (a numberless firefly's line may go
    uncounted)."""
    from cpsolve.grid.hints import clue_model
    from cpsolve.grid.uniqueness import count_in, open_session
    from cpsolve.models.firefly import FIREFLY

    board = parse("https://puzz.link/p?firefly/10/10/zg21f2130i40a20b203030b3130c3130103041d21"
                  "4010a10h10a10a4040c4041a")
    clued = clue_model(FIREFLY.require_hints(), board, implied=True)
    calls = []

    def refine(values):
        calls.append(1)
        return clued.model.refine(values)

    with open_session(clued.model) as session:
        counted = count_in(session, clued.projection, assumptions=clued.selectors,
                           refine=refine, deadline=Deadline(60))
    decode = FIREFLY.prepare(board, False).decode
    assert [decode(v) for v in counted.solutions] == [solve(board).solution]
    assert len(calls) < 20
