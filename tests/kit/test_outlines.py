"""What a divided board holds besides its division, played as pzprjs and janko.at play
it. Walls inside regions: a border drawn between two cells of one region, which pzprjs
reads and keeps, and each genre's rules use as pzprjs's do (Heyawake's runs of
unshaded cells count it as a border; LITS's tetrominoes and Country Road's loop never
cross it, and Country Road leaves no two cells beside it both unvisited; Star Battle
asks nothing of it). Holes: cells in no region (janko.at's @ and #), where nothing
stands. Every method is held to the genre's own checker on every answer of small
boards (all answers enumerated both ways); published boards with walls are read and
solved as pzprjs reads them; walls and holes survive every form that can write them."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations

import pytest

from cpsolve import registry
from cpsolve.errors import UsageError
from cpsolve.grid.geometry import Grid, renumbered
from cpsolve.grid.regions import walled_regions
from cpsolve.grid.solve import candidates, solve

# The open spiral of 32 walls in one room (efzoz, 2020; cspuz finds it unique) and a
# LITS with 46 walls (lits-world, 2017): both from the pencil-puzzle-bench golden set.
SPIRAL = "https://puzz.link/p?heyawake/8/8/022gkf3gc2007o00o01s01v07"
WALLED_LITS = "https://puzz.link/p?lits/10/10/4bksdvle6f22qclugjlgcom81n0opcdj4iq4"


def _board(name: str, rnd: random.Random) -> object:
    """A small random board of ``name`` with one to three walls inside its regions."""
    rows, cols = rnd.choice([(3, 3), (3, 4), (4, 3)] if name != "country" else [(3, 3)])
    grid = Grid.of(rows, cols)
    split = rnd.choice(["none", "columns", "quarters"]) if name != "lits" else "columns"
    label = list(renumbered([
        0 if split == "none" else (c * 2) // cols + (2 * ((r * 2) // rows)
                                                      if split == "quarters" else 0)
        for r in range(rows) for c in range(cols)]))
    walls = _walls(grid, label, rnd, rnd.randint(1, 3))
    blank = registry.load(name).grid.parse(
        registry.load(name).grid.exports["url"](_plain(name, rows, cols, label)))
    return replace(blank, walls=walls)


def _walls(grid: Grid, label, rnd: random.Random, count: int) -> tuple:
    """Up to ``count`` walls inside the regions of ``label``, none dividing one."""
    inside = [(a, b) for a, b in grid.pairs if label[a] == label[b]]
    rnd.shuffle(inside)
    walls: list = []
    for pair in inside:
        if len(walls) < count and max(walled_regions(grid, label, [*walls, pair])) == max(label):
            walls.append(pair)
    return tuple(sorted(walls))


def _plain(name: str, rows: int, cols: int, label: list[int]) -> object:
    from cpsolve.grid.regions import Regions
    from cpsolve.grid.rooms import Rooms, clue_cells

    if name == "lits":
        return Regions(rows, cols, tuple(label))
    rooms = max(label) + 1
    numbers = [None] * rooms
    return Rooms(rows, cols, tuple(label), tuple(numbers),
                 clue_cells(Grid.of(rows, cols), label))


def _answers(name: str, board: object) -> list[frozenset]:
    """Every answer the genre's checker accepts, by enumeration."""
    grid = registry.load(name).grid
    things = (list(board.grid.edges) if name == "country"  # type: ignore[attr-defined]
              else list(range(board.cells)))  # type: ignore[attr-defined]
    found = []
    for size in range(len(things) + 1):
        for chosen in combinations(things, size):
            if not grid.check(board, frozenset(chosen)):
                found.append(frozenset(chosen))
    return sorted(found, key=sorted)


@pytest.mark.parametrize("name", ["heyawake", "lits", "country"])
def test_every_method_finds_exactly_the_answers_the_checker_accepts(name):
    grid = registry.load(name).grid
    rnd = random.Random(name)
    walled = 0
    for _ in range(8):
        board = _board(name, rnd)
        expected = _answers(name, board)
        without = _answers(name, replace(board, walls=()))
        walled += expected != without  # the walls changed what the rules allow
        for candidate in candidates(grid):
            backend, entry = candidate.method
            result = solve(grid, board, backend=backend, encoding=entry.name, limit=None)
            assert sorted(result.solutions, key=sorted) == expected, (board, candidate.name)
    assert walled >= 2, name  # the boards made the walls matter


def test_published_boards_with_walls_are_unique_and_keep_their_walls():
    heyawake = registry.load("heyawake").grid
    board = heyawake.parse(SPIRAL)
    assert len(board.walls) == 32
    assert heyawake.exports["url"](board) == SPIRAL
    assert solve(heyawake, board, unique=True).unique
    # read without its walls, the board has a second answer (what cpsolve said before)
    assert not solve(heyawake, replace(board, walls=()), unique=True).unique
    lits = registry.load("lits").grid
    board = lits.parse(WALLED_LITS)
    assert len(board.walls) == 46
    assert solve(lits, board, unique=True).unique
    assert not solve(lits, replace(board, walls=()), unique=True).unique


@pytest.mark.parametrize("name", ["heyawake", "lits", "starbattle", "country"])
def test_walls_survive_every_form_that_writes_them_and_grid_text_refuses(name):
    grid = registry.load(name).grid
    board = grid.parse(grid.exports["url"](grid.parse(registry.load(name).example)))
    cells = getattr(board, "room", None) or board.region
    walled = replace(board, walls=_walls(board.grid, cells, random.Random(name), 3))
    assert walled.walls
    for form in ("url", "penpa"):
        assert grid.parse(grid.exports[form](walled)) == walled, form
    assert grid.board_text(walled) == grid.exports["url"](walled)  # the main form
    with pytest.raises(UsageError, match="grid text cannot write walls inside a region"):
        grid.exports["grid"](walled)


def test_star_battle_asks_nothing_of_a_wall():
    grid = registry.load("starbattle").grid
    board = grid.parse(registry.load("starbattle").example)
    walled = replace(board, walls=_walls(board.grid, board.region, random.Random(1), 6))
    assert solve(grid, walled, limit=None).solutions == solve(grid, board, limit=None).solutions


def test_the_page_refuses_a_walled_board_by_name():
    from cpsolve.errors import InputError
    from cpsolve.serve.work import opened

    with pytest.raises(InputError, match="not walls inside them, and this board has 32"):
        opened("heyawake", SPIRAL)


# Holes: cells in no region (janko.at's @ and #), each a region of its own in the
# division, where nothing stands and which no region's rule counts.
HOLED = {
    "starbattle": ["4 4 1\na a b b\n# a b b\nc c d d\nc c d @\n",
                   "4 4 1\na a # b\na a b b\nc c d d\nc # d d\n"],
    "lits": ["3 4\na a b b\na # b b\na a b b\n", "4 3\na a a\na # b\nb b b\n# # b\n"],
    "country": ["3 3\n- - -\n- - -\n- - -\na a #\na a b\nb b b\n",
                "3 4\n- - - -\n- - - -\n- - - -\na a b b\na # b b\na a b b\n"],
}


@pytest.mark.parametrize("name", sorted(HOLED))
def test_every_method_finds_exactly_the_answers_the_checker_accepts_around_holes(name):
    grid = registry.load(name).grid
    for text in HOLED[name]:
        board = grid.parse(text)
        assert board.holes
        expected = _answers(name, board)
        assert expected, text  # the board has answers for the methods to find
        for candidate in candidates(grid):
            backend, entry = candidate.method
            result = solve(grid, board, backend=backend, encoding=entry.name, limit=None)
            assert sorted(result.solutions, key=sorted) == expected, (text, candidate.name)
        # grid text writes a hole as #; a URL cannot write one
        assert grid.parse(grid.exports["grid"](board)) == board
        with pytest.raises(UsageError, match="cannot write a cell in no region"):
            grid.exports["url"](board)


def test_a_number_in_a_hole_is_refused_where_it_stands():
    from cpsolve.errors import InputError

    with pytest.raises(InputError, match="2:3: a number in a cell of no room"):
        registry.load("country").grid.parse("2 2\n- 2\n- -\na #\na a\n")


def test_holes_are_names_where_a_genre_has_none():
    heyawake = registry.load("heyawake").grid  # Heyawake's rooms may be named # or @
    board = heyawake.parse("2 2\n- -\n- -\n# #\n@ @\n")
    assert board.rooms == 2 and not board.holes
