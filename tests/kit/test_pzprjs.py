"""pzprjs, puzz.link's own code, as a second judge no one here wrote: every answer
cpsolve gives on every grid genre's published boards is drawn on pzprjs's reading of the
board's puzz.link URL and must pass pzprjs's answer checker, and a spoilt copy of each
must not (:mod:`tests.support.pzprjs`); the URL and the save file pzprjs writes for the
board it read are read by cpsolve as the board it wrote. The boards are each genre's
published cases (its ``cases.toml``), a board's every answer where it has two."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from cpsolve import registry
from cpsolve.family import Kind
from cpsolve.grid import cases as genre_cases
from cpsolve.grid.boards import NumberGrid
from cpsolve.grid.rooms import UNKNOWN, Rooms, numbered
from cpsolve.grid.solve import solve
from tests.support.pzprjs import Judge, drawn, size, spoilt

GRID = [name for name in registry.names() if registry.load(name).kind is Kind.GRID]
# Genres the npm pzpr release the judge runs (0.10.1) lacks: their tests hold their
# answers to pzprjs's own test script's verdicts instead (tests/GENRE/).
LIMIT = 30.0  # seconds a board's solve may take; the slow published boards are left out
# Genres the npm package (pzpr 0.10.1) does not know, each with why; their own tests
# hold their answers to pzprjs's test script's verdicts instead.
ABSENT = {"nurimisaki": "pzpr 0.10.1 has no Nurimisaki (puzz.link's pzprjs added it later)",
          "dbchoco": "pzpr 0.10.1 has no Double Choco (puzz.link's pzprjs added it later)",
          "balance": "pzpr 0.10.1 has no Balance Loop (puzz.link's pzprjs added it later)",
          "tents": "pzpr 0.10.1 has no Tents (puzz.link's pzprjs added it later)",
          "nonogram": "pzpr 0.10.1 has no Nonogram (puzz.link's pzprjs added it later)"}
# Genres whose URLs the npm package reads in part, each with what it leaves out: their
# boards that need the rest are not judged, and a URL it reads is compared without it.
OLDER = {"skyscrapers": "pzpr 0.10.1 reads no given heights from a URL (its building.js "
                        "reads the clues outside the grid alone; puzz.link's reads both)",
         "kakuro": "pzpr 0.10.1 writes no sum as 0 and reads a character it does not know as "
                   "0 (puzz.link's writes and reads '-'); a sum of 0 asks nothing in either"}


@pytest.fixture(scope="module")
def judge() -> Iterator[Judge]:
    made = Judge()
    yield made
    made.close()


@pytest.mark.parametrize("name", GRID)
def test_pzprjs_accepts_every_answer_and_refuses_a_spoilt_one(name, judge):
    if name in ABSENT:
        pytest.skip(ABSENT[name])
    grid = registry.load(name).grid
    published = genre_cases.of(registry.target(name).split(":")[0]).published
    checked = 0
    for case in published:
        if case.slow or case.outcome not in ("unique", "not unique"):
            continue
        board = grid.parse(case.board)
        if _unjudged(board) or (name in OLDER and _without_numbers(board) != board):
            continue
        url = grid.exports["url"](board)
        result = solve(grid, board, limit=2, time_limit=LIMIT)
        assert result.solutions, (case.board, result.reason)
        for answer in result.solutions:
            said = judge(url, drawn(grid, board, answer))
            assert (said["rows"], said["cols"]) == size(board), (url, said)
            assert said["complete"], (url, said)
            checked += 1
        board = grid.parse(url)  # as the URL has it (a Penpa+ link's numbers sit in any
        # cell of their rooms; a URL puts them in the room's first)
        if getattr(board, "drawn", None):  # drawn in a Fillomino: puzz.link's pzprjs
            # reads them, this older one does not (it reads, writes and saves the rest)
            board = dataclasses.replace(board, drawn=frozenset())
        again = grid.parse(said["url"])  # pzprjs's own URL of what it read
        assert again == board or again == _without_question_marks(board) or (
            name in OLDER and _without_numbers(again) == _without_numbers(board)), (
            url, said["url"])
        saved = grid.parse(said["file"])  # and its own save file (pzprv3), which
        # writes rooms cell by cell and so loses the walls inside them
        unwalled = dataclasses.replace(board, walls=()) if getattr(board, "walls", ()) else board
        assert saved in (unwalled, _without_question_marks(unwalled)) or (
            name in OLDER and _without_numbers(saved) == _without_numbers(board)), (
            url, said["file"])
        if case.outcome == "unique":  # another answer could pass where there are two
            said = judge(url, drawn(grid, board, spoilt(board, result.solutions[0], name)))
            assert not said["complete"], (url, "a spoilt answer passed")
    assert checked >= 3, name


def _unjudged(board: object) -> bool:
    """A board the judge cannot take: one with cells in no region, which a URL cannot
    write (pzprjs has none), or a Tapa board with a '?' in a clue: this pzprjs's checker
    compares a clue's numbers with the runs as sorted strings, so a '?' never passes
    (puzz.link's own skips it)."""
    if getattr(board, "holes", None):
        return True
    clues = getattr(board, "clues", None)
    return bool(clues) and any(isinstance(clue, tuple) and any(
        isinstance(n, int) and n < 0 for n in clue) for clue in clues)  # type: ignore[union-attr]


def _without_numbers(board: object) -> object:
    """A board of a genre of :data:`OLDER` without the numbers in its cells (Kakuro's:
    without its sums of 0)."""
    if hasattr(board, "plain"):
        return board.plain()
    if not isinstance(board, NumberGrid):
        return board
    return board.renumbered(dict.fromkeys(range(board.cells)))


def _without_question_marks(board: object) -> object:
    """A board of rooms without its rooms' "?" (``.`` in a URL), which this older
    pzprjs reads as no number (puzz.link's reads it as "?"; neither asks anything of
    the answer)."""
    if not isinstance(board, Rooms):
        return board
    return numbered(board, {room: None for room, number in enumerate(board.numbers)
                            if number == UNKNOWN})


CUTS = 8  # cuts and single-character changes of each published URL, at seeded places
URLS = 6  # published puzz.link URLs a genre


def _pzprjs_board(grid: object, said: dict | None, board: object) -> object:
    """The board pzprjs read, as cpsolve reads it: a grid of numbers cell by cell
    (pzprjs writes some numbers in a form it reads back otherwise: Hitori's 16 to
    35), any other board from the URL pzprjs writes; ``None`` when pzprjs made no
    board of it (it gave up, read a number as NaN, or wrote a board cpsolve refuses:
    a size it cannot read back, a number the genre has not)."""
    from cpsolve.errors import InputError
    from cpsolve.grid.puzzlink import UNKNOWN as ASKED

    if said is None or "error" in said or not said.get("pid") or None in said["qnums"] \
            or "NaN" in said["url"]:
        return None  # a number pzprjs read as NaN (a token cut in two) is no board
    if isinstance(board, NumberGrid):
        numbers = tuple(None if q == -1 else ASKED if q == -2 else q for q in said["qnums"])
        for shown in (numbers, tuple(None if n == ASKED else n for n in numbers)):
            try:  # Slitherlink's "?", which says nothing, is read as no number
                return dataclasses.replace(board, rows=said["rows"], cols=said["cols"],
                                           numbers=shown)
            except ValueError:
                continue
        return numbers  # numbers the genre has not: equal to no board cpsolve reads
    try:
        return grid.parse(said["url"])  # type: ignore[attr-defined]
    except InputError:
        return None


@pytest.mark.parametrize("name", GRID)
def test_urls_cut_or_changed_are_read_as_pzprjs_reads_them(name, judge):
    if name in ABSENT:
        pytest.skip(ABSENT[name])
    """Each published URL cut short at random places, and with one character changed:
    a cut pzprjs reads, cpsolve reads as the same board (the rest of the board empty);
    a changed URL cpsolve reads is pzprjs's board, or refused with the place of a
    character that means nothing there (where pzprjs guesses). Never a board of its
    own."""
    if name in ABSENT:
        pytest.skip(ABSENT[name])
    import random

    from cpsolve.errors import InputError
    from cpsolve.grid.puzzlink import split

    grid = registry.load(name).grid
    published = genre_cases.of(registry.target(name).split(":")[0]).published
    urls = [c.board for c in published
            if c.board.startswith("https://puzz.link/p?") and c.outcome != "bad input"]
    rng = random.Random(name)
    compared = 0
    for url in urls[:URLS]:
        start = url.index("?") + 1
        body = url[start:]
        begins = split(url, {url[start:].split("/")[0]: name}).offset - start
        variants = [(url[:start] + body[:rng.randrange(begins, len(body))], True)
                    for _ in range(CUTS)]  # the body cut short (the size kept)
        for _ in range(CUTS):
            k = rng.randrange(len(body))
            char = rng.choice("0123456789abcdefghijklmnopqrstuvwxyz.-+/")
            variants.append((url[:start] + body[:k] + char + body[k + 1:], False))
        for variant, cut in variants:
            try:
                ours = grid.parse(variant)
            except InputError as error:
                ours = error
            said = judge.read(variant)
            if said is not None and (said.get("error") or not said.get("pid")):
                said = None
            theirs = _pzprjs_board(grid, said, ours)
            if name in OLDER and theirs is not None and not isinstance(ours, InputError):
                theirs = _without_numbers(_pzprjs_board(grid, said, None))  # its URL
                ours = _without_numbers(ours)
            if theirs is None:
                continue  # pzprjs made no board of it: cpsolve may refuse it or read it
            if isinstance(ours, InputError):
                assert not cut, (variant, "a cut pzprjs reads is refused", ours.message)
                assert ours.column, (variant, ours.message)
                continue
            assert ours == theirs or _without_question_marks(ours) == theirs, (
                variant, said["url"])
            compared += 1
    assert compared >= 10, name
