"""The table of forms in docs/usage.md is the genres' own (tools/forms_table.py), and
every form a genre writes reads back as the board it wrote."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from cpsolve import registry
from cpsolve.errors import CpsolveError, InputError
from cpsolve.grid import cases as genre_cases

ROOT = Path(__file__).resolve().parents[2]
TOOL = runpy.run_path(str(ROOT / "tools" / "forms_table.py"))
GRID = [name for name in registry.names() if getattr(registry.load(name), "grid", None)]


def test_the_page_shows_the_table_the_genres_make():
    page = (ROOT / "docs" / "usage.md").read_text(encoding="utf-8")
    assert TOOL["page_with"](page, TOOL["table"]()) == page, \
        "docs/usage.md's forms table is stale: python tools/forms_table.py --write"


@pytest.mark.parametrize("name", GRID)
def test_every_form_a_genre_writes_reads_back_as_its_board(name):
    """On the genre's example, or (a form that cannot say it: Tatham's Tents gives every
    number) the first of its published boards the form can say."""
    puzzle = registry.load(name).grid
    cases = genre_cases.of(registry.target(name).split(":")[0])
    boards = [puzzle.example, *(c.board for c in cases.published if not c.slow)]
    assert puzzle.exports, name
    for form, write in puzzle.exports.items():
        for text in boards:
            board = puzzle.parse(text)
            try:
                written = write(board)
            except CpsolveError:
                continue
            assert puzzle.parse(written) == board, (name, form, text)
            break
        else:
            pytest.fail(f"{name}: --format {form} writes none of its boards")


def test_a_form_a_genre_does_not_read_is_refused_by_name():
    """What the table's "–" rests on: a janko.at file of a genre that reads none is
    refused for its form, at the type's line, not misread."""
    puzzle = registry.load("dbchoco").grid  # janko.at publishes no Double Choco
    assert not TOOL["reads"](puzzle, "janko.at")
    with pytest.raises(InputError, match="Double Choco boards are not read from janko.at "
                                         "files"):
        puzzle.parse("begin\npuzzle dbchoco\nsize 1\nend\n")
    assert TOOL["reads"](puzzle, "pzprjs") and TOOL["reads"](registry.load("hitori").grid,
                                                             "janko.at")
