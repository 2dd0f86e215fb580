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

import pytest

from tests.support.cli import CPSOLVE, run

FIFTEEN = "14 13 15 7\n11 12 9 5\n6 0 2 1\n4 8 3 10\n"


def command() -> list[str]:
    return [str(CPSOLVE)] if CPSOLVE.exists() else [sys.executable, "-m", "cpsolve"]


def on_a_terminal(args: list[str], board: str, tmp_path) -> tuple[str, str, int]:
    """``cpsolve ARGS`` with standard error on a terminal (a pseudo-terminal):
    what the terminal showed, standard output, the exit status."""
    path = tmp_path / "board.txt"
    path.write_text(board)
    main, secondary = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "CPSOLVE_PROGRESS"}
    process = subprocess.Popen([*command(), *args, str(path)], stdout=subprocess.PIPE,
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
