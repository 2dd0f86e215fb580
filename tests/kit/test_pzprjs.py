"""pzprjs, puzz.link's own code, as a second judge no one here wrote: every answer
cpsolve gives on every grid genre's published boards is drawn on pzprjs's reading of the
board's puzz.link URL and must pass pzprjs's answer checker, and a spoilt copy of each
must not (:mod:`tests.support.pzprjs`); the URL pzprjs writes for the board it read is
read by cpsolve as the board it wrote. The boards are each genre's published cases (its
``cases.toml``), a board's every answer where it has two."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cpsolve import registry
from cpsolve.family import Kind
from cpsolve.grid import cases as genre_cases
from cpsolve.grid.rooms import UNKNOWN, Rooms, numbered
from cpsolve.grid.solve import solve
from tests.support.pzprjs import Judge, drawn, size, spoilt

GRID = [name for name in registry.names() if registry.load(name).kind is Kind.GRID]
LIMIT = 30.0  # seconds a board's solve may take; the slow published boards are left out


@pytest.fixture(scope="module")
def judge() -> Iterator[Judge]:
    made = Judge()
    yield made
    made.close()


@pytest.mark.parametrize("name", GRID)
def test_pzprjs_accepts_every_answer_and_refuses_a_spoilt_one(name, judge):
    grid = registry.load(name).grid
    published = genre_cases.of(registry.target(name).split(":")[0]).published
    checked = 0
    for case in published:
        if case.slow or case.outcome not in ("unique", "not unique"):
            continue
        board = grid.parse(case.board)
        url = grid.exports["url"](board)
        result = solve(grid, board, limit=2, time_limit=LIMIT)
        assert result.solutions, (case.board, result.reason)
        for answer in result.solutions:
            said = judge(url, drawn(grid, board, answer))
            assert (said["rows"], said["cols"]) == size(board), (url, said)
            assert said["complete"], (url, said)
            checked += 1
        again = grid.parse(said["url"])  # pzprjs's own URL of what it read
        assert again == board or again == _without_question_marks(board), (url, said["url"])
        if case.outcome == "unique":  # another answer could pass where there are two
            said = judge(url, drawn(grid, board, spoilt(board, result.solutions[0])))
            assert not said["complete"], (url, "a spoilt answer passed")
    assert checked >= 3, name


def _without_question_marks(board: object) -> object:
    """A board of rooms without its rooms' "?" (``.`` in a URL), which this older
    pzprjs reads as no number (puzz.link's reads it as "?"; neither asks anything of
    the answer)."""
    if not isinstance(board, Rooms):
        return board
    return numbered(board, {room: None for room, number in enumerate(board.numbers)
                            if number == UNKNOWN})
