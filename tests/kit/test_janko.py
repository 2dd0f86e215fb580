"""janko.at's published answers (``tests/data/GENRE/janko.json``, from the puzzlekit
data set, each board as its puzz.link URL and its answer as the rows the genre reads):
every answer passes the genre's checker and is the board's only solution
(:func:`tests.support.janko.holds`). The default run holds a sample of each genre's
boards of up to :data:`CELLS` cells; the slow run every board."""

from __future__ import annotations

import importlib

import pytest

from tests.support import janko

GENRES = ("country", "fillomino", "heyawake", "hitori", "nurikabe", "skyscrapers", "sudoku",
          "tents")
CELLS = 400  # the largest boards (36x20 and more) take seconds each
SAMPLE = 8  # boards of each genre in the default run, spread over its file


def _entries(slow: bool) -> list[object]:
    out = []
    for genre in GENRES:
        entries = janko.boards(genre)
        if not slow:
            small = [e for e in entries if _cells(e) <= CELLS]
            entries = small[::max(1, len(small) // SAMPLE)][:SAMPLE]
        out += [pytest.param(genre, e, id=f"{genre}-{e['name']}") for e in entries]
    return out


def _cells(entry: dict[str, object]) -> int:
    _, cols, rows = str(entry["url"]).split("?", 1)[1].split("/")[:3]
    return int(cols) * int(rows)


@pytest.mark.parametrize(("genre", "entry"), _entries(slow=False))
def test_janko_answers_are_the_solutions(genre, entry):
    janko.holds(importlib.import_module(f"cpsolve.models.{genre}"), entry)


@pytest.mark.slow
@pytest.mark.parametrize(("genre", "entry"), _entries(slow=True))
def test_every_janko_answer_is_the_solution(genre, entry):
    janko.holds(importlib.import_module(f"cpsolve.models.{genre}"), entry)


def test_every_janko_file_of_this_form_is_held():
    written = {path.parent.name for path in janko.DATA.glob("*/janko.json")
               if janko.urls(path.parent.name)}
    # Balance and Hashiwokakero hold their files in their own tests, with answers of
    # their own forms.
    assert written - {"balance", "hashikake"} == set(GENRES)
