"""The genres' techniques (:mod:`cpsolve.grid.techniques`): every technique a genre lists
names some step of its published boards (a name that never fits is a typo or a dead
pattern), the names land in the sentences, the JSON and the summary of ``--steps``, and
on small boards the steps get the names a player would give them."""

from __future__ import annotations

import itertools
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
    assert {"akari", "gokigen", "hashikake", "heyawake", "hitori", "kakuro", "lits", "masyu",
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
    left in its row: a hidden single (in the row's words). Each placement is one of
    the two, by the rule it uses (the published boards have both)."""
    puzzle = registry.load("sudoku").grid
    board = puzzle.parse("1234\n3...\n2...\n4..1")
    with Stepper(puzzle, board) as stepper:
        steps = stepper.steps()
        check_steps(stepper, steps)
        placing = [s for s in steps if any(lit > 0 for lit in s.decided)]
    assert {s.technique for s in placing} <= {"Naked Single", "Hidden Single"}
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
    # The 1's island is whole, but the step also shades r5c2, which no island reaches
    # and which is no neighbour of the 1: no name of one deduction fits it.
    one = next(s for s in steps if "number 1 at row 4, column 3" in s.sentence.lower())
    assert one.technique is None, one.sentence


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


def _walk(name: str, count: int):
    """Each step of the first ``count`` published boards of ``name``, with the stepper
    and the literals known before it (the quiet ones it folded in included)."""
    puzzle = registry.load(name).grid
    for text in published_unique(name)[:count]:
        with Stepper(puzzle, puzzle.parse(text)) as stepper:
            known = set(stepper.shown)
            for step in stepper.steps():
                known.update(step.quiet)
                yield stepper, step, set(known)
                known.update(step.decided)


def test_a_nurikabe_region_surrounded_is_whole_and_its_cells_beside_it() -> None:
    seen = 0
    for stepper, step, known in _walk("nurikabe", 6):
        if step.technique != "Surround Region":
            continue
        seen += 1
        board, layer = stepper.board, stepper.model.layers["shaded"]
        clue = next(g.clue for g in step.groups if g.clue is not None)
        around = board.grid.neighbours
        island, todo = {clue.index}, [clue.index]
        while todo:  # the number's island: its cells known unshaded
            for n in around[todo.pop()]:
                if n not in island and -layer[n] in known:
                    island.add(n)
                    todo.append(n)
        assert len(island) == clue.number, step.sentence
        for lit in step.decided:
            cell = lit - layer.first if lit > 0 else -lit - layer.first
            assert cell == clue.index or (lit > 0 and set(around[cell]) & island), \
                step.sentence
    assert seen


@pytest.mark.parametrize("name", ["sudoku", "ripple"])
def test_a_hidden_single_has_one_place_left_in_its_unit(name: str) -> None:
    seen = 0
    for stepper, step, known in _walk(name, 4):
        if step.technique != "Hidden Single":
            continue
        seen += 1
        holds, board = stepper.model.layers["holds"], stepper.board
        for cell, number in [stepper.model.key(lit)[1] for lit in step.decided if lit > 0]:
            if name == "sudoku":
                said = step.groups[0].text.removesuffix(" holds each number once")
                unit = next(u for k, u in enumerate(board.units)
                            if board.unit_name(k) == said)
            else:
                unit = next(r for r in board.region_cells if cell in r)
            for other in set(unit) - {cell}:
                var = holds.get((other, number))
                assert var is None or -var in known, (step.sentence, other)
    assert seen


def _sudoku_patterns(board, holds, known, number_out):
    """Every pattern of the board (each unit, each box and line), as candidates
    ``known`` leave them, that rules out ``number_out`` (a (cell, number))."""
    def open_(cell: int, number: int) -> bool:
        var = holds.get((cell, number))
        return var is not None and -var not in known and var not in known

    def placed(unit, number: int) -> bool:
        return any(holds.get((c, number)) in known for c in unit)

    cell, out = number_out
    numbers = range(1, board.size + 1)
    found = set()
    for unit in map(set, board.units):
        for size in (2, 3):
            for cells in itertools.combinations(sorted(unit), size):
                held = {n for c in cells for n in numbers if open_(c, n)}
                if len(held) == size and cell in unit - set(cells) and out in held and all(
                        not placed(unit, n) for n in held):
                    found.add(f"Naked {('Pair', 'Triple')[size - 2]}")
            for chosen in itertools.combinations(numbers, size):
                cells = {c for c in unit for n in chosen if open_(c, n)}
                if len(cells) == size and cell in cells and out not in chosen and all(
                        any(open_(c, n) for c in unit) for n in chosen):
                    found.add(f"Hidden {('Pair', 'Triple')[size - 2]}")
    boxes = [set(u) for k, u in enumerate(board.units) if board.unit_name(k).startswith("box")]
    lines = [set(u) for k, u in enumerate(board.units) if not board.unit_name(k).startswith("box")]
    for box in boxes:
        for line in lines:
            for first, second, name in ((box, line, "Pointing Pair"),
                                        (line, box, "Box/Line Reduction")):
                spots = {c for c in first if open_(c, out)}
                if spots and spots <= second and cell in second - first:
                    found.add(name)
    return found


def test_sudoku_pairs_triples_and_locked_candidates_are_on_the_board() -> None:
    """Each step named a naked or hidden subset or locked candidates is one: a pattern
    of the board, found among all its units, rules out what the step does."""
    named = {"Naked Pair", "Naked Triple", "Hidden Pair", "Hidden Triple", "Pointing Pair",
             "Box/Line Reduction"}
    seen: dict[str, int] = {}
    for stepper, step, known in _walk("sudoku", 3):
        if step.technique not in named:
            continue
        seen[step.technique] = seen.get(step.technique, 0) + 1
        holds = stepper.model.layers["holds"]
        for lit in step.decided:
            assert lit < 0, step.sentence
            found = _sudoku_patterns(stepper.board, holds, known, stepper.model.key(-lit)[1])
            assert step.technique in found, step.sentence
    assert set(seen) == named, seen


def test_star_battle_units_within_units_leave_the_cells_cleared_no_star() -> None:
    """Each step named *Rows Within Regions* (and the like) is one: some inner units
    whose open cells lie in as many outer units, needing as many stars; every cell
    it clears is in those outer units and no inner one (found here by trying every
    set of up to four outer units)."""
    seen: dict[str, int] = {}
    for stepper, step, known in _walk("starbattle", 6):
        if not step.technique or "Within" not in step.technique:
            continue
        seen[step.technique] = seen.get(step.technique, 0) + 1
        board, star = stepper.board, stepper.model.layers["star"]
        inner, outer = (w.lower().removesuffix("s") for w in step.technique.split(" Within "))
        state = [True if star[c] in known else False if -star[c] in known else None
                 for c in range(board.cells)]
        cleared = {-lit - star.first for lit in step.decided}
        assert all(lit < 0 for lit in step.decided), step.sentence

        def missing(cells, board=board, state=state) -> int:
            return board.stars - sum(state[c] is True for c in cells)
        outers = [set(u.cells) for u in board.units if u.key[0] == outer]
        inners = [set(u.cells) for u in board.units if u.key[0] == inner]
        assert any(
            cleared <= set().union(*chosen) - set().union(set(), *inside)
            and sum(map(missing, inside)) == sum(map(missing, chosen))
            for size in range(1, 5) for chosen in itertools.combinations(outers, size)
            for inside in [[u for u in inners if missing(u) > 0 and {
                c for c in u if state[c] is None} <= set().union(*chosen)]] if inside
        ), step.sentence
    assert len(seen) == 4, seen


def test_a_blocked_black_pearl_reads_a_line_that_is_off() -> None:
    seen = 0
    for _, step, _ in _walk("masyu", 4):
        if step.technique != "Blocked Black":
            continue
        seen += 1
        clues = [g.clue for g in step.groups if g.clue is not None]
        assert len(clues) == 1 and "black" in clues[0].text, step.sentence
        assert step.given and all(lit < 0 for lit in step.given), step.sentence
        assert all(lit < 0 for lit in step.decided), step.sentence
    assert seen


def test_finish_with_empty_counts_the_lights_already_there() -> None:
    seen = 0
    for stepper, step, known in _walk("akari", 6):
        if step.technique != "Finish with Empty":
            continue
        seen += 1
        clue = step.groups[0].clue
        light = stepper.model.layers["light"]
        lit = sum(light[n] in known for n in stepper.board.neighbours(clue.cell)
                  if n in light)
        assert lit == clue.number and all(x < 0 for x in step.decided), step.sentence
    assert seen
