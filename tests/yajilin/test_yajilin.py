"""Yajilin: the checker on hand-made answers, brute-force counts against every method,
published puzz.link boards (round trips and unique answers agreed by every method),
the URL encoding's corners, grid text, answers read back, bad input located, the
generator's boards."""

from __future__ import annotations

import json
import random

import pytest

from cpsolve.errors import InputError
from cpsolve.grid.generate import generate
from cpsolve.models.yajilin import (
    YAJILIN,
    Arrow,
    Board,
    check,
    parse,
    read_answer,
    shaded,
    show,
    solve,
    to_rows,
    to_text,
    to_url,
)
from tests.support.cli import run
from tests.support.yajilin_brute import solutions as brute

# Published boards from the test list of a public puzz.link parser (penpa-edit's
# example_urls.js) and a public solver's documentation (puzzlekit), each with one
# solution; the first two carry the display flag "b", the last the alias "yajirin".
PUBLISHED = [
    "https://puzz.link/p?yajilin/b/10/10/n2222c11b42r11f21b11f21r12b41c3112n",
    "https://puzz.link/p?yajilin/b/9/9/a21220.c212242h41h0.d0.f0.k0.f11d41h42h",
    "https://puzz.link/p?yajilin/9/9/a21220.0.0.0.212242h42h0.d0.c0.b0.e0.e0.b0.c0.d41h41h",
    "https://puzz.link/p?yajilin/11/11/zq33k1241111111221111zi34m12c11d",
    "https://puzz.link/p?yajilin/10/10/40u23k10h20l10h20k13l40i",
    "https://puzz.link/p?yajilin/b/11/11/m31e23e23c23g10a22i32j12j32j40j31j31p",
    "https://puzz.link/p?yajirin/10/10/b2141t41e41a41s31c33l11a11l21a12a11k",
]
METHODS = [{"backend": "sat"}, {"backend": "cpsat", "encoding": "circuit", "workers": 1},
           {"backend": "cpsat", "encoding": "flow", "workers": 1},
           {"backend": "sat", "card": "direct"}, {"backend": "sat", "solver": "glucose4"}]
SMALL = "3 3\n- - -\n- - -\n- - -\n"


def ring(rows: int, cols: int, cells: list[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    """The loop through ``cells`` in order (closed)."""
    index = [r * cols + c for r, c in cells]
    return frozenset((min(a, b), max(a, b)) for a, b in zip(index, index[1:] + index[:1]))


def test_the_checker_finds_each_broken_rule():
    board = parse("3 3\n- - -\n- - -\n- - 0n\n")
    around = ring(3, 3, [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (2, 1), (2, 0), (1, 0)])
    assert check(board, around) == []  # it leaves out the clue alone
    through_clue = ring(3, 3, [(1, 1), (1, 2), (2, 2), (2, 1)])
    assert any("passes the clue cell at row 3, column 3" in e
               for e in check(board, through_clue))
    corner = ring(3, 3, [(1, 0), (1, 1), (2, 1), (2, 0)])
    errors = check(board, corner)
    assert any("side by side" in e for e in errors)
    assert any("the 0 at row 3, column 3 points up at 2 shaded cells" in e for e in errors)
    assert "there is no loop" in check(board, frozenset())
    two = Board(2, 5, (None,) * 10)
    rings = (ring(2, 5, [(0, 0), (0, 1), (1, 1), (1, 0)])
             | ring(2, 5, [(0, 3), (0, 4), (1, 4), (1, 3)]))
    assert any("more than one loop" in e for e in check(two, rings))
    assert any("1 end" in e for e in check(board, frozenset({(0, 1)})))


def test_empty_boards_count_as_brute_force_says():
    # 3x3: the ring round the centre, and the four 8-cycles that leave out a corner.
    assert len(brute(parse(SMALL))) == 5
    for options in METHODS[:3]:
        assert solve(parse(SMALL), limit=None, **options).count == 5


def test_counts_equal_brute_force_for_every_method():
    rng = random.Random(11)
    seen = {0: 0, 1: 0, 2: 0}
    for _ in range(40):
        rows, cols = rng.choice([(2, 3), (3, 3), (3, 4), (4, 4)])
        clues = [None] * (rows * cols)
        for cell in rng.sample(range(rows * cols), rng.randrange(0, 3)):
            clues[cell] = Arrow(rng.choice([0, 1, 1, 2]), rng.choice("nsew"))
        board = Board(rows, cols, tuple(clues))
        expected = brute(board)
        seen[min(len(expected), 2)] += 1
        for options in METHODS:
            found = solve(board, limit=None, **options)
            assert set(found.solutions) == expected, (to_text(board), options)
    assert min(seen.values()) >= 5, seen


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_boards_round_trip_and_every_method_finds_the_one_answer(url):
    board = parse(url)
    assert to_url(board).split("/")[-1] == url.split("/")[-1]
    answers = set()
    for options in METHODS[:3]:
        result = solve(board, unique=True, time_limit=60, **options)
        assert result.unique is True, options
        assert check(board, result.solution) == []
        answers.add(result.solution)
    assert len(answers) == 1


def test_the_url_encoding_corners():
    # A number with no value ("."), without an arrow (direction 0), two- and
    # three-digit numbers, a run of empty cells.
    board = parse("https://puzz.link/p?yajilin/6/1/1.0.83f-2123b")
    assert [c.token if c else "-" for c in board.clues] == ["?n", "?", "63w", "291s", "-", "-"]
    assert to_url(board) == "https://puzz.link/p?yajilin/6/1/1.0.83f-2123b"
    # A body that ends early leaves the rest without clues, as the site reads it.
    short = parse("https://puzz.link/p?yajilin/6/3/1122334400a1.2.3.4.0.a-13e3-23e4-33e5962563")
    assert short.clues[-1] is None and short.clues[-2] == Arrow(99, None)
    assert parse("pzv.jp/p.html?yajirin/2/2/40c").clues[0] == Arrow(0, "e")


@pytest.mark.parametrize("text, column, words", [
    ("https://puzz.link/p?yajilin/3/3/4", 34, "number is missing"),
    ("https://puzz.link/p?yajilin/3/3/a!", 34, "unexpected character '!'"),
    ("https://puzz.link/p?yajilin/3/3/-5123", 34, "direction 0-4"),
    ("https://puzz.link/p?yajilin/3/3/9x1", 34, "2 hex digits"),
    ("https://puzz.link/p?yajilin/o/7/7/a", 29, "flag 'o'"),
])
def test_bad_urls_are_located(text, column, words):
    with pytest.raises(InputError) as caught:
        parse(text)
    assert caught.value.line == 1 and caught.value.column == column, caught.value
    assert words in str(caught.value)


def test_grid_text_forms():
    board = parse("2 3\n2e - @\ne1 ? 3\n")
    assert board.clues == (Arrow(2, "e"), None, Arrow(None, None), Arrow(1, "e"),
                           Arrow(None, None), Arrow(3, None))
    assert parse(to_text(board)) == board
    with pytest.raises(InputError) as caught:
        parse("2 2\n- -\n- 2x\n")
    assert (caught.value.line, caught.value.column) == (3, 3)
    with pytest.raises(InputError) as caught:  # more than a URL can write
        parse("1 2\n4096e -\n")
    assert (caught.value.line, caught.value.column) == (2, 1)
    assert to_url(parse("1 2\n4095e -\n")).endswith("/-4fffa")


def test_answers_read_back_and_their_faults_are_named():
    board = parse(PUBLISHED[4])
    answer = solve(board).solution
    loop, problems = read_answer(show(board, answer), board)
    assert loop == answer and problems == []
    assert read_answer("\n".join(to_rows(board, answer)), board) == (answer, [])
    first = to_rows(board, answer)
    cells = first[1].split()
    blanked = next(k for k, t in enumerate(cells) if t == "#")
    cells[blanked] = "-"
    _, problems = read_answer("\n".join([first[0], " ".join(cells), *first[2:]]), board)
    assert any("neither shaded nor on the loop" in p for p in problems)
    assert len(shaded(board, answer)) == sum(row.split().count("#") for row in first)


def test_the_command_line_checks_an_answer_and_writes_json(tmp_path):
    url = PUBLISHED[4]
    found = run("yajilin", url, "--json")
    assert found.returncode == 0, found.stderr
    data = json.loads(found.stdout)
    assert data["puzzle"] == "yajilin" and "#" in " ".join(data["solution"])
    assert data["solution"][0].split()[0] == "0e"
    answer = tmp_path / "answer.txt"
    answer.write_text("\n".join(data["solution"]) + "\n")
    checked = run("yajilin", url, "--check", str(answer))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    bad = tmp_path / "board.txt"
    bad.write_text("2 2\n- -\n- 2q\n")
    refused = run("yajilin", str(bad))
    assert refused.returncode == 2 and f"{bad}:3:3:" in refused.stderr


def test_generated_boards_number_every_clue_cell_and_are_unique():
    # Seed 3 once mended a board into clue cells without arrows.
    for seed in (1, 2, 3, 13):
        made = generate(YAJILIN, 7, 7, seed=seed, symmetry="rot2")
        board = made.board
        assert all(board.clues[cell].counts for cell in board.clue_cells)  # type: ignore[union-attr]
        assert solve(board, unique=True).unique is True
        cells = set(board.clue_cells)
        assert all(set(board.grid.orbit(cell, "rot2")) <= cells for cell in cells)
