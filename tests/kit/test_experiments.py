"""Experiments end to end: runs under limits, the store, resuming, Dask, the report."""

from __future__ import annotations

import csv
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cpsolve.errors import InputError
from cpsolve.experiments import report, spec

HERE = Path(__file__).resolve().parent
CPSOLVE = Path(sys.executable).with_name("cpsolve")
# Three 8-puzzles and their optimal lengths.
BOARDS = {"a.txt": ("1 2 3\n4 5 6\n0 7 8\n", 2), "b.txt": ("1 2 3\n0 4 6\n7 5 8\n", 3),
          "c.txt": ("0 1 3\n4 2 5\n7 8 6\n", 4)}


def cpsolve(*args: str, cwd: Path, **kwargs) -> subprocess.CompletedProcess[str]:
    command = [str(CPSOLVE)] if CPSOLVE.exists() else [sys.executable, "-m", "cpsolve"]
    return subprocess.run([*command, *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300, **kwargs)


def write_spec(tmp: Path, methods: str, *, time_limit: float = 20, extra: str = "") -> Path:
    """A spec over the three boards, with the test family available as ``fake``."""
    for name, (text, _) in BOARDS.items():
        (tmp / "boards").mkdir(exist_ok=True)
        (tmp / "boards" / name).write_text(text)
    shutil.copy(HERE / "experiment_family.py", tmp / "experiment_family.py")
    instances = "".join(f"""
[[instances]]
family = "{family}"
files = ["boards/*.txt"]
""" for family in ("slide", "fake") if f'family = "{family}"' in methods)
    path = tmp / "spec.toml"
    path.write_text(f"""name = "tiny"
{extra}
[limits]
time = {time_limit}
memory = 4096

[families]
fake = "experiment_family"
{instances}{methods}""")
    return path


TWO_METHODS = """
[[methods]]
family = "slide"
name = "sat"
method = "sat"

[[methods]]
family = "slide"
name = "cpsat"
method = "cpsat"
workers = 1
"""


def rows(db: Path) -> list[dict]:
    with sqlite3.connect(db) as connection:
        connection.row_factory = sqlite3.Row
        return [dict(row) for row in connection.execute("SELECT * FROM runs ORDER BY id")]


def main_tables(text: str) -> list[list[str]]:
    """The cells of the rows of a report's main tables (not the medians tables)."""
    found, inside = [], False
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[:3] == ["method", "runs", "solved"]:
            inside = True
        elif not line.strip():
            inside = False
        if inside:
            found.append(cells)
    return found


def table_counts(text: str) -> dict[str, list[str]]:
    """method -> [runs, solved, timeout, memout, wrong, error] from a report's tables."""
    return {cells[0]: cells[1:7] for cells in main_tables(text) if cells[1].isdigit()}


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    """The tiny experiment (two methods, three instances), run once on the local pool:
    its directory and the experiment's output."""
    tmp_path = tmp_path_factory.mktemp("tiny")
    path = write_spec(tmp_path, TWO_METHODS)
    done = cpsolve("experiment", str(path), "--workers", "2", cwd=tmp_path)
    return tmp_path, done


def test_tiny_experiment_end_to_end(tiny):
    tmp_path, done = tiny
    assert done.returncode == 0, done.stderr
    assert "tiny: 6 runs; 6 run now (6 solved)" in done.stdout
    stored = rows(tmp_path / "results.db")
    assert len(stored) == 6
    optimal = {f"boards/{name}": length for name, (_, length) in BOARDS.items()}
    for row in stored:
        assert (row["family"], row["outcome"], row["status"]) == ("slide", "solved", "optimal")
        assert row["objective"] == optimal[row["instance"]] == len(json.loads(row["solution"]))
        assert row["seconds"] < row["wall_seconds"]
        assert json.loads(row["horizons"])[-1]["status"] == "sat"
        assert row["variables"] > 0 and row["host"]
        versions = json.loads(row["versions"])
        assert {"cpsolve", "ortools", "python-sat", "python"} <= set(versions)
    assert {row["method"] for row in stored} == {"sat", "cpsat"}
    assert all(row["clauses"] > 0 for row in stored if row["method"] == "sat")
    assert all(row["constraints"] > 0 for row in stored if row["method"] == "cpsat")

    shown = cpsolve("report", "results.db", "-o", "out", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    counts = table_counts(shown.stdout)
    assert counts == {"sat": ["3", "3", "0", "0", "0", "0"],
                      "cpsat": ["3", "3", "0", "0", "0", "0"],
                      "virtual best": ["3", "3", "0", "0", "0", "0"]}
    assert "the answers of 3 instance(s) decided by two runs or more agree" in shown.stdout
    medians = shown.stdout.split("| method (medians)")[1].splitlines()[0]
    assert [c.strip() for c in medians.split("|")][1:-1] == [
        "build s", "solve s", "variables", "clauses", "constraints", "conflicts", "nodes",
        "cpu s", "peak MB"]
    # Every instance by method: each cell the status and the seconds.
    head, rule, *body = shown.stdout.split("\n| instance ")[1].split("\n\n")[0].splitlines()
    assert sorted(cell.strip() for cell in head.split("|")[1:-1]) == ["cpsat (s)", "sat (s)"]
    assert sorted(line.split("|")[1].strip() for line in body) == sorted(optimal)
    for line in body:
        for cell in line.split("|")[2:-1]:
            status, seconds = cell.split()
            assert status == "optimal" and 0 < float(seconds) < 20, line
    assert cpsolve("report", "results.db", "--experiment", "tiny",
                   cwd=tmp_path).stdout == shown.stdout
    other = cpsolve("report", "results.db", "--experiment", "nope", cwd=tmp_path)
    assert (other.returncode, other.stderr) == (
        2, "cpsolve: no experiment 'nope' in results.db (known: tiny)\n"
           "Try 'cpsolve report --help'.\n")
    pair = cpsolve("report", "results.db", "--pair", "sat", "ida", "-o", "x", cwd=tmp_path)
    assert (pair.returncode, pair.stderr) == (
        2, "cpsolve: no method 'ida' in results.db (known: cpsat, sat)\n"
           "Try 'cpsolve report --help'.\n")
    assert not (tmp_path / "x").exists()
    out = tmp_path / "out"
    csv_lines = (out / "runs.csv").read_text().splitlines()
    assert len(csv_lines) == 7 and csv_lines[0].startswith("experiment,family,method")
    header = csv_lines[0].split(",")  # every time with its unit in its name
    assert {"time_s", "time_limit_s", "build_s", "solve_s", "wall_s", "cpu_s",
            "memory_limit_mb", "peak_mb"} <= set(header)
    assert not [name for name in header if "second" in name or name.endswith("limit")]
    first = next(csv.DictReader(csv_lines))
    assert float(first["time_limit_s"]) == 20 and 0 < float(first["time_s"]) < 20
    scatter = {p.stem for p in out.iterdir() if "scatter" in p.name}
    assert scatter <= {"tiny-slide-scatter-sat-vs-cpsat", "tiny-slide-scatter-cpsat-vs-sat"}
    for kind in ("cactus", "scatter", "horizon"):
        matches = [p for p in out.iterdir() if kind in p.name]
        assert sorted(p.suffix for p in matches) == [".png", ".svg"], kind
        png = next(p for p in matches if p.suffix == ".png").read_bytes()
        assert png.startswith(b"\x89PNG") and len(png) > 5000


def test_overrunning_crashing_and_hogging_runs_are_recorded(tmp_path):
    methods = "".join(f"""
[[methods]]
family = "fake"
name = "{behave}"
behave = "{behave}"
""" for behave in ("well", "sleep", "crash", "hog"))
    path = write_spec(tmp_path, methods, time_limit=1)
    path.write_text(path.read_text().replace("memory = 4096", "memory = 1024"))
    start = time.monotonic()
    done = cpsolve("experiment", str(path), "--workers", "2", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert time.monotonic() - start < 60
    outcomes = {(r["method"], r["outcome"]) for r in rows(tmp_path / "results.db")}
    assert outcomes == {("well", "solved"), ("sleep", "timeout"), ("crash", "error"),
                        ("hog", "memout")}
    for row in rows(tmp_path / "results.db"):
        if row["method"] == "sleep":
            assert "killed after 1 s" in row["reason"]
            assert 1 <= row["seconds"] < 5
            assert row["cpu_seconds"] < 1 < row["wall_seconds"] and row["peak_mb"] > 5
        if row["method"] == "crash":
            assert "SIGSEGV" in row["reason"]
    counts = table_counts(cpsolve("report", "results.db", cwd=tmp_path).stdout)
    assert counts["sleep"] == ["3", "0", "3", "0", "0", "0"]
    assert counts["hog"] == ["3", "0", "0", "3", "0", "0"]
    assert counts["crash"] == ["3", "0", "0", "0", "0", "3"]
    assert counts["virtual best"] == ["3", "3", "0", "0", "0", "0"]


@pytest.mark.slow  # kills at random moments: tests/kit/test_stores.py
def test_killed_experiment_resumes_without_repeating_runs(tmp_path):
    methods = """
[[methods]]
family = "fake"
name = "well"

[[methods]]
family = "fake"
name = "sleep"
behave = "sleep"
"""
    path = write_spec(tmp_path, methods, time_limit=0.5)
    db = tmp_path / "results.db"
    pidfile = tmp_path / "sleeper.pid"
    command = [str(CPSOLVE)] if CPSOLVE.exists() else [sys.executable, "-m", "cpsolve"]
    experiment = subprocess.Popen([*command, "experiment", str(path), "--workers", "1"],
                                  cwd=tmp_path, env={**os.environ,
                                                     "FAKE_PIDFILE": str(pidfile)},
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not _written(pidfile) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert pidfile.exists(), "the fourth run never started"
    experiment.send_signal(signal.SIGKILL)  # as hard as a crash gets
    experiment.wait()
    first = rows(db)
    assert [(r["method"], r["outcome"]) for r in first] == [("well", "solved")] * 3
    # The run in progress went with the experiment, and its directory with it.
    pid, directory = pidfile.read_text().split()
    for _ in range(60):
        if not Path(f"/proc/{pid}").exists():
            break
        time.sleep(0.1)
    assert not Path(f"/proc/{pid}").exists(), "a run outlived its experiment"
    assert not Path(directory).exists()

    again = cpsolve("experiment", str(path), "--workers", "2", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert "6 runs; 3 run now (3 timeout), 3 already in results.db" in again.stdout
    second = rows(db)
    assert second[:3] == first
    assert [r["method"] for r in second[3:]] == ["sleep"] * 3
    assert "0 run now" in cpsolve("experiment", str(path), cwd=tmp_path).stdout
    planned = cpsolve("experiment", str(path), "--dry-run", "--time-limit", "2", cwd=tmp_path)
    assert planned.stdout.splitlines()[-1] == "6 of 6 runs to do (2 s each at most)"
    assert cpsolve("experiment", str(path), "--dry-run", cwd=tmp_path).stdout == (
        "0 of 6 runs to do (0.5 s each at most)\n")


@pytest.mark.parametrize(("stop", "said"), [
    ("SIGTERM", "interrupted (SIGTERM)"),  # to the experiment's process: kill, a scheduler
    ("SIGINT", "interrupted"),  # to its process group, as a terminal's Ctrl-C
])
def test_terminated_experiment_stops_its_runs_at_once(tmp_path, stop, said):
    # A Ctrl-C left a run's folder behind: the workers, stopping their runs, were
    # killed before their clean-up.
    methods = """
[[methods]]
family = "fake"
name = "sleep"
behave = "sleep"
"""
    path = write_spec(tmp_path, methods, time_limit=120)
    pidfile = tmp_path / "sleeper.pid"
    temporary = tmp_path / "tmp"  # where the runs' folders are made
    temporary.mkdir()
    command = [str(CPSOLVE)] if CPSOLVE.exists() else [sys.executable, "-m", "cpsolve"]
    experiment = subprocess.Popen([*command, "experiment", str(path), "--workers", "2"],
                                  cwd=tmp_path, env={**os.environ, "TMPDIR": str(temporary),
                                                     "FAKE_PIDFILE": str(pidfile)},
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  preexec_fn=_as_from_a_terminal)
    deadline = time.monotonic() + 60
    while not _written(pidfile) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert pidfile.exists(), "no run started"
    sleeper = pidfile.read_text().split()[0]
    start = time.monotonic()
    time.sleep(0.5)  # the run's worker is waiting for it
    if stop == "SIGTERM":
        experiment.terminate()
    else:
        os.killpg(experiment.pid, signal.SIGINT)
    _, err = experiment.communicate(timeout=30)
    assert experiment.returncode == 130 and err.strip() == f"cpsolve: {said}"
    assert time.monotonic() - start < 10  # not the runs' 120 s
    gone = time.monotonic() + 5  # the run's process ends with its worker, within moments
    while _alive(sleeper) and time.monotonic() < gone:
        time.sleep(0.05)
    assert not _alive(sleeper)
    assert rows(tmp_path / "results.db") == []  # interrupted runs are not results
    assert [path.name for path in temporary.iterdir()] == []  # nothing left behind


def _written(pidfile: Path) -> bool:
    """Whether the sleeping run has written its process id and folder (the file is
    created before it is written)."""
    return pidfile.exists() and len(pidfile.read_text().split()) == 2


def _as_from_a_terminal() -> None:
    """In a child about to start: a process group of its own, SIGINT at its default."""
    os.setpgid(0, 0)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _alive(pid: str) -> bool:
    """Whether process ``pid`` runs (a zombie, ended and not yet reaped, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def _without_times(text: str) -> list[list[str]]:
    """The report's main tables with the columns of seconds dropped."""
    return [cells[:7] for cells in main_tables(text)]


@pytest.mark.slow  # a Dask cluster is started in tests/kit/test_executors.py too
def test_local_cluster_gives_the_same_table(tiny):
    from cpsolve.executors import local_cluster

    tmp_path, local = tiny
    assert local.returncode == 0, local.stderr
    with local_cluster(2) as address:
        remote = cpsolve("experiment", "spec.toml", "--db", "dask.db", "--scheduler", address,
                         cwd=tmp_path)
    assert remote.returncode == 0, remote.stderr
    assert "6 run now (6 solved)" in remote.stdout
    # Rows are ordered by PAR-2, which timing noise may swap when both decide all.
    assert sorted(_without_times(local.stdout)) == sorted(_without_times(remote.stdout))
    assert len(_without_times(local.stdout)) == 5  # header, rule, two methods, virtual best

    def answers(db: str) -> set[tuple]:
        return {(r["method"], r["instance"], r["outcome"], r["objective"])
                for r in rows(tmp_path / db)}

    assert answers("results.db") == answers("dask.db")


def test_planted_disagreements_are_flagged(tmp_path):
    methods = """
[[methods]]
family = "fake"
name = "honest"

[[methods]]
family = "fake"
name = "padded"
behave = "longer"

[[methods]]
family = "fake"
name = "liar"
behave = "unsolvable"

[[methods]]
family = "fake"
name = "cheat"
behave = "invalid"
"""
    path = write_spec(tmp_path, methods)
    done = cpsolve("experiment", str(path), cwd=tmp_path)
    assert done.returncode == 5, done.stderr
    shown = cpsolve("report", "results.db", cwd=tmp_path)
    assert shown.returncode == 5
    assert shown.stdout.startswith("!!! 9 DISAGREEMENTS between runs")
    assert shown.stdout.count("cheat (tiny) returned a solution the checker rejects") == 3
    for name, (_, length) in BOARDS.items():
        assert (f"DISAGREEMENT fake boards/{name}: different optimal lengths: {length} by "
                f"honest (tiny), {length + 2} by padded (tiny)") in shown.stdout
    assert shown.stdout.count("says unsolvable") == 3
    # Answers proven wrong decide nothing: the liar's quick "unsolvable" and the padded
    # "optimal" plans score twice the limit and leave the virtual best to honest.
    counts = table_counts(shown.stdout)
    assert counts["honest"] == ["3", "3", "0", "0", "0", "0"]
    for method in ("padded", "liar", "cheat"):
        assert counts[method] == ["3", "0", "0", "0", "3", "0"], method
    par2 = {cells[0]: cells[7] for cells in main_tables(shown.stdout) if cells[1].isdigit()}
    assert par2["liar"] == par2["padded"] == "40.0"
    assert par2[report.VIRTUAL_BEST] == par2["honest"]


def _row(method: str, outcome: str, **fields) -> dict:
    status = {"solved": "solved", "unsolvable": "unsolvable"}.get(outcome)
    row = {"id": 0, "experiment": "e", "family": "f", "method": method, "instance": "i",
           "instance_sha": "s", "seed": 0, "outcome": outcome, "status": status,
           "seconds": 1.0,
           "time_limit": 10.0, "objective": None, "length": None, "count": None,
           "complete": None, "is_unique": None, "reason": None}
    return row | fields


def test_cross_checks_counts_uniqueness_and_shorter_plans():
    agree = [_row("a", "solved", count=2, complete=1), _row("b", "solved", count=2, complete=1),
             _row("c", "solved", count=1, complete=0)]
    assert report.cross_check(agree) == []
    counts = [_row("a", "solved", count=2, complete=1), _row("b", "solved", count=3, complete=1)]
    assert "different complete solution counts: 2 by a (e), 3 by b (e)" in str(
        report.cross_check(counts)[0])
    unique = [_row("a", "solved", is_unique=1), _row("b", "solved", is_unique=0)]
    assert "a (e) says unique, b (e) says not" in str(report.cross_check(unique)[0])
    shorter = [_row("a", "solved", objective=10, length=10), _row("b", "solved", length=8)]
    assert "b (e) found a valid plan of 8, shorter than the optimum 10" in str(
        report.cross_check(shorter)[0])
    timeouts = [_row("a", "timeout"), _row("b", "unsolvable")]
    assert report.cross_check(timeouts) == []
    late = [_row("a", "timeout", status="solved", seconds=12.0), _row("b", "unsolvable")]
    assert "b (e) says unsolvable, a (e) found a solution" in str(report.cross_check(late)[0])


def test_scores_and_virtual_best():
    runs = [_row("a", "solved", instance="x", seconds=1.0),
            _row("a", "timeout", instance="y", seconds=11.0),
            _row("b", "solved", instance="x", seconds=3.0),
            _row("b", "unsolvable", instance="y", seconds=5.0)]
    lines = {line.method: line for line in report.table(runs)}
    assert lines["a"].par2 == pytest.approx((1 + 20) / 2)
    assert (lines["a"].solved, lines["a"].timeouts, lines["a"].median_decided) == (1, 1, False)
    assert lines["b"].par2 == pytest.approx(4.0) and lines["b"].mean_solved == 4.0
    best = lines[report.VIRTUAL_BEST]
    assert (best.solved, best.par2) == (2, pytest.approx(3.0))
    assert list(lines) == ["b", "a", report.VIRTUAL_BEST]


@pytest.mark.parametrize("text, where, message", [
    ("name = \"x\"\n[limits\ntime = 3\n", ":2:", "Expected ']'"),
    ("[limits]\ntime = -1\n", ":2: ", "time must be a positive number"),
    ("[[instances]]\nfamily = \"akari\"\nfiles = [\"nothing*.txt\"]\n", ":3: ",
     "no file matches 'nothing*.txt'"),
    ("[[instances]]\nfamily = \"nope\"\n", ":2: ", "unknown puzzle family 'nope'"),
    ("[[instances]]\nfamily = \"akari\"\nfiles = [\"ok.txt\"]\n[[methods]]\nfamily = \"akari\"\n"
     "\nbackend = \"sat\"\ncardd = \"x\"\n", ":8: ", "akari's solve() takes no option 'cardd'"),
    ("[[instances]]\nfamily = \"akari\"\nfiles = [\"ok.txt\"]\n[[methods]]\nfamily = \"akari\"\n"
     "time_limit = 3\n", ":6: ", "time_limit is set by the runner"),
    ("[[instances]]\nfamily = \"akari\"\nfiles = [\"ok.txt\"]\n", "spec.toml: ", "no methods"),
    ("[[instances]]\nfamily = \"akari\"\nfiles = [\"ok.txt\"]\n[[methods]]\nfamily = \"akari\"\n"
     "[[methods]]\nfamily = \"akari\"\n", ":6: ", "two akari methods are named 'default'"),
    ("[[instances]]\nfamily = \"akari\"\ngenerator = \"missing.py:nothing\"\n", ":3: ",
     "cannot load generator"),
    ("[[instances]]\nfamily = \"akari\"\nfiles = [\"ok.txt\"]\n[[methods]]\nfamily = \"slide\"\n",
     ":5: ", "no slide instances for this method"),
    ("[[instances]]\nfamily = \"akari\"\nfiles = [\"bad.txt\"]\n", "bad.txt:2:", "row has"),
    ("instances = [1]\n", ":1: ", "instances must be an array of tables: [[instances]], not int"),
    ("methods = [1]\n[[instances]]\nfamily = \"akari\"\nfiles = [\"ok.txt\"]\n", ":1: ",
     "methods must be an array of tables"),
    # A generator runs once the rest of the spec is known good (it may take long).
    ("[[instances]]\nfamily = \"akari\"\ngenerator = \"gen.py:boom\"\n", "spec.toml: ",
     "no methods: add [[methods]] tables"),
    ("[[instances]]\nfamily = \"akari\"\ngenerator = \"gen.py:boom\"\n[[methods]]\n"
     "family = \"akari\"\n", ":3: ",
     "generator gen.py:boom with {}, seed 0: ZeroDivisionError: division by zero"),
    ("[[instances]]\nfamily = \"akari\"\ngenerator = \"broken.py:board\"\n", ":3: ",
     "cannot load generator 'broken.py:board': SyntaxError: "),
    ("[[instances]]\nfamily = \"akari\"\ngenerator = \"undefined.py:board\"\n", ":3: ",
     "cannot load generator 'undefined.py:board': NameError: name 'nothing' is not defined"),
    ("[[instances]]\nfamily = \"akari\"\nfiles = [\"ok.txt\"]\n\n[[instances]]\n"
     "family = \"akari\"\nfiles = [\"ok.txt\"]\n", ":7: ", "two akari instances are named"),
    ("name = \"x\"\n\n[limit]\ntime = 3\n", ":3: ", "unknown key 'limit'"),
    ("[[instances]]\nfamily = \"akari\"\nfiles = [\"ok.txt\"]\n[[methods]]\nfamily = \"akari\"\n"
     "backend = []\n", ":6: ", "backend = []: an empty list leaves nothing to run"),
    ("[[instances]]\nfamily = \"akari\"\ngenerator = \"gen.py:board\"\n"
     "params = { width = [] }\n", ":4: ", "width = [] in params: an empty list"),
    # Option values are checked before any run, and options the method does not take.
    ("[[instances]]\nfamily = \"akari\"\nfiles = [\"ok.txt\"]\n[[methods]]\nfamily = \"akari\"\n"
     "backend = \"sat\"\ncard = \"totalizr\"\n", ":7: ",
     "akari method: --card: unknown value 'totalizr'; known: direct, seqcounter"),
    ("[[instances]]\nfamily = \"akari\"\nfiles = [\"ok.txt\"]\n[[methods]]\nfamily = \"akari\"\n"
     "backend = \"cpsat\"\ncard = \"seqcounter\"\n", ":7: ",
     "akari method: --card does not apply to the cpsat backend"),
    ("[[instances]]\nfamily = \"akari\"\nfiles = [\"ok.txt\"]\n[[methods]]\nfamily = \"akari\"\n"
     "solver = \"glucoze\"\n", ":6: ", "akari method: unknown SAT solver 'glucoze'"),
])
def test_bad_specs_name_the_line(tmp_path, text, where, message):
    (tmp_path / "ok.txt").write_text("..\n..\n")
    (tmp_path / "bad.txt").write_text("...\n..\n")
    (tmp_path / "gen.py").write_text("def boom(*, seed):\n    return 1 / 0\n\n"
                                     "def board(*, seed, width):\n    return '..\\n..\\n'\n")
    (tmp_path / "broken.py").write_text("def board(*, seed):\n    return (\n")
    (tmp_path / "undefined.py").write_text("nothing.board = 1\n")
    path = tmp_path / "spec.toml"
    path.write_text(text)
    with pytest.raises(InputError) as caught:
        spec.load(str(path))
    assert where in str(caught.value) and message in str(caught.value)
    if "bad.txt" not in text:
        assert str(caught.value).startswith(str(path))


def test_dry_run_creates_no_store(tmp_path):
    path = write_spec(tmp_path, TWO_METHODS)
    planned = cpsolve("experiment", str(path), "--dry-run", cwd=tmp_path)
    assert planned.returncode == 0, planned.stderr
    assert planned.stdout.splitlines()[0] == "slide sat boards/a.txt seed 0"
    assert planned.stdout.endswith("6 of 6 runs to do (20 s each at most)\n")
    assert not (tmp_path / "results.db").exists()


def test_bad_spec_on_the_command_line(tmp_path):
    path = tmp_path / "spec.toml"
    path.write_text("[limits]\ntime = \"long\"\n")
    done = cpsolve("experiment", str(path), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == f"cpsolve: {path}:2: time must be a positive number of seconds\n"
    (tmp_path / "gen.py").write_text("def boom(*, seed):\n    return 1 / 0\n")
    path.write_text("[[instances]]\nfamily = \"akari\"\ngenerator = \"gen.py:boom\"\n"
                    "[[methods]]\nfamily = \"akari\"\n")
    done = cpsolve("experiment", str(path), cwd=tmp_path)
    assert (done.returncode, done.stderr) == (
        2, f"cpsolve: {path}:3: generator gen.py:boom with {{}}, seed 0: ZeroDivisionError: "
           "division by zero\n")
    missing = cpsolve("report", "nothing.db", cwd=tmp_path)
    assert (missing.returncode, missing.stderr) == (2, "cpsolve: nothing.db: no such results "
                                                       "database\n")


def test_generated_instances_and_axes_expand(tmp_path):
    (tmp_path / "gen.py").write_text(
        "def board(*, seed, width):\n"
        "    return '.' * width + '\\n' + ('#' * (seed % 3)).ljust(width, '.') + '\\n'\n")
    path = tmp_path / "spec.toml"
    path.write_text("""seeds = [1, 2]
[[instances]]
family = "akari"
generator = "gen.py:board"
params = { width = [2, 3] }
seeds = [7, 8, 9]

[[methods]]
family = "akari"
name = "sat"
card = ["direct", "totalizer"]
""")
    loaded = spec.load(str(path))
    assert [i.name for i in loaded.instances][:2] == ["board-width2-s7", "board-width2-s8"]
    assert len(loaded.instances) == 6
    assert [m.name for m in loaded.methods] == ["sat-direct", "sat-totalizer"]
    assert len(loaded.runs()) == 2 * 6 * 2
    assert len({run.key for run in loaded.runs()}) == 24
    assert loaded.with_time(3).runs()[0].key != loaded.runs()[0].key


@pytest.mark.parametrize("name, plots", [("akari", ["cactus", "scatter"]),
                                         pytest.param("sliding",
                                                      ["cactus", "scatter", "horizon"],
                                                      marks=pytest.mark.slow),
                                         pytest.param("rotation",
                                                      ["cactus", "scatter", "horizon"],
                                                      marks=pytest.mark.slow),
                                         pytest.param("pencil", ["cactus", "scatter"],
                                                      marks=pytest.mark.slow),
                                         pytest.param("sudoku", ["cactus", "scatter"],
                                                      marks=pytest.mark.slow),
                                         pytest.param("starbattle", ["cactus", "scatter"],
                                                      marks=pytest.mark.slow)])
def test_shipped_examples_run_and_plot(tmp_path, examples, name, plots):
    """The example experiments under a half-second limit: every run ends, the answers
    agree, and the plots are drawn."""
    path = examples / "experiments" / f"{name}.toml"
    done = cpsolve("experiment", str(path), "--time-limit", "0.5", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    stored = rows(tmp_path / "results.db")
    assert len(stored) == len(spec.load(str(path)).runs())
    assert {row["outcome"] for row in stored} <= {"solved", "timeout"}
    assert any(row["outcome"] == "solved" for row in stored)
    shown = cpsolve("report", "results.db", "-o", "out", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    drawn = {p.name for p in (tmp_path / "out").iterdir()}
    for kind in plots:
        assert any(kind in file and file.endswith(".png") for file in drawn), kind
        assert any(kind in file and file.endswith(".svg") for file in drawn), kind


def test_a_store_from_before_new_columns_is_upgraded(tmp_path):
    from cpsolve.experiments.store import Store

    old = tmp_path / "old.db"
    with sqlite3.connect(old) as connection:
        connection.execute("CREATE TABLE runs (id INTEGER PRIMARY KEY, key TEXT NOT NULL "
                           "UNIQUE, experiment TEXT NOT NULL, outcome TEXT NOT NULL)")
        connection.execute("INSERT INTO runs (key, experiment, outcome) VALUES "
                           "('k', 'e', 'solved')")
    with Store(str(old)) as store:
        assert store.finished_keys("e") == {"k"}
        assert store.rows()[0]["peak_mb"] is None
    (tmp_path / "junk.db").write_text("not a database, not at all" * 100)
    with pytest.raises(InputError, match="not a results database"):
        Store(str(tmp_path / "junk.db"))


def test_a_plan_a_real_family_rejects_is_flagged_wrong(tmp_path):
    """A real family checks its own plans and returns an error with the plan it
    rejected: the experiment records a wrong answer and the report flags it."""
    for name, (text, _) in BOARDS.items():
        (tmp_path / "boards").mkdir(exist_ok=True)
        (tmp_path / "boards" / name).write_text(text)
    shutil.copy(HERE / "experiment_broken_decoder.py", tmp_path / "experiment_broken_decoder.py")
    path = tmp_path / "spec.toml"
    path.write_text("""name = "tiny"
[limits]
time = 20

[families]
backwards = "experiment_broken_decoder"

[[instances]]
family = "backwards"
files = ["boards/*.txt"]

[[methods]]
family = "backwards"
name = "reversed"
""")
    done = cpsolve("experiment", str(path), cwd=tmp_path)
    assert done.returncode == 5, done.stdout + done.stderr
    outcomes = {r["instance"]: r["outcome"] for r in rows(tmp_path / "results.db")}
    # The plans of a.txt (RR) and b.txt (RDR) read the same backwards.
    assert outcomes == {"boards/a.txt": "solved", "boards/b.txt": "solved",
                        "boards/c.txt": "wrong"}
    shown = cpsolve("report", "results.db", cwd=tmp_path)
    assert shown.returncode == 5
    assert shown.stdout.startswith("!!! 1 DISAGREEMENT between runs")
    assert ("DISAGREEMENT backwards boards/c.txt: reversed (tiny) returned a solution the checker "
            "rejects: after 4 moves the board differs from the goal") in shown.stdout


def test_refuted_answers_score_as_undecided():
    runs = [_row("a", "solved", status="optimal", objective=5, length=5, seconds=3.0),
            _row("b", "solved", status="optimal", objective=7, length=7, seconds=1.0),
            _row("c", "unsolvable", seconds=0.5)]
    problems = report.cross_check(runs)
    assert [row["method"] for p in problems for row in p.refuted] == ["c", "b"]
    lines = {line.method: line for line in report.table(report.judge(runs, problems))}
    assert (lines["a"].solved, lines["a"].wrong) == (1, 0)
    for method in ("b", "c"):
        assert (lines[method].solved, lines[method].wrong, lines[method].par2) == (0, 1, 20.0)
    assert lines[report.VIRTUAL_BEST].par2 == 3.0


@pytest.mark.slow  # 45 s; the store keys and reruns are tested on the tiny spec
def test_adding_a_file_runs_only_its_runs_and_other_limits_are_not_shown(tmp_path):
    path = write_spec(tmp_path, """
[[methods]]
family = "fake"
name = "well"
""")
    assert cpsolve("experiment", str(path), cwd=tmp_path).returncode == 0
    # A file in another directory: the names of the others must not change.
    (tmp_path / "more").mkdir()
    (tmp_path / "more" / "d.txt").write_text("1 2 3\n4 5 6\n7 0 8\n")
    path.write_text(path.read_text().replace('files = ["boards/*.txt"]',
                                             'files = ["boards/*.txt", "more/*.txt"]'))
    planned = cpsolve("experiment", str(path), "--dry-run", cwd=tmp_path)
    assert planned.stdout.splitlines() == ["fake well more/d.txt seed 0",
                                           "1 of 4 runs to do (20 s each at most)"]
    done = cpsolve("experiment", str(path), cwd=tmp_path)
    assert "4 runs; 1 run now (1 solved), 3 already in results.db" in done.stdout
    assert table_counts(cpsolve("report", "results.db", cwd=tmp_path).stdout)["well"][0] == "4"
    # Under another limit: the report shows the latest limit's runs alone.
    again = cpsolve("experiment", str(path), "--time-limit", "10", cwd=tmp_path)
    assert "4 runs; 4 run now (4 solved)" in again.stdout
    assert "4 runs under other limits not shown" in again.stdout
    shown = cpsolve("report", "results.db", "-o", "out", cwd=tmp_path)
    assert table_counts(shown.stdout)["well"][0] == "4"
    assert "time limit 10 s" in shown.stdout
    assert "4 runs under other limits not shown" in shown.stdout
    lines = (tmp_path / "out" / "runs.csv").read_text().splitlines()
    assert lines[0].endswith(",current")
    assert sorted(line.rsplit(",", 1)[1] for line in lines[1:]) == ["0"] * 4 + ["1"] * 4


def test_a_rerun_retries_the_runs_that_ended_in_an_error(tmp_path):
    path = write_spec(tmp_path, """
[[methods]]
family = "fake"
name = "well"

[[methods]]
family = "fake"
name = "crash"
behave = "crash"
""")
    first = cpsolve("experiment", str(path), cwd=tmp_path)
    assert "6 runs; 6 run now (3 error, 3 solved)" in first.stdout
    planned = cpsolve("experiment", str(path), "--dry-run", cwd=tmp_path).stdout.splitlines()
    assert planned[0] == "fake crash boards/a.txt seed 0 (again: it ended in an error)"
    assert planned[-1] == "3 of 6 runs to do (20 s each at most)"
    again = cpsolve("experiment", str(path), cwd=tmp_path)
    assert ("6 runs; 3 run now (3 error), 3 of them again after an error, 3 already in "
            "results.db") in again.stdout
    assert len(rows(tmp_path / "results.db")) == 6


def test_report_opens_the_store_read_only(tmp_path):
    plain = tmp_path / "plain.db"
    with sqlite3.connect(plain) as connection:
        connection.execute("CREATE TABLE other (x INTEGER)")
    before = plain.read_bytes()
    done = cpsolve("report", "plain.db", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (
        2, "cpsolve: plain.db: not a results database (no runs table)\n")
    assert plain.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plain.db"]


def test_plots_mark_cut_horizons_and_count_items_in_integers():
    from cpsolve.experiments import plots

    assert plots.horizon_marker("unknown", "C0")["marker"] == "x"
    assert plots.horizon_marker("unsat", "C0")["markerfacecolor"] == "white"
    assert plots.horizon_marker("sat", "C0")["markerfacecolor"] == "C0"
    horizons = json.dumps([{"horizon": 2, "status": "unsat", "seconds": 0.1},
                           {"horizon": 4, "status": "unknown", "seconds": 10.0}])
    runs = [_row("a", "solved", instance=name, seconds=float(n + 1), horizons=horizons)
            for n, name in enumerate("xyz")]
    drawn = plots.horizon(runs, "t")["svg"]
    assert b"x: cut by the time limit" in drawn  # the title, as a comment in the SVG
    # Matplotlib writes each text of an SVG as a comment: the items axis counts 0, 1, 2, 3.
    cactus = plots.cactus(runs, "t")["svg"]
    assert b"<!-- 1 -->" in cactus and b"<!-- 0.5 -->" not in cactus
    assert plots.UNDECIDED == 1.5 and "1.5 times the limit" in plots.__doc__


def test_methods_dropped_from_the_spec_leave_the_report(tmp_path):
    path = write_spec(tmp_path, """
[[methods]]
family = "fake"
name = "well"

[[methods]]
family = "fake"
name = "again"
""")
    assert cpsolve("experiment", str(path), cwd=tmp_path).returncode == 0
    path.write_text(path.read_text().split("[[methods]]\nfamily = \"fake\"\nname = \"again\"")[0])
    for done in (cpsolve("experiment", str(path), cwd=tmp_path),
                 cpsolve("report", "results.db", cwd=tmp_path)):
        assert done.returncode == 0, done.stderr
        assert list(table_counts(done.stdout)) == ["well"]
        assert "3 runs no longer in the spec not shown" in done.stdout


def test_certification_time_is_recorded_as_a_metric(tmp_path):
    """``certify = true`` in a method's table: each run certifies what it proved and
    stores the seconds that took; a family without certificates is refused at its
    line."""
    (tmp_path / "boards").mkdir()
    shutil.copy(HERE.parents[1] / "examples" / "akari" / "seed-7x7.txt", tmp_path / "boards")
    path = tmp_path / "spec.toml"
    path.write_text("""name = "certified"
[limits]
time = 30

[[instances]]
family = "akari"
files = ["boards/*.txt"]

[[methods]]
family = "akari"
name = "sat"
unique = true
certify = true
""")
    done = cpsolve("experiment", str(path), cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    (row,) = rows(tmp_path / "results.db")
    stats = json.loads(row["stats"])["extra"]
    assert stats["certificate"] == "unique"
    assert 0 < stats["certificate_check_seconds"] < stats["certificate_seconds"]
    (tmp_path / "fake").mkdir()
    uncertified = write_spec(tmp_path / "fake", """
[[methods]]
family = "fake"
name = "plain"
certify = true
""")
    with pytest.raises(InputError, match="fake has no certificates"):
        spec.load(str(uncertified))


def test_runs_are_forked_from_one_warm_server(tmp_path):
    # A fresh interpreter per run cost more than a small run: every run of a worker is
    # forked from one server that has imported cpsolve and the solver once.
    from cpsolve.experiments import forkserver, runner

    forkserver.close_all()
    path = write_spec(tmp_path, '[[methods]]\nfamily = "fake"\nname = "well"\n')
    records = [runner.run_one(runner.job(run)) for run in spec.load(str(path)).runs()]
    try:
        assert [record["outcome"] for record in records] == ["solved"] * 3
        servers = [each for found in forkserver._idle.values() for each in found]
        assert len(servers) == 1 and servers[0].process.poll() is None
        # Measured from the fork: no interpreter start-up in the run's processor time.
        assert all(0 < record["cpu_seconds"] < 5 and record["peak_mb"] > 5
                   for record in records)
    finally:
        forkserver.close_all()
    assert servers[0].process.poll() is not None


def test_a_fork_server_that_dies_is_an_error_of_its_run_and_is_replaced(tmp_path):
    import threading

    from cpsolve.experiments import forkserver, runner

    forkserver.close_all()
    methods = '[[methods]]\nfamily = "fake"\nname = "sleep"\nbehave = "sleep"\n'
    pidfile = tmp_path / "sleeper.pid"
    runs = spec.load(str(write_spec(tmp_path, methods, time_limit=60))).runs()
    os.environ["FAKE_PIDFILE"] = str(pidfile)
    try:
        records: list[dict] = []
        running = threading.Thread(target=lambda: records.append(
            runner.run_one(runner.job(runs[0]))))
        running.start()
        deadline = time.monotonic() + 60
        while not _written(pidfile) and time.monotonic() < deadline:
            time.sleep(0.05)
        sleeper, directory = pidfile.read_text().split()
        server = int(Path(f"/proc/{sleeper}/stat").read_text().split(")")[1].split()[1])
        os.kill(server, signal.SIGKILL)
        running.join(30)
        assert not running.is_alive()
        assert records[0]["outcome"] == "error"
        assert "fork server died" in records[0]["reason"]
        gone = time.monotonic() + 5  # its run notices its parent is gone
        while _alive(sleeper) and time.monotonic() < gone:
            time.sleep(0.05)
        assert not _alive(sleeper) and not Path(directory).exists()
    finally:
        del os.environ["FAKE_PIDFILE"]
    well = spec.load(str(write_spec(tmp_path, '[[methods]]\nfamily = "fake"\nname = "w"\n')))
    record = runner.run_one(runner.job(well.runs()[0]))
    assert record["outcome"] == "solved", record
    # One that dies while idle is not lent: the next run gets a new one.
    idle = [each for found in forkserver._idle.values() for each in found]
    assert len(idle) == 1
    idle[0].process.kill()
    idle[0].process.wait()
    record = runner.run_one(runner.job(well.runs()[1]))
    assert record["outcome"] == "solved", record
    forkserver.close_all()


def test_each_family_has_servers_of_its_own(tmp_path):
    # A server holds the family modules it imported: a run of another family (or of a
    # family file changed since) must never run that code.
    from cpsolve.experiments import forkserver, runner

    forkserver.close_all()
    path = write_spec(tmp_path, '[[methods]]\nfamily = "fake"\nname = "well"\n'
                                + TWO_METHODS.replace('name = "cpsat"', 'name = "c"'))
    for run in spec.load(str(path)).runs():
        assert runner.run_one(runner.job(run))["outcome"] == "solved"
    assert len(forkserver._idle) == 3  # fake; slide with python-sat; slide with OR-Tools
    family = tmp_path / "experiment_family.py"
    family.write_text(family.read_text().replace(
        'if behave == "unsolvable":', 'if behave == "well":\n'
        '        raise RuntimeError("changed")\n    if behave == "unsolvable":'))
    os.utime(family, ns=(time.time_ns() + 10**9,) * 2)
    record = runner.run_one(runner.job(spec.load(str(path)).runs()[0]))
    assert record["outcome"] == "error" and "changed" in record["reason"], record
    forkserver.close_all()


def test_generated_boards_are_made_once_and_kept_in_the_store(tmp_path):
    # Generators are often slower than the runs: a rerun (after an interruption, or
    # with a method added) used to make every board again before it could start.
    (tmp_path / "gen.py").write_text(
        "import os\n"
        "def board(*, seed, width):\n"
        "    with open(os.path.join(os.path.dirname(__file__), 'calls'), 'a') as out:\n"
        "        out.write(f'{width} {seed}\\n')\n"
        "    return ('.' * width + '\\n') * (seed + 1)\n")
    path = tmp_path / "spec.toml"
    text = """[[instances]]
family = "akari"
generator = "gen.py:board"
params = { width = [2, 3] }
seeds = [1, 2]

[[methods]]
family = "akari"
name = "sat"
"""
    path.write_text(text)
    calls = tmp_path / "calls"
    planned = cpsolve("experiment", str(path), "--dry-run", cwd=tmp_path)
    assert planned.stdout.endswith("4 of 4 runs to do (60 s each at most)\n")
    assert sorted(calls.read_text().splitlines()) == ["2 1", "2 2", "3 1", "3 2"]
    assert not (tmp_path / "results.db").exists()  # a dry run keeps nothing
    calls.unlink()
    done = cpsolve("experiment", str(path), "--workers", "2", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "4 runs; 4 run now (4 solved)" in done.stdout
    assert len(calls.read_text().splitlines()) == 4
    calls.unlink()
    path.write_text(text.replace("[1, 2]", "[1, 2, 3]"))
    again = cpsolve("experiment", str(path), cwd=tmp_path)
    assert "6 runs; 2 run now (2 solved), 4 already in results.db" in again.stdout
    assert sorted(calls.read_text().splitlines()) == ["2 3", "3 3"]  # only the new ones
    calls.unlink()
    assert "0 of 6 runs to do" in cpsolve("experiment", str(path), "--dry-run",
                                          cwd=tmp_path).stdout
    assert not calls.exists()
    # A generator changed makes its boards again.
    (tmp_path / "gen.py").write_text((tmp_path / "gen.py").read_text() + "# changed\n")
    cpsolve("experiment", str(path), "--dry-run", cwd=tmp_path)
    assert len(calls.read_text().splitlines()) == 6
