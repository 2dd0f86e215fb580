"""Skyscrapers (janko.at's answers: tests/kit/test_janko.py): the forms it reads (published
puzz.link URLs round trip, pzprjs's files, grid text), pzprjs's own failing answers
refused by the checker, the checker's messages, and the generator's boards."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.errors import InputError
from cpsolve.grid.cases import of
from cpsolve.grid.layouts import Settings
from cpsolve.models.skyscrapers import Board, check, parse, to_text, to_url
from cpsolve.models.skyscrapers.board import to_tatham
from cpsolve.models.skyscrapers.check import visible
from cpsolve.models.skyscrapers.layout import latin, make
from tests.support.oracles import skyscrapers_solutions

PUBLISHED = [case.board for case in of("cpsolve.models.skyscrapers").published]
EXAMPLE = "https://puzz.link/p?skyscrapers/4/4/k13h4j3g"
# pzprjs's test script's board as pzprjs saves it (the board in its frame of clues, a
# given height q3), with the answers it fails, each with the code of the rule it breaks
# (null: valid).
FAILCHECK = [
    ("nmDupRow", ". . . . . . /. . . . . . /4 1 2 3 3 . /. . . . . 3 /. . . . . . /"
                 ". . 1 3 . . /"),
    ("nmSightNe", ". . . . . . /. . . . . . /4 1 2 3 4 . /. 4 . . . 3 /. . 4 . . . /"
                  ". . 1 3 . . /"),
    ("ceNoNum", ". . . . . . /. . 1 4 3 . /4 1 2 3 4 . /. 4 3 1 2 3 /. 3 4 2 1 . /"
                ". . 1 3 . . /"),
    (None, ". . . . . . /. 2 1 4 3 . /4 1 2 3 4 . /. 4 q3 1 2 3 /. 3 4 2 1 . /"
           ". . 1 3 . . /"),
    (None, ". . . . . . /. 2 1 4 3 . /4 1 2 3 4 . /. 4 3 1 2 3 /. 3 4 2 1 . /"
           ". . 1 3 . . /"),
]


def _file(rows: str) -> str:
    return "pzprv3\nskyscrapers\n4\n4\n" + "\n".join(rows.strip(" /").split(" /")) + "\n"


def _answer(rows: str) -> tuple[int, ...]:
    """The heights a pzprjs file writes in the cells (given or a player's; 0: none)."""
    lines = [line.split() for line in rows.strip(" /").split(" /")][1:-1]
    return tuple(int(token.lstrip("q")) if token != "." else 0
                 for line in lines for token in line[1:-1])


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_urls_round_trip(url):
    board = parse(url)
    assert to_url(board) == url
    assert parse(to_text(board)) == board


@pytest.mark.parametrize("url", PUBLISHED)
def test_penpa_links_hold_the_clues_in_the_margins_and_read_back(url):
    """As penpa-edit lays out a puzz.link Skyscrapers (and noqx reads it): a margin of
    one a side holds the clues, the cells the given heights."""
    from cpsolve.grid import penpa
    from cpsolve.models.skyscrapers import SKYSCRAPERS

    board = parse(url)
    link = SKYSCRAPERS.exports["penpa"](board)
    shown = penpa.read(link)
    assert (shown.rows, shown.cols) == (board.size, board.size)
    assert shown.margin == {**{(-1, c): str(v) for c, v in enumerate(board.sides[0]) if v},
                            **{(board.size, c): str(v) for c, v in enumerate(board.sides[1]) if v},
                            **{(r, -1): str(v) for r, v in enumerate(board.sides[2]) if v},
                            **{(r, board.size): str(v) for r, v in enumerate(board.sides[3]) if v}}
    assert parse(link) == board


def test_penpa_links_of_other_boards_are_refused_where_they_differ():
    from cpsolve.grid import penpa

    with pytest.raises(InputError, match=r"a clue outside the grid is a number from 1 to 4, "
                                         r"not '5' \(at row 0, column 2"):
        parse(penpa.write(penpa.Board(4, 4, margin={(-1, 1): "5"})))
    with pytest.raises(InputError, match="a mark outside the board at row 0, column 0"):
        parse(penpa.write(penpa.Board(4, 4, margin={(-1, -1): "2"})))
    with pytest.raises(InputError, match="square"):
        parse(penpa.write(penpa.Board(4, 5)))
    with pytest.raises(InputError, match="shaded cells"):
        parse(penpa.write(penpa.Board(4, 4, surface={(0, 0): 1})))


@pytest.mark.parametrize("code,rows", FAILCHECK)
def test_pzprjs_verdicts_on_its_own_answers(code, rows):
    board = parse(_file(rows))
    assert board in (parse(EXAMPLE), parse(EXAMPLE).renumbered({9: 3}))
    errors = check(board, _answer(rows))
    assert (errors == []) == (code is None), (code, errors)


def test_the_checker_names_each_broken_rule():
    board = parse(EXAMPLE)
    errors = check(board, (2, 1, 4, 3, 1, 2, 3, 4, 4, 3, 2, 1, 3, 4, 1, 2))
    assert errors == ["the 3 below column 3 sees 4 buildings",
                      "the 3 right of row 3 sees 4 buildings"]
    assert check(board, (2, 1, 4, 3, 4, 3, 2, 1, 1, 2, 3, 4, 3, 4, 1, 2))[-1] == \
        "the 3 right of row 3 sees 1 building"
    assert check(board, (1,) * 16)[0] == "row 1 holds 1 twice, at row 1, column 1 and row 1, " \
                                         "column 2"
    assert check(board, (2, 1, 4, 3, 1, 2, 3, 4, 4, 3, 1, 2, 3, 4, 2, 1)) == []


def test_visible_counts_the_buildings_taller_than_all_before():
    assert [visible(line) for line in ([1, 2, 3], [3, 2, 1], [2, 3, 1], [1, 3, 2])] == \
        [3, 1, 2, 2]


def test_grid_text_reads_the_board_in_its_frame():
    board = parse(".2..\n...1\n.2..\n....\n")
    assert board.sides == ((2, None), (None, None), (None, None), (1, None))
    assert board.numbers == (None, None, 2, None)
    wide = parse(to_text(Board(10, 10, (None,) * 100, ((10,) + (None,) * 9,) * 4)))
    assert wide.sides[3][0] == 10


@pytest.mark.parametrize("text,where", [
    ("pzprv3\nskyscrapers\n2\n2\n. . . . \n. q3 . . \n. . . . \n. . . . \n", (6, 4)),
    ("pzprv3\nskyscrapers\n2\n2\n. . . . \n. . . \n", (6, 1)),
    ("pzprv3\nskyscrapers\n2\n3\n", (2, 1)),
])
def test_bad_pzprjs_files_are_located(text, where):
    with pytest.raises(InputError) as refused:
        parse(text)
    assert (refused.value.line, refused.value.column) == where, refused.value.message


def test_layouts_are_latin_squares_with_every_clue():
    rng = np.random.default_rng(3)
    for n in (3, 4, 5):
        heights = latin(n, rng)
        assert all(sorted(heights[r * n:(r + 1) * n]) == list(range(1, n + 1))
                   for r in range(n))
        assert all(sorted(heights[c::n]) == list(range(1, n + 1)) for c in range(n))
    board, heights = make(Settings(4, 4, "none", 0.0), rng)
    assert all(n is not None for side in board.sides for n in side)
    assert heights in skyscrapers_solutions(board)


@pytest.mark.parametrize("url", PUBLISHED)
def test_tatham_game_ids_round_trip(url):
    board = parse(url)
    game_id = to_tatham(board)
    assert parse(game_id) == board
    assert to_tatham(parse(game_id)) == game_id


@pytest.mark.parametrize("game_id", ["4://///1/3///4/////3/", "4:1///2////////////,d3k",
                                     "3:///////////,1_2_3f",
                                     "5de:///////////////////,1x"])
def test_tatham_ids_read_and_written_back_are_identical(game_id):
    assert to_tatham(parse(game_id)) == game_id.replace("de:", ":")


@pytest.mark.parametrize("game_id,column", [("4://///1/7///4/////3/", 10),
                                            ("4:///////////////,a", 20),
                                            ("3:///////////,1_2_3g", 20)])
def test_bad_tatham_ids_are_located(game_id, column):
    with pytest.raises(InputError) as refused:
        parse(game_id)
    assert refused.value.column == column, refused.value.message
