"""``cpsolve slide`` end to end (subprocesses)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.support.cli import JSON_KEYS, golden_run, run


def test_line_puzzle_goal_1_counts_and_lists(examples):
    done = run("slide", str(examples / "sliding" / "line-goal1.txt"), "--count-optimal",
               "--all")
    lines = done.stdout.splitlines()
    assert done.returncode == 0
    assert lines[0] == "16 moves, optimal" and lines[-1] == "4 optimal plans of 16 moves"
    assert len(set(lines[1:-1])) == 4 and all(len(plan) == 16 for plan in lines[1:-1])


def test_moves_as_cells(examples):
    done = run("slide", str(examples / "sliding" / "line-goal2.txt"), "--moves", "cells")
    cells = [int(x) for x in done.stdout.splitlines()[1].split()]
    assert len(cells) == 12 and cells[0] in (2, 7)  # the tile beside the blank at cell 3


def test_json(examples):
    done = run("slide", str(examples / "sliding" / "devquiz-3x3.txt"), "--json", "--method",
               "sat")
    data = json.loads(done.stdout)
    assert set(data) == JSON_KEYS
    assert (data["puzzle"], data["status"], data["length"], data["optimal"]) == (
        "slide", "optimal", 16, True)
    assert len(data["solution"]) == 16
    assert [h["status"] for h in data["stats"]["horizons"]][-1] == "sat"


def test_devquiz_line_on_the_command_line_and_check():
    done = run("slide", "3,3,168452=30")
    said, plan = done.stdout.splitlines()
    assert done.returncode == 0 and said == "16 moves, optimal" and len(plan) == 16
    assert run("slide", "3,3,168452=30", "--check", plan).stdout == "valid\n"
    bad = run("slide", "3,3,168452=30", "--check", "L")
    assert bad.returncode == 1
    assert bad.stdout.splitlines()[1].startswith("after 1 move the board differs")


def test_unsolvable_exits_1():
    done = run("slide", "-", stdin="6 8 7\n2 5 4\n3 0 1\n")
    assert done.returncode == 1 and done.stdout.startswith("unsolvable: parity:")


def test_goal_file(tmp_path):
    start = tmp_path / "start.txt"
    start.write_text("1 2\n0 3\n")
    goal = tmp_path / "goal.txt"
    goal.write_text("0 1\n3 2\n")
    done = run("slide", str(start), "--goal", str(goal), "-v", "--method", "sat")
    assert done.returncode == 0 and done.stdout.strip()
    assert "horizon" in done.stderr


def test_time_limit_exits_3():
    done = run("slide", "-", "--time-limit", "2", stdin="15 14 13 12\n11 10 9 8\n7 6 5 4\n"
                                                            "3 1 2 0\n")
    # Not proven in the time: a lower bound, and a plan if the quick search found one.
    assert done.returncode == 3
    assert "no plan is shorter than" in done.stdout or "; not proven optimal" in done.stdout


@pytest.mark.parametrize("args, stdin, message", [
    (["-"], "1 2 3\n4 5\n6 7 0\n", "cpsolve: <stdin>:2:4: row has 2 cells"),
    (["-"], "1 0\n0 3\n", "cpsolve: <stdin>:2:1: a second blank"),
    (["-"], "1 2\n3 4\n", "cpsolve: <stdin>:1:1: no blank"),
    (["3,3,16845a=30"], None, "cpsolve: <argument>:1:10: unknown cell 'a'"),
    (["3,4,168452=30"], None, "cpsolve: <argument>:1:14: 9 cells for 3x4 = 12"),
    (["-", "--mode", "incremental", "--encoding", "blanklog"], "1 2\n0 3\n",
     "cpsolve: encoding blanklog has no incremental mode\nTry 'cpsolve slide --help'."),
])
def test_bad_input_is_one_line_and_exit_2(args, stdin, message):
    done = run("slide", *args, stdin=stdin)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    line, *hint = message.split("\n")  # a usage error: the line, then the hint
    assert done.stderr.startswith(line) and done.stderr.splitlines()[1:] == hint


GOLDEN = {
    "line-goal1-count": ["line-goal1.txt", "--count-optimal"],
    "line-goal2-cells": ["line-goal2.txt", "--moves", "cells"],
    "devquiz-3x3-sat-all": ["devquiz-3x3.txt", "--method", "sat", "--count-optimal", "--all"],
    "8-puzzle-hardest": ["8-puzzle-hardest.txt"],
    "devquiz-3x3-check-short": ["devquiz-3x3.txt", "--check", "LURD"],
    "8-puzzle-cut": ["8-puzzle-hardest.txt", "--method", "ida", "--max-length", "20"],
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_output(examples, name):
    """What a user reads, kept in tests/data/slide/*.golden (exit status first)."""
    file, *args = GOLDEN[name]
    golden_run("slide", examples / "sliding" / file, *args, name=name)


@pytest.mark.parametrize("options", [["--method", "sat"], []])
def test_a_small_board_loads_no_graph_library(examples, options):
    # Importing networkx takes 0.19 s of CPU, this whole run by SAT 0.34 s: the facts
    # a solve needs come from the distance table and a kernel of cpsolve.graphs.
    code = ("import sys; from cpsolve.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'networkx', 'scipy'}))")
    done = subprocess.run([sys.executable, "-c", code, "slide",
                           str(examples / "sliding" / "devquiz-3x3.txt"), *options],
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.splitlines()[0] == "16 moves, optimal", done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "[]", done.stdout + done.stderr
