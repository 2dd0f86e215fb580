"""What a setter asks, against brute force on small boards: undetermined cells and
fixes, the clues in conflict, redundant numbers, the minimized board, the grades."""

from __future__ import annotations

from functools import cache

import numpy as np

from cpsolve.grid import setter
from cpsolve.models.akari import AKARI, Board, parse
from cpsolve.models.akari.analysis import deduce
from cpsolve.models.akari.grading import OPEN, Engine, grade
from cpsolve.models.akari.layout import generate
from cpsolve.result import Status
from tests.support.akari_brute import solutions
from tests.support.boards import random_board


def explain(board: Board, **options):
    return setter.explain(AKARI, board, **options)


def conflict(board: Board):
    return setter.conflict(AKARI, board)


def redundant(board: Board, lights):
    return setter.redundant(AKARI, board, lights)


def minimize(board: Board, lights):
    return setter.minimize(AKARI, board, lights)


@cache
def brute(rows: tuple[str, ...]) -> tuple[frozenset[tuple[int, int]], ...]:
    return tuple(solutions(list(rows)))


def changed(rows: tuple[str, ...], cell: tuple[int, int], symbol: str) -> tuple[str, ...]:
    out = [list(row) for row in rows]
    out[cell[0]][cell[1]] = symbol
    return tuple("".join(row) for row in out)


def small_boards() -> list[tuple[str, ...]]:
    boards = [tuple(random_board(seed)) for seed in range(120)]
    boards += [generate(3 + s % 3, 3 + (s // 3) % 3, black=0.2 + (s % 4) / 20,
                        clues=[0.2, 0.5, 1.0][s % 3], seed=s)[0].rows for s in range(80)]
    return boards


BOARDS = small_boards()
SEVERAL = [rows for rows in BOARDS if len(brute(rows)) > 1]
UNIQUE = [rows for rows in BOARDS if len(brute(rows)) == 1]
NONE = [rows for rows in BOARDS if not brute(rows) and any(ch in "01234" for ch in
                                                           "".join(rows))]


def test_the_boards_cover_the_cases():
    assert len(SEVERAL) > 40 and len(UNIQUE) > 20 and len(NONE) > 20
    assert any(len(brute(rows)) == 2 for rows in SEVERAL)
    assert any(len(brute(rows)) > 10 for rows in SEVERAL)


def test_undetermined_cells_equal_brute_force():
    for rows in BOARDS:
        every = brute(rows)
        if not every:
            continue
        found = explain(Board(rows), fixes=False)
        whites = Board(rows).whites
        varying = sorted(c for c in whites if len({c in s for s in every}) == 2)
        assert found.status is Status.SOLVED
        assert found.undetermined == varying, rows
        assert found.unique is (len(every) == 1)
        assert found.first in every
        if len(every) > 1:
            assert found.second in every and found.second != found.first


def test_every_fix_leaves_exactly_one_solution_by_brute_force():
    listed = 0
    for rows in SEVERAL:
        found = explain(Board(rows))
        for fix in found.fixes:
            symbol = "#" if fix.number is None else str(fix.number)
            assert len(brute(changed(rows, fix.cell, symbol))) == 1, (rows, fix)
            assert fix.board.rows == changed(rows, fix.cell, symbol)
            assert rows[fix.cell[0]][fix.cell[1]] == ("." if fix.kind == "black" else "#")
            listed += 1
        # Numbers on black cells: every one that works is found, the least change first.
        if found.searched:
            numbers = {(f.cell, f.number) for f in found.fixes if f.kind == "number"}
            expected = {(cell, n) for cell in [(r, c) for r, row in enumerate(rows)
                                               for c, ch in enumerate(row) if ch == "#"]
                        for n in range(5)
                        if len(brute(changed(rows, cell, str(n)))) == 1}
            assert numbers == expected, rows
            kinds = [(f.kind == "black", f.number is not None) for f in found.fixes]
            assert kinds == sorted(kinds, key=lambda kind: (kind[0], kind[1]))
    assert listed > 40


def test_a_board_with_two_solutions_is_explained():
    assert len(brute(("..", ".."))) == 2
    found = explain(Board(("..", "..")))
    assert found.unique is False and found.first != found.second
    assert found.undetermined == sorted(found.first ^ found.second) == [
        (0, 0), (0, 1), (1, 0), (1, 1)]
    # Every single change that leaves one solution: no cell works made black alone; each
    # works numbered 0 or 2 (1 leaves none).
    expected = [(cell, symbol) for cell in [(0, 0), (0, 1), (1, 0), (1, 1)]
                for symbol in "#01234" if len(brute(changed(("..", ".."), cell, symbol))) == 1]
    assert [(f.cell, str(f.number)) for f in found.fixes] == expected
    assert [f.number for f in found.fixes] == [0, 2] * 4


def test_a_unique_board_has_nothing_undetermined(examples):
    for name in ("seed-7x7", "seed-8x8", "seed-18x10"):
        board = parse((examples / "akari" / f"{name}.txt").read_text())
        found = explain(board)
        assert found.unique is True and found.undetermined == [] and found.fixes == []
        assert found.second is None


def test_minimal_conflicts_by_brute_force():
    minimal = 0
    for rows in NONE:
        found = conflict(Board(rows))
        assert found.status is Status.UNSOLVABLE and found.clues, rows
        clues = {clue.cell for clue in found.clues}
        assert all(rows[r][c] in "01234" for r, c in clues)
        # The core alone has no solution (every other number removed) ...
        others = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row)
                  if ch in "01234" and (r, c) not in clues]
        alone = rows
        for cell in others:
            alone = changed(alone, cell, "#")
        assert not brute(alone), rows
        # ... and without any one of its clues, the rest can hold.
        if found.minimal:
            minimal += 1
            for cell in clues:
                assert brute(changed(alone, cell, "#")), (rows, cell)
    assert minimal == len(NONE)


def test_a_solvable_board_has_no_conflict():
    assert conflict(parse("7x7:e0a1c2cBqBcBc3a2e")).status is Status.SOLVED


def test_redundant_numbers_by_brute_force():
    for rows in UNIQUE:
        (lights,) = brute(rows)
        found = redundant(Board(rows), lights)
        assert found.status is Status.SOLVED and found.unique is True
        clues = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row)
                 if ch in "01234"]
        expected = [cell for cell in clues if len(brute(changed(rows, cell, "#"))) == 1]
        assert [clue.cell for clue in found.clues] == expected, rows


def test_redundant_on_a_board_that_is_not_unique():
    rows = SEVERAL[0]
    found = redundant(Board(rows), brute(rows)[0])
    assert found.unique is False and found.clues == []


def test_minimized_boards_by_brute_force():
    for rows in UNIQUE:
        (lights,) = brute(rows)
        found = minimize(Board(rows), lights)
        assert found.minimal and found.unique
        smaller = found.board.rows
        assert brute(smaller) == (lights,), rows
        assert all(rows[r][c] in "01234" and smaller[r][c] == "#"
                   for r, c in (clue.cell for clue in found.removed))
        for r, row in enumerate(smaller):
            for c, ch in enumerate(row):
                if ch in "01234":  # no single number left can go
                    assert len(brute(changed(smaller, (r, c), "#"))) > 1, (rows, (r, c))


def test_the_basic_rules_of_the_grading_engine_are_the_deductions():
    for rows in BOARDS + [generate(20, 15, seed=s, clues=0.6)[0].rows for s in range(20)]:
        board = Board(rows)
        expected = deduce(board)
        found = Engine(board).run(0)
        assert found.contradiction == (expected.contradiction is not None), rows
        if not found.contradiction:
            assert (found.state == expected.state).all(), rows


def test_every_level_of_deductions_is_sound():
    for rows in BOARDS:
        every = brute(rows)
        engine = Engine(Board(rows))
        for level in (0, 1, 2):
            found = engine.run(level)
            if found.contradiction:
                assert not every, (rows, level)
                continue
            for index, cell in enumerate(Board(rows).whites):
                if found.state[index] != OPEN:
                    assert all((cell in s) == (found.state[index] == 1) for s in every)
        graded = grade(Board(rows))
        if graded.name not in (None, "search"):
            assert every == (graded.answer,)


def test_the_seed_boards_grades(examples):
    """The 7x7 and 8x8 fall to the basic deductions; the 18x10 needs one-step trials."""
    expected = {"seed-7x7": "easy", "seed-8x8": "easy", "seed-18x10": "tricky"}
    for name, level in expected.items():
        board = parse((examples / "akari" / f"{name}.txt").read_text())
        found = grade(board)
        assert found.name == level, name
        assert found.counts["basic"] + found.counts["trial"] + found.counts["deep"] == len(
            board.whites)


def test_unused_numbers_can_all_go_at_once():
    """A run's unused clues can go together: the same deductions decide every cell."""
    for seed in range(10):
        board, _ = generate(12, 12, seed=seed)
        engine = Engine(board)
        for level in (0, 1, 2):
            found = engine.run(level)
            if not found.solved:
                continue
            numbers = engine.numbers.copy()
            numbers[~found.used] = -1
            again = engine.run(level, numbers)
            assert again.solved and (again.state == found.state).all()


def test_given_cells_only_help():
    """From cells of the solution given, the deductions decide at least as much (the
    generator's quick test that a removal spoils a board rests on it)."""
    for rows in UNIQUE:
        (lights,) = brute(rows)
        board = Board(rows)
        engine = Engine(board)
        for keep in (0.2, 0.5):
            given = np.array([(1 if cell in lights else 0) if (i * 7919) % 10 < keep * 10
                              else OPEN for i, cell in enumerate(board.whites)], dtype=np.int8)
            for level in (0, 1, 2):
                plain = engine.run(level)
                helped = engine.run(level, given=given)
                assert not helped.contradiction
                assert ((plain.state == OPEN) | (plain.state == helped.state)).all(), rows
