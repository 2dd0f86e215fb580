"""Double Choco's own tests: pzprjs's answers to its sample (the npm pzpr the other
genres' judge runs has no Double Choco, so its test script's accepted and refused
answers stand for it), the forms' particulars and the checker's messages."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from cpsolve.models.dbchoco import parse, read_answer, show, solve, to_text, to_url
from cpsolve.models.dbchoco.board import Board, decode_grey, encode_grey
from cpsolve.models.dbchoco.check import check
from cpsolve.models.dbchoco.rules import congruent

SAMPLE = "https://puzz.link/p?dbchoco/6/6/ueoq8p30g42j4n5s22j"
# robx/pzprjs test/script/dbchoco.js: its sample's files, each with pzprjs's verdict
# (None: accepted), the cells then the borders pzprjs's player drew.
CELLS = ("- -4 -2 - . . /- -4 - . - - /. . . - -5 . /- . . - . . /. - - . . - /"
         "2 2 . - - . /")
FILES = [
    ("bkSubLt2", "0 0 0 0 0 /0 0 0 0 0 /0 1 0 0 0 /1 0 1 0 0 /1 0 1 0 0 /0 1 0 1 0 /"
     "0 0 0 0 0 0 /1 1 0 0 0 0 /1 0 1 0 0 0 /0 1 1 0 0 0 /1 0 1 1 0 0 /"),
    ("bkSubGt2", "0 1 0 0 0 /0 1 0 1 0 /1 0 1 0 0 /1 0 1 0 0 /0 0 1 0 1 /0 0 0 0 0 /"
     "0 0 0 0 1 1 /1 0 1 1 0 0 /0 0 0 0 0 0 /1 1 1 0 0 1 /0 0 0 1 1 0 /"),
    ("bdDeadEnd", "0 1 0 0 0 /0 1 0 1 0 /1 1 1 0 0 /1 0 1 0 0 /0 0 1 0 1 /1 0 0 0 1 /"
     "0 0 1 1 1 1 /1 0 1 1 0 0 /0 0 0 0 0 0 /1 1 1 0 0 1 /0 1 1 1 1 0 /"),
    ("bkSizeLt", "0 1 0 0 0 /1 0 0 0 0 /0 1 0 0 0 /1 1 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /"
     "0 1 0 0 0 0 /0 1 0 0 0 0 /1 0 0 0 0 0 /0 1 0 0 0 0 /0 0 0 0 0 0 /"),
    ("bkDifferentShape", "0 1 0 0 0 /0 1 0 1 0 /0 0 1 0 0 /0 1 1 0 0 /0 0 1 0 1 /"
     "1 0 0 0 1 /0 0 1 1 1 1 /0 0 1 1 0 0 /1 1 0 0 0 0 /1 1 1 0 0 1 /0 1 1 1 1 0 /"),
    (None, "0 1 0 0 0 /0 1 0 1 0 /1 0 1 0 0 /1 0 1 0 0 /0 0 1 0 1 /1 0 0 0 1 /"
     "0 0 1 1 1 1 /1 0 1 1 0 0 /0 0 0 0 0 0 /1 1 1 0 0 1 /0 1 1 1 1 0 /"),
]


def _borders(board: Board, text: str) -> list[bool]:
    """A pzprjs file's borders, as cpsolve's pairs (right of each cell, then below)."""
    rows = [row.split() for row in text.strip(" /").split("/")]
    right, below = rows[:board.rows], rows[board.rows:]
    on = {}
    for r in range(board.rows):
        for c in range(board.cols):
            cell = board.grid.cell(r, c)
            if c + 1 < board.cols:
                on[cell, cell + 1] = right[r][c] == "1"
            if r + 1 < board.rows:
                on[cell, cell + board.cols] = below[r][c] == "1"
    return [on[pair] for pair in board.grid.pairs]


def test_the_pzprjs_file_is_the_url_board() -> None:
    board = parse(SAMPLE)
    assert parse("\n".join(["pzprv3", "dbchoco", "6", "6", *CELLS.split("/")])) == board


@pytest.mark.parametrize("verdict,borders", FILES, ids=[str(v) for v, _ in FILES])
def test_pzprjs_verdicts(verdict: str | None, borders: str) -> None:
    """The answer pzprjs accepts is the solver's and passes the checker; each it
    refuses is refused by the checker."""
    board = parse(SAMPLE)
    walls = frozenset(p for p, on in zip(board.grid.pairs, _borders(board, borders)) if on)
    if verdict is None:
        result = solve(board, unique=True)
        assert result.unique and result.solution == walls
        assert check(board, walls) == []
    else:
        assert check(board, walls), verdict


def test_forms_round_trip() -> None:
    board = parse(SAMPLE)
    assert to_url(board) == SAMPLE
    assert parse(to_text(board)) == board
    assert to_text(board).splitlines()[1] == "####.."
    grey, end = decode_grey(parse_link("https://puzz.link/p?dbchoco/3/2/s0"))
    assert grey == [True, True, True, False, False, False] and end == 2
    assert encode_grey((True, True, True, False, False, False)) == "s0"


def parse_link(url: str):  # type: ignore[no-untyped-def]
    from cpsolve.grid import puzzlink
    return puzzlink.split(url, {"dbchoco": "Double Choco"})


def test_a_letter_past_base_32_is_no_grey_cell_as_pzprjs_reads_it() -> None:
    board = parse("https://puzz.link/p?dbchoco/5/1/z1")
    assert board.grey == (False,) * 5 and board.numbers[0] == 1


def test_checker_messages() -> None:
    board = Board(2, 2, (2, None, None, None), (False, True, False, True))
    assert check(board, frozenset()) == []
    assert check(board, frozenset({(0, 1), (2, 3)})) == [
        "the area at row 1, column 1 holds no grey cell",
        "the area at row 1, column 2 holds no white cell"]
    found = check(board, frozenset({(0, 2), (1, 3)}))
    assert "the 2 at row 1, column 1 is in a white half of 1" in found
    board = Board(3, 4, (None,) * 12, (False,) * 4 + (True, True, False, False)
                  + (True,) * 4)  # an I and an O, then two dominoes
    assert check(board, frozenset({(5, 6), (9, 10), (2, 6), (3, 7)})) == [
        "the halves of the area at row 1, column 1 are not of one shape"]


def test_shapes_turn_and_mirror() -> None:
    ell = [(0, 0), (1, 0), (2, 0), (2, 1)]
    assert congruent(ell, [(0, 0), (0, 1), (0, 2), (1, 0)])
    assert congruent(ell, [(0, 1), (1, 1), (2, 1), (2, 0)])  # mirrored
    assert not congruent(ell, [(0, 0), (0, 1), (1, 1), (1, 2)])


def test_an_answer_read_back() -> None:
    board = parse(SAMPLE)
    result = solve(board)
    assert read_answer(show(board, result.solution), board) == (result.solution, [])
    # a border ending inside an area is named
    board = Board(2, 4, (None,) * 8, (False,) * 8)
    walls = read_answer("|...\n....", board)[0]
    assert walls == {(0, 1)}
    assert "a border inside an area between row 1, column 1 and row 1, column 2" in \
        check(board, walls)


def test_the_command_checks_an_answer(tmp_path: Path) -> None:
    answer = tmp_path / "answer.txt"
    answer.write_text(".|.|\n_J_J\n")
    run = subprocess.run([str(Path(__file__).parents[2] / ".venv" / "bin" / "cpsolve"),
                          "dbchoco", "2 4\n.#.#\n.#.#\n- - - -\n- - - -\n", "--check",
                          str(answer)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_layout_turned_half_round_needs_a_side_of_even_length() -> None:
    from tests.support.cli import run

    done = run("generate", "dbchoco", "5", "5", "--symmetry", "rot2")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("cpsolve: a Double Choco laid out with --symmetry rot2 "
                                  "needs a side of even length, not 5x5")
    made = run("generate", "dbchoco", "4", "5", "--symmetry", "rot2", "--seed", "1",
               "--format", "text")
    assert made.returncode == 0, made.stderr
    board = parse(made.stdout)
    turned = [board.cells - 1 - cell for cell in range(board.cells)]
    assert all(board.grey[cell] == board.grey[turned[cell]]
               and board.numbers[cell] == board.numbers[turned[cell]]
               for cell in range(board.cells))
    assert solve(board, unique=True).unique is True


def test_the_rooms_and_copies_hold_in_every_answer() -> None:
    """What the steps reason on a partial board (a half size with no room for its
    area or its halves; a room or a colour's part of exactly the size, which is the
    area or the half; a half known, whose area is it and one of its copies) holds in
    every division brute force finds: from partial boards showing some of one
    answer's values (a few of them flipped), on the oracle's small boards (several
    answers on some) and published 6x6s (their one answer); the rooms kept from other
    states give what a fresh look gives."""
    import random

    import numpy as np

    from cpsolve.models.dbchoco.rules import STATEMENT, Choco, encode
    from tests.support.oracles import _dbchoco, dbchoco_solutions

    chance = random.Random(5)
    published = [SAMPLE, "https://puzz.link/p?dbchoco/6/6/pu9hgpe05zu",
                 "https://puzz.link/p?dbchoco/6/6/0c7jsf3gl3s3g4q3g"]
    checked = kinds = 0
    for board in [*_dbchoco().boards()[:60], *map(parse, published)]:
        if board.cells <= 12:
            every = dbchoco_solutions(board)
        else:  # (too large for brute force: the answer proven unique)
            result = solve(board, unique=True)
            assert result.unique is True
            every = [result.solution]
        if not every:
            continue
        model = STATEMENT.model(board)
        rule = next(item.data for item in model.items if isinstance(item.data, Choco))
        variables = [*rule.border, *rule.half.ravel().tolist()]
        truth = [{var if on else -var for var, on in zip(variables, encode(board, answer))}
                 for answer in every]
        rooms: dict = {}
        for _ in range(30):
            shown = chance.choice(truth)
            state = np.full(model.nvars + 1, -1, dtype=np.int8)
            odds = chance.choice((0.3, 0.6, 0.9))
            for lit in shown:
                if chance.random() < odds:
                    state[abs(lit)] = lit > 0 if chance.random() > 0.02 else lit < 0
            clauses = rule.rooms(state, rooms)
            # The rooms kept from other states say what a fresh look says.
            assert sorted(clauses) == sorted(rule.rooms(state)), to_url(board)
            for clause in clauses:
                checked += 1
                kinds += any(lit > 0 and abs(lit) in rule.border for lit in clause)
                for answer in truth:
                    assert any(lit in answer for lit in clause), (to_url(board), clause)
    assert checked > 2500 and kinds > 50, (checked, kinds)


def test_a_half_s_copies_are_turned_and_mirrored() -> None:
    """The copies a half known may have as its other half: every turn and mirror image
    of it in the other colour, touching it (an L of four cells: eight shapes)."""
    from cpsolve.models.dbchoco.rules import MOTIONS, STATEMENT, Choco, shape

    rows = cols = 9
    ell = [(4, 4), (5, 4), (6, 4), (6, 5)]
    grey = tuple((r, c) not in ell for r in range(rows) for c in range(cols))
    board = Board(rows, cols, (None,) * (rows * cols), grey)
    rule = next(item.data for item in STATEMENT.model(board).items
                if isinstance(item.data, Choco))
    cells = sorted(board.grid.cell(r, c) for r, c in ell)
    copies = rule._place(cells)
    shapes = {shape([board.grid.rc(c) for c in copy], MOTIONS[0]) for copy, *_ in copies}
    assert shapes == {shape(ell, motion) for motion in MOTIONS} and len(shapes) == 8
    assert all(touching and not set(copy) & set(cells) for copy, _, touching, _ in copies)


def test_the_steps_reason_on_halves_up_to_a_bound_proven() -> None:
    """The steps' board allows halves up to the largest number shown (or twice it)
    where the answer, proven unique, has none larger: the same answer, on a model of
    fewer sizes; a board whose answer is not unique keeps half the board."""
    from cpsolve.models.dbchoco.rules import bounded

    board = parse("https://puzz.link/p?dbchoco/11/10/00333rpvsvufv3v0v07010r1zk56o54o57l1g"
                  "34o34l4h34h3i6o")
    narrow = bounded(board)
    assert (board.largest, narrow.largest) == (55, 7)
    assert solve(narrow, unique=True).solution == solve(board, unique=True).solution
    twice = parse("https://puzz.link/p?dbchoco/10/10/fu82829u86o3vj8387vvx5h2w2zr2g2q2g2p5")
    assert bounded(twice).largest == 10  # its answer has a half of 8; 5 shown at most
    loose = parse("https://puzz.link/p?dbchoco/4/2/b81m")  # a 1 shown
    assert solve(loose, unique=True).unique is False
    assert bounded(loose) == loose
