"""Failures a script can read: under ``--json`` every failure (bad input, usage, a
limit, an interrupt, a bug) is one JSON object on standard output, valid under the
shipped schema; usage errors are one line and the usage hint."""

from __future__ import annotations

import json

import pytest

from cpsolve import cli
from cpsolve.registry import load
from tests.kit.test_build_limits import one_room
from tests.support.cli import run, valid_json


def failure(done) -> dict:
    """The one JSON object a failed command printed, checked against the schema."""
    assert done.stdout.count("\n") == 1, done.stdout
    data = valid_json(json.loads(done.stdout))
    assert set(data) == {"version", "status", "error", "exit"}
    assert data["status"] == "error" and data["exit"] == done.returncode
    assert done.stderr.splitlines()[0] == f"cpsolve: {data['error']}"
    return data


def test_bad_input_as_json(tmp_path):
    board = tmp_path / "ragged.txt"
    board.write_text("....\n...\n")
    done = run("akari", str(board), "--json")
    assert failure(done) == {"version": 1, "status": "error", "exit": 2,
                             "error": f"{board}:2:4: row has 3 cells, the first row has 4"}
    assert done.stderr.count("\n") == 1  # bad input: no usage hint
    missing = run("slide", str(tmp_path / "none.txt"), "--format", "json")
    assert failure(missing)["error"].endswith("no such file (and not a one-line board)")


@pytest.mark.parametrize("args, message", [
    # click's own usage errors
    (["--card", "bogus"], "Invalid value for '--card': 'bogus' is not one of 'direct', "),
    (["--nosuch"], "No such option '--nosuch'"),
    # cpsolve's
    (["--unique", "--all"], "choose one of --unique, --count N and --all"),
])
def test_usage_error_as_json(args, message):
    done = run("akari", "-", *args, "--json", stdin="..\n..\n")
    assert failure(done)["error"].startswith(message)
    assert done.stderr.splitlines()[1:] == ["Try 'cpsolve akari --help'."]


def test_limit_as_json():
    done = run("heyawake", "-", "--unique", "--card", "direct", "--json",
               stdin=one_room(10, 20))
    data = failure(done)
    assert data["exit"] == 3 and data["error"].startswith("limit reached: the sat model")


def test_analyze_fails_as_json_too(examples):
    done = run("analyze", "slide", "6,6,123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ0", "--json")
    assert "too many to sweep" in failure(done)["error"]
    none = run("analyze", "akari", str(examples / "akari" / "seed-7x7.txt"), "--json")
    assert failure(none)["error"] == "puzzle family 'akari' has no whole-space analysis"


@pytest.mark.parametrize("args, hint", [
    (["akari", "--nosuch"], "Try 'cpsolve akari --help'."),
    (["akari"], "Try 'cpsolve akari --help'."),
    (["nosuch"], "Try 'cpsolve --help'."),
    (["report", "results.db", "--json"], "Try 'cpsolve report --help'."),
])
def test_usage_errors_are_one_line_and_the_hint(args, hint):
    done = run(*args)
    assert done.returncode == 2 and done.stdout == ""  # report takes no --json: no JSON
    first, second = done.stderr.splitlines()
    assert first.startswith("cpsolve: ") and "Usage:" not in done.stderr
    assert second == hint


@pytest.mark.parametrize("raised, code, message", [
    (KeyboardInterrupt(), 130, "interrupted"),
    (ZeroDivisionError("division by zero"), 70, "internal error: ZeroDivisionError: "
     "division by zero (a bug in cpsolve; run with CPSOLVE_TRACEBACK=1 for the traceback)"),
    (MemoryError(), 3, "limit reached: out of memory (the problem is too large for this "
     "machine)"),
])
def test_interrupts_and_bugs_as_json(monkeypatch, capsys, raised, code, message):
    """In this process: reading the board raises, as Ctrl-C or a bug would."""
    def board(*args, **kwargs):
        raise raised

    monkeypatch.setattr("cpsolve.commands.load", board)
    monkeypatch.delenv("CPSOLVE_TRACEBACK", raising=False)
    with pytest.raises(SystemExit) as done:
        cli.main(["analyze", "slide", "1 2\n3 0", "--json"])
    assert done.value.code == code
    out, err = capsys.readouterr()
    assert valid_json(json.loads(out)) == {"version": 1, "status": "error", "error": message,
                                           "exit": code}
    assert err.lstrip("\n") == f"cpsolve: {message}\n"  # (click ends the ^C line first)


def test_json_is_asked_only_of_commands_that_take_it():
    assert load("akari")  # the families load: their commands are found by name
    path, command = cli.invoked(["akari", "-", "--json"])
    assert path == "cpsolve akari" and cli.wants_json(command, ["akari", "-", "--json"])
    assert cli.wants_json(command, ["akari", "-", "--format", "json"])
    assert not cli.wants_json(command, ["akari", "-", "--format", "svg"])
    path, command = cli.invoked(["report", "x.db", "--json"])
    assert path == "cpsolve report" and not cli.wants_json(command, ["report", "--json"])
    assert cli.invoked(["generate", "akari", "8", "8"])[0] == "cpsolve generate akari"
