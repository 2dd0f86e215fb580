"""Heyawake boards of the largest published size, from the command line with its
default options: decided in little memory (a 31x45 published board once grew to 24 GB
when the command's defaults differed from the family's). The published boards
themselves are the genre's cases (models/heyawake/cases.toml, the conformance suite)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.cli import CPSOLVE

DATA = Path(__file__).resolve().parents[2]
BOARDS = DATA / "tests" / "data" / "heyawake"


def command() -> list[str]:
    return [str(CPSOLVE)] if CPSOLVE.exists() else [sys.executable, "-m", "cpsolve"]


def measured(*args: str) -> tuple[int, float, float]:
    """The exit status, seconds and peak megabytes of one ``cpsolve`` run (measured by a
    parent of its own, so no other run's peak is counted)."""
    script = ("import resource, subprocess, sys, time\n"
              "start = time.perf_counter()\n"
              "code = subprocess.run(sys.argv[1:], capture_output=True).returncode\n"
              "took = time.perf_counter() - start\n"
              "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
              "print(code, took, peak)\n")
    done = subprocess.run([sys.executable, "-c", script, *command(), *args],
                          capture_output=True, text=True, timeout=300)
    code, took, peak = done.stdout.split()
    return int(code), float(took), float(peak)


@pytest.mark.parametrize("name, code", [("generated-45x31", 0), ("half-room-45x31", 4),
                                        pytest.param("half-room-45x31-numbered", 4,
                                                     marks=pytest.mark.slow)])
def test_boards_of_the_largest_published_size_from_the_command_line(name, code):
    status, took, peak = measured("heyawake", str(BOARDS / f"{name}.txt"), "--unique")
    assert status == code
    assert took < 30  # 0.4-0.5 s on the project's machine; 2-6 s numbered
    assert peak < 300
