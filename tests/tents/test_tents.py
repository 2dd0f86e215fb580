"""Tents (janko.at's answers: tests/kit/test_janko.py): the forms it reads (published
puzz.link URLs round trip, Tatham's game IDs, pzprjs's files, grid text), pzprjs's own
failing answers refused by the checker, the checker's messages, and the generator's
boards."""

from __future__ import annotations

import numpy as np
import pytest

from cpsolve.errors import InputError
from cpsolve.grid.cases import of
from cpsolve.grid.layouts import Settings
from cpsolve.models.tents import Board, check, parse, read_answer, show, to_text, to_url
from cpsolve.models.tents.board import decode_trees, encode_trees, to_tatham
from cpsolve.models.tents.layout import make
from tests.support.oracles import tents_solutions

PUBLISHED = [case.board for case in of("cpsolve.models.tents").published]
# pzprjs's test script's answers (test/script/tents.js, failcheck) as pzprjs saves them:
# the board in its frame (a tree 1, a tent A, a cell marked empty -), each with the
# code of the rule it breaks (null: valid). Its lines after the board are not read.
HEAD = ". 2 . 0 . . /"
FAILCHECK = [
    ("nmTentNone", "1 . . 1 . . /. . . . . . /. . 1 . . 1 /. . . . 1 . /1 . 1 . . . /"),
    ("nmTreeNone", "1 A . 1 . . /. . . . . . /. . 1 . . 1 /. . . . 1 . /1 . 1 . . . /"),
    ("tentAround", "1 . A 1 . . /. . A . . A /. . 1 . A 1 /. . . . 1 . /1 A 1 . . . /"),
    ("exTentNe", "1 . . 1 A . /. . A . . . /. . 1 . . 1 /. . . A 1 A /1 A 1 . . . /"),
    ("nmTentLt", "1 . A 1 . . /. . . . . A /. . 1 . . 1 /. . A . 1 A /1 . 1 . . . /"),
    ("nmTentGt", "1 . . 1 . . /. . . . . . /. A 1 A . 1 /. . . . 1 . /1 . 1 . . . /"),
    (None, "1 . A 1 - - /. . . - - A /. A 1 - - 1 /. . . - 1 A /1 A 1 - . . /"),
]
EXAMPLE = "https://puzz.link/p?tents/5/5/2g0h1i1j82323"


def _file(rows: str) -> str:
    return "pzprv3\ntents\n5\n5\n" + "\n".join((HEAD + rows).strip(" /").split(" /")) + "\n"


def _tents(rows: str) -> frozenset[int]:
    cells = [line.split()[1:] for line in rows.strip(" /").split(" /")]
    return frozenset(r * 5 + c for r, line in enumerate(cells) for c, t in enumerate(line)
                     if t == "A")


@pytest.mark.parametrize("url", PUBLISHED)
def test_published_urls_round_trip(url):
    board = parse(url)
    assert to_url(board) == url
    assert parse(to_text(board)) == board


@pytest.mark.parametrize("code,rows", FAILCHECK)
def test_pzprjs_verdicts_on_its_own_answers(code, rows):
    board = parse(_file(rows))
    assert board == parse(EXAMPLE)
    errors = check(board, _tents(rows))
    assert (errors == []) == (code is None), (code, errors)


def test_the_checker_names_each_broken_rule():
    board = parse(EXAMPLE)
    assert check(board, _tents(FAILCHECK[2][1])) == [
        "the tents at row 1, column 2 and row 2, column 2 touch",
        "the tents at row 2, column 5 and row 3, column 4 touch",
        "the 2 above column 1 counts 1 tent"]
    assert check(board, _tents(FAILCHECK[4][1]))[-1] == \
        "the 2 trees and 1 tent joined at row 3, column 2 pair off 1 to 1, not one to one"
    assert check(board, _tents(FAILCHECK[1][1]))[2] == \
        "the tent at row 1, column 1 has no tree beside it"
    assert check(board, frozenset({1, 2}))[0] == "a tent on the tree at row 1, column 3"
    alone = Board(1, 3, (True, False, True), ((None,) * 3, (None,)))
    assert check(alone, frozenset({1})) == [
        "the 2 trees and 1 tent joined at row 1, column 1 pair off 1 to 1, not one to one"]
    assert check(alone, frozenset()) == ["the tree at row 1, column 1 has no tent beside it",
                                         "the tree at row 1, column 3 has no tent beside it"]


def test_grid_text_reads_the_board_in_its_frame():
    board = parse(".2.\n.T.\n1.T\n")
    assert board.sides == ((2, None), (None, 1))
    assert board.tree_cells == (0, 3)
    wide = parse(to_text(Board(1, 12, (False,) * 12, ((None,) * 12, (10,)))))
    assert wide.sides[1] == (10,)
    assert read_answer("A.\n.T\n", board)[0] == frozenset({0})


@pytest.mark.parametrize("text,where", [
    ("pzprv3\ntents\n2\n2\n. . . \n. X . \n. . . \n", (6, 3)),
    ("pzprv3\ntents\n2\n2\n. . . \n. . \n", (6, 1)),
    ("pzprv3\ntents\n2\n3\n", (5, 1)),
])
def test_bad_pzprjs_files_are_located(text, where):
    with pytest.raises(InputError) as refused:
        parse(text)
    assert (refused.value.line, refused.value.column) == where, refused.value.message


def test_layouts_pair_every_tent_with_a_tree_and_give_every_number():
    rng = np.random.default_rng(3)
    for rows, cols in ((4, 4), (4, 5), (10, 10)):
        made = None
        while made is None:
            made = make(Settings(rows, cols, "none", 1.0, {"trees": 0.2}), rng)
        board, tents = made
        assert len(board.tree_cells) == len(tents) == round(0.2 * rows * cols)
        assert all(n is not None for side in board.sides for n in side)
        assert check(board, tents) == []
        if rows * cols <= 20:
            assert tents in tents_solutions(board)


def test_trees_are_written_as_pzprjs_writes_them():
    for trees in ([True] * 3, [False] * 40, [True, *[False] * 17, True, *[False] * 18],
                  [False, True] * 9):
        link_body = encode_trees(trees)
        from cpsolve.grid.puzzlink import Link

        assert decode_trees(Link("tents", len(trees), 1, link_body, 0), 0)[0] == trees


@pytest.mark.parametrize("url", PUBLISHED[2:])
def test_tatham_game_ids_round_trip(url):
    board = parse(url)
    game_id = to_tatham(board)
    assert parse(game_id) == board
    assert to_tatham(parse(game_id)) == game_id
    assert parse(f"https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/tents.html#{game_id}"
                 ) == board


@pytest.mark.parametrize("game_id", ["5x5:_x,1,0,0,0,0,1,0,0,0,0", "5x5:y,0,0,0,0,0,0,0,0,0,0",
                                     "3x2:a_c,1,0,1,0,2", "30x1:ze,0" + ",0" * 30])
def test_tatham_ids_read_and_written_back(game_id):
    board = parse(game_id)
    assert to_tatham(board) == game_id
    assert show(board, frozenset()).count("T") == len(board.tree_cells)


@pytest.mark.parametrize("game_id,column", [("5x5:z,0,0,0,0,0,0,0,0,0,0", 6),
                                            ("5x5:zz_,0,0,0,0,0,0,0,0,0,0", 6),
                                            ("5x5:z_,0,0,0,0,0,0,0,0,0,6", 26),
                                            ("5x5:!z_,0,0,0,0,0,0,0,0,0,0", 5)])
def test_bad_tatham_ids_are_located(game_id, column):
    with pytest.raises(InputError) as refused:
        parse(game_id)
    assert refused.value.column == column, refused.value.message


def _as_pzprjs_reads(cols: int, rows: int, body: str) -> Board | None:
    """The board pzprjs's ``decodeNumber16ExCell`` then ``decode1Cell`` make of a body
    (a transcription of their JavaScript, for this test alone); ``None`` where it reads a
    number cpsolve refuses (``?``, NaN, one above the line's length)."""
    numbers: list[float | None] = [None] * (cols + rows)
    ec, i = 0, 0
    while i < len(body):
        ca = body[i]
        if ca in "0123456789abcdef":
            numbers[ec] = int(ca, 16)
        elif ca == "-":
            digits = body[i + 1:i + 3]
            numbers[ec] = int(digits, 16) if digits and all(
                d in "0123456789abcdef" for d in digits) else float("nan")
            i += 2
        elif ca == ".":
            numbers[ec] = -2
        elif "g" <= ca <= "z":
            ec += int(ca, 36) - 16
        ec += 1
        if ec >= cols + rows:
            break
        i += 1
    rest = body[i + 1:]
    trees = [False] * (cols * rows)
    c = 0
    for ca in rest:
        if "0" <= ca <= "h":
            if not ca.isalnum():
                break  # parseInt gives NaN: the cell index is lost, nothing more read
            trees[c] = True
            c += int(ca, 36) + 1
        else:
            if not ca.isalnum():
                break
            c += int(ca, 36) - 17
        if c >= cols * rows:
            break
    if any(n is not None and not (isinstance(n, int) and 0 <= n <= (rows if k < cols else cols))
           for k, n in enumerate(numbers)):
        return None
    return Board(rows, cols, tuple(trees), (tuple(numbers[:cols]), tuple(numbers[cols:])))


@pytest.mark.parametrize("url", PUBLISHED[:4])
def test_urls_cut_or_changed_are_read_as_pzprjs_reads_them(url):
    """pzpr 0.10.1 has no Tents: its decoders' reading, transcribed, stands in. A body
    cut short reads as the board pzprjs makes of it; one changed character reads as
    pzprjs's board, or is refused with the place of a character that means nothing
    there."""
    import random

    rng = random.Random(url)
    head, body = url.rsplit("/", 1)
    cols, rows = map(int, head.split("/")[-2:])
    variants = [(body[:rng.randrange(len(body))], True) for _ in range(10)]
    for _ in range(20):
        k = rng.randrange(len(body))
        variants.append((body[:k] + rng.choice("0123456789abcdefghijklmnopqrstuvwxyz.-+")
                         + body[k + 1:], False))
    compared = 0
    for changed, cut in variants:
        theirs = _as_pzprjs_reads(cols, rows, changed)
        try:
            ours = parse(f"{head}/{changed}")
        except InputError as refused:
            assert not cut and refused.column, (changed, refused.message)
            continue
        if theirs is not None:
            assert ours == theirs, changed
            compared += 1
    assert compared >= 10
