"""The setter's tools and the generator, checked by brute force on small boards of every
grid family the registry knows: the undetermined cells and the fixes, the clues in
conflict, the redundant clues, the minimized board, the grade, and generated boards of
each grade and symmetry."""

from __future__ import annotations

import pytest

from cpsolve import registry
from cpsolve.grid import setter
from cpsolve.grid.generate import clue_groups, generate
from cpsolve.grid.grading import grader_of
from cpsolve.grid.text import differing_cells
from cpsolve.result import Status
from tests.support.oracles import ORACLES, cases, oracle

GRID = [name for name in registry.names() if registry.load(name).kind.value == "grid"]


def test_every_grid_family_has_an_oracle_and_the_tools():
    assert set(GRID) <= set(ORACLES), "add the family to tests/support/oracles.py"
    for name in GRID:
        puzzle = oracle(name).puzzle
        assert puzzle.hints is not None and puzzle.layout is not None, name


@pytest.fixture(params=sorted(ORACLES))
def name(request: pytest.FixtureRequest) -> str:
    return request.param


def _varying(puzzle, board, every) -> list[tuple[int, int]]:
    first = puzzle.show(board, every[0])
    return sorted({cell for other in every[1:] for cell in
                   differing_cells(first, puzzle.show(board, other))})


def test_the_boards_cover_the_cases(name):
    counts = [len(every) for _, every in cases(name)]
    assert sum(c == 0 for c in counts) >= 10 and sum(c == 1 for c in counts) >= 10
    assert sum(c > 1 for c in counts) >= 10


def test_undetermined_cells_equal_brute_force(name):
    puzzle = oracle(name).puzzle
    for board, every in cases(name):
        found = setter.explain(puzzle, board, fixes=False)
        if not every:
            assert found.status is Status.UNSOLVABLE
            continue
        assert found.status is Status.SOLVED
        assert found.undetermined == _varying(puzzle, board, every), board
        assert found.unique is (len(every) == 1)
        assert found.first in every
        if len(every) > 1:
            assert found.second in every and found.second != found.first


def test_every_fix_leaves_exactly_one_solution_and_none_is_missed(name):
    found_any = 0
    check = oracle(name)
    puzzle = check.puzzle
    for board, _ in [case for case in cases(name) if len(case[1]) > 1][:30]:
        found = setter.explain(puzzle, board)
        for fix in found.fixes:
            assert len(check.solutions(fix.board)) == 1, (board, fix.text)
            found_any += 1
        assert [f.cost for f in found.fixes] == sorted(f.cost for f in found.fixes)
        if found.searched and len(found.fixes) < setter.MAX_FIXES:
            # Every edit the family offers that leaves one solution was found, but those
            # whose base alone is a fix already (the lesser change).
            edits = puzzle.hints.edits(board, set(found.undetermined))
            good = [e for e in edits if len(check.solutions(e.board)) == 1]
            bases = {e.base for e in good if e.clue is None and e.base is not None}
            expected = [e.text for e in good if e.base is None or e.clue is None
                        or e.base not in bases]
            assert sorted(f.text for f in found.fixes) == sorted(expected), board
    assert found_any >= 5


def test_the_clues_in_conflict_are_a_minimal_core_by_brute_force(name):
    check = oracle(name)
    puzzle, hints = check.puzzle, check.puzzle.hints
    seen = 0
    for board, every in cases(name):
        if every or not hints.clues(board):
            continue
        found = setter.conflict(puzzle, board)
        assert found.status is Status.UNSOLVABLE and found.minimal, board
        clues = hints.clues(board)
        others = [clue for clue in clues if clue not in found.clues]
        alone = hints.without(board, others)
        assert not check.solutions(alone), board  # the core alone has no solution
        for clue in found.clues:  # and without any one of them, the rest can hold
            if hints.monotone:
                assert check.solutions(hints.without(alone, [clue])), (board, clue)
                continue
            # a clue taken away is no relaxation: the core cannot hold whatever the
            # others (none of them with it holds either), and without any one of it,
            # some of the others let the rest hold
            for kept in _subsets(others):
                with_them = hints.without(board, [o for o in others if o not in kept])
                assert not check.solutions(with_them), (board, kept)
            assert any(check.solutions(hints.without(board, [clue, *(o for o in others
                                                                     if o not in kept)]))
                       for kept in _subsets(others)), (board, clue)
        seen += 1
    assert seen >= 5


def _subsets(items):
    from itertools import combinations

    return [list(c) for k in range(len(items) + 1) for c in combinations(items, k)]


def test_redundant_clues_by_brute_force(name):
    check = oracle(name)
    puzzle, hints = check.puzzle, check.puzzle.hints
    for board, every in cases(name):
        if len(every) != 1:
            continue
        found = setter.redundant(puzzle, board, every[0])
        assert found.status is Status.SOLVED and found.unique is True
        expected = [clue for clue in hints.clues(board)
                    if len(check.solutions(hints.without(board, [clue]))) == 1]
        if not hints.removable:  # clues that are the genre's rules are never offered
            expected = []
        assert found.clues == expected, board


def test_minimized_boards_by_brute_force(name):
    check = oracle(name)
    puzzle, hints = check.puzzle, check.puzzle.hints
    for board, every in cases(name):
        if len(every) != 1:
            continue
        found = setter.minimize(puzzle, board, every[0])
        assert found.minimal and found.unique
        assert check.solutions(found.board) == every, board
        if not hints.removable:  # clues that are the genre's rules all stay
            assert found.board == board and not found.removed
            continue
        for clue in hints.clues(found.board):  # no single clue left can go
            assert len(check.solutions(hints.without(found.board, [clue]))) > 1, (board, clue)


def test_the_grade_is_sound_and_proves_uniqueness(name):
    check = oracle(name)
    grader = grader_of(check.puzzle)
    graded = 0
    for board, every in cases(name):
        found = grader.grade(board)
        if found.name is None or found.answer is None:
            continue
        assert every == [found.answer], board  # decided: unique, and its answer
        graded += 1
    assert graded >= 5


# By default an easy board with the usual symmetry and a board of any grade without one;
# the other symmetries and grades with the slow tests (29 genres' generators).
@pytest.mark.parametrize("which, symmetry", [
    (0, "rot2"), (None, "none"),
    pytest.param(0, "mirror", marks=pytest.mark.slow),
    pytest.param(None, "rot2", marks=pytest.mark.slow),
    pytest.param(1, "none", marks=pytest.mark.slow),
    pytest.param(1, "rot2", marks=pytest.mark.slow)])
def test_generated_boards_are_unique_graded_and_symmetric(name, which, symmetry):
    check = oracle(name)
    grade = None if which is None else check.grades[which]
    puzzle = check.puzzle
    if symmetry not in puzzle.layout.symmetries:
        symmetry = puzzle.layout.symmetry  # a family whose layouts have none
    grader = grader_of(puzzle)
    rows, cols = check.graded if which == 1 and check.graded else check.size
    # Clues kept beyond those needed only where the family's density asks for them.
    minimal = {"density": 0.0} if puzzle.layout.clued else {}
    made = [generate(puzzle, rows, cols, grade=grade, symmetry=symmetry, seed=seed, **minimal)
            for seed in range(3)]
    boards = [m for m in made if m.board is not None]
    assert len(boards) >= 2, [m.reason for m in made]
    for m in boards:
        assert check.solutions(m.board) == [m.answer]  # unique, by brute force
        assert check.symmetric(m.board, m.answer, symmetry)
        graded = grader.grade(m.board)
        assert graded.name == m.grade
        if grade is not None:
            assert graded.name == grade
            level = list(grader.grades).index(grade)
            if level > 0:  # not decided by an easier grade
                assert grader.open_cells(m.board, level - 1)
        elif puzzle.hints.removable:  # every clue (or orbit of clues) needed
            hints = puzzle.hints
            clues = hints.clues(m.board)
            for group in clue_groups(puzzle, m.board, symmetry):
                fewer = hints.without(m.board, [clues[i] for i in group])
                assert len(check.solutions(fewer)) > 1, (m.board, group)
