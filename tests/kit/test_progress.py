"""Progress you can see: ``-v`` prints each phase the moment it ends, a status line with
the time so far keeps moving on a terminal (inside SAT solvers and numba kernels too),
and nothing extra reaches a pipe."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.cli import CPSOLVE, run

FIFTEEN = "14 13 15 7\n11 12 9 5\n6 0 2 1\n4 8 3 10\n"


def command() -> list[str]:
    return [str(CPSOLVE)] if CPSOLVE.exists() else [sys.executable, "-m", "cpsolve"]


def on_a_terminal(args: list[str], board: str | None, tmp_path) -> tuple[str, str, int]:
    """``cpsolve ARGS BOARD`` (the board in a file; no board: ``cpsolve ARGS``) with
    standard error on a terminal (a pseudo-terminal): what the terminal showed,
    standard output, the exit status."""
    path = tmp_path / "board.txt"
    if board is not None:
        path.write_text(board)
    main, secondary = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "CPSOLVE_PROGRESS"}
    named = [str(path)] if board is not None else []
    process = subprocess.Popen([*command(), *args, *named], stdout=subprocess.PIPE,
                               cwd=tmp_path,
                               stderr=secondary, text=True, env=env)
    os.close(secondary)
    shown = b""
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        shown += chunk
    out = process.stdout.read() if process.stdout else ""
    code = process.wait(60)
    os.close(main)
    return shown.decode("utf-8", "replace"), out, code


@pytest.mark.parametrize("method", ["sat", "ida"])
def test_status_line_moves_on_a_terminal_while_a_search_runs(method, tmp_path):
    shown, out, code = on_a_terminal(["slide", "--method", method, "--time-limit", "3"],
                                     FIFTEEN, tmp_path)
    assert code == 3 and out.startswith("unknown: time limit reached")
    times = set(re.findall(r"0:00:0\d", shown))
    assert {"0:00:00", "0:00:01", "0:00:02"} <= times, shown[-500:]  # it kept moving
    assert "slide" in shown and re.search(r"before search|lower bound|horizon", shown)


def test_nothing_extra_when_piped():
    done = run("slide", "-", "--method", "sat", "--time-limit", "1", stdin=FIFTEEN)
    assert done.returncode == 3 and done.stderr == ""
    done = run("akari", "-", stdin="..1\n...\n#..\n")
    assert done.returncode == 0 and done.stderr == ""


def test_verbose_lines_arrive_as_phases_end():
    process = subprocess.Popen([*command(), "slide", "-", "--method", "sat", "-v",
                                "--time-limit", "6"], stdin=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    assert process.stdin is not None and process.stderr is not None
    process.stdin.write(FIFTEEN)
    process.stdin.close()
    start = time.perf_counter()
    first = process.stderr.readline()
    arrived = time.perf_counter() - start
    still_running = process.poll() is None
    rest = process.stderr.read()
    process.wait(60)
    assert first.startswith("before search:") and still_running and arrived < 5
    assert "lower bound 51" in rest and "horizon  51: unknown" in rest


def _plain(shown: str) -> str:
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown)


@pytest.mark.parametrize(("args", "said"), [
    (["nurikabe", "--grade"], r"grading, trials: decided"),
    (["hitori", "--explain"], r"fixes: changes tried"),
    (["hitori", "--redundant"], r"redundant clues: each tried"),
    (["hitori", "--minimize"], r"clues taken away: each tried"),
    (["nurikabe"], r"clues in conflict: each tested"),
    (["nurikabe", "--certify"], r"certificate: proof and cuts"),
])
def test_setter_questions_say_what_they_do_and_how_far(args, said, tmp_path):
    # A grade of a published board took 10-40 s with a status line stuck on the
    # solve's last phase: each question now names its step, with a count and a bar.
    boards = {"--grade": "published-18x10.txt", "--explain": "not-unique-4x4.txt",
              "--redundant": "published-10x10.txt", "--minimize": "published-10x10.txt",
              "--certify": "published-18x10.txt"}
    name = boards.get(args[-1], "conflict-2x4.txt")
    board = (Path(__file__).parents[2] / "examples" / args[0] / name).read_text()
    shown, _, code = on_a_terminal([*args, "--time-limit", "300"], board, tmp_path)
    plain = _plain(shown)
    assert code in (0, 1, 4), plain[-300:]
    assert re.search(said, plain), plain[-600:]
    if args[-1] != "--certify":  # its steps are phases, not counted
        assert re.search(r"\d+/\d+", plain)  # counted, with a bar
    assert "\u2501" in shown  # the bar's line


def test_a_generator_says_what_it_does(tmp_path):
    shown, out, code = on_a_terminal(["generate", "akari", "7", "7"], None, tmp_path)
    plain = _plain(shown)
    assert code == 0 and out.strip(), plain[-300:]
    assert "layout 1: laid out" in plain and "proving it unique again" in plain
