"""The family docs/new-family.md builds, from the page's own code blocks: it keeps the
family contract, its command and generator work, and (tests/support/oracles.py) the
setter contract runs on it against brute force like on every installed family."""

from __future__ import annotations

import json
import os

import pytest

from cpsolve.commands import Output
from cpsolve.errors import InputError
from cpsolve.result import Status, result_json
from tests.support.cli import valid_json
from tests.support.doc_family import module


@pytest.fixture(scope="module")
def mines(tmp_path_factory: pytest.TempPathFactory):
    return module(str(tmp_path_factory.mktemp("doc")))


def invoke(command, *args: str) -> Output:
    out = command.main(list(args), standalone_mode=False)
    assert isinstance(out, Output)
    return out


def test_the_page_builds_a_family_that_keeps_the_contract(mines):
    family = mines.FAMILY
    assert family.problems() == []
    board = family.parse(family.example)
    result = family.solve(board, unique=True)
    assert result.status is Status.SOLVED and result.unique is True
    assert family.check(board, result.solution) == []
    data = valid_json(result_json("mines", result, lambda a: family.encode(board, a),
                                  plans=False))
    assert data["solution"] == mines.show(board, result.solution).splitlines()
    with pytest.raises(InputError) as caught:
        family.parse("1.\n.x\n")
    assert (caught.value.line, caught.value.column) == (2, 2)


def test_the_kit_gives_it_a_whole_command(mines, tmp_path):
    board = tmp_path / "board.txt"
    board.write_text(mines.MINES.example)
    command = mines.FAMILY.command()
    out = invoke(command, str(board), "--unique")
    assert out.exit_code == 0 and out.stdout.endswith("\n\nunique")
    data = json.loads(invoke(command, str(board), "--redundant", "--grade", "--json").stdout)
    assert valid_json(data)["grade"] in ("gentle", "moderate", "tough", "diabolical")
    assert isinstance(data["redundant"], list)
    two = tmp_path / "two.txt"
    two.write_text("1..\n...\n")
    explained = invoke(command, str(two), "--explain")
    assert explained.exit_code == 4 and "fixes, each leaving exactly one solution" in (
        explained.stdout)
    picture = str(tmp_path / "board.svg")
    drawn = invoke(command, str(board), "-o", picture)
    assert drawn.exit_code == 0 and str(drawn.files[picture]).startswith("<svg")


def test_and_a_generator_of_proven_boards(mines):
    generator = mines.FAMILY.generate()
    out = invoke(generator, "6", "5", "--grade", "tough", "--seed", "3", "-v")
    assert out.exit_code == 0, out.stderr
    board = mines.parse(out.stdout)
    assert (board.rows, board.cols) == (5, 6)
    assert mines.solve(board, unique=True).unique is True
    assert out.stderr[-1].startswith("unique, grade tough")


def test_installed_as_a_plug_in_it_is_a_command_of_cpsolve(tmp_path):
    """A distribution on the path whose entry point names the page's module: ``cpsolve``
    lists it, solves with it and generates with it, as with its own families."""
    from tests.support.cli import run
    from tests.support.doc_family import source

    (tmp_path / "mines_doc.py").write_text(source())
    info = tmp_path / "cpsolve_mines-0.1-py3.11.egg-info"  # as older installs name it
    info.mkdir()
    (info / "entry_points.txt").write_text("[console_scripts]\nmines = x:y\n\n"
                                           "[cpsolve.models]\nmines = mines_doc:FAMILY\n")
    board = tmp_path / "board.txt"
    board.write_text("..2..\n2..1.\n1.3.2\n....2\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    listed = run("--help", env=env)
    assert listed.returncode == 0 and "mines" in listed.stdout
    solved = run("mines", str(board), "--unique", env=env)
    assert solved.returncode == 0, solved.stderr
    assert solved.stdout.endswith("\n\nunique\n")
    made = run("generate", "mines", "5", "4", "--unique", "--seed", "2", env=env)
    assert made.returncode == 0, made.stderr
    assert run("mines", "-", "--unique", stdin=made.stdout, env=env).stdout.endswith(
        "unique\n")


def test_and_a_place_on_the_setters_page(mines):
    """The page edits it with nothing but its editor declaration: a board becomes the
    page's draft and back, a click's token makes a board the family reads, and the
    page's status after an edit is what its solve counts."""
    from cpsolve.grid.editor import Draft, blank, to_board, to_draft
    from cpsolve.limits import Deadline
    from cpsolve.serve.work import BOUND, analyse

    puzzle = mines.MINES
    board = puzzle.parse(puzzle.example)
    draft = to_draft(puzzle, board)
    assert to_board(puzzle, Draft.from_json(draft.to_json())) == board
    fresh = blank(puzzle, 3, 3)
    assert fresh.cells is not None
    fresh.cells[1][1] = puzzle.editor.cycle[2]  # a 1: one mine round it, anywhere
    found = analyse(puzzle, to_board(puzzle, fresh), "status", Deadline(30))
    assert (found["count"], found["complete"]) == (8, True) and BOUND > 8
    assert found["undetermined"] == [[r, c] for r in (1, 2, 3) for c in (1, 2, 3)
                                     if (r, c) != (2, 2)]
    fresh.cells[1][1] = puzzle.editor.cycle[1]  # a 0: no mine round it
    found = analyse(puzzle, to_board(puzzle, fresh), "status", Deadline(30))
    assert (found["count"], found["undetermined"]) == (1, [])


def test_the_page_says_how_many_lines_the_genre_took():
    """The page's count of the genre's code lines is the one tools/genre_lines.py makes
    of every genre (blank lines, comments and docstrings not counted)."""
    import re
    import runpy
    from pathlib import Path

    from tests.support.doc_family import PAGE, source

    tool = runpy.run_path(str(Path(__file__).resolve().parents[2] / "tools" / "genre_lines.py"))
    said = re.search(r"in \*\*(\d+) code lines\*\*", PAGE.read_text())
    assert said is not None and int(said.group(1)) == tool["code_lines"](source())
