"""Slitherlink: the checker on hand-made loops, brute-force counts against every
method, published puzz.link boards (round trips and unique answers), Loopy game IDs,
answers in both text forms, the JSON details, bad input located."""

from __future__ import annotations

import json
import random

import pytest

from cpsolve.errors import InputError
from cpsolve.models.slitherlink import SLITHERLINK, Board, check, parse, show, solve, to_text
from cpsolve.models.slitherlink.formats import (
    details,
    inside,
    parse_tatham,
    read_answer,
    to_rows,
    to_tatham,
    to_url,
)
from cpsolve.result import Status
from tests.support.cli import run
from tests.support.slitherlink_brute import solutions as brute

# Published boards (puzsq.logicpuzzle.app, as cited in a public solver's tests), each
# with one solution.
PUBLISHED = [
    "https://puzz.link/p?slither/10/10/ld1080ddnbg2836dn1dn5380dgdnc0632daj",
    "https://puzz.link/p?slither/10/10/58287d517c11ch11bg222cg37d82226c73bg322dg12ch23a617b68388d",
    "https://puzz.link/p?slither/10/10/g312dg6dhdgdjcb0cd6dk1dk8bd3dcbjcgdh6dg022d",
    "https://puzz.link/p?slither/9/9/k0cg35dg1bibjdg53cg38dgbjdi1cg80dg1di",
    "https://puzz.link/p?slither/17/17/j2206222ai3dici0d2cidi2di3028320chcama1cdhahc1bbagad1c"
    "ag11bgd72c577a37adg32dgd2cdagab2dchahb3camcdh1328310di3bici1c3ciai0di3336311bh",
    "https://puzz.link/p?slither/10/10/ic5137bg7bchbgdccb7dgddg7ddabdgdhc7bg7316dbg",
    "https://puzz.link/p?slither/18/10/c82chcdgcbgd63c173ah6aibi81b71cdjcdcb123ddbcbjb37d16d"
    "idi8dh161c36cdgcagdbh28bb",
]
METHODS = [{"backend": "sat"}, {"backend": "cpsat", "encoding": "circuit", "workers": 1},
           {"backend": "cpsat", "encoding": "flow", "workers": 1},
           {"backend": "sat", "solver": "glucose4"}, {"backend": "sat", "parity": False}]


# Cycles of the grid graph of n x n points (OEIS A140517): 1, 13, 213, 9349.
CYCLES = ((1, 1), (2, 13), (3, 213))


def test_the_number_of_loops_on_empty_boards_is_the_number_of_cycles_of_the_grid():
    for side, cycles in CYCLES:
        board = Board(side, side, (None,) * side * side)
        assert len(brute(board)) == cycles
        for options in METHODS[:3] if side < 3 else METHODS[:1]:
            assert solve(board, limit=None, **options).count == cycles


@pytest.mark.slow
def test_the_cp_sat_methods_count_the_213_loops_of_the_empty_3x3():
    board = Board(3, 3, (None,) * 9)
    for options in METHODS[1:3]:
        assert solve(board, limit=None, **options).count == 213


def test_counts_equal_brute_force_for_every_method():
    rng = random.Random(7)
    seen = {0: 0, 1: 0, 2: 0}
    for _ in range(40):
        rows, cols = rng.choice([(2, 2), (2, 3), (3, 3), (3, 4)])
        numbers = tuple(rng.choice([None, None, 0, 1, 2, 3]) for _ in range(rows * cols))
        board = Board(rows, cols, numbers)
        every = brute(board)
        seen[min(len(every), 2)] += 1
        for options in METHODS:
            result = solve(board, limit=None, **options)
            assert result.count == len(every), (board, options)
            assert sorted(map(sorted, result.solutions)) == sorted(map(sorted, every))
    assert min(seen.values()) >= 3, seen


def test_the_checker_names_each_broken_rule():
    b = Board(2, 2, (3, None, None, 0))
    square = frozenset({(0, 1), (3, 4), (0, 3), (1, 4)})  # round the top left cell
    assert check(b, square) == ["the 3 at row 1, column 1 has 4 sides on the loop"]
    assert check(b, frozenset({(0, 1), (1, 2)})) == [
        "the loop has 1 end at the top left corner of row 1, column 1",
        "the loop has 1 end at the top right corner of row 1, column 2",
        "the 3 at row 1, column 1 has 1 side on the loop"]
    assert check(b, frozenset()) == ["there is no loop",
                                     "the 3 at row 1, column 1 has 0 sides on the loop"]
    two = Board(1, 3, (None, None, None))
    rings = frozenset({(0, 1), (4, 5), (0, 4), (1, 5), (2, 3), (6, 7), (2, 6), (3, 7)})
    assert check(two, rings) == [
        "more than one loop: the point at the top left corner of row 1, column 3 is on "
        "another loop than the one at the top left corner of row 1, column 1"]
    cross = Board(2, 2, (None,) * 4)
    bow = frozenset({(0, 1), (1, 4), (3, 4), (0, 3), (4, 5), (5, 8), (7, 8), (4, 7)})
    assert "the loop has 4 ends at the top left corner of row 2, column 2" in check(cross, bow)


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_boards_round_trip_and_have_one_answer(url):
    board = parse(url)
    assert to_url(board) == url
    assert parse(to_text(board)) == board and parse(to_tatham(board)) == board
    result = solve(board, unique=True)
    assert result.status is Status.SOLVED and result.unique is True
    assert check(board, result.solution) == []


def test_the_published_boards_agree_across_methods():
    for url in PUBLISHED[3:5]:
        board = parse(url)
        answers = {m["encoding"] if "encoding" in m else m["backend"]:
                   solve(board, unique=True, **m).solution for m in METHODS[:3]}
        assert len(set(answers.values())) == 1, url


def test_urls_of_the_site_and_of_other_writers():
    # The site writes a number near the end with two empty cells after it ('b'), another
    # writer '1': both read the same board (a public solver's test board).
    assert parse("https://puzz.link/p?slither/4/4/dgdh2c71") == parse(
        "https://puzz.link/p?slither/4/4/dgdh2c7b")
    assert parse("https://puzz.link/p?slither/4/4/dgdh2c7b").numbers == (
        3, None, None, None, 3, None, None, None, None, 2, 2, None, None, 2, None, 1)
    # A body that ends early leaves the cells after it empty, as on the site.
    assert parse("https://puzz.link/p?slither/3/1/3").numbers == (3, None, None)
    # pzv.jp, the long name, an editor's mode, a number shown as '?'.
    assert parse("http://pzv.jp/p.html?slitherlink_edit/3/1/.1g").numbers == (None, 1, None)


def test_loopy_game_ids_and_links():
    board = parse_tatham("5x3t0:a3b22a1c0b1")
    assert board.rows == 3 and board.cols == 5 and board.numbers[:4] == (None, 3, None, None)
    assert to_tatham(board) == "5x3t0:a3b22a1c0b1"
    link = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/loopy.html#5x3t0:a3b22a1c0b1"
    assert parse(link) == board
    with pytest.raises(InputError, match="t1 is not the square grid"):
        parse("5x3t1:a3b22a1c0b1")


def test_answers_read_in_both_forms_and_checked_by_the_command(tmp_path):
    board = parse(PUBLISHED[3])
    answer = solve(board).solution
    for text in (show(board, answer), "\n".join(to_rows(board, answer))):
        found, problems = read_answer(text, board)
        assert found == answer and problems == []
    rows = [row.split() for row in show(board, answer).splitlines()]
    r, c = next((r, c) for r, row in enumerate(rows) for c, token in enumerate(row[:-1])
                if "e" in token)
    rows[r][c] = rows[r][c].replace("e", "") or "-"
    found, problems = read_answer("\n".join(" ".join(row) for row in rows), board)
    assert problems and "does not" in problems[0]
    path = tmp_path / "answer.txt"
    path.write_text(show(board, answer))
    done = run("slitherlink", PUBLISHED[3], "--check", str(path))
    assert done.returncode == 0 and "valid" in done.stdout


def test_the_json_gives_point_rows_edges_and_the_cells_inside():
    done = run("slitherlink", "https://puzz.link/p?slither/4/4/dgdh2c7b", "--json")
    data = json.loads(done.stdout)
    assert done.returncode == 0 and len(data["solution"]) == 5  # rows of points
    assert len(data["solution"][0].split()) == 5
    detail = data["details"][0]
    board = parse("https://puzz.link/p?slither/4/4/dgdh2c7b")
    loop = solve(board).solution
    assert len(detail["edges"]) == len(loop)
    assert detail["inside"] == ["####", ".#.#", "##.#", "#..."]
    assert inside(board, loop) == [ch == "#" for row in detail["inside"] for ch in row]
    assert details(board, loop) == detail


def test_the_cells_inside_are_those_the_brute_force_encloses():
    board = Board(3, 3, (None,) * 9)
    for loop in brute(board)[:60]:
        flags = inside(board, loop)
        # A cell is inside exactly when its sides on the loop and its inside neighbours
        # make the outline: every side on the loop separates inside from outside.
        for cell, sides in enumerate(board.side_table):
            r, c = board.grid.rc(cell)
            for k, (dr, dc) in zip(sides, ((-1, 0), (1, 0), (0, -1), (0, 1))):
                r2, c2 = r + dr, c + dc
                other = flags[r2 * 3 + c2] if 0 <= r2 < 3 and 0 <= c2 < 3 else False
                assert (board.points.edges[k] in loop) == (flags[cell] != other)


@pytest.mark.parametrize("text, where", [
    ("2 2\n3 5\n- -\n", "2:3: a cell is '-' (no number) or a number 0-4, not '5'"),
    ("2 2\n3 -\n-\n", "3:"),
    ("https://puzz.link/p?slither/2/2/!", "1:33: unexpected character '!'"),
    ("https://puzz.link/p?mashu/2/2/00", "1:21: this is a masyu puzzle"),
    ("3x2t0:3d0q", "1:10: the description covers more than 3x2 = 6 cells"),
    ("3x2t0:3d", "1:9: the description covers 5 cells, 3x2 needs 6"),
])
def test_bad_input_is_located(text, where, tmp_path):
    path = tmp_path / "board.txt"
    path.write_text(text)
    done = run("slitherlink", str(path))
    assert done.returncode == 2 and f"{path}:{where}" in done.stderr, done.stderr


def test_the_picture_draws_the_loop_on_the_corners(tmp_path):
    out = tmp_path / "answer.svg"
    done = run("slitherlink", "https://puzz.link/p?slither/4/4/dgdh2c7b", "-o", str(out))
    svg = out.read_text()
    assert done.returncode == 0 and svg.count("<circle") == 25  # a dot on each corner
    loop = solve(parse("https://puzz.link/p?slither/4/4/dgdh2c7b")).solution
    assert svg.count('stroke="#1f4e9a"') == len(loop) == 22  # the loop's edges
    assert SLITHERLINK.editor is not None
