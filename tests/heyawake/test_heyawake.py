"""Heyawake: the checker on hand-made boards, brute-force counts against every
encoding, puzz.link and grid-text round trips, known answers, bad input."""

from __future__ import annotations

import random

import pytest

from cpsolve.errors import InputError
from cpsolve.grid.generate import generate
from cpsolve.models.heyawake import HEYAWAKE, Board, check, parse, show, solve, to_text, to_url
from cpsolve.models.heyawake.board import UNKNOWN
from cpsolve.models.heyawake.layout import random_rooms
from cpsolve.result import Status
from tests.support.heyawake_brute import solutions as brute

TEST_URL = "https://puzz.link/p?heyawake/6/6/lll155007rs12222j"
# The answer the site's own test accepts for TEST_URL.
TEST_ANSWER = "#.#..#\n...#..\n#.#.#.\n......\n.#.#.#\n..#..."
# A published 7x7 puzzle and its published answer.
BLOG_URL = "https://puzz.link/p?heyawake/7/7/8ki94ilag7u003jsc022g3321111g"
BLOG_ANSWER = "#..#.#.\n.#.....\n..#.#.#\n#..#...\n.#..#.#\n..#....\n#...#.#"
PUBLISHED = [
    "https://puzz.link/p?heyawake/12/12/5k2q1d0mgb85k2q0d06g381k0q00000u0001vg0007ou0ofg3tg"
    "00065g63242362i",
    "https://puzz.link/p?heyawake/10/10/04094i94i94i94i84g007s00007000000s00ca212",
    "https://puzz.link/p?heyawake/10/10/04080g000000001428000003000000003g00-1d03",
    "https://puzz.link/p?heyawake/10/8/04081024480k98g000700o0071s00-132222",
]
METHODS = [{"backend": "sat"}, {"backend": "cpsat", "encoding": "order", "workers": 1},
           {"backend": "cpsat", "encoding": "flow", "workers": 1},
           {"backend": "sat", "card": "totalizer", "solver": "glucose4"}]


def shading(text: str) -> frozenset[int]:
    return frozenset(k for k, ch in enumerate(text.replace("\n", "")) if ch == "#")


def board(rooms: str, numbers: dict[str, int]) -> Board:
    """A board from rows of room letters, numbers by room letter."""
    lines = rooms.split()
    rows, cols = len(lines), len(lines[0])
    clue = [["-"] * cols for _ in range(rows)]
    seen = set()
    for r, line in enumerate(lines):
        for c, name in enumerate(line):
            if name in numbers and name not in seen:
                clue[r][c] = str(numbers[name])
                seen.add(name)
    text = f"{rows} {cols}\n" + "\n".join(" ".join(row) for row in clue) + "\n"
    text += "\n".join(" ".join(line) for line in lines)
    return parse(text)


def test_the_sites_test_board_and_its_answer():
    b = parse(TEST_URL)
    assert (b.rows, b.cols, b.rooms) == (6, 6, 8)
    assert b.numbers == (2, 2, 2, 2, None, None, None, None)
    assert check(b, shading(TEST_ANSWER)) == []
    for options in METHODS:
        result = solve(b, unique=True, **options)
        assert result.unique is True and show(b, result.solution) == TEST_ANSWER, options


def test_a_published_board_and_its_published_answer():
    b = parse(BLOG_URL)
    result = solve(b, unique=True)
    assert result.unique and show(b, result.solution) == BLOG_ANSWER


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_boards_are_unique(url):
    b = parse(url)
    result = solve(b, unique=True, time_limit=30)
    assert result.unique is True, result.reason
    assert check(b, result.solution) == []


@pytest.mark.parametrize("url", PUBLISHED[:2])
def test_published_boards_agree_across_sat_and_cp_sat(url):
    """CP-SAT's eager connectivity is far slower than the lazy cuts (the README's
    figures): the boards it proves in seconds."""
    b = parse(url)
    answers = set()
    for options in METHODS[:2]:
        result = solve(b, unique=True, time_limit=60, **options)
        assert result.unique is True, (options, result.reason)
        answers.add(result.solution)
    assert len(answers) == 1


def test_the_checker_names_each_broken_rule():
    b = board("aab\naab\nccc", {"a": 1, "c": 1})
    assert check(b, frozenset({0, 8})) == []
    assert check(b, frozenset({0, 1, 8})) == [
        "shaded cells at row 1, column 1 and row 1, column 2 touch",
        "the room numbered 1 at row 1, column 1 has 2 shaded cells"]
    assert check(b, frozenset({4})) == [
        "the room numbered 1 at row 3, column 1 has 0 shaded cells"]
    runs = board("abc\nabc\nabc", {})
    assert check(runs, frozenset()) == [
        f"the unshaded run from row {r}, column 1 to row {r}, column 3 crosses two "
        "borders" for r in (1, 2, 3)]
    assert check(runs, frozenset({0, 5, 6})) == []  # every row's run broken


def test_cut_off_cells_are_named():
    b = board("ab\nab", {})
    assert check(b, frozenset({1, 2})) == [
        "the unshaded cell at row 2, column 2 is cut off from the one at row 1, column 1"]


def random_board(seed: int) -> Board:
    rng = random.Random(seed)
    rows, cols = rng.randint(2, 4), rng.randint(2, 4)
    room = random_rooms(rows, cols, rng, largest=rng.choice([2, 4, 6]))
    count = max(room) + 1
    numbers: list[int | None] = [rng.choice([None, None, 0, 1, 2]) for _ in range(count)]
    cells = [[c for c in range(rows * cols) if room[c] == r] for r in range(count)]
    return Board(rows, cols, room, tuple(numbers), tuple(min(c) for c in cells))


@pytest.mark.parametrize("seed", range(40))
def test_every_encoding_counts_what_brute_force_counts(seed):
    b = random_board(seed)
    expected = brute(b)
    for options in METHODS:
        result = solve(b, limit=None, **options)
        assert result.complete
        assert set(result.solutions) == expected, (seed, options, to_text(b))
        assert result.status is (Status.SOLVED if expected else Status.UNSOLVABLE)


@pytest.mark.parametrize("size", [(4, 4), (6, 6), (10, 10), (8, 14)])
def test_generated_boards_round_trip_and_are_unique_by_cp_sat_too(size):
    rows, cols = size
    made = generate(HEYAWAKE, rows, cols, seed=rows * cols)
    b, answer = made.board, made.answer
    assert parse(to_url(b)) == b
    assert parse(to_text(b)) == b
    result = solve(b, backend="cpsat", unique=True, workers=1)
    assert result.unique is True and result.solution == answer


@pytest.mark.parametrize("url", [TEST_URL, BLOG_URL, *PUBLISHED,
                                 "https://puzz.link/p?heyawake/10/10/274ssohvv000000000focoss"
                                 "vvvvvv00000012h34001101h10g-11"])
def test_urls_round_trip(url):
    assert to_url(parse(url)) == url


def test_url_forms_the_site_reads():
    b = parse(TEST_URL)
    assert parse(TEST_URL + "/") == b
    assert parse(TEST_URL.replace("puzz.link/p?", "pzv.jp/p.html?")) == b
    with pytest.raises(InputError, match="variant rules"):  # unstated: refused
        parse(TEST_URL.replace("heyawake/", "heyawake/v:/"))
    assert parse(TEST_URL + "zz") == b  # after the last room: ignored


def test_unknown_numbers_and_compact_text():
    b = parse("2 3\n? - 1\n- - -\na a b\na a b\n")
    assert b.numbers == (UNKNOWN, 1)
    assert to_url(parse(to_url(b))) == to_url(b)
    compact = parse("?-1\n---\n\naab\naab\n")
    assert compact == b


@pytest.mark.parametrize("seed", range(12))
def test_explain_marks_the_cells_brute_force_sees_vary(seed):
    from cpsolve.grid.report import report
    from cpsolve.limits import Deadline

    b = random_board(seed)
    every = brute(b)
    result = solve(b, unique=True)
    found = report(HEYAWAKE, b, result, {"explain": True}, Deadline(None))
    if not every:
        assert found.keys["undetermined"] == []
        return
    varying = {cell for cell in range(b.cells) if len({cell in s for s in every}) == 2}
    assert found.keys["undetermined"] == [[c // b.cols + 1, c % b.cols + 1]
                                          for c in sorted(varying)]
    assert ("\n\nunique:" in (found.text or "")) == (len(every) == 1)
