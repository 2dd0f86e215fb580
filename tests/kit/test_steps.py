"""Hints (:mod:`cpsolve.grid.steps`): in every grid genre, ``--steps`` on a published
board runs to its unique answer, every step sound (what it decides is the answer's,
and follows from the clues, rules and cells it names alone) and minimal (each named
clue or rule is needed); a wrong mark of a player's progress is named first; and the
command's forms (text, JSON, pictures, ``--from``)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from cpsolve import registry
from cpsolve.family import Kind
from cpsolve.grid.steps import KINDS, Step, Stepper
from tests.support.boards import published_unique
from tests.support.cli import run, valid_json

GRID = [name for name in registry.names() if registry.load(name).kind is Kind.GRID
        and registry.load(name).grid.statement is not None]
HEYAWAKE = "https://puzz.link/p?heyawake/6/6/lll155007rs12222j"
# CPU seconds a genre's whole solve of its board may take, on a busy machine.
BUDGET = 30.0


def check_steps(stepper: Stepper, steps: list[Step], whole: bool = True) -> None:
    """Every step sound and minimal, and (``whole``) the last leaves the answer."""
    every = [g.selector for g in stepper.groups]
    # What the board shows: each a value its clue alone gives its own cell.
    clue_of = {g.selector: g for g in stepper.groups if g.clue is not None}
    for lit in stepper.shown:
        assert lit in stepper.truth
        assert any(lit in stepper.closure([s], [], False)[1]
                   and stepper.cells([lit]) == {g.clue.cell} for s, g in clue_of.items())
    known: set[int] = set(stepper.shown)
    for step in steps:
        assert step.kind in KINDS, step
        assert step.decided and set(step.decided) <= stepper.truth, step.sentence
        # Numbers ruled out on the way, unannounced: each follows by propagation.
        assert set(step.quiet) <= stepper.truth
        assert all(lit < 0 and stepper._numbered(lit) for lit in step.quiet)
        ok, found = stepper.closure(every, sorted(known))
        assert ok and set(step.quiet) <= set(found), "a number ruled out unsoundly"
        known.update(step.quiet)
        assert not set(step.decided) & known, "a step decides nothing new"
        assert set(step.given) <= known, "a step reads a cell no step decided"
        chosen = [g.selector for g in step.groups]
        if step.kind in ("rule", "chain"):
            ok, found = stepper.closure(chosen, step.given)
            assert ok and set(step.decided) <= set(found), step.sentence
            for g in step.groups:  # each named clue or rule is needed
                less = [s for s in chosen if s != g.selector]
                ok, found = stepper.closure(less, step.given)
                assert not ok or not set(step.decided) <= set(found), (g.text, step.sentence)
        elif step.kind == "trial":
            assert step.tried is not None and [-step.tried] == step.decided
            assert not stepper.closure(chosen, [*step.given, step.tried])[0], step.sentence
            assert stepper.closure(every, step.given)[0]
        if step.kind != "search":
            assert step.groups, step.sentence
            assert any(g.text in step.sentence for g in step.groups) or \
                any(g.text[:1].upper() + g.text[1:] in step.sentence for g in step.groups)
        known.update(step.decided)
    assert known == stepper.truth or not whole


@pytest.mark.parametrize("name", GRID)
def test_steps_reach_the_answer_soundly(name: str) -> None:
    boards = published_unique(name)
    if not boards:
        pytest.skip(f"{name} keeps no published unique board")
    puzzle = registry.load(name).grid
    board = puzzle.parse(boards[0])
    started = time.process_time()
    with Stepper(puzzle, board) as stepper:
        steps = stepper.steps()
        check_steps(stepper, steps)
    assert time.process_time() - started < BUDGET


# Genres whose steps take more than a minute on some published boards (their global
# rules' partial checks are costly, or single trials seldom decide a cell; Shakashaka's
# 30x30 takes about 2,500 steps), or near it on a busy machine (Double Choco's slowest,
# 23 s on a quiet one). Fillomino's every published board ends within 20 s since its
# steps reason on the bound its deductions prove.
LONG = {"dbchoco", "numberlink", "shakashaka"}


@pytest.mark.slow
@pytest.mark.parametrize("name", GRID)
def test_steps_on_every_published_board(name: str) -> None:
    """Every published board, to the answer within a minute (a genre of LONG may run
    out of time: the steps it took are checked all the same)."""
    from cpsolve.limits import Deadline, TimeUp

    puzzle = registry.load(name).grid
    for text in published_unique(name):
        board = puzzle.parse(text)
        done: list[Step] = []
        with Stepper(puzzle, board) as stepper:
            stepper.deadline = Deadline(60)
            try:
                stepper.steps(each=done.append)
            except TimeUp:
                assert name in LONG, text
                check_steps(stepper, done, whole=False)
                continue
            check_steps(stepper, done)


def test_in_a_genre_of_numbers_trials_and_searches_place_numbers() -> None:
    """In a genre of numbers a trial that places a number ("if r2c1 did not hold 5,
    ...") goes before one that rules a number out, and a search step places the
    answer's number in a cell, where one value at a time would rule out each other
    number of the cell as a step of its own."""
    puzzle = registry.load("fillomino").grid
    board = puzzle.parse("https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h")
    with Stepper(puzzle, board) as stepper:
        steps = stepper.steps()
        check_steps(stepper, steps)
        placed = [s for s in steps if s.kind == "trial" and s.decided[0] > 0]
        assert placed and all("So r" in s.sentence and " holds " in s.sentence.split(
            "So ")[-1] for s in placed)
        assert len(steps) < 40  # 103 when trials ruled one number out at a time
        search = stepper._search(set(stepper.shown))
        assert search.decided[0] > 0 and search.decided[0] in stepper.truth


def test_a_double_choco_cell_holds_its_half_s_size() -> None:
    """Double Choco's steps say a cell's half size as the number it holds (the number a
    clue there would show), and the sizes ruled out are pencil marks, folded into the
    step that places one, as in the other genres of numbers."""
    puzzle = registry.load("dbchoco").grid
    board = puzzle.parse("https://puzz.link/p?dbchoco/6/6/pu9hgpe05zu")
    with Stepper(puzzle, board) as stepper:
        assert stepper.numbered
        steps: list[Step] = []
        known: list[int] = []
        for _ in range(10):
            step = stepper.next(known)
            assert step is not None
            steps.append(step)
            known.extend(lit for lit in [*step.quiet, *step.decided] if lit not in known)
        check_steps(stepper, steps, whole=False)
        assert steps[0].sentence == "Number 5 at row 1, column 1: r1c1 holds 5."
        assert all("=" not in s.sentence and " half" not in s.sentence for s in steps)
        assert not any(s.kind == "rule" and all(lit < 0 and stepper._numbered(lit)
                                                for lit in s.decided) for s in steps)
        assert any(s.quiet for s in steps)


def test_a_step_names_what_propagation_needs_after_every_search() -> None:
    """The clauses the core searches learn never reach the steps' propagation. When
    they did, this published Heyawake (after others in the same process) had a chain
    name "the unshaded cells are connected", which the propagation, helped by clauses
    learnt since, no longer needed when checked at the end; and a trial's named rules
    could need the learnt clauses to reach the contradiction. So the propagation's
    solver never searches: it holds the rules' clauses and the partial checks' cuts,
    nothing learnt."""
    board = "https://puzz.link/p?heyawake/10/10/98ih51c2o5g4k98iho0000vv0000vv00u01v23322h434g22i"
    puzzle = registry.load("heyawake").grid
    with Stepper(puzzle, puzzle.parse(board)) as stepper:
        steps = stepper.steps()
        check_steps(stepper, steps)
        assert "trial" in {step.kind for step in steps}
        searched = stepper.solver.accum_stats()
        assert searched["conflicts"] == 0 and searched["decisions"] == 0, searched


def test_a_wrong_mark_is_named_first() -> None:
    puzzle = registry.load("heyawake").grid
    board = puzzle.parse(HEYAWAKE)
    with Stepper(puzzle, board) as stepper:
        right = sorted(stepper.truth, key=abs)
        wrong = -right[5]
        step = stepper.next([*right[:5], wrong])
        assert step is not None and step.kind == "wrong" and step.decided == [-wrong]
        assert "r1c6" in step.sentence
        # Without the wrong mark, the next step builds on the right ones.
        after = stepper.next(right[:5])
        assert after is not None and after.kind in KINDS
        assert set(after.decided) <= stepper.truth


def test_hint_from_progress_on_the_command_line(tmp_path) -> None:
    progress = tmp_path / "progress.txt"
    progress.write_text("#.????\n.?????\n#?????\n??????\n??????\n??????\n")
    result = run("heyawake", HEYAWAKE, "--hint", "--from", str(progress))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("rule: White Around Black (no two shaded cells side by side): "
                                    "r3c1 is shaded")
    # A wrong mark (r6c6 is unshaded in the answer) comes first, by name.
    progress.write_text("#.????\n??????\n??????\n??????\n??????\n?????#\n")
    result = run("heyawake", HEYAWAKE, "--hint", "--from", str(progress))
    assert result.stdout.startswith("wrong: Wrong mark: the progress has r6c6 is shaded")
    # Progress that is no answer text is refused where it goes wrong.
    progress.write_text("#.????\n??\n")
    result = run("heyawake", HEYAWAKE, "--hint", "--from", str(progress))
    assert result.returncode == 2 and "progress.txt:" in result.stderr


def test_steps_as_json_and_pictures(tmp_path) -> None:
    result = run("heyawake", HEYAWAKE, "--steps", "--json")
    assert result.returncode == 0, result.stderr
    body = valid_json(json.loads(result.stdout))
    assert body["puzzle"] == "heyawake" and body["done"] is True
    assert body["grade"] in ("gentle", "moderate", "tough", "diabolical")
    assert sum(body["counts"].values()) == len(body["steps"]) > 10
    first = body["steps"][0]
    assert first["kind"] in KINDS and first["decides"][0]["cells"]
    assert body["hardest"] in KINDS
    sheet = tmp_path / "steps.svg"
    assert run("heyawake", HEYAWAKE, "--steps", "-o", str(sheet)).returncode == 0
    assert sheet.read_text().count("<svg") >= 1
    hint = tmp_path / "hint.svg"
    assert run("heyawake", HEYAWAKE, "--hint", "-o", str(hint)).returncode == 0
    assert "#2ca02c" in hint.read_text()  # the decided cell, marked


def test_steps_found_before_the_time_limit_are_kept() -> None:
    """A 30x30 Heyawake's steps take 4 s on a quiet machine: under a limit of 1 s,
    those found come out with the limit said, exit 3 (on a busy machine: at least the
    limit, said once)."""
    board = (Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "heyawake"
             / "30x30.txt").read_text().splitlines()[0]
    result = run("heyawake", board, "--steps", "--time-limit", "1")
    assert result.returncode == 3, result.stderr
    assert "time limit reached" in result.stderr
    lines = result.stdout.splitlines()
    if lines:  # the steps found, then what the limit cut short
        assert lines[0].startswith("1. ") and "before the time limit" in lines[-1]


def test_steps_cut_by_the_limit_are_kept_in_the_json(monkeypatch) -> None:
    """The JSON of steps a limit cut short: the steps found, limit_reached, no grade."""
    from cpsolve.grid import steps as hints_module
    from cpsolve.limits import Deadline, TimeUp

    calls = {"n": 0}
    real = Stepper.next

    def next_or_limit(self: Stepper, given: list[int]) -> Step | None:
        calls["n"] += 1
        if calls["n"] > 4:
            raise TimeUp("time limit reached while the next step was looked for")
        return real(self, given)

    monkeypatch.setattr(Stepper, "next", next_or_limit)
    puzzle = registry.load("heyawake").grid
    out = hints_module.hints(puzzle, puzzle.parse(HEYAWAKE), every=True, progress=None,
                             fmt="json", output=None, deadline=Deadline(None))
    body = valid_json(json.loads(out.stdout))
    assert out.exit_code == 3 and body["limit_reached"] and len(body["steps"]) == 4
    assert not body["done"] and body["grade"] is None


def test_hints_refuse_what_they_cannot_answer() -> None:
    result = run("heyawake", "https://puzz.link/p?heyawake/2/2/00", "--hint")
    assert result.returncode == 4 and "more than one answer" in result.stderr
    result = run("heyawake", "https://puzz.link/p?heyawake/2/2/00", "--hint", "--json")
    refused = valid_json(json.loads(result.stdout))
    assert result.returncode == 4 and "more than one answer" in refused["refused"]
    result = run("heyawake", HEYAWAKE, "--hint", "--steps")
    assert result.returncode == 2
    result = run("heyawake", HEYAWAKE, "--hint", "--unique")
    assert result.returncode == 2


@pytest.mark.parametrize("name", ["sudoku", "skyscrapers", "ripple"])
def test_rules_stated_apart_are_the_rules_stated_at_once(name):
    """A genre that states its rules in parts for the hints (Model.apart: Sudoku's
    rows, columns and boxes, Skyscrapers' rows and columns, Ripple Effect's rooms) and
    at once for a solve makes the same clauses both ways."""
    from cpsolve.grid.rules.sat import to_sat

    puzzle = registry.load(name).grid
    board = puzzle.parse(puzzle.example)

    def clauses(apart: bool) -> set[tuple[int, ...]]:
        model = to_sat(puzzle.statement.model(board, apart=apart), {})
        rows = [c for group in model.groups for c in (group.tolist() if hasattr(group, "tolist")
                                                      else group)]
        return {tuple(sorted(c)) for c in rows}

    whole, apart = clauses(False), clauses(True)
    assert whole == apart and len(whole) > 20
