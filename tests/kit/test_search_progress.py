"""What a search says while it runs: a first run says that numba compiles the search
kernels (on a terminal, and with -v off it too), never once they are in numba's cache;
IDA* under -v gives a line per pass (its threshold, nodes and time) as each ends."""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess

import pytest
from numba import njit, objmode

from cpsolve.models import rotation, sliding
from cpsolve.models.sliding.solve import PLANNER
from cpsolve.planning.outcome import Outcome
from cpsolve.planning.solve import Job, PlanMethod
from cpsolve.search.kernels import COMPILING, compiling
from cpsolve.tables import Table
from tests.kit.test_progress import on_a_terminal
from tests.support.cli import run

PASS = re.compile(r"IDA\* threshold (\d+(?:\.\d+)?): ([\d,]+) nodes, \d+\.\d\d s(; .*)?")
SMALL = "1 2 3\n4 0 5\n7 8 6\n"


def test_a_compile_is_heard_once_and_a_cached_kernel_not_at_all():
    def twice(x):
        return 2 * x

    kernel = njit(twice)
    heard: list[str] = []
    with compiling(heard.append):
        assert kernel(3) == 6
        assert kernel(4) == 8  # compiled already: no second line
    assert heard == [COMPILING]
    again: list[str] = []
    with compiling(again.append):
        assert kernel(5) == 10  # in memory now, as a cached kernel loads: nothing
    assert again == []


def test_code_lifted_out_of_a_kernel_is_not_a_first_run():
    @njit(cache=False)
    def look(x):  # an objmode block compiles in every process: not worth a line
        with objmode(y="int64"):
            y = x + 1
        return y

    look(1)
    heard: list[str] = []
    with compiling(heard.append):
        assert look(2) == 3
    assert heard == []


def test_the_planner_tells_the_log_when_a_method_compiles():
    def run_fresh(job: Job) -> Outcome:
        njit(lambda x: x - 1)(1)  # a kernel no cache holds
        return PLANNER.methods.get("bibfs").run(job)

    fresh = PlanMethod("fresh", "a method whose kernel is new", run_fresh, kernels=True)
    planner = dataclasses.replace(PLANNER, methods=Table("method", fresh,
                                                         PLANNER.methods.get("bibfs")))
    lines: list[str] = []
    result = planner.solve(sliding.parse(SMALL), method="fresh", log=lines.append)
    assert result.status.value == "optimal" and COMPILING in lines
    quiet: list[str] = []
    planner.solve(sliding.parse(SMALL), method="bibfs", log=quiet.append)
    assert COMPILING not in quiet  # its kernels loaded (from this process or the cache)


def test_ida_says_each_pass_as_it_ends():
    lines: list[str] = []
    board = sliding.parse("8 6 7\n2 5 4\n3 0 1\n")  # 31 moves, five passes
    result = sliding.solve(board, method="ida", heuristic="manhattan", log=lines.append)
    length = len(result.solution)
    passes = [PASS.fullmatch(line) for line in lines if line.startswith("IDA*")]
    assert passes and all(passes), lines
    thresholds = [int(found.group(1)) for found in passes if found]
    assert thresholds == list(range(thresholds[0], length + 1, 2))  # the parity's step
    assert passes[-1] and passes[-1].group(3) == "; 1 plan found"
    assert result.stats.nodes == sum(int(f.group(2).replace(",", "")) for f in passes if f)
    turned: list[str] = []
    rotation.solve(rotation.parse("9 8 7\n4 5 6\n3 2 1"), method="ida", log=turned.append)
    assert [line for line in turned if PASS.fullmatch(line)][-1].startswith(
        "IDA* threshold 11: ")


def test_the_command_says_each_pass_under_verbose():
    done = run("slide", "-", "--method", "ida", "--heuristic", "manhattan", "-v",
               stdin=SMALL)
    assert done.returncode == 0
    assert re.search(r"^IDA\* threshold 2: \d+ nodes, \d+\.\d\d s; 1 plan found$",
                     done.stderr, re.MULTILINE), done.stderr


@pytest.mark.slow
def test_a_first_run_says_it_compiles_on_a_terminal_and_under_verbose(tmp_path,
                                                                      monkeypatch):
    # a fresh numba cache for each first run (the compile takes some seconds)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "terminal"))
    shown, out, code = on_a_terminal(["slide", "--method", "ida", "--heuristic",
                                      "manhattan"], SMALL, tmp_path)
    assert code == 0 and COMPILING in shown, shown[-500:]
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "piped")}
    command = ["slide", "-", "--method", "ida", "--heuristic", "manhattan", "-v"]
    first = subprocess_run(command, env)
    assert first.returncode == 0 and COMPILING in first.stderr
    second = subprocess_run(command, env)
    assert second.returncode == 0 and COMPILING not in second.stderr
    assert "IDA* threshold" in second.stderr


def subprocess_run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``cpsolve ARGS`` piped, with ``env`` added to the environment."""
    return run(*args, stdin=SMALL, env={**os.environ, **env}, timeout=300)
