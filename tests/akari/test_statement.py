"""Akari's own SAT builders (the deductions, then the model in C or plain Python, or
numpy on large boards: cpsolve.models.akari.encodings) held to the statement they stand
in for (cpsolve.models.akari.rules): on small boards, the statement's own compiled SAT
model (no deductions) and the fast path give the brute-force answers, each encoding and
cardinality encoding; after the deductions, the statement's model of what they leave is
the fast path's, clause for clause; and so is the setter's clue model, built in bulk."""

from __future__ import annotations

import pytest

from cpsolve.backends.sat import enumerate_solutions
from cpsolve.models.akari import AKARI, Board, solve
from cpsolve.models.akari.encodings import build_sat
from cpsolve.models.akari.hints import HINTS
from cpsolve.models.akari.layout import generate
from cpsolve.models.akari.rules import STATEMENT
from tests.akari.test_solve import long_boards
from tests.support.akari_brute import solutions as brute_solutions
from tests.support.boards import random_board


def boards() -> list[Board]:
    """Random boards (clues 0-2, often unsolvable), segments past the counter's ten
    cells, and boards made from a placement (solvable, clues 0-4)."""
    rows = [random_board(seed, 4) for seed in range(150)] + long_boards()
    rows += [list(generate(2 + s % 4, 2 + (s * 5) % 4, black=0.2, clues=[0.3, 1.0][s % 2],
                           seed=s)[0].rows) for s in range(30)]
    return [Board(tuple(r)) for r in dict.fromkeys(map(tuple, rows))]


BOARDS = boards()


def statement_answers(board: Board, **options: str) -> list[frozenset[tuple[int, int]]]:
    found = enumerate_solutions(STATEMENT.sat(board, **options), limit=None)
    assert found.exhausted
    return [STATEMENT.answer(board, values) for values in found.solutions]


def test_the_boards_cover_the_cases():
    counts = [len(brute_solutions(list(board.rows))) for board in BOARDS]
    assert 0 in counts and 1 in counts and max(counts) > 10
    assert any(len(row) > 10 for board in BOARDS for row in board.rows)


@pytest.mark.parametrize("card", ["direct", "seqcounter", "totalizer"])
@pytest.mark.parametrize("encoding", ["sight", "segments"])
def test_the_statement_and_the_fast_path_give_the_same_answers(encoding, card):
    for board in BOARDS:
        expected = set(brute_solutions(list(board.rows)))
        ours = statement_answers(board, encoding=encoding, card=card)
        assert len(ours) == len(set(ours)) == len(expected), (board.rows, encoding, card)
        assert set(ours) == expected, (board.rows, encoding, card)
        for deductions in (True, False):
            fast = solve(board, backend="sat", encoding=encoding, card=card, limit=None,
                         deductions=deductions)
            assert fast.complete and fast.count == len(ours), (board.rows, deductions)
            assert set(fast.solutions) == expected, (board.rows, encoding, card, deductions)


def clauses(model) -> list[list[int]]:
    """The clauses, each as the set of its literals (a cell whose row and column are
    that cell alone asks for its light twice in the statement, once in the fast path)."""
    return sorted(sorted(set(clause)) for clause in model.clauses())


@pytest.mark.parametrize("deductions", [True, False])
@pytest.mark.parametrize("encoding", ["sight", "segments"])
def test_after_the_deductions_the_fast_path_builds_the_statements_clauses(encoding,
                                                                          deductions):
    """With ``direct`` cardinalities, on boards whose runs are all written pairwise (a
    counter's variables are numbered in another order)."""
    compared = 0
    for board in BOARDS:
        if any(len(run) > 10 for run in board.tables.segments):
            continue
        prepared = AKARI.prepare(board, deductions)
        if prepared.contradiction is not None or prepared.solved:
            continue
        fast = build_sat(prepared, encoding=encoding)
        ours = STATEMENT.sat(board, decided=prepared.decided, encoding=encoding,
                             card="direct")
        assert (ours.nvars, list(ours.projection)) == (fast.nvars, list(fast.projection))
        assert clauses(ours) == clauses(fast), board.rows
        compared += 1
    assert compared > 40


def test_the_clue_model_is_the_statements():
    """The setter's clue model: the lit board's clauses and every number's under its
    selector, built in bulk, are the statement's (its base and its guarded clues)."""
    compared = 0
    for board in BOARDS:
        if any(len(run) > 10 for run in board.tables.segments):
            continue  # a counter's variables
        ours, fast = STATEMENT.base(board), HINTS.rules(board)
        assert (ours.nvars, list(ours.projection)) == (fast.nvars, list(fast.projection))
        assert clauses(ours) == clauses(fast), board.rows
        given = STATEMENT.clues(board)
        selectors = list(range(fast.nvars + 1, fast.nvars + 1 + len(given)))
        top = fast.nvars + len(given)
        bulk, _ = HINTS.guarded(board, given, selectors, top)
        stated, _ = STATEMENT.guarded(board, given, selectors, top)
        assert sorted(map(sorted, (c for g in bulk for c in _rows(g)))) == \
            sorted(map(sorted, (c for g in stated for c in _rows(g)))), board.rows
        compared += 1
    assert compared > 100


def _rows(group) -> list[list[int]]:
    return group.tolist() if hasattr(group, "tolist") else group
