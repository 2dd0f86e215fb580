"""Numberlink: the checker on hand-made paths, brute-force counts under both rules
against every method (and the no-fill reduction against the whole model), published
puzz.link boards (round trips, answers agreed by every method), grid text with and
without the fill rule, answers read back, bad input located, the rule said in the
output, the generator's boards under both rules."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from cpsolve.errors import InputError
from cpsolve.grid.generate import generate
from cpsolve.grid.layouts import Settings
from cpsolve.models.numberlink import (
    NUMBERLINK,
    Board,
    check,
    parse,
    read_answer,
    show,
    solve,
    to_rows,
    to_text,
    to_url,
)
from cpsolve.models.numberlink.board import FILL, NO_FILL
from cpsolve.models.numberlink.layout import make
from cpsolve.models.numberlink.rules import reduce
from tests.support.cli import run
from tests.support.numberlink_brute import solutions as brute

# pzprjs's own test board, cspuz_core's, and penpa-edit's example list (one with numbers
# written with the '-' prefix).
PUBLISHED = [
    "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3",
    "https://puzz.link/p?numlin/6/6/j4h14m2n2h133k",
    "https://puzz.link/p?numlin/10/10/1w2h3k4k6g5i7k2n8k5i4g1k8k6h7w3",
    "https://puzz.link/p?numlin/7/7/l6g1l2l3l4l5l654321",
]
METHODS = [{"backend": "sat"}, {"backend": "cpsat", "encoding": "circuit", "workers": 1},
           {"backend": "sat", "solver": "glucose4"}]
SMALL = "2 3\n1 - 2\n- 1 2\n"


def path(cols: int, cells: list[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    index = [r * cols + c for r, c in cells]
    return frozenset((min(a, b), max(a, b)) for a, b in zip(index, index[1:]))


def test_the_checker_finds_each_broken_rule():
    board = parse(SMALL)
    good = path(3, [(0, 0), (1, 0), (1, 1)]) | path(3, [(0, 2), (1, 2)])
    assert check(board, good) == []
    assert check(board.filled(), good) == [
        "no path passes row 1, column 2 (every cell is on a path)"]
    crossed = path(3, [(0, 0), (0, 1), (0, 2)]) | path(3, [(1, 1), (1, 2)])
    assert check(board, crossed) == ["a line joins the 1 at row 1, column 1 to the 2 at "
                                     "row 1, column 3",
                                     "a line joins the 1 at row 2, column 2 to the 2 at "
                                     "row 2, column 3"]
    open_end = path(3, [(0, 0), (0, 1)]) | path(3, [(0, 2), (1, 2)])
    assert "a line ends at row 1, column 2, which holds no number" in check(board, open_end)
    assert "the 1 at row 2, column 2 has no line" in check(board, open_end)
    branch = parse("3 3\n- 1 -\n1 - 1\n- 1 -\n")
    star = frozenset({(1, 4), (3, 4), (4, 5), (4, 7)})
    assert "lines cross or branch at row 2, column 2" in check(branch, star)
    ring = parse("3 3\n1 - -\n- - -\n1 - -\n")
    line = path(3, [(0, 0), (1, 0), (2, 0)])
    loop = path(3, [(0, 1), (0, 2), (1, 2), (1, 1), (0, 1)])
    assert any("closes on itself" in e for e in check(ring, line | loop))


def random_board(rng: random.Random) -> Board:
    """Numbers at random (no answer, often), or the generator's own layout."""
    rows, cols = rng.choice([(2, 3), (3, 3), (3, 4), (4, 3), (2, 5), (4, 4)])
    if rng.random() < 0.4:
        fill = rng.random() < 0.6
        laid = make(Settings(rows, cols, "none", rng.choice([0.2, 0.4]), {"fill": fill}),
                    np.random.default_rng(rng.randrange(1000)))
        if laid is not None:
            return laid[0]
    numbers: list[int | None] = [None] * (rows * cols)
    for k, cell in enumerate(rng.sample(range(rows * cols), 2 * rng.randint(1, 3))):
        numbers[cell] = k // 2 + 1 if rng.random() < 0.9 else rng.randint(1, 3)
    return Board(rows, cols, tuple(numbers), rng.random() < 0.5)


def test_counts_equal_brute_force_for_every_method_under_both_rules():
    rng = random.Random(5)
    seen: dict[tuple[bool, int], int] = {}
    for _ in range(70):
        board = random_board(rng)
        expected = brute(board)
        key = (board.fill, min(len(expected), 2))
        seen[key] = seen.get(key, 0) + 1
        for options in METHODS:
            assert set(solve(board, limit=None, **options).solutions) == expected, options
            unique = solve(board, unique=True, **options)
            assert unique.unique is (len(expected) == 1), (options, board)
            assert set(unique.solutions) <= expected
    assert min(seen.values()) >= 3 and len(seen) == 6, seen


def test_every_method_on_the_smallest_boards():
    # one cell, a number without its pair; one cell, nothing to join; a lone number
    for text, solutions in [("1 1\n1\n", set()), ("1 1\n-\n", None),
                            ("2 2\n1 -\n- -\n", set())]:
        board = parse(text)
        expected = brute(board)
        assert solutions is None or expected == solutions
        for options in METHODS:
            assert set(solve(board, limit=None, **options).solutions) == expected, options


def test_the_reduction_keeps_existence_and_uniqueness():
    """Without the fill rule, solving and proving uniqueness use the U-turn reduction;
    a U-turn's detour is the second answer it gives back."""
    board = parse("2 3\n1 - -\n1 - -\n")
    result = solve(board, unique=True)
    assert result.unique is False and result.method["reduction"]
    assert result.solutions[0] == frozenset({(0, 3)}) and len(brute(board)) == 3
    assert result.solutions[1] == frozenset({(0, 1), (1, 4), (3, 4)})  # its detour
    assert reduce(board.filled()) is None
    assert solve(board.filled(), unique=True).unique is True
    assert "reduction" not in solve(board, limit=None).method


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_boards_round_trip_and_every_method_finds_the_one_answer(url):
    board = parse(url)
    assert to_url(board) == url
    answers = set()
    for options in METHODS[:2]:
        result = solve(board, unique=True, time_limit=60, **options)
        assert result.unique is True, options
        assert check(board, result.solution) == []
        answers.add(result.solution)
    assert len(answers) == 1


def test_grid_text_and_its_errors():
    board = parse(SMALL)
    assert board.numbers == (1, None, 2, None, 1, 2) and not board.fill
    assert parse(to_text(board)) == board
    filled = parse("2 3 fill\n1 - 2\n- 1 2\n")
    assert filled.fill and parse(to_text(filled)) == filled and filled.rule == FILL
    assert board.rule == NO_FILL
    assert parse("https://puzz.link/p?numberlink/3/2/1h212") == parse("2 3\n1 - -\n2 1 2")
    compact = parse("1 2 1\n- - -\n2 - -\n")  # a compact first row, not a size line
    with pytest.raises(InputError):  # a size line with as many rows as it says
        parse("3 3 -\n1 - 1\n- - -\n2 - 2\n")
    assert (compact.rows, compact.cols, compact.numbers[:3]) == (3, 3, (1, 2, 1))
    for text, where in [("2 2\n1 x\n- 1\n", (2, 3)), ("2 2 full\n1 -\n- 1\n", (1, 5)),
                        ("2 2\n1 ?\n- 1\n", (2, 3))]:
        with pytest.raises(InputError) as caught:
            parse(text)
        assert (caught.value.line, caught.value.column) == where, text
    with pytest.raises(InputError) as caught:
        parse("https://puzz.link/p?numlin/4/4/1.zz")
    assert caught.value.line == 1 and caught.value.column is not None


def test_answers_read_back_the_rule_said_and_the_command_line(tmp_path):
    board = parse(PUBLISHED[1])
    answer = solve(board).solution
    assert read_answer(show(board, answer), board) == (answer, [])
    found = run("numberlink", PUBLISHED[1], "--json", "--unique")
    assert found.returncode == 0, found.stderr
    data = json.loads(found.stdout)
    assert data["solution"] == to_rows(board, answer) and data["rule"] == NO_FILL
    filled = run("numberlink", PUBLISHED[1], "--unique", "--fill")
    assert filled.returncode == 0 and filled.stdout.rstrip().endswith(f"rule: {FILL}")
    path_file = tmp_path / "answer.txt"
    path_file.write_text("\n".join(data["solution"]) + "\n")
    checked = run("numberlink", PUBLISHED[1], "--check", str(path_file), "--fill")
    assert checked.returncode == 0 and checked.stdout.rstrip().endswith(f"valid\nrule: {FILL}")
    bad = tmp_path / "board.txt"
    bad.write_text("2 2\n- x\n- -\n")
    refused = run("numberlink", str(bad))
    assert refused.returncode == 2 and f"{bad}:2:3:" in refused.stderr


def test_a_board_with_two_answers_is_not_unique_under_either_rule():
    board = parse("3 3\n1 - -\n- - -\n- - 1\n")
    assert solve(board, unique=True).unique is False
    assert solve(board.filled(), unique=True).unique is False


@pytest.mark.parametrize("fill", [False, True])
def test_generated_boards_are_unique_under_their_rule(fill):
    for seed in (1, 2):
        made = generate(NUMBERLINK, 6, 6, seed=seed, fill=fill)
        board = made.board
        assert board.fill is fill
        result = solve(board, unique=True)
        assert result.unique is True and check(board, result.solution) == []
        assert result.solution == made.answer


def test_the_certificate_cuts_a_cycle_and_refuses_a_forged_cut():
    """The rule CNF's Paths group: a cycle through no number is cut, its argument holds;
    a cut whose side holds a number, or whose edge leaves it, is refused."""
    board = parse("3 3\n1 - -\n- - -\n1 - -\n")
    stated = NUMBERLINK.rules(board)
    group = stated.group("paths")
    grid = board.grid
    ring = path(3, [(0, 1), (0, 2), (1, 2), (1, 1), (0, 1)])
    true = {stated.primary[grid.edges.index(e)] for e in ring}
    (cut,) = group.faults(true)
    assert sorted(cut["side"]) == [1, 2, 4, 5] and group.check(cut) is None
    assert set(group.clause(cut)) >= {-stated.primary[cut["inside"]]}
    assert "holds the end of a path" in group.check({**cut, "side": [0, 1, 2, 4, 5]})
    leaving = grid.edges.index((0, 1))
    assert "outside its side" in group.check({**cut, "inside": leaving})


def test_a_certificate_keeps_the_rule(tmp_path):
    """--fill on a URL, certified: the certificate's board says fill, and verifies."""
    import zipfile

    path = tmp_path / "fill.cert.zip"
    made = run("numberlink", PUBLISHED[0], "--fill", "--certify", "--certificate", str(path))
    assert made.returncode == 0, made.stderr
    with zipfile.ZipFile(path) as archive:
        assert archive.read("board.txt").decode().startswith("5 5 fill\n")
    assert run("verify", str(path)).returncode == 0
