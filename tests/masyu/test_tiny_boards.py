"""Masyu's rules on every tiny board, by brute force: the answers are the single loops
(a simple cycle of at least four cells; the empty loop is no answer, so a board without
pearls still needs a loop) that keep every pearl's rule. The rules are written here
again, apart from the family's checker, and every backend and encoding must count
what they count, on every board from 1x1 to 3x4 without pearls, with each single
pearl, and with a few pearls at random."""

from __future__ import annotations

import random

import pytest

from cpsolve.models.masyu import Board, check, solve
from cpsolve.models.masyu.board import BLACK, EMPTY, WHITE
from cpsolve.result import Status
from tests.support.masyu_brute import cycles

METHODS = [{"backend": "sat"}, {"backend": "cpsat", "encoding": "circuit", "workers": 1},
           {"backend": "cpsat", "encoding": "flow", "workers": 1}]
SIZES = [(rows, cols) for rows in range(1, 4) for cols in range(1, 5)]


def keeps_pearls(board: Board, loop: frozenset[tuple[int, int]]) -> bool:
    """The pearls' rules, written apart from the checker: the loop passes every pearl;
    at a black one it turns and goes straight on through the next cell on both legs;
    at a white one it goes straight and turns in the cell before or after."""
    cols = board.cols

    def step(cell: int, dr: int, dc: int) -> int | None:
        r, c = divmod(cell, cols)
        r, c = r + dr, c + dc
        return r * cols + c if 0 <= r < board.rows and 0 <= c < cols else None

    def legs(cell: int) -> list[tuple[int, int]]:
        return [(dr, dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if (other := step(cell, dr, dc)) is not None
                and (min(cell, other), max(cell, other)) in loop]

    def straight(cell: int) -> bool:
        found = legs(cell)
        return len(found) == 2 and found[0][0] == -found[1][0] and found[0][1] == -found[1][1]

    for cell, pearl in enumerate(board.pearls):
        if pearl == EMPTY:
            continue
        found = legs(cell)
        if len(found) != 2:
            return False
        if pearl == BLACK:
            if straight(cell):
                return False
            for dr, dc in found:
                nxt = step(cell, dr, dc)
                if nxt is None or not straight(nxt):
                    return False
        else:
            if not straight(cell):
                return False
            ends = [step(cell, dr, dc) for dr, dc in found]
            if all(end is None or straight(end) for end in ends):
                return False
    return True


def brute(board: Board) -> set[frozenset[tuple[int, int]]]:
    return {loop for loop in cycles(board) if keeps_pearls(board, loop)}


def boards(rows: int, cols: int) -> list[Board]:
    cells = rows * cols
    out = [Board(rows, cols, (EMPTY,) * cells)]
    for cell in range(cells):
        for pearl in (WHITE, BLACK):
            out.append(Board(rows, cols, tuple(pearl if k == cell else EMPTY
                                               for k in range(cells))))
    rng = random.Random(f"{rows}x{cols}")
    for _ in range(4 if cells > 1 else 0):
        out.append(Board(rows, cols, tuple(rng.choice((EMPTY, EMPTY, WHITE, BLACK))
                                           for _ in range(cells))))
    return out


@pytest.mark.parametrize("rows, cols", SIZES)
def test_every_backend_counts_the_single_loops_brute_force_counts(rows, cols):
    for board in boards(rows, cols):
        expected = brute(board)
        for loop in expected:
            assert check(board, loop) == [], (board, loop)
        for options in METHODS:
            result = solve(board, limit=None, **options)
            assert result.complete, (board, options)
            assert set(result.solutions) == expected, (board, options)
            assert result.status is (Status.SOLVED if expected else Status.UNSOLVABLE)


def test_boards_without_pearls_need_a_loop_and_the_empty_one_is_no_answer():
    empty = Board(1, 1, (EMPTY,))
    assert check(empty, frozenset()) != []  # no loop: not an answer
    assert solve(empty).status is Status.UNSOLVABLE
    two = Board(2, 2, (EMPTY,) * 4)
    assert check(two, frozenset()) != []
    assert len(brute(two)) == 1 and solve(two, unique=True).unique is True
    assert len(brute(Board(3, 3, (EMPTY,) * 9))) == 13  # every simple cycle of 3x3


@pytest.mark.parametrize("rows, cols, code, unique_code", [(1, 1, 1, 1), (2, 2, 0, 0),
                                                           (4, 4, 0, 4)])
def test_boards_without_pearls_from_the_command_line(rows, cols, code, unique_code):
    """The exit statuses a user sees: 1 where no loop fits (1x1), 0 where one does,
    and with --unique 0 for the one loop of a 2x2 board, 4 for a 4x4's many."""
    from tests.support.cli import run

    board = f"{rows} {cols}\n" + "\n".join(" ".join("-" * cols) for _ in range(rows)) + "\n"
    for backend in ("sat", "cpsat"):
        assert run("masyu", "-", "--backend", backend, stdin=board).returncode == code
        assert run("masyu", "-", "--backend", backend, "--unique",
                   stdin=board).returncode == unique_code
