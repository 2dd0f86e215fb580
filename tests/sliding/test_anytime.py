"""Anytime plans: under --time-limit, ``auto`` keeps a share of the time for a quick
search (beams, weighted IDA*), so a board too hard to prove ends with a checked plan and
both bounds (``at most N moves, at least L; not proven optimal``), or says that no plan
was found in the time; a method named with --method runs alone; --weight goes only to
the method that takes it, and never beside pattern databases."""

from __future__ import annotations

import dataclasses
import json
import re
import time

import pytest

from cpsolve.errors import UsageError
from cpsolve.models import rotation, sliding
from cpsolve.models.rotation.solve import PLANNER as ROTATION
from cpsolve.models.sliding.generate import random_puzzle
from cpsolve.models.sliding.solve import PLANNER as SLIDING
from cpsolve.planning.outcome import Outcome
from cpsolve.result import Status
from tests.support.cli import run, valid_json

# Korf's first 24-puzzle instance (95 moves; distances say 75): out of reach of a proof
# in seconds here, while a beam finds some 107 moves in a fraction of a second.
KORF_24 = ("14 5 9 2 18\n8 23 19 12 17\n15 0 10 20 4\n6 11 21 1 7\n24 3 16 22 13\ngoal\n"
           "0 1 2 3 4\n5 6 7 8 9\n10 11 12 13 14\n15 16 17 18 19\n20 21 22 23 24\n")
BOUNDS = re.compile(r"time limit reached: at most (\d+) moves, at least (\d+); "
                    r"not proven optimal")
ROTATION_4X4 = "16 15 14 13\n12 11 10 9\n8 7 6 5\n4 3 2 1\n"


def assert_anytime(puzzle, result, planner) -> None:
    """A plan that passes the checker, not claimed optimal, with both bounds."""
    assert result.status is Status.SOLVED and result.limit_reached, result.reason
    assert planner.check(puzzle, result.solution) == []
    found = BOUNDS.fullmatch(result.reason)
    assert found, result.reason
    length = int(found.group(1))
    assert length == planner.length(result.solution)
    assert int(found.group(2)) == result.lower_bound <= length
    assert result.method["anytime"]


@pytest.mark.slow
def test_the_24_puzzle_under_20_seconds_gives_a_checked_plan_with_its_bounds():
    began = time.perf_counter()
    done = run("slide", "-", "--time-limit", "20", "--json", stdin=KORF_24, timeout=300)
    took = time.perf_counter() - began
    data = valid_json(json.loads(done.stdout))
    assert done.returncode == 3, done.stderr  # a limit was reached first
    assert data["status"] == "solved" and data["optimal"] is False
    assert sliding.check(sliding.parse(KORF_24), "".join(data["solution"])) == []
    found = BOUNDS.fullmatch(data["reason"])
    assert found and int(found.group(1)) == data["length"] == len(data["solution"])
    assert 75 <= data["lower_bound"] == int(found.group(2)) <= 95 <= data["length"]
    assert data["method"]["anytime"].startswith("beam search")
    assert took < 20 + 15  # the interpreter and numba start, and a first compile
    text = run("slide", "-", "--time-limit", "20", stdin=KORF_24, timeout=300)
    assert re.fullmatch(r"\d+ moves \(time limit reached\): at most \d+ moves, at least \d+; "
                        r"not proven optimal", text.stdout.splitlines()[0])


def test_a_hard_board_under_a_short_limit_gives_a_plan_with_its_bounds():
    puzzle = random_puzzle(5, 4, seed=1)  # distances say 56; no proof in seconds
    result = sliding.solve(puzzle, time_limit=5)
    assert_anytime(puzzle, result, SLIDING)
    assert result.lower_bound >= 56


def test_a_rotation_puzzle_under_a_limit_gives_a_plan_with_its_bounds():
    puzzle = rotation.parse(ROTATION_4X4)
    result = rotation.solve(puzzle, time_limit=10)
    assert_anytime(puzzle, result, ROTATION)
    assert result.method["anytime"] == "IDA* with weight 3"


def test_it_says_so_when_the_quick_search_finds_no_plan():
    planner = dataclasses.replace(SLIDING, quick=lambda job: Outcome(timed_out=True))
    result = planner.solve(sliding.parse(KORF_24), time_limit=2)
    assert result.status is Status.UNKNOWN and not result.solutions
    assert result.reason.startswith("time limit reached; no plan is shorter than ")
    assert result.reason.endswith("; no plan found in the time (beam search (width 500), "
                                  "else IDA* with weight 3)")


def test_a_method_named_runs_alone():
    result = sliding.solve(sliding.parse(KORF_24), method="ida", time_limit=2)
    assert result.status is Status.UNKNOWN and "anytime" not in result.method


def test_the_verbose_log_names_each_step():
    lines: list[str] = []
    result = sliding.solve(random_puzzle(5, 4, seed=1), time_limit=5, log=lines.append)
    assert result.status is Status.SOLVED
    assert any(re.fullmatch(r"ida stopped with \d+\.\d s left: beam search .* for a plan",
                            line) for line in lines), lines
    assert any(line.startswith("not proven optimal: at most ") for line in lines)


def test_weight_goes_to_the_method_that_takes_it():
    board = "8 6 7\n2 5 4\n3 0 1\n"
    chosen = run("slide", "-", "--weight", "2", "--json", stdin=board)
    assert json.loads(chosen.stdout)["method"]["method"] == "ida"  # auto: ida takes it
    for args in (["--method", "bibfs"], ["--method", "sat"], ["--method", "ida",
                                                             "--heuristic", "pdb"]):
        done = run("slide", "-", "--weight", "2", *args, stdin=board)
        assert done.returncode == 2 and done.stdout == "", args
        assert done.stderr.splitlines()[0].startswith("cpsolve: --"), done.stderr
    assert "--weight does not apply to --method bibfs (it applies to --method ida)" in run(
        "slide", "-", "--weight", "2", "--method", "bibfs", stdin=board).stderr
    with pytest.raises(UsageError, match="--heuristic pdb-large does not apply with --weight"):
        sliding.solve(sliding.parse(board), method="ida", heuristic="pdb-large", weight=2)
    assert run("rotate", "-", "--weight", "2", stdin="2 1\n3 4\n").returncode == 2
