"""The genres' techniques (:mod:`cpsolve.grid.techniques`): every technique a genre lists
names some step of its published boards (a name that never fits is a typo or a dead
pattern), the names land in the sentences, the JSON and the summary of ``--steps``, and
on small boards the steps get the names a player would give them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cpsolve import registry
from cpsolve.family import Kind
from cpsolve.grid.steps import Stepper
from cpsolve.grid.techniques import CLUE, KIT, Technique
from tests.kit.test_steps import check_steps
from tests.support.boards import published_unique
from tests.support.cli import run, valid_json

NAMED = [name for name in registry.names() if registry.load(name).kind is Kind.GRID
         and registry.load(name).grid.statement is not None
         and registry.load(name).grid.statement.techniques]


def test_the_genres_with_published_vocabularies_list_them() -> None:
    assert {"akari", "gokigen", "hashikake", "heyawake", "hitori", "lits", "masyu",
            "nonogram", "nurikabe", "ripple", "skyscrapers", "slitherlink", "starbattle",
            "sudoku", "tents"} == set(NAMED)


# Boards of a technique the published boards kept here never need: Hitori's pair
# induction (the 2 at r1c4, in a row with a pair of 2s side by side).
EXTRA = {"hitori": ["4 4\n2 2 1 2\n2 2 4 1\n3 1 3 4\n3 4 3 2"]}


@pytest.mark.parametrize("name", NAMED)
def test_every_technique_names_a_step_of_the_published_boards(name: str) -> None:
    """The published boards in order, each solved by steps (checked sound), until every
    technique the genre lists, and the kit's loop names where the genre has the loop,
    has named a step."""
    puzzle = registry.load(name).grid
    listed = {t.name for t in puzzle.statement.techniques}
    fired: dict[str, str] = {}
    for text in [*EXTRA.get(name, []), *published_unique(name)]:
        with Stepper(puzzle, puzzle.parse(text)) as stepper:
            steps = stepper.steps()
            check_steps(stepper, steps)
            loop = any(g.text == KIT[0].rule for g in stepper.groups)
        for step in steps:
            if step.technique:
                assert step.sentence.startswith(step.technique), step.sentence
                fired.setdefault(step.technique, step.sentence)
        wanted = listed | ({t.name for t in KIT} if loop else set())
        if wanted <= set(fired):
            break
    assert listed <= set(fired), f"never named a step: {sorted(listed - set(fired))}"


def test_a_light_up_solve_in_legup_words() -> None:
    puzzle = registry.load("akari").grid
    board = puzzle.parse(Path("examples/akari/seed-7x7.txt").read_text())
    with Stepper(puzzle, board) as stepper:
        steps = stepper.steps()
    said = [s.sentence for s in steps]
    assert said[7] == ("Finish with Bulbs (number 1 at row 3, column 2 needs 1, and only 1 "
                       "place is left): r3c1 has no light and r3c3 has no light; so r4c2 "
                       "has a light.")
    assert said[8] == ("Empty Cells in Light (no light shines on another): r4c2 has a "
                       "light; so r4c5 has no light and r4c6 has no light.")
    assert said[12] == ("Must Light (every white cell is lit): r1c5 has no light and r2c4 "
                        "has no light; so r2c5 has a light.")


def test_sudoku_singles_naked_and_hidden() -> None:
    """A cell whose other numbers are all gone: a naked single; a number with one cell
    left in its row: a hidden single (in the row's words)."""
    puzzle = registry.load("sudoku").grid
    board = puzzle.parse("1234\n3...\n2...\n4..1")
    with Stepper(puzzle, board) as stepper:
        steps = stepper.steps()
        check_steps(stepper, steps)
        placing = [s for s in steps if any(lit > 0 for lit in s.decided)]
    assert [s.technique for s in placing].count("Naked Single") == 6
    assert [s.technique for s in placing].count("Hidden Single") == 2
    for step in placing:
        rule = step.groups[0].text
        assert (step.technique == "Naked Single") == (rule == "every cell holds one number")
        assert (step.technique == "Hidden Single") == rule.endswith("holds each number once")


def test_nurikabe_in_legup_words() -> None:
    """The cells no island reaches, first (r3c5 is 3 steps from the 2 and the 3, 5 from
    the 5, each too far); then the 1's island, whole, surrounded."""
    puzzle = registry.load("nurikabe").grid
    board = puzzle.parse("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g")
    with Stepper(puzzle, board) as stepper:
        steps = stepper.steps()
    assert steps[0].sentence == ("Can't Reach Cell (each island of unshaded cells holds one "
                                 "number, its size): r3c5 is shaded and r5c1 is shaded.")
    one = next(s for s in steps if "number 1 at row 4, column 3" in s.sentence)
    assert one.technique == "Surround Region", one.sentence


def test_the_names_in_the_json_and_the_summary() -> None:
    url = "https://puzz.link/p?heyawake/6/6/lll155007rs12222j"
    out = run("heyawake", url, "--steps", "--json")
    body = valid_json(json.loads(out.stdout))
    assert out.returncode == 0
    named = [s["technique"] for s in body["steps"] if s["technique"]]
    assert named and all(s["sentence"].startswith(s["technique"])
                         for s in body["steps"] if s["technique"])
    assert body["techniques"] == {n: named.count(n) for n in set(named)}
    text = run("heyawake", url, "--steps").stdout.splitlines()
    assert text[-1].startswith("techniques: ")
    first = max(body["techniques"], key=lambda n: (body["techniques"][n], n))
    assert first in text[-1]
    refused = json.loads(run("heyawake", "2 2\n- -\n- -\na a\na a", "--hint",
                             "--json").stdout)
    assert refused["techniques"] == {}


def test_a_technique_states_what_it_matches() -> None:
    with pytest.raises(ValueError):
        Technique("Nothing", CLUE, kind="chain")
    with pytest.raises(ValueError):
        Technique("Nothing", CLUE, shape="half")
