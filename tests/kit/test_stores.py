"""The stores of ``cpsolve batch`` and ``cpsolve experiment``: each file that is not a
store of the kind asked for, is damaged or cannot be written is refused in one line
(exit 2) and left as it is; stores made before the kind was recorded still open; a
second run on a store in use is refused at once, and a killed run does not block the
next one: an experiment killed at random moments ends as an uninterrupted one.
(The batch's own kills, and a damaged write-ahead log, are in
tests/sliding/test_batch.py.)"""

from __future__ import annotations

import hashlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cpsolve import stores
from cpsolve.cli import main
from cpsolve.errors import InputError
from tests.kit.test_experiments import BOARDS, cpsolve, rows, write_spec
from tests.sliding.test_batch import small_set

WELL = """
[[methods]]
family = "fake"
name = "well"
"""
SLEEP = """
[[methods]]
family = "fake"
name = "sleep"
behave = "sleep"
"""
BATCH_TABLES = """
CREATE TABLE attempts (problem TEXT NOT NULL, pass INTEGER NOT NULL, run INTEGER NOT NULL,
    status TEXT NOT NULL, method TEXT, reason TEXT, lower_bound INTEGER,
    seconds REAL NOT NULL, finished REAL NOT NULL, PRIMARY KEY (problem, pass));
CREATE TABLE answers (problem TEXT NOT NULL, moves TEXT NOT NULL, pass INTEGER NOT NULL,
    optimal INTEGER NOT NULL, PRIMARY KEY (problem, moves));
CREATE TABLE runs (run INTEGER PRIMARY KEY, started REAL NOT NULL, seconds REAL);
"""


def run_cli(*args: str) -> int:
    with pytest.raises(SystemExit) as done:
        main(list(args))
    return int(done.value.code or 0)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


@pytest.fixture
def problems(tmp_path: Path) -> Path:
    path = tmp_path / "p.txt"
    path.write_text(small_set(2, seed=11))
    return path


@pytest.fixture
def batch_store(tmp_path: Path) -> Path:
    """A batch store with one attempt."""
    from cpsolve.batch import Store

    store = Store(str(tmp_path / "b.sqlite"))
    store.record("3,3,123456708", 0, {"status": "optimal", "seconds": 0.1}, ["R"])
    store.close(0.1)
    return tmp_path / "b.sqlite"


@pytest.fixture
def results(tmp_path: Path) -> Path:
    """An experiment's results database (no runs yet), and a spec beside it."""
    from cpsolve.experiments.store import Store

    write_spec(tmp_path, WELL)
    Store(str(tmp_path / "r.db")).close()
    return tmp_path / "r.db"


def refused(capsys, *args: str) -> str:
    """Run a command that must refuse its store: exit 2 and one line, which is returned."""
    assert run_cli(*args) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("cpsolve: "), err
    return err[0]


def refused_by_process(tmp_path: Path, *args: str) -> str:
    done = cpsolve(*args, cwd=tmp_path)
    err = done.stderr.splitlines()
    assert done.returncode == 2 and len(err) == 1 and err[0].startswith("cpsolve: "), \
        done.stderr
    return err[0]


@pytest.mark.parametrize("contents, message", [
    (os.urandom(4096), "not a batch store (not an SQLite database)"),
    (b"SQLite format 3\x00\x10\x00", "a damaged batch store: the file is cut short"),
])
def test_bytes_that_are_no_store_are_refused_and_kept(tmp_path, problems, capsys,
                                                      contents, message):
    store = tmp_path / "s.sqlite"
    store.write_bytes(contents)
    line = refused(capsys, "batch", str(problems), "--store", str(store))
    assert line == f"cpsolve: {store}: {message}" or line.startswith(
        f"cpsolve: {store}: {message}")
    assert store.read_bytes() == contents
    assert files(tmp_path) == ["p.txt", "s.sqlite"]


def test_a_truncated_store_is_damaged_and_kept(tmp_path, problems, batch_store, capsys):
    cut = tmp_path / "cut.sqlite"
    cut.write_bytes(batch_store.read_bytes()[:5000])
    before = digest(cut)
    line = refused(capsys, "batch", str(problems), "--store", str(cut))
    assert line.startswith(f"cpsolve: {cut}: a damaged batch store (")
    assert line.endswith("; it is left as it is")
    assert digest(cut) == before
    assert not any(name.startswith("cut.sqlite-") or name.endswith(".lock")
                   for name in files(tmp_path))


def test_each_kind_refuses_the_other(tmp_path, problems, batch_store, results, capsys):
    before = digest(results)
    line = refused(capsys, "batch", str(problems), "--store", str(results))
    assert line == (f"cpsolve: {results}: not a batch store (a results database: "
                    "cpsolve report reads it)")
    assert digest(results) == before
    before = digest(batch_store)
    spec = str(tmp_path / "spec.toml")
    for args in (("report", str(batch_store)),
                 ("experiment", spec, "--db", str(batch_store)),
                 ("experiment", spec, "--db", str(batch_store), "--dry-run")):
        assert refused_by_process(tmp_path, *args) == (
            f"cpsolve: {batch_store}: not a results database (a batch store: "
            "cpsolve batch --store reads it)")
    assert digest(batch_store) == before


def test_another_programs_database_is_refused(tmp_path, problems, capsys):
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE x (a)")
    before = digest(other)
    assert refused(capsys, "batch", str(problems), "--store", str(other)) == (
        f"cpsolve: {other}: not a batch store (no attempts table)")
    with sqlite3.connect(other) as connection:
        connection.execute("PRAGMA application_id = 1234")
    before = digest(other)
    assert refused(capsys, "batch", str(problems), "--store", str(other)) == (
        f"cpsolve: {other}: not a batch store (the database of another program, "
        "application id 0x4d2)")
    assert digest(other) == before


def test_a_store_of_a_newer_cpsolve_is_refused(tmp_path, problems, batch_store, capsys):
    with sqlite3.connect(batch_store) as connection:
        connection.execute(f"PRAGMA user_version = {stores.BATCH.version + 1}")
    before = digest(batch_store)
    assert refused(capsys, "batch", str(problems), "--store", str(batch_store)) == (
        f"cpsolve: {batch_store}: a batch store of a newer cpsolve (format "
        f"{stores.BATCH.version + 1}; this one knows up to {stores.BATCH.version})")
    assert digest(batch_store) == before


def test_places_that_cannot_be_written(tmp_path, problems, batch_store, capsys):
    missing = tmp_path / "nowhere" / "a.txt"
    assert refused(capsys, "batch", str(problems), "-o", str(missing)) == (
        f"cpsolve: {missing}: cannot write the answers file: no such directory "
        f"{missing.parent}")
    assert refused(capsys, "batch", str(problems), "--store", str(missing)) == (
        f"cpsolve: {missing}: cannot write the batch store: no such directory "
        f"{missing.parent}")
    assert not missing.parent.exists()
    batch_store.chmod(0o444)  # read-only by its mode: refused even for root
    before = digest(batch_store)
    assert refused(capsys, "batch", str(problems), "--store", str(batch_store)) == (
        f"cpsolve: {batch_store}: cannot write the batch store: the file is read-only")
    assert digest(batch_store) == before
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        assert refused(capsys, "batch", str(problems), "--store",
                       str(locked / "s.sqlite")) == (
            f"cpsolve: {locked / 's.sqlite'}: cannot write the batch store: its "
            "directory is read-only")
    finally:
        locked.chmod(0o755)
    assert files(locked) == []


def test_an_experiment_refuses_places_that_cannot_be_written(tmp_path, results):
    spec = str(tmp_path / "spec.toml")
    assert refused_by_process(tmp_path, "experiment", spec, "--db", "no/r.db") == (
        "cpsolve: no/r.db: cannot write the results database: no such directory no")
    results.chmod(0o444)
    before = digest(results)
    assert refused_by_process(tmp_path, "experiment", spec, "--db", "r.db") == (
        "cpsolve: r.db: cannot write the results database: the file is read-only")
    assert digest(results) == before
    assert cpsolve("report", "r.db", cwd=tmp_path).returncode == 0  # reading is fine
    junk = tmp_path / "junk.db"
    junk.write_bytes(os.urandom(3000))
    assert refused_by_process(tmp_path, "report", "junk.db") == (
        "cpsolve: junk.db: not a results database (not an SQLite database)")
    cut = tmp_path / "cut.db"
    cut.write_bytes(results.read_bytes()[:6000])
    assert refused_by_process(tmp_path, "report", "cut.db").startswith(
        "cpsolve: cut.db: a damaged results database (")


def test_stores_from_before_kinds_open(tmp_path, problems, capsys):
    old = tmp_path / "old.sqlite"
    with sqlite3.connect(old) as connection:
        connection.executescript(BATCH_TABLES)
        connection.execute("INSERT INTO runs VALUES (1, 0, 1)")
        for line in problems.read_text().splitlines()[2:]:
            connection.execute("INSERT INTO attempts VALUES (?, 0, 1, 'unknown', '', '', "
                               "NULL, 1, 0)", (line,))
    # every board attempted and left open: no work, the summary of what is stored
    assert run_cli("batch", str(problems), "--passes", "1", "--store", str(old)) == 3
    assert "this run: 0 attempts" in capsys.readouterr().err
    with sqlite3.connect(old) as connection:
        assert connection.execute("PRAGMA application_id").fetchone()[0] == (
            stores.BATCH.application_id)
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 1
        assert connection.execute("SELECT COUNT(*) FROM runs").fetchone()[0] == 2
    # and the experiments' store from before kinds, read without a change
    results = tmp_path / "old.db"
    with sqlite3.connect(results) as connection:
        connection.execute("CREATE TABLE runs (id INTEGER PRIMARY KEY, key TEXT NOT NULL "
                           "UNIQUE, experiment TEXT NOT NULL, outcome TEXT NOT NULL)")
    before = digest(results)
    connection = stores.open_to_read(str(results), stores.RESULTS)
    assert connection.execute("SELECT COUNT(*) FROM runs").fetchone()[0] == 0
    connection.close()
    assert digest(results) == before


def test_a_lease_says_who_holds_it_and_ends_with_its_process(tmp_path):
    path = str(tmp_path / "s.sqlite")
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom cpsolve import stores\n"
         f"stores.Lease({path!r}, stores.BATCH)\nprint('held', flush=True)\n"
         "time.sleep(600)"], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(InputError, match=f"in use by another cpsolve run "
                                             f"\\(process {holder.pid}, since "):
            stores.Lease(path, stores.BATCH)
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    lease = stores.Lease(path, stores.BATCH)  # a dead holder blocks nothing
    assert lease.held and Path(path + ".lock").read_text().split()[0] == str(os.getpid())
    lease.release()
    assert not Path(path + ".lock").exists()


def _batch(tmp_path: Path, count: int, seed: int) -> tuple[Path, Path, list[str], dict[str, str]]:
    """A batch of ``count`` small problems in ``tmp_path``: the problem file, its store,
    the command that solves them in one worker, and its environment."""
    problems = tmp_path / "p.txt"
    problems.write_text(small_set(count, seed=seed))
    command = [sys.executable, "-m", "cpsolve", "batch", str(problems), "-o",
               str(tmp_path / "a.txt"), "--workers", "1"]
    return problems, tmp_path / "a.txt.sqlite", command, {**os.environ,
                                                           "CPSOLVE_PROGRESS": "0"}


def test_two_batches_on_one_store(tmp_path):
    _, store, command, env = _batch(tmp_path, 30, seed=12)
    first = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "a.txt.sqlite.lock").exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        second = subprocess.run(command, env=env, capture_output=True, text=True,
                                timeout=60)
        assert first.poll() is None, "the first batch ended too soon"
        assert second.returncode == 2
        assert second.stderr.startswith(
            f"cpsolve: {store}: the batch store is in use by another cpsolve run (process "
            f"{first.pid}, since ")
        assert second.stderr.endswith("; wait for it to end, or choose another file\n")
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
    with sqlite3.connect(store) as connection:
        before = set(connection.execute("SELECT problem, pass, run FROM attempts"))
    again = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    with sqlite3.connect(store) as connection:
        after = set(connection.execute("SELECT problem, pass, run FROM attempts"))
        assert dict(connection.execute("SELECT run, COUNT(*) FROM runs GROUP BY run")) == {
            1: 1, 2: 1}  # the refused run left no trace
    assert before <= after and len({(p, k) for p, k, _ in after}) == len(after)
    assert not (tmp_path / "a.txt.sqlite.lock").exists()


def test_two_experiments_on_one_store(tmp_path):
    path = write_spec(tmp_path, WELL + SLEEP, time_limit=60)
    pidfile = tmp_path / "sleeper.pid"
    command = [str(Path(sys.executable).with_name("cpsolve"))]
    if not Path(command[0]).exists():
        command = [sys.executable, "-m", "cpsolve"]
    first = subprocess.Popen([*command, "experiment", str(path), "--workers", "1"],
                             cwd=tmp_path, env={**os.environ, "FAKE_PIDFILE": str(pidfile)},
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while not pidfile.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert pidfile.exists(), "the sleeping run never started"
        line = refused_by_process(tmp_path, "experiment", str(path))
        assert line.startswith("cpsolve: results.db: the results database is in use by "
                               f"another cpsolve run (process {first.pid}, since ")
        # reading is never refused
        assert cpsolve("report", "results.db", cwd=tmp_path).returncode == 0
        assert cpsolve("experiment", str(path), "--dry-run",
                       cwd=tmp_path).stdout.endswith("3 of 6 runs to do (60 s each at most)\n")
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
    stored = rows(tmp_path / "results.db")
    assert [(r["method"], r["outcome"]) for r in stored] == [("well", "solved")] * 3
    path.write_text(path.read_text().replace(SLEEP, ""))
    again = cpsolve("experiment", str(path), cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert "3 runs; 0 run now, 3 already in results.db" in again.stdout
    assert rows(tmp_path / "results.db") == stored


def stored_runs(db: Path) -> dict[str, tuple[int, str, float]]:
    """key -> (id, outcome, finished) of every run stored (errors aside: a rerun tries
    them again), read without a change."""
    if not db.exists():
        return {}
    connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return {key: (number, outcome, finished) for number, key, outcome, finished in
                connection.execute("SELECT id, key, outcome, finished FROM runs WHERE "
                                   "outcome != 'error'")}
    except sqlite3.OperationalError:  # the experiment is making its tables
        return {}
    finally:
        connection.close()


@pytest.mark.parametrize("kills, seeds", [(2, 1), pytest.param(20, 4, marks=pytest.mark.slow)])
def test_experiment_killed_at_random_moments_ends_as_an_uninterrupted_one(tmp_path, kills,
                                                                         seeds):
    path = write_spec(tmp_path, WELL, extra=f"seeds = {list(range(seeds))}")
    db = tmp_path / "results.db"
    command = [str(Path(sys.executable).with_name("cpsolve"))]
    if not Path(command[0]).exists():
        command = [sys.executable, "-m", "cpsolve"]
    rng = random.Random(kills)
    known: dict[str, tuple[int, str, float]] = {}
    for _ in range(kills):
        process = subprocess.Popen([*command, "experiment", str(path), "--workers", "1"],
                                   cwd=tmp_path, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.2, 3.0))
        process.send_signal(signal.SIGKILL)
        process.wait()
        now = stored_runs(db)
        assert {key: now.get(key) for key in known} == known  # nothing stored is redone
        known = now
    assert known or kills < 20, "no kill came after a stored run"
    done = cpsolve("experiment", str(path), "--workers", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    final = stored_runs(db)
    assert {key: final[key] for key in known} == known
    assert f"{3 * seeds - len(known)} run now" in done.stdout
    # the answers of an uninterrupted run: every board solved, at its optimal length
    assert sorted((r["instance"], r["seed"], r["outcome"], r["length"]) for r in rows(db)) \
        == sorted((f"boards/{name}", seed, "solved", length)
                  for name, (_, length) in BOARDS.items() for seed in range(seeds))
    assert not (tmp_path / "results.db.lock").exists()


def _file_size_limit(size: int):
    """In a child about to start: files may not grow past ``size`` bytes (a write
    past it fails, as on a full disk, instead of killing the process)."""
    import resource

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return limit


@pytest.mark.parametrize("size", [20_000, 120_000])  # at opening; after some answers
def test_a_batch_whose_store_fills_the_disk(tmp_path, size):
    # It ended with exit 70 and a thread's traceback; what it had stored is kept.
    problems, store, command, env = _batch(tmp_path, 300, seed=5)
    full = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300,
                          preexec_fn=_file_size_limit(size))
    assert full.returncode == 74, full.stderr
    assert full.stderr == (f"cpsolve: cannot write the batch store {store}: disk I/O error "
                           "(is the disk full?)\n")
    with sqlite3.connect(store) as connection:
        made = connection.execute("SELECT name FROM sqlite_master WHERE name = 'attempts'")
        before = set(connection.execute("SELECT problem, pass FROM attempts")
                     if made.fetchone() else ())
    if size > 100_000:
        assert before, "nothing was stored before the disk was full"
    again = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    with sqlite3.connect(store) as connection:
        after = set(connection.execute("SELECT problem, pass FROM attempts"))
    distinct = set(problems.read_text().splitlines()[2:])
    assert before <= after and {problem for problem, _ in after} == distinct
