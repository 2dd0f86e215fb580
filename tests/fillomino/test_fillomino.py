"""Fillomino: every method against brute force and against published boards, the
forms it reads (published puzz.link URLs round trip), located errors, the command, the
setter's tools, pictures and the generator."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest

from cpsolve import registry
from cpsolve.errors import InputError
from cpsolve.grid import setter
from cpsolve.grid.api import family
from cpsolve.models.fillomino import (
    FILLOMINO,
    Board,
    check,
    parse,
    show,
    solve,
    to_text,
    to_url,
)
from cpsolve.models.fillomino.rules import _parts, _room, bound, impossible, narrow, past
from cpsolve.result import Status
from tests.support.cli import run, valid_json
from tests.support.oracles import cases, fillomino_solutions, oracle

# Published on puzz.link (collected in public repositories of puzzle solvers and
# editors), each unique.
PUBLISHED = [
    "https://puzz.link/p?fillomino/5/5/g1k34g2h5h4n",
    "https://puzz.link/p?fillomino/7/3/159u159",
    "https://puzz.link/p?fillomino/10/10/q-138g84ga3h46g42g33r46g44ga8h12g15g58r21g28g87h42g"
    "14g4-13q",
    "https://puzz.link/p?fillomino/7/10/r6l8l5l2lah3i5h9i9i4c4o",
]
LARGE = ("https://puzz.link/p?fillomino/15/15/h1o5i8g2m6g3g7i3h4h1i1g6g4h2g3h4g2i5h2i4h3l4h1h"
         "5m4h2g2h6k7h3i3h7k7h2g2h3m2h1h5l3h4i3h3i-10g4h4g1h3g7g1i8h4h3i2g2g2m8g6i1o1h")
# The 5x5 board's answer as its publisher's solver's tests give it.
FIVE_ANSWER = ["6 1 3 3 4", "6 6 3 4 4", "2 6 6 5 4", "2 4 6 5 5", "4 4 4 5 5"]


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_boards_are_unique(url):
    board = parse(url)
    found = solve(board, unique=True)
    assert found.status is Status.SOLVED and found.unique is True
    assert check(board, found.solution) == []
    if board.cells <= 25:  # CP-SAT agrees (slow on larger boards)
        other = solve(board, unique=True, backend="cpsat")
        assert other.unique is True and other.solution == found.solution
    if url == PUBLISHED[0]:
        assert show(board, found.solution).splitlines() == FIVE_ANSWER


@pytest.mark.slow
def test_a_published_15x15_is_unique():
    found = solve(parse(LARGE), unique=True)
    assert found.status is Status.SOLVED and found.unique is True


def test_the_room_the_numbers_shown_leave_holds_every_filling():
    """A number not shown fits in the cells the areas of the numbers shown leave (cells
    showing one number far apart count once each): never past a number some filling
    writes, on random boards brute force fills, and often below the board's parts."""
    rng = random.Random(5)
    binding = 0
    for _ in range(300):
        rows, cols = rng.choice([(2, 3), (2, 4), (3, 3), (3, 4), (1, 7), (2, 5)])
        numbers: list[int | None] = [None] * (rows * cols)
        for _ in range(rng.randint(1, 4)):
            numbers[rng.randrange(rows * cols)] = rng.randint(1, 5)
        board = Board(rows, cols, tuple(numbers))
        every = fillomino_solutions(board)
        shown = {n for n in numbers if n}
        written = {n for answer in every for n in answer} - shown
        assert all(n <= _room(board) for n in written), board
        assert all(max(answer) <= bound(board) for answer in every), board
        binding += _room(board) < max(_parts(board, 0)[1])
    assert binding > 50


def test_the_givens_rule_out_numbers_no_area_fits():
    # a 2 and a 1 closing in the middle cell: it holds no 3 (its part of the board
    # without them is one cell)
    board = Board(1, 3, (2, None, 1))
    ruled_out = set(impossible(board))
    assert 1 * 3 + 3 in ruled_out and 1 * 3 + 2 not in ruled_out
    assert fillomino_solutions(board) == [(2, 2, 1)]
    # never a number some filling uses: checked against brute force on the oracle's boards
    for case, every in cases("fillomino")[:40]:
        used = {c * case.largest + n for answer in every for c, n in enumerate(answer)}
        assert not used & set(impossible(case)), case
        assert all(max(answer) <= bound(case) for answer in every), case
    assert bound(Board(1, 5, (2, None, 1, None, None))) == 2
    assert bound(Board(2, 2, (None,) * 4)) == 4  # an empty board: one area of all


def test_the_areas_partial_checks_hold_in_every_answer():
    """What the areas' sizes say on a partial board (the hints' and the grade's
    reasoning: a decided area too large, closed too small, its reach; a number with no
    room for its area) holds in every filling brute force finds, from partial boards
    that show some of one filling's values, at random, each check run twice so that
    its kept rooms are read too."""
    import random

    import numpy as np

    from cpsolve.grid.rules.areas import _partial

    chance = random.Random(7)
    checked = 0
    for case, every in cases("fillomino")[:40]:
        if not every:
            continue
        largest, cells = case.largest, case.cells
        holds = [[c * largest + n + 1 for n in range(largest)] for c in range(cells)]
        array, rooms = np.array(holds), {}
        truth = [{c * largest + n for c, n in enumerate(answer)} for answer in every]
        for _ in range(6):
            shown = chance.choice(truth)
            state = np.full(cells * largest + 1, -1, dtype=np.int8)
            for var in range(1, cells * largest + 1):
                if chance.random() < 0.5:
                    state[var] = var in shown
            for _ in range(2):
                for clause in _partial(state, array, holds, case.grid.neighbours, rooms):
                    checked += 1
                    for answer in truth:
                        assert any((lit > 0) == (abs(lit) in answer) for lit in clause), \
                            (case, clause)
    assert checked > 1000


def test_a_bound_past_the_numbers_shown_is_proven():
    """"No answer writes a number past k" (the relaxation's proof) holds in every
    filling brute force finds; a filling past k is always seen; and the bound the
    deductions keep is never below an answer's numbers. What the areas' sizes say on a
    partial board of the relaxation (a number past k: "at least") holds in its answers
    too."""
    import random

    import numpy as np

    from cpsolve.grid.rules.areas import _partial

    chance = random.Random(3)
    said = set()
    for case, every in cases("fillomino")[:60]:
        shown = max((n for n in case.numbers if n), default=1)
        for k in range(shown, 4):
            found = past(case, k)
            over = any(max(answer) > k for answer in every)
            assert found is not None and (found or not over), (case, k)
            said.add(found)
            largest = k + 1
            holds = [[c * largest + n + 1 for n in range(largest)] for c in range(case.cells)]
            truth = [{c * largest + min(n, largest) for c, n in enumerate(answer)}
                     for answer in every]
            for shown in truth[:2]:
                state = np.full(case.cells * largest + 1, -1, dtype=np.int8)
                for var in range(1, case.cells * largest + 1):
                    if chance.random() < 0.5:
                        state[var] = var in shown
                for clause in _partial(state, np.array(holds), holds, case.grid.neighbours,
                                       exact=k):
                    assert all(any((lit > 0) == (abs(lit) in answer) for lit in clause)
                               for answer in truth), (case, k, clause)
        if every:
            assert narrow(case).bound >= max(max(answer) for answer in every)
    assert said == {True, False}
    # a board whose parts allow far more: the bound proven is the largest shown
    board = Board(4, 4, (2, 2) + (None,) * 12 + (1, None))
    assert bound(board) == 13 and narrow(board).bound in (2, 4, 8, 13)
    assert all(max(answer) <= narrow(board).bound for answer in fillomino_solutions(board))


@pytest.mark.parametrize("url", [*PUBLISHED, LARGE])
def test_published_urls_round_trip(url):
    assert to_url(parse(url)) == url
    assert parse(to_text(parse(url))) == parse(url)


def test_the_forms_read_the_same_board():
    board = parse(PUBLISHED[0])
    assert parse(to_text(board)) == board
    compact = "\n".join("".join("." if n is None else str(n)
                                for n in board.numbers[r * 5:r * 5 + 5]) for r in range(5))
    assert parse(compact) == board
    assert parse(PUBLISHED[0].replace("https://puzz.link", "pzprxs.vercel.app")) == board
    unknown = parse("https://puzz.link/p?fillomino/5/5/-10-10-10-10-10-108.8-10-10.1.-10-108"
                    ".8-10-10-10g-10-10")
    assert unknown.numbers.count(-2) == 4 and to_text(unknown).count("?") == 4


def test_the_checker_names_each_broken_rule():
    board = Board(2, 3, (3, None, None, None, 1, None))
    assert check(board, (3, 3, 2, 3, 1, 2)) == []
    errors = check(board, (3, 3, 3, 3, 1, 2))
    assert errors == ["the 3 at row 1, column 1 is in an area of 4 cells, not 3",
                      "the 2 at row 2, column 3 is in an area of 1 cell, not 2"]
    assert errors[1].cells == ((1, 2),)
    errors = check(board, (3, 3, 2, 3, 2, 2))
    assert "the given 1 at row 2, column 2 is written 2" in errors


def test_the_command_solves_checks_draws_and_prints_json(tmp_path):
    url = PUBLISHED[0]
    done = run("fillomino", url, "--unique", "--json")
    data = valid_json(json.loads(done.stdout))
    assert done.returncode == 0 and data["unique"] is True
    assert data["solution"] == FIVE_ANSWER
    good = tmp_path / "good.txt"
    good.write_text("\n".join(FIVE_ANSWER) + "\n")
    assert run("fillomino", url, "--check", str(good)).stdout == "valid\n"
    digits = tmp_path / "digits.txt"  # one digit a cell reads too
    digits.write_text("\n".join(row.replace(" ", "") for row in FIVE_ANSWER) + "\n")
    assert run("fillomino", url, "--check", str(digits)).stdout == "valid\n"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(["6 1 3 3 3"] + FIVE_ANSWER[1:]) + "\n")
    checked = run("fillomino", url, "--check", str(bad))
    assert checked.returncode == 1 and "is in an area of" in checked.stdout
    picture = tmp_path / "answer.svg"
    assert run("fillomino", url, "-o", str(picture)).returncode == 0
    texts = [t.text for t in ET.parse(picture).iter() if t.tag.endswith("text")]
    assert sorted(t for t in texts if t and t.isdigit()) == sorted(
        " ".join(FIVE_ANSWER).split())


def test_not_unique_says_where_and_how_to_fix_it():
    text = "2 3\n- 2 -\n- - -\n"
    explained = run("fillomino", "-", "--explain", "--json", stdin=text)
    data = valid_json(json.loads(explained.stdout))
    board = parse(text)
    every = fillomino_solutions(board)
    assert explained.returncode == 4 and data["unique"] is False and len(every) > 1
    varying = {(c // 3 + 1, c % 3 + 1) for answer in every for c in range(6)
               if answer[c] != every[0][c]}
    assert {tuple(cell) for cell in data["undetermined"]} == varying
    found = setter.explain(FILLOMINO, board)
    assert [fix.to_json() for fix in found.fixes] == data["fixes"] and found.fixes
    for fix in found.fixes:  # each number it writes leaves one filling, by brute force
        assert len(fillomino_solutions(fix.board)) == 1, fix.text


def test_no_solution_names_the_numbers_in_conflict():
    text = "2 2\n2 2\n1 -\n"
    done = run("fillomino", "-", stdin=text)
    assert done.returncode == 1
    board = parse(text)
    found = setter.conflict(FILLOMINO, board)
    hints = FILLOMINO.hints
    assert hints is not None
    others = [clue for clue in hints.clues(board) if clue not in found.clues]
    assert fillomino_solutions(hints.without(board, others)) == []
    assert done.stdout.splitlines()[-1].startswith("the clue that cannot hold")


def test_redundant_numbers_and_a_minimal_board():
    done = run("fillomino", PUBLISHED[0], "--redundant", "--minimize")
    assert done.returncode == 0
    assert "no number can go: without any one, another solution appears" in done.stdout
    assert "none of which can go alone" in done.stderr


def test_generated_boards_are_unique():
    done = run("generate", "fillomino", "6", "6", "--seed", "2")
    assert done.returncode == 0, done.stderr
    board = parse(done.stdout)
    assert (board.rows, board.cols) == (6, 6)
    result = solve(board, unique=True)
    assert result.status is Status.SOLVED and result.unique is True


@pytest.mark.parametrize("seed", ["1", "3", "6"])
def test_a_board_made_to_a_grade_stays_unique(seed):
    # The hints' engine once reasoned on the bound the whole board's numbers prove
    # while the generator switched clues off: boards with more answers were kept.
    done = run("generate", "fillomino", "5", "5", "--grade", "tough", "--largest", "4",
               "--seed", seed)
    assert done.returncode == 0, done.stderr
    assert solve(parse(done.stdout), unique=True).unique is True


def test_the_family_is_the_kit_s():
    assert FILLOMINO.hints is not None and FILLOMINO.layout is not None
    assert family(FILLOMINO).problems() == []
    assert oracle("fillomino").puzzle is FILLOMINO


BORDERED = "https://puzz.link/p?fillomino/3/3/h14i1g0080"  # a border below row 1, column 2
BORDERED_ANSWER = (4, 4, 1, 4, 3, 3, 4, 1, 3)


def test_a_border_drawn_in_the_board_takes_part_in_the_rules():
    """puzz.link's Fillomino may draw borders in the board, after the numbers (pzprjs
    decodeBorder): the cells either side of one hold different numbers. Without its
    border this board has two answers; with it, one, and the other answer is named
    wrong at the border. The URL is written back with the border; the other forms,
    which have no place for it, refuse the board."""
    from dataclasses import replace

    board = parse(BORDERED)
    assert board.drawn == frozenset({(1, 4)}) and to_url(board) == BORDERED
    assert len(solve(replace(board, drawn=frozenset()), limit=3).solutions) == 2
    for backend in ("sat", "cpsat"):
        found = solve(board, backend=backend, limit=3)
        assert found.solutions == [BORDERED_ANSWER], backend
    other = (1, 4, 1, 4, 4, 2, 4, 1, 2)
    assert check(board, BORDERED_ANSWER) == []
    assert check(board, other) == ["the cells at row 1, column 2 and row 2, column 2, "
                                   "either side of a border drawn in the board, both hold 4"]
    assert ((0, 1), (1, 1)) in FILLOMINO.picture(board).borders
    with pytest.raises(Exception, match="written only in a puzz.link URL"):
        FILLOMINO.exports["grid"](board)
    assert to_text(board) == BORDERED  # its main form, as printed and certified
    minimized = run("fillomino", BORDERED, "--minimize")
    assert minimized.returncode == 0 and "fillomino/3/3/" in minimized.stdout
    done = run("fillomino", BORDERED, "--unique", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["unique"] is True


def test_a_pzprjs_file_s_borders_drawn_in_the_board_are_read():
    """A pzprjs file saves them after the numbers and the player's numbers (X drawn in
    the board, -X drawn and marked; 0, 1, -1, 2 the player's): the same board as the
    URL's; a token of no border is refused where it stands."""
    saved = ("pzprv3\nfillomino\n3\n3\n. . 1 \n4 . . \n. 1 . \n. . . \n. . . \n. . . \n"
             "0 0 \n0 1 \n-1 0 \n0 {} 0 \n2 0 0 \n")
    assert parse(saved.format("X")) == parse(BORDERED) == parse(saved.format("-X"))
    assert parse(saved.format("1")).drawn == frozenset()
    column = "pzprv3\nfillomino\n2\n1\n2 \n. \n. \n. \n\n\nX \n"  # one column
    assert parse(column).drawn == frozenset({(0, 1)})
    with pytest.raises(InputError) as refused:
        parse(saved.format("Y"))
    assert (refused.value.line, refused.value.column) == (14, 3)


def test_the_page_edits_the_borders_drawn_in_a_board():
    """The page holds the borders beside the cells (grid text cannot say them): a board
    opened from its URL keeps its border, its URL written back with it; a draft's
    borders make the board's, and one that is not between two cells side by side is
    refused."""
    from cpsolve.serve.work import board_of, opened

    shown = opened("fillomino", BORDERED)
    assert shown["draft"]["borders"] == [[0, 1, 1, 1]] and shown["url"] == BORDERED
    assert board_of(FILLOMINO, shown["draft"]) == parse(BORDERED)
    assert board_of(FILLOMINO, {**shown["draft"], "borders": []}).drawn == frozenset()
    for wrong in ([[0, 1, 2, 1]], [[0, 0, 0, 3]], [[0, 1, 1]], "0,1,1,1", [[0, 1, 1, True]]):
        with pytest.raises(InputError, match="border"):
            board_of(FILLOMINO, {**shown["draft"], "borders": wrong})
    masyu = opened("masyu", "https://puzz.link/p?mashu/2/2/0")["draft"]
    with pytest.raises(InputError, match="has no borders drawn in it"):
        board_of(registry.load("masyu").grid, {**masyu, "borders": [[0, 0, 0, 1]]})
