"""Hostile values, outputs and environments: every one ends as one line on standard
error and an exit status the README documents, never a traceback nor exit 70.

Values: time limits (NaN refused; a year or more, or inf, is no limit), worker counts
(CP-SAT threads at most 256, processes at most 1024 and no more than the processors),
seeds, spec limits and counts (refused with file and line before anything is built),
numbers past Python's 4,300-digit limit (bad input, exit 2), spaces too large to
sweep (refused, exit 2). Outputs: a file or standard output that cannot be written
(exit 74, named), a closed pipe (quiet, exit 141), --plot's extension. Caches that
cannot be written: one warning, and the command goes on.
"""

from __future__ import annotations

import math
import os
import resource
import subprocess
import sys
from pathlib import Path

import click
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cpsolve.commands import TIME_LIMIT, read_board
from cpsolve.errors import InputError
from cpsolve.experiments import spec
from cpsolve.limits import MAX_SECONDS, Deadline
from cpsolve.search.bfs import shown
from tests.support.cli import CPSOLVE, run

ROOT = Path(__file__).resolve().parents[2]
AKARI = str(ROOT / "examples" / "akari" / "seed-7x7.txt")
HEYAWAKE = str(ROOT / "examples" / "heyawake" / "site-6x6.txt")
EIGHT = str(ROOT / "examples" / "sliding" / "8-puzzle-hardest.txt")
BIG = "9" * 5000  # past Python's 4,300 digits


def one_line(done: subprocess.CompletedProcess[str], code: int, *, hint: bool = False
             ) -> str:
    """The one line a failed command said (and the usage hint, where one is due)."""
    lines = done.stderr.splitlines()
    assert done.returncode == code, done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    assert len(lines) == (2 if hint else 1), lines
    assert lines[0].startswith("cpsolve: ")
    return lines[0]


# -- time limits -------------------------------------------------------------------


def test_time_limit_nan_is_refused():
    line = one_line(run("akari", AKARI, "--time-limit", "nan"), 2, hint=True)
    assert "'nan' is not a number of seconds" in line


@pytest.mark.parametrize("seconds", ["1e10", "1e300", "inf"])
def test_huge_time_limit_is_no_limit(seconds):
    # SAT's timer of 1e10 s overflowed the platform's clock (a thread's traceback)
    done = run("heyawake", HEYAWAKE, "--backend", "sat", "--time-limit", seconds)
    assert done.returncode == 0 and done.stderr == ""


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.floats(allow_nan=True, allow_infinity=True).map(repr), st.text()))
def test_time_limit_values(text):
    """Any text is a time limit from 0 (``None`` for a year or more) or a usage error."""
    try:
        seconds = TIME_LIMIT.convert(text, None, None)
    except click.BadParameter:
        return
    assert seconds is None or 0 <= seconds < MAX_SECONDS
    deadline = Deadline(seconds)
    assert deadline.end is None or math.isfinite(deadline.end)


def test_deadline_of_nan_is_a_usage_error():
    from cpsolve.errors import UsageError

    with pytest.raises(UsageError, match="not nan"):
        Deadline(math.nan)
    assert Deadline(1e10).end is None and Deadline(math.inf).remaining() is None


# -- workers and seeds ---------------------------------------------------------------


@pytest.mark.parametrize("workers", [str(10**20), "3000000000", "1000"])
def test_cpsat_threads_have_a_maximum(workers):
    done = run("heyawake", HEYAWAKE, "--backend", "cpsat", "--workers", workers)
    assert "1<=x<=256" in one_line(done, 2, hint=True)
    assert "[1<=x<=256]" in run("heyawake", "--help").stdout


def test_experiment_workers_and_time_have_a_maximum(tmp_path):
    path = _spec(tmp_path)
    done = run("experiment", str(path), "--workers", str(10**20), "--dry-run")
    assert "1<=x<=1024" in one_line(done, 2, hint=True)
    done = run("experiment", str(path), "--time-limit", "1e10", "--dry-run")
    assert "(a year)" in one_line(done, 2, hint=True)


def test_pool_keeps_to_the_processors():
    from cpsolve.executors import run_tasks

    # a thousand workers asked: no more processes than processors, and the answers all
    assert sorted(run_tasks(abs, [-1, 2, -3], workers=1000)) == [(0, 1), (1, 2), (2, 3)]


def test_generator_seed_out_of_range():
    line = one_line(run("generate", "akari", "5", "5", "--seed", "-1"), 2, hint=True)
    assert "'--seed': -1 is not in the range 0<=x<=9223372036854775807" in line


# -- experiment specs ----------------------------------------------------------------


SPEC = """name = "t"
seeds = [0]

[limits]
time = 5
memory = 1024

[[instances]]
family = "akari"
files = ["a.txt"]

[[methods]]
family = "akari"
backend = "sat"
"""


def _spec(tmp_path: Path, old: str = "", new: str = "") -> Path:
    (tmp_path / "a.txt").write_text("1.\n..\n")
    (tmp_path / "gen.py").write_text("def akari(seed):\n    return '1.\\n..\\n'\n")
    path = tmp_path / "e.toml"
    path.write_text(SPEC.replace(old, new) if old else SPEC)
    return path


@pytest.mark.parametrize("old, new, line, message", [
    ("time = 5", "time = nan", 5, "time must be a positive number of seconds"),
    ("time = 5", "time = inf", 5, "time must be at most 31,536,000 seconds (a year)"),
    ("seeds = [0]", f"seeds = [{10**20}]", 2, "a seed is a whole number from 0"),
    ("seeds = [0]", "seeds = [-1]", 2, "a seed is a whole number from 0"),
    ("memory = 1024", f"memory = {2**63 - 1}", 6, "memory must be a whole number"),
    ('files = ["a.txt"]', 'generator = "gen.py:akari"\ncount = 1000000000', 11,
     "count must be a whole number from 1 to 100,000"),
    ('backend = "sat"', f'backend = "cpsat"\nworkers = {10**20}', 15, "--workers"),
])
def test_spec_values_are_refused_at_their_line(tmp_path, old, new, line, message):
    path = _spec(tmp_path, old, new)
    with pytest.raises(InputError) as raised:
        spec.load(str(path))
    assert raised.value.line == line and message in raised.value.message
    done = run("experiment", str(path), "--db", str(tmp_path / "r.db"), "--dry-run",
               timeout=60)
    assert one_line(done, 2).startswith(f"cpsolve: {path}:{line}: ")
    assert not (tmp_path / "r.db").exists()


def test_a_matrix_too_large_is_refused(tmp_path):
    sizes = ", ".join(str(n) for n in range(1000))
    path = _spec(tmp_path, 'files = ["a.txt"]',
                 f'generator = "gen.py:akari"\nparams = {{ a = [{sizes}], b = [{sizes}] }}')
    with pytest.raises(InputError, match="1,000,000 instances from one generator"):
        spec.load(str(path))


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers()))
def test_spec_time_values(tmp_path_factory, value):
    """Any number as ``time`` is a limit a run can keep, or an error at its line."""
    tmp_path = tmp_path_factory.mktemp("spec")
    text = repr(value) if isinstance(value, int) else (
        "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
        if math.isinf(value) else repr(value))
    path = _spec(tmp_path, "time = 5", f"time = {text}")
    try:
        loaded = spec.load(str(path))
    except InputError as error:
        assert error.line == 5
        return
    assert 0 < loaded.limits.time <= MAX_SECONDS


def test_report_of_a_store_with_a_nan_time(tmp_path):
    """A store written with ``time = nan`` before it was refused (SQLite keeps NaN as
    NULL): its runs are left out as under other limits, never exit 70."""
    import sqlite3

    from cpsolve.experiments.report import analyse, time_limit

    assert time_limit({"time_limit": None}) is None
    assert time_limit({"time_limit": float("nan")}) is None
    path = _spec(tmp_path)
    db = tmp_path / "r.db"
    assert run("experiment", str(path), "--db", str(db), timeout=120).returncode == 0
    with sqlite3.connect(db) as store:
        store.execute("UPDATE runs SET time_limit = NULL")
    done = run("report", str(db))
    assert done.returncode == 0 and "under other limits" in done.stdout, done.stderr
    assert analyse([]).rows == []


# -- numbers past Python's 4,300 digits ------------------------------------------------


def test_shown_counts_of_any_size():
    assert shown(10**30 - 1) == f"{10**30 - 1:,}"
    assert shown(10**5000) == "about 1.0 x 10^5000"


@pytest.mark.parametrize("args", [["analyze", "slide"], ["slide", "--method", "bfs"]])
def test_space_too_large_to_count(tmp_path, args):
    board = tmp_path / "b50.txt"
    n = 50
    board.write_text("\n".join(" ".join(str((r * n + c + 1) % (n * n)) for c in range(n))
                               for r in range(n)) + "\n")
    command = [args[0], *args[1:2], str(board), *args[2:]] if args[0] == "analyze" else [
        args[0], str(board), *args[1:]]
    line = one_line(run(*command, timeout=60), 2, hint=True)
    assert "about 1.6 x 10^7411" in line


@pytest.mark.parametrize("family, text, where", [
    ("heyawake", f"2 2\n{BIG} -\n- -\na a\na a\n", ":2:1: a number above 1,000,000"),
    ("heyawake", f"{BIG} 2\n1 -\n- -\na a\na a\n", ":1:1: the size is too large"),
    ("slide", f"1 2 3\n4 5 {BIG}\n7 8 .\n", ": a number of more than 4,300 digits"),
    ("heyawake", f"pzprv3\nheyawake\n{BIG}\n3\n", ": a number of more than 4,300 digits"),
])
def test_huge_numbers_in_a_board(tmp_path, family, text, where):
    board = tmp_path / "big.txt"
    board.write_text(text)
    assert f"cpsolve: {board}{where}" in one_line(run(family, str(board)), 2)


@settings(max_examples=100, deadline=None)
@given(st.text("0123456789", min_size=1, max_size=6000))
def test_any_heyawake_number(digits):
    from cpsolve.models.heyawake import parse

    try:
        board = parse(f"1 2\n{digits} -\na a\n")
    except InputError as error:
        assert error.line == 2
        return
    assert board.numbers[0] == int(digits)


def test_huge_number_in_a_url():
    done = run("heyawake", f"https://puzz.link/p?heyawake/{BIG}/6/lll155007rs12222j")
    assert "<argument>: a number of more than 4,300 digits" in one_line(done, 2)


def test_argument_that_is_not_utf8():
    with pytest.raises(InputError, match="not UTF-8"):
        read_board("1 2 3\n4 5 \udcff\n7 8 .\n")
    # a label of bytes that are not UTF-8 (a board given as the argument) and -o x.svg
    command = [str(CPSOLVE), "slide", os.fsencode("1 2 3\n4 5 ") + b"\xff\n7 8 .\n",
               "-o", "x.svg"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert "<argument>: not UTF-8 text" in one_line(done, 2)


# -- outputs -------------------------------------------------------------------------


needs_dev_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")


@needs_dev_full
def test_output_file_that_cannot_be_written():
    line = one_line(run("akari", AKARI, "-o", "/dev/full"), 74)
    assert line == "cpsolve: cannot write /dev/full: No space left on device"


def test_output_into_a_missing_directory(tmp_path):
    target = tmp_path / "none" / "x.svg"
    assert f"cannot write {target}" in one_line(run("akari", AKARI, "-o", str(target)), 74)


@needs_dev_full
def test_standard_output_that_cannot_be_written():
    command = [str(CPSOLVE), "akari", AKARI]
    with open("/dev/full", "w") as full:
        done = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=60)
    assert done.returncode == 74
    assert done.stderr == "cpsolve: cannot write standard output: No space left on device\n"


@needs_dev_full
def test_help_into_a_full_standard_output():
    with open("/dev/full", "w") as full:
        done = subprocess.run([str(CPSOLVE), "akari", "--help"], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 74
    assert done.stderr == "cpsolve: cannot write standard output: No space left on device\n"


@pytest.mark.parametrize("args", [["akari", AKARI, "--json"], ["akari", AKARI],
                                  ["--version"], ["akari", "--help"]])
def test_closed_pipe_is_quiet(args):
    reader, writer = os.pipe()
    os.close(reader)  # nobody reads: the first write breaks the pipe
    try:
        done = subprocess.run([str(CPSOLVE), *args], stdout=writer, stderr=subprocess.PIPE,
                              text=True, timeout=60)
    finally:
        os.close(writer)
    assert done.returncode == 141 and done.stderr == ""


@pytest.mark.parametrize("name", ["d.txt", "dfile"])
def test_plot_extension(tmp_path, name):
    done = run("analyze", "slide", EIGHT, "--plot", str(tmp_path / name))
    assert "a plot is a PNG or SVG file" in one_line(done, 2, hint=True)
    assert list(tmp_path.iterdir()) == []


def test_plot_that_cannot_be_written(tmp_path):
    target = tmp_path / "none" / "d.svg"
    done = run("analyze", "slide", EIGHT, "--plot", str(target))
    assert f"cannot write {target}" in one_line(done, 74)


# -- caches --------------------------------------------------------------------------


@pytest.mark.parametrize("variable", ["CPSOLVE_CACHE", "XDG_CACHE_HOME"])
def test_pattern_database_cache_that_cannot_be_written(tmp_path, variable):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    env = {key: value for key, value in os.environ.items() if key != "CPSOLVE_CACHE"}
    env[variable] = str(blocker)
    done = run("slide", EIGHT, "--method", "ida", "--heuristic", "pdb", env=env)
    assert done.returncode == 0 and done.stdout.startswith("31 moves, optimal")
    warning = one_line(done, 0)
    assert warning.startswith("cpsolve: warning: cannot write the pattern database cache")


# Every directory numba could keep its cache in refused (a read-only package and home)
# but the temporary one, as tempfile.TemporaryFile is how numba tries a directory.
READ_ONLY = """
import sys, tempfile
real = tempfile.TemporaryFile
def refuse(*args, dir=None, **kwargs):
    if dir is not None and "cpsolve-numba-" not in str(dir):
        raise PermissionError(13, "Read-only file system", dir)
    return real(*args, **kwargs)
tempfile.TemporaryFile = refuse
from cpsolve.cli import main
main(sys.argv[1:])
"""


@pytest.mark.slow  # compiles every kernel afresh; the databases' cache is tested by default
def test_numba_cache_that_cannot_be_written():
    done = subprocess.run([sys.executable, "-c", READ_ONLY, "slide", EIGHT, "--method",
                           "ida"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stdout.startswith("31 moves, optimal")
    assert one_line(done, 0).startswith(
        "cpsolve: warning: no writable cache for the compiled search kernels")


@pytest.mark.parametrize("count, rows", [(100_000, 256), (5, 160_000)])
def test_generated_boards_that_cannot_fit_are_a_limit_before_they_fill_the_memory(
        tmp_path, count, rows):
    # 100,000 boards of 64 kB (6.4 GB of text to keep), or 5 of 40 MB: past the 200 MB
    # given here; the generator's set is estimated after its first megabyte and again
    # as what it holds doubles, and refused (exit 3)
    path = _spec(tmp_path, 'files = ["a.txt"]',
                 f'generator = "gen.py:akari"\ncount = {count}')
    (tmp_path / "gen.py").write_text(
        f"def akari(seed):\n    return ('.' * 255 + '\\n') * {rows}\n")
    env = {**os.environ, "CPSOLVE_MEMORY_MB": "200"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = run("experiment", str(path), "--db", str(tmp_path / "r.db"), "--dry-run",
               env=env, timeout=120)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    line = one_line(done, 3)
    assert line.startswith("cpsolve: limit reached: the boards of generator gen.py:akari "
                           f"({count:,} instances, "), line
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    assert cpu < 20, cpu  # refused early: not the minutes making every board would take
    assert not (tmp_path / "r.db").exists()
