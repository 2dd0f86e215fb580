"""Country Road: the checker on hand-made loops, brute-force counts against every
method, published puzz.link boards (round trips, answers agreed by every method), grid
text, answers read back, bad input located, the generator's boards."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import numpy as np
import pytest

from cpsolve.errors import InputError
from cpsolve.grid.generate import generate
from cpsolve.grid.geometry import Grid
from cpsolve.grid.layouts import Settings
from cpsolve.grid.rooms import clue_cells
from cpsolve.models.country import (
    COUNTRY,
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
from cpsolve.models.country.layout import make
from tests.support.cli import run
from tests.support.country_brute import solutions as brute

# Published boards from the test list of a public puzz.link parser (penpa-edit's
# example_urls.js): two with one solution, and a nested ring with two.
PUBLISHED = [
    "https://puzz.link/p?country/12/12/4s6ndj8iorsml2p8llbdekqu9504hq8lvi2bt54jun8vv95nsi88c05g"
    "4g3i2i1i25o4g",
    "https://puzz.link/p?country/20/15/10156ggr62indoe611d38431oonjrhv7hltmb6t90d6hdme4rc8jcp26"
    "ge7vo7vvo32vk8tv1v7uefro67hg208e82hg953tva7tu0fg0fv6m1u0ei5g24k54g2l7g557k92h3g3g2g3",
]
TWO = "https://puzz.link/p?country/6/6/1jrrg0e300svh3"
METHODS = [{"backend": "sat"}, {"backend": "cpsat", "encoding": "circuit", "workers": 1},
           {"backend": "cpsat", "encoding": "flow", "workers": 1},
           {"backend": "sat", "card": "direct"}, {"backend": "sat", "solver": "glucose4"}]
SMALL = "2 3\n2 - -\n- - -\na a b\na a b\n"


def ring(cols: int, cells: list[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    index = [r * cols + c for r, c in cells]
    return frozenset((min(a, b), max(a, b)) for a, b in zip(index, index[1:] + index[:1]))


def test_the_checker_finds_each_broken_rule():
    board = parse(SMALL)
    whole = ring(3, [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)])
    assert check(board, whole) == ["the 2 at row 1, column 1 counts 4 cells on the loop"]
    left = ring(3, [(0, 0), (0, 1), (1, 1), (1, 0)])
    errors = check(board, left)
    assert "the region of row 1, column 3 is not visited" in errors
    twice = parse("3 3\n- - -\n- - -\n- - -\na a a\nc a b\nc a b\n")
    around = ring(3, [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0)])
    assert any("enters the region of row 1, column 1 2 times" in e
               for e in check(twice, around))
    faces = parse("3 3\n- - -\n- - -\n- - -\na a a\na a a\nb b b\n")
    top = ring(3, [(0, 0), (0, 1), (1, 1), (1, 0)])
    assert any("across a border, are both left out" in e for e in check(faces, top))
    assert "there is no loop" in check(board, frozenset())


def test_counts_equal_brute_force_for_every_method():
    rng = random.Random(5)
    seen = {0: 0, 1: 0, 2: 0}
    for _ in range(40):
        rows, cols = rng.choice([(2, 3), (3, 3), (3, 4), (4, 4)])
        grid = Grid(rows, cols)
        label = list(range(rows * cols))
        for _ in range(rng.randrange(rows * cols // 2, rows * cols)):
            a, b = rng.choice(grid.edges)
            label = [label[b] if x == label[a] else x for x in label]
        names: dict[int, int] = {}
        room = tuple(names.setdefault(x, len(names)) for x in label)
        numbers = tuple(rng.choice([None, None, 1, 2, 3]) for _ in names)
        board = Board(rows, cols, room, numbers, clue_cells(grid, room))
        if rng.random() < 0.6:  # regions the generator lays out, some numbers kept
            laid = make(Settings(rows, cols, "none", 0.0, {"fill": rng.uniform(0.4, 1)}),
                        np.random.default_rng(rng.randrange(1000)))
            assert laid is not None
            board = replace(laid[0], numbers=tuple(n if rng.random() < 0.9 else None
                                                   for n in laid[0].numbers))
        expected = brute(board)
        seen[min(len(expected), 2)] += 1
        for options in METHODS:
            assert set(solve(board, limit=None, **options).solutions) == expected, options
    assert min(seen.values()) >= 5, seen


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_boards_round_trip_and_every_method_finds_the_one_answer(url):
    board = parse(url)
    assert to_url(board) == url
    answers = set()
    for options in METHODS[:3]:
        result = solve(board, unique=True, time_limit=60, **options)
        assert result.unique is True, options
        assert check(board, result.solution) == []
        answers.add(result.solution)
    assert len(answers) == 1


def test_a_published_ring_has_two_answers_by_every_method():
    board = parse(TWO)
    for options in METHODS[:3]:
        assert solve(board, limit=None, **options).count == 2


def test_grid_text_and_its_errors():
    board = parse(SMALL)
    assert board.numbers == (2, None) and parse(to_text(board)) == board
    with pytest.raises(InputError) as caught:
        parse("2 2\n1 1\n- -\na a\na a\n")
    assert (caught.value.line, caught.value.column) == (2, 3)
    with pytest.raises(InputError) as caught:
        parse("https://puzz.link/p?country/4/4/zz")
    assert caught.value.line == 1 and caught.value.column is not None


def test_answers_read_back_and_the_command_line(tmp_path):
    board = parse(PUBLISHED[0])
    answer = solve(board).solution
    assert read_answer(show(board, answer), board) == (answer, [])
    found = run("country", PUBLISHED[0], "--json")
    assert found.returncode == 0, found.stderr
    data = json.loads(found.stdout)
    assert data["solution"] == to_rows(board, answer)
    path = tmp_path / "answer.txt"
    path.write_text("\n".join(data["solution"]) + "\n")
    assert run("country", PUBLISHED[0], "--check", str(path)).returncode == 0
    bad = tmp_path / "board.txt"
    bad.write_text("2 2\n- x\n- -\na a\na a\n")
    refused = run("country", str(bad))
    assert refused.returncode == 2 and f"{bad}:2:3:" in refused.stderr


def test_generated_boards_are_unique_and_every_region_is_visited_once():
    for seed in (1, 2):
        made = generate(COUNTRY, 7, 7, seed=seed)
        board = made.board
        result = solve(board, unique=True)
        assert result.unique is True and check(board, result.solution) == []
