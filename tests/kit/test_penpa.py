"""Penpa+ links, read as penpa-edit writes them: real links of public collections (the
samples of kevinychen/nikoli-puzzle-solver), what each board shows, and links that
show more than a genre's board has, refused with their place."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import pytest

from cpsolve.errors import InputError
from cpsolve.grid import penpa
from tests.support.cli import run

PREFIX = "https://swaroopg92.github.io/penpa-edit/#m=edit&p="
DATA = Path(__file__).parents[1] / "data" / "penpa"
BOARDS = {  # genre: the board its link shows, as grid text
    "masyu": '5 5\n- b - - -\n- - - - -\n- - - - b\nw - - - -\n- - w - -',
    "nurikabe": '5 5\n- 5 - - -\n- - - - -\n- - - - -\n- 3 - - -\n- - 4 - -',
    "fillomino": '5 5\n- - - - 2\n- 1 2 - -\n- - - - -\n- - 2 - -\n5 6 - - 3',
    "slitherlink": '5 5\n- - - 1 2\n2 3 3 - -\n- - - - 3\n1 - - - -\n1 - - 2 1',
}


def _board_text(genre: str, text: str) -> str:
    done = run(genre, "-", "--format", "grid", stdin=text)
    assert done.returncode == 0, done.stderr
    return done.stdout


def link(genre: str) -> str:
    return (DATA / f"{genre}.txt").read_text().strip()


def payload(genre: str) -> str:
    return link(genre).split("p=", 1)[1]


@pytest.mark.parametrize("genre", sorted(BOARDS))
def test_real_penpa_links_read_as_the_boards_they_show_and_solve_uniquely(genre):
    shown = run(genre, link(genre), "--format", "grid")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == _board_text(genre, BOARDS[genre])
    assert run(genre, link(genre), "--unique").returncode == 0


def _edited(payload: str, change) -> str:
    """The link with its puzzle layer changed by ``change(layer)``."""
    lines = penpa.text_of(PREFIX + payload).split("\n")
    layer = json.loads(lines[3])
    change(layer)
    lines[3] = json.dumps(layer)
    text = "\n".join(lines).replace("z", "zZ")  # the writer's own codes are not needed
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode()) + packer.flush()
    return PREFIX + base64.b64encode(packed).decode()


def test_what_a_genre_does_not_have_is_refused_with_its_place():
    nurikabe = payload("nurikabe")
    # the same link written again reads the same (the test's writer is faithful)
    assert penpa.read(_edited(nurikabe, lambda layer: None)).numbers == \
        penpa.read(PREFIX + nurikabe).numbers
    shaded = _edited(nurikabe, lambda layer: layer["surface"].update({"40": 4}))
    done = run("nurikabe", shaded)
    assert done.returncode == 2
    assert done.stderr == ("cpsolve: <argument>:1:1: the Penpa+ link has shaded cells (the "
                           "first at row 3, column 3), which Nurikabe boards do not have\n")
    wrong = _edited(nurikabe, lambda layer: layer["number"].update({"40": ["x", 1, "1"]}))
    assert "'x' is no number (at row 3, column 3 of the Penpa+ link)" in run(
        "nurikabe", wrong).stderr
    thermo = _edited(nurikabe, lambda layer: layer.update(thermo=[[40, 41]]))
    assert "'thermo' marks" in run("nurikabe", thermo).stderr
    square = _edited(payload("masyu"),
                     lambda layer: layer["symbol"].update({"40": [1, "square_L", 1]}))
    assert "a square_L of style 1 at row 3, column 3" in run("masyu", square).stderr
    # genres that do not read them say so
    done = run("heyawake", PREFIX + nurikabe)
    assert done.returncode == 2 and "not read from Penpa+ links" in done.stderr


@pytest.mark.parametrize("damaged", ["", "abc", "!!!!", "7VRdb9ow"])
def test_a_damaged_link_is_one_located_line(damaged):
    done = run("nurikabe", PREFIX + damaged)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr
    with pytest.raises(InputError):
        penpa.read(PREFIX + damaged)
