"""Akari formats: grid text, puzz.link URLs, Tatham game IDs; errors with positions."""

from __future__ import annotations

import pytest

from cpsolve.errors import InputError
from cpsolve.models.akari import Board, parse, parse_answer, to_tatham, to_url
from cpsolve.models.akari.layout import generate
from tests.support.boards import random_board


def test_puzzlink_example():
    board = parse("https://puzz.link/p?lightup/6/6/nekcakbl")
    assert board.rows == ("......", "..4...", "....2.", ".0....", "...1..", "......")


def test_tatham_example():
    board = parse("7x7:e0a1c2cBqBcBc3a2e")
    assert board.rows == (".....0.", "1...2..", ".#.....", ".......", ".....#.", "..#...3",
                          ".2.....")


@pytest.mark.parametrize("url", [
    "https://puzz.link/p?akari/6/6/nekcakbl",
    "http://pzv.jp/p.html?bijutsukan/6/6/nekcakbl",
    "https://pzv.jp/p.html?lightup/6/6/nekcakbl",
])
def test_url_hosts_and_names(url):
    assert parse(url) == parse("https://puzz.link/p?lightup/6/6/nekcakbl")


def test_url_body_symbols():
    # '5' = clue 0 + one white, 'a' = clue 0 + two whites, '.' = black, 'h' = 2 whites
    board = parse("https://puzz.link/p?akari/4/2/5a.h")
    assert board.rows == ("0.0.", ".#..")


def test_url_read_as_the_site_reads_it():
    """The site stops reading when the board is full and ignores what follows (a
    published 20x20 board's URL ends in '/' after its body); a body too short leaves
    the cells after it white, as the site reads it."""
    board = parse("https://puzz.link/p?akari/4/2/5a.h/")
    assert parse("https://puzz.link/p?akari/4/2/5a.hzz") == board
    assert parse("https://puzz.link/p?akari/4/2/5a.h/extra/") == board
    assert parse("https://pzv.jp/p.html?akari/4/2/5a.h") == board
    assert parse("https://puzz.link/p?akari/4/2/5a.g").rows == ("0.0.", ".#..")
    assert parse("https://puzz.link/p?akari/4/2").rows == ("....", "....")


def test_janko_symbols_and_spaced_rows():
    assert parse("x - 1\n- X -\n").rows == ("#.1", ".#.")
    assert parse("\n\n.#\n2.\n\n").rows == (".#", "2.")
    assert parse("1x1#").rows == ("1#1#",)  # a janko row, not a Tatham seed
    assert parse("  ..1\n  #..\r\n").rows == ("..1", "#..")  # indented, CRLF


def test_positions_in_one_line_forms_after_blank_lines():
    with pytest.raises(InputError) as caught:
        parse("\n\n  https://puzz.link/p?akari/6/x/nek\n")
    assert (caught.value.line, caught.value.column) == (3, 31)


def boards() -> list[Board]:
    out = [Board(tuple(random_board(seed, max_side=7))) for seed in range(60)]
    out += [generate(w, h, black=b, seed=w * h)[0] for w, h, b in
            [(1, 1, 0.0), (30, 1, 0.3), (1, 25, 0.5), (23, 17, 0.2), (40, 40, 0.1)]]
    out.append(Board(("." * 60, "#" * 60, "4" * 60)))  # long runs, clue runs
    return out


@pytest.mark.parametrize("board", boards())
def test_round_trips(board):
    assert parse(to_url(board)) == board
    assert parse(to_url(board, "lightup")) == board
    assert parse(to_tatham(board)) == board
    assert parse("\n".join(board.rows)) == board


def test_answer_grid_reads_lights():
    board, lights = parse_answer("*.1\n+L#\no..")
    assert board.rows == ("..1", "..#", "...")
    assert lights == {(0, 0), (1, 1), (2, 0)}


@pytest.mark.parametrize("text, message, line, column", [
    ("", "empty board", 1, 1),
    ("  \n\n", "empty board", 1, 1),
    ("...\n..\n", "row has 2 cells, the first row has 3", 2, 3),
    ("...\n....\n", "row has 4 cells, the first row has 3", 2, 4),
    ("..\n.q\n", "unknown cell 'q' (expected '.', '#', '0'-'4')", 2, 2),
    ("..\n5.\n", "unknown cell '5' (expected '.', '#', '0'-'4')", 2, 1),
    ("..\n\n..\n", "blank line inside the board", 2, 1),
    ("https://puzz.link/p?akari/6/x/nek", "bad row count 'x'", 1, 29),
    ("https://puzz.link/p?akari/6", "expected TYPE/COLS/ROWS/BODY after '?'", 1, 21),
    ("https://puzz.link/p?nurikabe/6/6/abc",
     "puzzle type 'nurikabe' is not Akari (akari, lightup, bijutsukan)", 1, 21),
    ("https://puzz.link/p?akari/2/2/A", "unexpected character 'A' in the board body", 1, 31),
    ("https://example.com/p?akari/2/2/g", "not a puzz.link or pzv.jp puzzle URL", 1, 1),
    ("3x3:aBz", "description covers more than 3x3 = 9 cells", 1, 7),
    ("3x3:aB", "description covers 2 cells, 3x3 needs 9", 1, 7),
    ("3x3:aB!f", "unexpected character '!' in the description", 1, 7),
    ("7x7#12345", "this is a random seed (WxH#seed), not a puzzle: use the game ID (WxH:...)",
     1, 4),
    ("https://puzz.link/p?akari/\u00b2/2/g", "bad column count '\u00b2'", 1, 27),
    ("https://puzz.link/p?akari/99999999999/99999999999/",
     "99999999999x99999999999 is too large (at most 1,000,000 cells)", 1, 21),
    ("5000x5000:a", "5000x5000 is too large (at most 1,000,000 cells)", 1, 1),
])
def test_bad_input_names_the_place(text, message, line, column):
    with pytest.raises(InputError) as caught:
        parse(text)
    assert (caught.value.message, caught.value.line, caught.value.column) == (message, line,
                                                                               column)
