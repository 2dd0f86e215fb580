"""Penpa+ links, read and written as penpa-edit writes them: real links of public
collections (the samples of kevinychen/nikoli-puzzle-solver, the examples of noqx),
what each board shows, each solved uniquely and carried to puzz.link and back, links
written laid out as the editor lays out its own, and links that show more than a
genre's board has, refused with their place."""

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


def links(genre: str) -> list[tuple[str, str]]:
    """A genre's real links, each with the line above it: its source, and why it is
    known to be unique."""
    lines = (DATA / f"{genre}.txt").read_text().splitlines()
    return [(lines[i - 1], line) for i, line in enumerate(lines) if line.startswith("http")]


def link(genre: str) -> str:
    return links(genre)[0][1]


REAL = [pytest.param(genre, k, id=f"{genre}-{k + 1}",
                     marks=[pytest.mark.slow] if "(slow" in source else [])
        for genre in sorted(p.stem for p in DATA.glob("*.txt")
                            if p.stem not in ("refused", "rewritten"))
        for k, (source, _) in enumerate(links(genre))]


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
    # another genre's board: Nurikabe's numbers as Heyawake's rooms' (one room)
    done = run("heyawake", PREFIX + nurikabe)
    assert done.returncode == 2 and done.stderr.endswith(
        "a second number in the room of the one at row 1, column 2 of the Penpa+ link (at "
        "row 4, column 2 of the Penpa+ link)\n")


@pytest.mark.parametrize("damaged", ["", "abc", "!!!!", "7VRdb9ow"])
def test_a_damaged_link_is_one_located_line(damaged):
    done = run("nurikabe", PREFIX + damaged)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr
    with pytest.raises(InputError):
        penpa.read(PREFIX + damaged)


@pytest.mark.parametrize(("genre", "index"), REAL)
def test_real_links_solve_uniquely_and_go_to_puzz_link_and_back(genre, index):
    from cpsolve import registry
    from cpsolve.grid.solve import solve

    grid = registry.load(genre).grid
    source, real = links(genre)[index]
    board = grid.parse(real)
    if "undecided" not in source:  # a 15x15 Numberlink takes longer than a test may
        result = solve(grid, board, unique=True, time_limit=60)
        assert result.unique is True, result.reason
        assert grid.check(board, result.solution) == []
    written = grid.exports["penpa"](board)
    assert grid.parse(written) == board
    url = grid.exports["url"](board)
    assert grid.parse(url) == _placed(board)
    assert grid.exports["penpa"](grid.parse(url)) == grid.exports["penpa"](
        _placed(board))  # puzz.link -> Penpa+
    assert grid.exports["url"](grid.parse(written)) == url  # Penpa+ -> puzz.link


def _placed(board: object) -> object:
    """``board`` with its rooms' numbers where a URL puts them (in the room's first
    cell of its leftmost column): a Penpa+ link may write one in any cell of its room."""
    from dataclasses import replace

    from cpsolve.grid.rooms import Rooms, clue_cells

    if not isinstance(board, Rooms):
        return board
    return replace(board, clue_cell=clue_cells(board.grid, board.room))


def _text(url: str) -> list[str]:
    return penpa.text_of(url).split("\n")


@pytest.mark.parametrize(("genre", "index"), [p for p in REAL if "noqx" in
                                              links(p.values[0])[p.values[1]][0]])
def test_links_are_written_as_the_editor_writes_its_own(genre, index):
    """noqx's examples were made by the editor's own puzz.link import: the link written
    for the board read from one has its grid, margins, view, cells and marks where the
    editor put them."""
    from cpsolve import registry

    grid = registry.load(genre).grid
    real = links(genre)[index][1]
    ours, theirs = _text(grid.exports["penpa"](grid.parse(real))), _text(real)
    assert len(ours) == 19
    assert ours[0].split(",")[1:11] == theirs[0].split(",")[1:11]  # size, view, centre
    assert ours[1] == theirs[1] and ours[5] == theirs[5]  # margins, the board's cells
    mine, real_layer = json.loads(ours[3]), json.loads(theirs[3])
    shaded = set(real_layer["surface"])  # a shaded Yajilin cell: a clue, written "?"
    for key in ("number", "symbol", "surface"):
        assert set(mine[key]) <= set(real_layer[key]) | shaded, key
    if genre != "yajilin":  # its editor boxes a clue cell in
        assert mine["lineE"] == real_layer["lineE"]  # the regions' borders, style 2
    dots = ["3", "1", "2"]  # the grid's points only (Slitherlink)
    assert (json.loads(ours[2])["grid"] == dots) == (json.loads(theirs[2])["grid"] == dots)


def test_links_that_show_another_rule_are_refused_with_their_place():
    lines = (DATA / "refused.txt").read_text().splitlines()
    said = {}
    for line in lines:
        if not line.startswith("#"):
            genre, url = line.split()
            done = run(genre, url)
            assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr
            said[genre] = done.stderr
    assert said["starbattle"] == (
        "cpsolve: <argument>:1:1: a Penpa+ link gives the stars per row, column and region "
        "as one number outside the board; this one has 0\n")


def test_a_written_link_is_what_the_editor_reads():
    board = penpa.Board(2, 3, numbers={(0, 0): "2"}, arrows={(1, 2): ("3", "w")},
                        surface={(0, 1): 4}, symbols={(1, 0): ("circle_L", 1)},
                        borders={((0, 1), (0, 2)), ((0, 2), (1, 2))},
                        margin={(-1, 1): "2", (-1, 2): ("star", 2)})
    text = _text(penpa.write(board))
    assert text[0].startswith("square,5,4,38,0,1,1,228,190,")
    assert json.loads(text[1]) == [1, 1, 1, 1]
    layer = json.loads(text[3])
    # the cell at row 1, column 3 (0-based) is point (1 + 3) * 9 + 2 + 3 = 41
    assert layer["number"]["41"] == ["3_1", 1, "2"]
    assert layer["number"]["30"] == ["2", 1, "1"]
    assert layer["surface"] == {"31": 4}
    assert penpa.read(penpa.write(board)) == board


def test_links_the_editor_writes_again_read_as_the_board_written():
    """Each genre's example written as a Penpa+ link, opened in the editor and written
    again by its own share link (from a copy of the editor served elsewhere: any
    address with the editor's parameters is read), reads as the example's board."""
    from cpsolve import registry

    root = Path(__file__).parents[2]
    rows = [line.split() for line in (DATA / "rewritten.txt").read_text().splitlines()
            if not line.startswith("#")]
    assert len(rows) == 13
    for genre, example, url in rows:
        grid = registry.load(genre).grid
        board = grid.parse((root / example).read_text())
        assert grid.parse(url) == board, genre
        assert grid.parse(grid.exports["penpa"](board)) == board
