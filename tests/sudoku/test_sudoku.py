"""Sudoku: every encoding and CP-SAT against brute force and against published boards,
the forms it reads (published puzz.link URLs round trip), located errors, the command,
pictures and the generator."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from cpsolve.errors import UsageError
from cpsolve.grid.api import family
from cpsolve.models.sudoku import SUDOKU, Board, check, parse, show, solve
from cpsolve.models.sudoku.formats import to_line, to_text, to_url
from cpsolve.models.sudoku.layout import full_grid
from cpsolve.models.sudoku.rules import prepare
from cpsolve.result import Status
from tests.support.cli import run, valid_json
from tests.support.oracles import oracle

ENCODINGS = SUDOKU.encodings

# Published on puzz.link (collected in public repositories of puzzle solvers), each
# unique; and Arto Inkala's 2012 "hardest" board in the one-line form, with its answer.
PUBLISHED = [
    "https://puzz.link/p?sudoku/9/9/k13m27h476h39h825zg841h29h538h18m96k",
    "https://puzz.link/p?sudoku/6/6/g3h2g5j6h1l4h6j3g5g6h",
    "https://puzz.link/p?sudoku/9/9/g3h6h5g5h3g8h4g7g5g9g6h17g3g48g8h7g2h6g56g8g23h2g8g3g9g7"
    "h2g5h3g9h7h2g",
    "https://puzz.link/p?sudoku/9/9/l768g3g2g7o4h1j2h43h4g5h92h6j7h5o5g9g1g824l",
]
INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
INKALA_ANSWER = ("812753649943682175675491283154237896369845721287169534521974368438526917"
                 "796318452")
METHODS = [{"encoding": name} for name in ENCODINGS.names if name != "alldifferent"] + [
    {"backend": "cpsat"}]


def brute(board: Board) -> list[tuple[int, ...]]:
    return oracle("sudoku").solutions(board)



def test_the_deductions_shrink_every_encoding_and_minimal_is_the_least():
    """Without the deductions the encodings are Lynce and Ouaknine's, minimal smaller than
    efficient smaller than extended; with them (Kwon and Jain's reduction) each is
    smaller again, and the given cells have no variable."""
    board = parse(INKALA)
    whole = {name: ENCODINGS.get(name).sat(prepare(board, False))
             for name in ("minimal", "efficient", "extended")}
    reduced = {name: ENCODINGS.get(name).sat(prepare(board))
               for name in ("minimal", "efficient", "extended")}
    sizes = [whole[name].num_clauses for name in ("minimal", "efficient", "extended")]
    assert sizes == sorted(sizes) and len(set(sizes)) == 3
    assert whole["extended"].nvars == 729 and whole["extended"].num_clauses == 11988 + 21
    for name in whole:
        assert reduced[name].num_clauses < whole[name].num_clauses / 4
        assert reduced[name].nvars < 729 - 21 * 9


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_urls_round_trip(url):
    board = parse(url)
    assert to_url(board) == url
    assert parse(to_text(board)) == board


def test_the_forms_read_the_same_board():
    board = parse(INKALA)
    assert parse(INKALA.replace("0", ".")) == board
    assert parse("\n".join(INKALA[r * 9:(r + 1) * 9] for r in range(9))) == board
    sized = "9 9\n" + "\n".join(" ".join(c if c != "0" else "-" for c in INKALA[r * 9:r * 9 + 9])
                                for r in range(9))
    assert parse(sized) == board
    assert parse(to_url(board)) == board
    assert to_line(board) == INKALA.replace("0", ".")
    assert parse("pzprv3\nsudoku\n9\n9\n" + "\n".join(
        " ".join(c if c != "0" else "." for c in INKALA[r * 9:r * 9 + 9])
        for r in range(9)) + "\n") == board


@pytest.mark.parametrize("size", [12, 16])
def test_answers_above_nine_read_back_and_the_line_form_refuses_them(size):
    digits = full_grid(size, np.random.default_rng(size))
    board = Board(size, tuple(v if k % 3 else None for k, v in enumerate(digits)))
    answer, differ = SUDOKU.read_answer(show(board, digits), board)
    assert answer == digits and differ == []
    assert check(board, answer) == []
    with pytest.raises(UsageError, match="one-line form"):
        to_line(board)


def test_sixteen_by_sixteen_in_grid_text():
    digits = full_grid(16, np.random.default_rng(3))
    rng = random.Random(3)
    board = Board(16, tuple(v if rng.random() < 0.6 else None for v in digits))
    assert parse(to_text(board)) == board
    found = solve(board, limit=2)
    assert [len(solve(board, limit=2, **method).solutions) for method in METHODS] == [
        len(found.solutions)] * len(METHODS)
    assert all(check(board, answer) == [] for answer in found.solutions)
    assert digits in found.solutions or len(found.solutions) == 2
    assert parse(to_url(board)) == board
    assert show(board, digits).splitlines()[0].split() == [str(v) for v in digits[:16]]


def test_the_one_line_form_is_read_from_the_command_line_as_it_is():
    done = run("sudoku", INKALA.replace("0", "."), "--unique", "--json")
    assert done.returncode == 0 and "".join(json.loads(done.stdout)["solution"]) == INKALA_ANSWER
    missing = run("sudoku", "no-such-board.txt")
    assert missing.returncode == 2 and "no such file" in missing.stderr


def test_the_command_solves_checks_draws_and_prints_json(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text(INKALA + "\n")
    done = run("sudoku", str(board), "--unique", "--json")
    data = valid_json(json.loads(done.stdout))
    assert done.returncode == 0 and data["unique"] is True
    assert "".join(data["solution"]) == INKALA_ANSWER
    good = tmp_path / "good.txt"
    good.write_text("\n".join(data["solution"]) + "\n")
    assert run("sudoku", str(board), "--check", str(good)).stdout == "valid\n"
    bad = tmp_path / "bad.txt"
    rows = data["solution"][:]
    rows[0] = rows[0][1] + rows[0][0] + rows[0][2:]
    bad.write_text("\n".join(rows) + "\n")
    checked = run("sudoku", str(board), "--check", str(bad))
    assert checked.returncode == 1 and "the given 8 at row 1, column 1 holds 1" in (
        checked.stdout)
    picture = tmp_path / "answer.svg"
    assert run("sudoku", str(board), "-o", str(picture)).returncode == 0
    texts = [t.text for t in ET.parse(picture).iter() if t.tag.endswith("text")]
    assert texts.count("8") == 9 and texts.count("1") == 9  # every cell numbered
    assert run("sudoku", str(board), "-x").returncode == 2


def test_not_unique_says_where_and_how_to_fix_it():
    url = "https://puzz.link/p?sudoku/4/4/1j2j3s"
    assert run("sudoku", url).returncode == 0
    explained = run("sudoku", url, "--explain", "--json")
    data = valid_json(json.loads(explained.stdout))
    assert explained.returncode == 4 and data["unique"] is False
    assert data["fixes"]
    board = parse(url)
    for fix in data["fixes"]:  # each given it proposes leaves one solution
        assert fix["edit"] == "given"
        r, c = fix["cell"]
        givens = list(board.givens)
        givens[(r - 1) * 4 + c - 1] = fix["clue"]
        assert len(brute(Board(4, tuple(givens)))) == 1, fix


@pytest.mark.parametrize("size", [9, 16])
def test_generated_boards_are_unique_and_symmetric(size):
    done = run("generate", "sudoku", str(size), str(size), "--unique", "--seed", "5",
               "--format", "url")
    assert done.returncode == 0, done.stderr
    board = parse(done.stdout)
    assert board.size == size
    result = solve(board, unique=True, backend="cpsat")
    assert result.status is Status.SOLVED and result.unique is True
    given = {c for c, v in enumerate(board.givens) if v is not None}
    assert all(set(board.grid.orbit(c, "rot2")) <= given for c in given)


def test_the_largest_boards_are_refused_before_their_models_are_built(tmp_path):
    """100x100, the largest size read: the pairwise clauses (400 million literals) are
    estimated and refused at once, for solving and for the generator's clue model (the
    generator took 32 s and 6.8 GB under a 5 s limit before it was estimated)."""
    board = tmp_path / "empty.txt"
    board.write_text("100 100\n" + "\n".join(" ".join("-" * 100) for _ in range(100)))
    for args in (["sudoku", str(board), "--unique"], ["generate", "sudoku", "100", "100"]):
        done = run(*args, "--time-limit", "5", timeout=60)
        assert done.returncode == 3, done.stderr
        assert "400,010,000 literals" in done.stderr and "would need about" in done.stderr


def test_generate_refuses_boards_without_boxes():
    done = run("generate", "sudoku", "7", "7")
    assert done.returncode == 2 and "no boxes" in done.stderr
    assert run("generate", "sudoku", "9", "6").returncode == 2


def test_the_family_is_the_kit_s():
    assert SUDOKU.hints is not None and SUDOKU.layout is not None
    assert family(SUDOKU).problems() == []
