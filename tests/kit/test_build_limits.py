"""Limits hold while a model is built, not only while it is solved: the memory a model
may take (estimated before, watched during), the time limit (exit 3) and Ctrl-C (exit
130), each within a second; and the command line builds the model its defaults name
(a Heyawake room of 100 cells numbered 20 grew to gigabytes when the command's
``--card`` default overrode the family's)."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from cpsolve.errors import TooLarge
from cpsolve.limits import Deadline, TimeUp, building, charge
from tests.support.cli import CPSOLVE, MARGIN, interruptible, run, warm_kernels


@pytest.fixture(scope="module", autouse=True)
def _kernels_compiled() -> None:
    warm_kernels()


def command() -> list[str]:
    return [str(CPSOLVE)] if CPSOLVE.exists() else [sys.executable, "-m", "cpsolve"]


def one_room(n: int, number: int) -> str:
    """An n x n Heyawake that is one room numbered ``number``."""
    rows = [f"{number}" + " -" * (n - 1)] + [" ".join("-" * n)] * (n - 1)
    return f"{n} {n}\n" + "\n".join(rows) + "\n" + "\n".join([" ".join("a" * n)] * n) + "\n"


@pytest.fixture(scope="module")
def large_akari(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A 1000x1000 Akari whose CP-SAT model takes many seconds to build in Python."""
    from cpsolve.models.akari.layout import generate

    board, _ = generate(1000, 1000, seed=1, black=0.2, clues=0.5)
    path = tmp_path_factory.mktemp("akari") / "a1000.txt"
    path.write_text("\n".join(board.rows) + "\n")
    return str(path)


def test_literals_charged_past_the_budget_stop_the_build(monkeypatch):
    from cpsolve import limits

    # The process's own growth is watched too; with a 10 kB budget any page the
    # interpreter touches would pass it: here only the charged literals count.
    monkeypatch.setattr(limits, "resident", lambda: 0)
    with pytest.raises(TooLarge, match="a model would need"), \
            building(Deadline(None, memory=10_000), "a model"):
        charge(50)  # 5,000 bytes: fits
        charge(60)  # 11,000 in all: does not


def test_a_build_stops_at_its_time_limit():
    start = time.perf_counter()
    with pytest.raises(TimeUp), building(Deadline(0.3), "a model"):
        while True:  # Python that never asks: the watch's timer stops it
            sum(range(1000))
    assert time.perf_counter() - start < 0.5


def test_a_build_stops_when_the_process_grows_past_its_budget():
    held = []
    with pytest.raises(TooLarge, match="grew past"), \
            building(Deadline(None, memory=60 << 20), "a model"):
        for _ in range(400):  # up to 400 MB, never charged: the watch sees the size
            held.append(np.ones(1 << 20, dtype=np.uint8))
            time.sleep(0.002)
    assert len(held) < 120  # stopped within a few steps of 60 MB


# The same board as a puzz.link URL: ten rows of room borders (none), one number.
ONE_ROOM_URL = "https://puzz.link/p?heyawake/10/10/000000000000000000000000000000000000-14"


@pytest.mark.parametrize("form", ["grid text", "url"])
def test_a_room_of_100_cells_numbered_20_builds_with_the_default_options(form):
    # The command's --card used to default to "direct" (every 21-cell subset: 10^22
    # literals), overriding the family's own; now it passes on only what was given.
    from cpsolve.models.heyawake import parse

    assert parse(ONE_ROOM_URL) == parse(one_room(10, 20))
    board = ONE_ROOM_URL if form == "url" else "-"
    start = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-f", "%M", *command(), "heyawake", board,
                           "--unique", "--time-limit", "5"], input=one_room(10, 20),
                          capture_output=True, text=True, timeout=60)
    assert time.perf_counter() - start < 5 + MARGIN
    assert done.returncode == 4, done.stderr  # many shadings of 20 cells: not unique
    assert int(done.stderr.split()[-1]) < 300 * 1024  # kB: was 10 GB in 21 s
    direct = run("heyawake", "-", "--unique", "--card", "direct", stdin=one_room(10, 20))
    assert direct.returncode == 3
    assert direct.stderr.startswith("cpsolve: limit reached: the sat model, lazy encoding")
    assert direct.stderr.count("\n") == 1


def test_the_command_and_the_api_build_the_same_heyawake_model():
    from cpsolve.models.heyawake import parse, solve

    board = one_room(10, 20)
    api = solve(parse(board), unique=True)
    done = run("heyawake", "-", "--unique", "--json", stdin=board)
    import json

    data = json.loads(done.stdout)
    assert data["method"] == api.method and data["method"]["card"] == "totalizer"
    assert (data["stats"]["variables"], data["stats"]["clauses"]) == (
        api.stats.variables, api.stats.clauses)


def rooms_of_ten(n: int) -> str:
    """An n x n Heyawake of 10x10 rooms without numbers."""
    rooms = "\n".join(" ".join(f"r{r // 10}_{c // 10}" for c in range(n)) for r in range(n))
    return f"{n} {n}\n" + ("- " * n + "\n") * n + rooms + "\n"


def test_a_model_that_cannot_fit_ends_with_exit_3_before_it_is_built():
    from cpsolve.models.heyawake import HEYAWAKE, parse

    board = rooms_of_ten(300)  # 90,000 cells: about 100 MB of clauses with the solver's
    estimate = HEYAWAKE.encodings.default.literals(HEYAWAKE.prepare(parse(board), True))
    assert 100 << 20 < estimate * 100 < 1 << 30  # fits any machine, not 100 MB
    env = {**os.environ, "CPSOLVE_MEMORY_MB": "120"}  # 96 MB for models
    start = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-f", "%M", *command(), "heyawake", "-"],
                          input=board, capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 3, done.stderr
    *lines, peak = [line for line in done.stderr.splitlines() if "exited" not in line]
    assert len(lines) == 1 and lines[0].startswith(
        "cpsolve: limit reached: the sat model, lazy encoding"), lines
    assert time.perf_counter() - start < 10
    assert int(peak) < 120 * 1024  # kB: within the budget (the interpreter and the board)


def test_the_time_limit_holds_inside_a_model_build(large_akari):
    # Without the deductions the CP-SAT model's build starts at once and takes far
    # longer than the limit, so the limit falls inside it; on a machine so busy that
    # the board's preparation alone outlasts the limit, a longer one is tried.
    for limit in (2, 5, 12):
        start = time.perf_counter()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run([*command(), "akari", large_akari, "--backend", "cpsat",
                               "--no-deductions", "--time-limit", str(limit)],
                              capture_output=True, text=True, timeout=120)
        took = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        assert done.returncode == 3, done.stdout + done.stderr
        assert done.stdout.startswith("unknown: time limit reached"), done.stdout
        # The interpreter's start and the board's reading are included (MARGIN, as
        # every limit test takes it): in time by the clock, or by the work done where
        # the command waited for a processor.
        assert took < limit + MARGIN or cpu < limit + MARGIN, (took, cpu)
        if "while the cpsat model" in done.stdout:
            return
        assert "during the deductions" in done.stdout, done.stdout
    raise AssertionError("the limit never fell inside the model's build")


def _cpu_seconds(pid: int) -> float:
    """The CPU seconds (user and system) process ``pid`` has used so far."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_ctrl_c_holds_inside_a_model_build(large_akari):
    process = interruptible([*command(), "akari", large_akari, "--backend", "cpsat", "-v"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert process.stderr is not None
    lines = []
    for line in process.stderr:  # the deductions are done: the build has begun
        lines.append(line)
        if line.startswith("before search"):
            break
    time.sleep(1.0)
    ended = process.poll()
    assert ended is None, (ended, lines, process.stderr.read())  # what ended it, if it did
    # What the process does between the signal and its end, in CPU seconds (its own
    # counts, read from /proc at the signal and from its usage at the end): the wall
    # time on a busy machine is mostly waiting for a core.
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    at_signal = _cpu_seconds(process.pid)
    process.send_signal(signal.SIGINT)
    try:
        code = process.wait(30)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGABRT)  # faulthandler prints every thread's stack
        process.wait(10)
        raise AssertionError("did not stop:\n" + process.stderr.read()) from None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    stopped = (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
               - at_signal)
    rest = process.stderr.read()
    assert code == 130, rest
    assert rest.strip().splitlines()[-1] == "cpsolve: interrupted"
    # (a second and a tenth on a machine kept busy by four processes a core: freeing a
    # large model is slower when others share the memory)
    assert stopped < 2.0, stopped
