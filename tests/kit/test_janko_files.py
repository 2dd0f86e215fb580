"""janko.at's own files, read as its site's script reads them, in the genres whose
janko.at collections give their boards so: every board's one answer is the solution
janko.at publishes with it; a variant with another rule is refused by name; and the
one board of janko.at's Tents that its counts do not decide says so. Tapa's boards with
a lone '9' (janko.at's '?': one run, a cell at least; pzprjs's '?' allows none) are
unique only as janko.at means them (047 has two answers read with pzprjs's '?').

The files (``tests/data/forms/janko-files.json``) are janko.at's, as a public scrape
keeps them; scanned whole, the collections come out as ``docs/usage.md`` says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cpsolve import registry
from cpsolve.errors import InputError
from cpsolve.grid.forms import read_janko
from cpsolve.grid.solve import solve
from cpsolve.models.tapa.board import RUN
from tests.support.janko import published_answer

DATA = json.loads((Path(__file__).parents[1] / "data" / "forms" / "janko-files.json")
                  .read_text(encoding="utf-8"))
FILES = [(entry["genre"], entry["file"], entry["text"]) for entry in DATA["files"]]
NOT_UNIQUE = {"https://www.janko.at/Raetsel/Zeltlager/703.a.htm"}


@pytest.mark.parametrize(("genre", "name", "text"), FILES,
                         ids=[f"{g}-{n.rsplit('/', 2)[1]}-{n.rsplit('/', 1)[1][:4]}"
                              for g, n, _ in FILES])
def test_a_janko_file_reads_as_the_board_janko_publishes(genre, name, text):
    puzzle = registry.load(genre).grid
    framed = read_janko(text.replace("puzzle skyscrapers, diagonals", "puzzle skyscrapers"))
    if "," in text.split("\n")[1]:  # puzzle skyscrapers, diagonals: another rule
        with pytest.raises(InputError, match=r"a variant of janko.at's skyscrapers"):
            puzzle.parse(text)
        return
    depth = framed.values.get("depth")
    if genre == "skyscrapers" and depth is not None and depth.text != str(framed.rows):
        with pytest.raises(InputError, match="variant with empty cells"):
            puzzle.parse(text)
        return
    board = puzzle.parse(text)
    points = genre == "firefly"  # janko.at's size counts squares; the points are the cells
    assert (board.rows, board.cols) == (framed.rows + points, framed.cols + points)
    result = solve(puzzle, board, unique=True, time_limit=60)
    if name in NOT_UNIQUE:
        assert result.unique is False and len(result.solutions) == 2
        assert published_answer(genre, board, framed.sections["solution"]) in [
            frozenset(s) for s in result.solutions]
        return
    assert result.unique is True, name
    if "solution" in framed.sections:
        assert result.solution == published_answer(genre, board, framed.sections["solution"]), name


def test_a_lone_question_mark_of_janko_at_s_tapa_is_one_run():
    """janko.at's lone '?' (its '9') is one run of unknown length: read as pzprjs's '?'
    (which a ring with none shaded also meets), its board 047 has a second answer."""
    puzzle = registry.load("tapa").grid
    text = next(t for g, n, t in FILES if n.endswith("/Tapa/047.a.htm"))
    board = puzzle.parse(text)
    assert (RUN,) in board.clues and puzzle.board_text(board).count("+") == \
        text.split("solution")[0].split().count("9")
    assert solve(puzzle, board, unique=True).unique is True
    as_pzprjs = puzzle.parse(puzzle.board_text(board).replace("+", "?"))
    assert solve(puzzle, as_pzprjs, unique=True).unique is False
    with pytest.raises(InputError, match="has no puzz.link form"):
        puzzle.exports["url"](board)


def test_the_keys_are_read_as_janko_s_script_reads_them():
    """A line that starts with a key sets it, any other line belongs to the section
    before it (however long), comments are lines starting ';' or '//'; the board's
    sections are those of its size."""
    framed = read_janko("begin\n; a comment\npuzzle nonogram\nrows 2\ncols 3\nrlabels\n1 1\n"
                        "3\n// another\nclabels\n1\n1\n2\nsolution\nx - x\nx x x\nend\n"
                        "problem\n1 2 3\n")
    assert [[t.text for t in row] for row in framed.sections["clabels"]] == [["1"], ["1"],
                                                                             ["2"]]
    assert set(framed.grids) == {"solution"} and "problem" not in framed.sections


@pytest.mark.parametrize(("text", "error"), [
    ("begin\npuzzle gokigen\nsize 2\nproblem\n- - -\n- 1\n- - -\nend\n",
     "6:4: a row of the problem has 2 tokens, not 3"),
    ("begin\npuzzle gokigen\nsize 2\nproblem\n- - -\n- - -\nend\n",
     "6:5: the problem has 2 rows, not 3"),
    ("begin\npuzzle tents\nsize 2\nsolution\nx y\n- -\nend\n",
     "5:3: a cell of the solution is 'x' (a tree), 'o' (a tent) or '-', not 'y'"),
    ("begin\npuzzle nonogram\nsize 2\ndepth 3\nsolution\nx -\n- -\nend\n",
     "4:7: janko.at's depth 3 asks for a Nonogram of more colours than black"),
    ("begin\npuzzle yajisan\nsize 2\nproblem\n3q -\n- -\nend\n",
     "5:1: a cell is '-' (no clue) or a number and the direction of its arrow"),
    ("begin\npuzzle skyscrapers\nsize 2\nclabels\n- -\nrlabels\n- -\n- -\nend\n",
     "5:3: the clabels has 1 rows, not 2"),
    ("begin\npuzzle tents\nvariant x\nsize 2\nsolution\nx -\n- -\nend\n",
     "3:9: janko.at's variant 'x', which is not read here"),
])
def test_a_bad_janko_file_is_refused_where_it_is_wrong(text, error):
    genre = {"yajisan": "yajikazu"}.get(text.split("\n")[1].split()[1],
                                        text.split("\n")[1].split()[1])
    with pytest.raises(InputError) as raised:
        registry.load(genre).grid.parse(text)
    assert str(raised.value).startswith(error), str(raised.value)
