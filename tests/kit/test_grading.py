"""The kit's grade: the hardest kind of step a board's solve needs, found without making
the steps. Real boards get the grade measured for them, the same on every run; on every
genre's published boards it is the grade of the steps the hints make (``--steps``, the
engine's own greedy solve); a board without an answer has no grade."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpsolve import registry
from cpsolve.grid import cases
from cpsolve.grid.grading import GRADES, grade, grader_of
from cpsolve.grid.solve import solve
from cpsolve.grid.steps import KINDS, Stepper
from cpsolve.limits import Deadline, TimeUp

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# (genre, board, grade): each grade of the scale, in genres with and without chains
BOARDS = [
    ("heyawake", (EXAMPLES / "heyawake" / "site-6x6.txt").read_text(), "tough"),
    ("heyawake", "https://puzz.link/p?heyawake/6/6/giijjjvg7s0011g3g2g2g", "tough"),
    ("heyawake", "https://puzz.link/p?heyawake/6/6/22eeee0f006032g112", "diabolical"),
    ("masyu", "https://puzz.link/p?mashu/7/7/13001320061300260", "tough"),
    ("masyu", "https://puzz.link/p?mashu/6/6/003600200i00", "diabolical"),
    ("sudoku", "https://puzz.link/p?sudoku/9/9/k13m27h476h39h825zg841h29h538h18m96k", "gentle"),
    ("sudoku", "https://puzz.link/p?sudoku/6/6/g3h2g5j6h1l4h6j3g5g6h", "tough"),
    ("nurikabe", "https://puzz.link/p?nurikabe/3/3/1g1i1g1", "gentle"),
    ("nurikabe", "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g", "moderate"),
    ("kurodoko", "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i", "moderate"),
    ("kurodoko", "https://puzz.link/p?kurodoko/6/5/h2j2h3r5g2j", "tough"),
    ("shikaku", "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j", "moderate"),
]


def _hardest_step(puzzle, board) -> str:
    """The grade of the steps ``--steps`` makes, each step's quiet ones included."""
    with Stepper(puzzle, board, Deadline(60)) as stepper:
        steps = stepper.steps()
    return GRADES[KINDS.index(max((s.hardest for s in steps), key=KINDS.index,
                                  default="rule"))]


@pytest.mark.parametrize("name, text, expected", BOARDS,
                         ids=[f"{b[0]}-{k}" for k, b in enumerate(BOARDS)])
def test_real_boards_get_their_measured_grade_the_steps_grade(name, text, expected):
    puzzle = registry.load(name).grid
    board = puzzle.parse(text)
    first, second = grade(puzzle, board), grade(puzzle, board)
    assert (first.name, first.counts) == (second.name, second.counts)
    assert first.name == expected, (first.name, first.counts)
    assert first.answer == solve(puzzle, board, unique=True).solution
    kinds = [kind for kind in KINDS if first.counts[kind]]
    assert kinds[-1] == KINDS[GRADES.index(expected)], first.counts  # its hardest kind
    assert _hardest_step(puzzle, board) == expected


@pytest.mark.slow
@pytest.mark.parametrize("name", [n for n in registry.names()
                                  if registry.load(n).grid is not None and n != "akari"])
def test_the_grade_is_the_steps_grade_on_every_published_board(name):
    """On up to six published unique boards of every genre (Akari grades by its own
    rules), the grade found by fixpoints is the hardest kind of step the hints' greedy
    solve takes: the two ways of reading the scale are one."""
    puzzle = registry.load(name).grid
    published = cases.of(registry.target(name).split(":")[0]).published
    boards = [c.board for c in published if c.outcome == "unique" and not c.slow][:6]
    compared = 0
    for text in boards:
        board = puzzle.parse(text)
        found = grade(puzzle, board, Deadline(60))
        if found.timed_out:
            continue
        try:
            steps = _hardest_step(puzzle, board)
        except TimeUp:
            continue
        assert found.name == steps, (text, found.counts)
        compared += 1
    assert compared >= min(2, len(boards))


def test_a_board_without_an_answer_has_no_grade():
    heyawake = registry.load("heyawake").grid
    found = grade(heyawake, heyawake.parse("2 2\n4 -\n- -\na a\na a\n"))
    assert found.name is None and found.contradiction and not found.timed_out


def test_the_generator_s_levels_are_the_grades_reasoning():
    """A gentle board is decided by one clue or rule at a time; a moderate one needs
    them together (propagation), which the gentle level leaves open."""
    nurikabe = registry.load("nurikabe").grid
    grader = grader_of(nurikabe)
    gentle = nurikabe.parse("https://puzz.link/p?nurikabe/3/3/1g1i1g1")
    moderate = nurikabe.parse("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g")
    assert grader.open_cells(gentle, 0) == set()
    assert grader.open_cells(moderate, 0) and grader.open_cells(moderate, 1) == set()
    assert grader.targets == GRADES
