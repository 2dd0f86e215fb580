"""Tapa: the ring's table against the runs read by hand, every method against brute
force, the forms it reads (published URLs round trip, pzprjs's own encodings), the
checker's messages, the command and the generator's look."""

from __future__ import annotations

import itertools

import pytest

from cpsolve.grid import cases
from cpsolve.grid.geometry import Grid
from cpsolve.models.tapa import TAPA, parse, solve, to_text, to_url
from cpsolve.models.tapa.board import UNKNOWN, TapaGrid, decode, encode, valid
from cpsolve.models.tapa.check import check, ring_runs
from cpsolve.models.tapa.layout import clued, grow
from cpsolve.models.tapa.rules import allowed, ring, ring_clauses, runs
from tests.support.cli import run
from tests.support.oracles import tapa_solutions

PUBLISHED = [c.board for c in cases.of("cpsolve.models.tapa").published
             if c.board.startswith("https://puzz.link/")]
# Every clue pzprjs holds: one number 0-8 or '?', or two to four from 1 or '?'.
CLUES = [clue for size in range(1, 5) for clue in itertools.product(
    [UNKNOWN, *range(9)], repeat=size) if valid(clue)]


def test_the_clues_pzprjs_holds():
    # pzprjs's editor steps through them with '?' in any place; its URL writes each
    assert (3, 1, 1) in CLUES and (1, 1, 1, 1) in CLUES and (5, 1) in CLUES
    assert (6, 1) not in CLUES and (0, 1) not in CLUES and (1, 1, 1, 1, 1) not in CLUES
    assert all(decode_one(encode([clue])) == clue for clue in CLUES)


def decode_one(body: str) -> tuple[int, ...] | None:
    from cpsolve.grid.puzzlink import Link

    return decode(Link("tapa", 1, 1, body, 0))[0]


def test_runs_are_read_around_the_ring():
    assert runs(0b11000001) == (3,)  # the run wraps past the ring's start
    assert runs(0b00100101) == (1, 1, 1)
    grid = Grid(3, 3)
    empty = TapaGrid(3, 3, (None,) * 9)
    for pattern in range(256):  # the checker's reading agrees with the rules' own
        shading = frozenset(cell for k, cell in enumerate(ring(grid, 4)) if pattern >> k & 1)
        assert tuple(sorted(ring_runs(empty, shading, 4))) == runs(pattern)


@pytest.mark.parametrize("present", [0b11111111, 0b00011111, 0b00011100, 0b11000001])
def test_the_clauses_allow_exactly_the_table(present):
    """The prime implicates of each clue's table, on a ring cut by the board's edge,
    hold on exactly the patterns the table allows."""
    places = [k for k in range(8) if present >> k & 1]
    for clue in CLUES:
        rows = ring_clauses(clue, present)
        for pattern in range(256):
            if pattern & ~present:
                continue
            holds = all(any((pattern >> (abs(x) - 1) & 1) == (x > 0) for x in row)
                        for row in rows)
            assert holds == (pattern in allowed(clue, present)), (clue, pattern)
        assert all(abs(x) - 1 in places for row in rows for x in row)


def test_every_method_agrees_with_brute_force_on_small_boards():
    boards = [parse("2 3\n1 - -\n- - -\n"), parse("3 3\n- - -\n- 2 -\n- - -\n"),
              parse("3 3\n? - -\n- - -\n- - 11\n"), parse("3 4\n- 2 - -\n- - - 3\n- - - -\n")]
    for board in boards:
        expected = tapa_solutions(board)
        for method in TAPA.statement.methods:
            found = solve(board, encoding=method.name, limit=1000)
            assert sorted(found.solutions, key=sorted) == expected, (method.name, board)


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_urls_round_trip(url):
    board = parse(url)
    assert to_url(board) == url
    assert parse(to_text(board)) == board


def test_the_forms_read_the_same_board():
    board = parse("https://puzz.link/p?tapa/5/5/3n5hchhajn2")
    assert parse("5 5\n3 - - - -\n- - - - 5\n- - 3,1,1 - -\n31 - - - -\n- - - - 2\n") == board
    saved = "pzprv3\ntapa\n5\n5\n3 . . . . \n. . . . 5 \n. . 3,1,1 . . \n3,1 . . . . \n" \
            ". . . . 2 \n"
    assert parse(saved) == board
    assert parse(TAPA.formats.exports["penpa"](board)) == board  # the editor's Tapa mode
    from cpsolve.grid import penpa

    link = TAPA.formats.exports["penpa"](board)
    assert penpa.read(link).tapas[(2, 2)] == "311"
    plain = penpa.Board(5, 5, numbers={(r, c): text for (r, c), text in
                                       penpa.read(link).tapas.items()})
    assert parse(penpa.write(plain)) == board  # or written as plain numbers
    # pzprjs: '?' a '.', 9 the clue 1 1 1 1, a code of '?'s, a body that ends early
    assert parse("https://puzz.link/p?tapa/4/1/.9a0").clues == (
        (UNKNOWN,), (1, 1, 1, 1), (UNKNOWN, UNKNOWN), None)
    assert parse("https://puzz.link/p?tapa/3/1/1a").clues == ((1,), None, None)


def test_the_checker_names_each_broken_rule():
    board = parse("3 3\n1 - -\n- - -\n- - 2\n")
    errors = check(board, frozenset({0, 4, 5, 7, 8}))
    assert "the clue at row 1, column 1 is shaded" in errors
    assert "the 2x2 block at row 2, column 2 is all shaded" in errors
    assert check(board, frozenset({1, 7})) == [
        "the shaded cell at row 3, column 2 is cut off from the one at row 1, column 2",
        "the clue 2 at row 3, column 3 has runs 1 around it"]
    assert check(board, frozenset()) == ["no cell is shaded",
                                         "the clue 1 at row 1, column 1 has runs 0 around it",
                                         "the clue 2 at row 3, column 3 has runs 0 around it"]


def test_a_lone_question_mark_holds_with_no_shaded_neighbour_as_pzprjs_counts():
    board = parse("1 4\n? - - -\n")
    assert frozenset({3}) in tapa_solutions(board)
    assert frozenset({3}) in solve(board, limit=10).solutions


def test_bad_input_is_located():
    done = run("tapa", "-", stdin="2 2\n1 x\n- -\n")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "2:3:" in done.stderr


def test_a_layout_with_every_clue_pins_its_shading():
    import random

    grid = Grid(5, 5)
    for seed in range(4):
        shading = grow(grid, "rot2", 0.5, random.Random(seed))
        assert shading is not None
        board = clued(grid, frozenset(shading))
        assert tapa_solutions(board) == [frozenset(shading)]


def test_the_generator_makes_a_unique_symmetric_board():
    done = run("generate", "tapa", "7", "7", "--seed", "3")
    assert done.returncode == 0, done.stderr
    board = parse(done.stdout.strip())
    found = solve(board, unique=True)
    assert found.unique is True
    assert all(board.clues[cell] is not None
               for c in board.clue_cells for cell in board.grid.orbit(c, "rot2"))


def shape(board: TapaGrid) -> dict[str, float]:
    """Clues per 100 cells, the share of clues of two numbers or more, the cells a clue
    shades on average (a '?' as one) and the share of 7s and 8s (a hole of one or two
    cells: a third of the clues, before the layout left them out)."""
    clues = [board.clues[cell] or () for cell in board.clue_cells]
    return {"clues /100 cells": 100 * len(clues) / board.cells,
            "multi-number share": sum(len(c) > 1 for c in clues) / len(clues),
            "shaded a clue": sum(sum(max(n, 1) for n in c) for c in clues) / len(clues),
            "7s and 8s": sum(c in ((7,), (8,)) for c in clues) / len(clues)}


def test_generated_boards_are_shaped_like_published_ones():
    """The generator's 10x10 boards' median of each measure falls within the range the
    published boards of 7x7 and more span (read from the cases, not set by hand)."""
    import statistics

    from cpsolve.grid.generate import generate
    from cpsolve.limits import Deadline

    published = [shape(parse(url)) for url in PUBLISHED if parse(url).cells >= 49]
    made = [generate(TAPA, 10, 10, seed=seed, deadline=Deadline(120)) for seed in (1, 2, 3)]
    assert all(m.board is not None for m in made), [m.reason for m in made]
    for key in published[0]:
        low, high = min(s[key] for s in published), max(s[key] for s in published)
        mine = statistics.median(shape(m.board)[key] for m in made)
        assert low <= mine <= high, (key, mine, low, high)
