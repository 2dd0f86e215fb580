"""The results store: one SQLite file, one row per finished run.

Write-ahead logging and a commit per run: a crash (of a run, of the experiment, of
the machine) loses at most the runs still in progress, and a rerun of the spec skips
every run already stored but those that ended in an error
(:meth:`Store.finished_keys`). Specs and instance texts are stored too, so every row
can be traced to exactly what ran. A store opened to read (``create=False``) is
opened read-only: reporting never changes the file. Opening checks the file's kind
and format, and a store opened to write is held by one experiment at a time
(:mod:`cpsolve.stores`).
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

from cpsolve import stores
from cpsolve.experiments.spec import Run, Spec

SCHEMA = """
CREATE TABLE IF NOT EXISTS specs (
    sha TEXT PRIMARY KEY, experiment TEXT, path TEXT, text TEXT, added REAL
);
CREATE TABLE IF NOT EXISTS instances (
    sha TEXT PRIMARY KEY, family TEXT, text TEXT
);
CREATE TABLE IF NOT EXISTS boards (
    fingerprint TEXT PRIMARY KEY, text TEXT NOT NULL, made REAL
);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    experiment TEXT NOT NULL,
    spec TEXT,
    family TEXT NOT NULL,
    method TEXT NOT NULL,
    options TEXT,
    instance TEXT NOT NULL,
    instance_sha TEXT,
    source TEXT,
    seed INTEGER,
    time_limit REAL,
    memory_limit INTEGER,
    outcome TEXT NOT NULL,
    status TEXT,
    reason TEXT,
    seconds REAL,
    wall_seconds REAL,
    cpu_seconds REAL,
    peak_mb REAL,
    build_seconds REAL,
    solve_seconds REAL,
    variables INTEGER,
    clauses INTEGER,
    constraints INTEGER,
    conflicts INTEGER,
    nodes INTEGER,
    objective INTEGER,
    length INTEGER,
    count INTEGER,
    complete INTEGER,
    is_unique INTEGER,
    solution TEXT,
    resolved TEXT,
    horizons TEXT,
    stats TEXT,
    versions TEXT,
    host TEXT,
    machine TEXT,
    stderr TEXT,
    finished REAL
);
CREATE INDEX IF NOT EXISTS runs_by_experiment ON runs (experiment);
"""

# The columns the report and the CSV export use, in order.
COLUMNS = ("experiment", "family", "method", "instance", "seed", "outcome", "status",
           "seconds", "time_limit", "memory_limit", "build_seconds", "solve_seconds",
           "wall_seconds", "cpu_seconds", "peak_mb", "variables", "clauses", "constraints",
           "conflicts", "nodes",
           "objective", "length", "count", "complete", "is_unique", "reason", "options",
           "instance_sha", "source", "host", "versions", "finished", "key")


class Store:
    """An open results database (created if missing)."""

    lease: stores.Lease | None  # held while open to write

    def __init__(self, path: str, *, create: bool = True) -> None:
        if not create:
            self._open_to_read(path)
            return
        self.path = path
        # Checked and held (see cpsolve.stores): another kind of file is refused and
        # left as it is; a second experiment on this store says it is in use.
        self.db, self.lease = stores.open_to_write(path, stores.RESULTS, SCHEMA, _upgrade,
                                                   timeout=60)
        # A run costs far more than a sync: make each commit durable, power loss too.
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.row_factory = sqlite3.Row

    def _open_to_read(self, path: str) -> None:
        """Open an existing store read-only, checked: never changed, never held."""
        self.path = path
        self.lease = None
        self.db = stores.open_to_read(path, stores.RESULTS)
        self.db.row_factory = sqlite3.Row

    def close(self) -> None:
        self.db.close()
        if self.lease is not None:
            self.lease.release()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def add_spec(self, spec: Spec) -> None:
        with stores.writing(self.path, stores.RESULTS), self.db:
            # The time says which spec of an experiment ran last (see :meth:`specs`).
            self.db.execute("INSERT INTO specs VALUES (?, ?, ?, ?, ?) ON CONFLICT (sha) DO "
                            "UPDATE SET added = excluded.added",
                            (spec.sha, spec.name, spec.path, spec.text, time.time()))
            self.db.executemany("INSERT OR IGNORE INTO instances VALUES (?, ?, ?)",
                                [(i.sha, i.family, i.text) for i in spec.instances])

    def boards(self, fingerprints: list[str]) -> dict[str, str]:
        """The generated boards kept here, by :attr:`~cpsolve.experiments.spec.Call.
        fingerprint` (a store made by an older cpsolve, opened read-only, has none)."""
        found: dict[str, str] = {}
        try:
            for start in range(0, len(fingerprints), 500):
                chunk = fingerprints[start:start + 500]
                found.update(self.db.execute(
                    "SELECT fingerprint, text FROM boards WHERE fingerprint IN "
                    f"({', '.join('?' * len(chunk))})", chunk).fetchall())
        except sqlite3.OperationalError:  # no such table
            pass
        return found

    def add_board(self, fingerprint: str, text: str) -> None:
        """Keep a generated board: a rerun uses it instead of making it again."""
        with stores.writing(self.path, stores.RESULTS), self.db:
            self.db.execute("INSERT OR IGNORE INTO boards VALUES (?, ?, ?)",
                            (fingerprint, text, time.time()))

    def finished_keys(self, experiment: str) -> set[str]:
        """The keys of the runs a rerun skips: every stored run but the errors (a
        crash, an interruption, a method that raised), which a rerun tries again."""
        rows = self.db.execute("SELECT key FROM runs WHERE experiment = ? AND outcome != "
                               "'error'", (experiment,))
        return {row[0] for row in rows}

    def error_keys(self, experiment: str) -> set[str]:
        """The keys of the stored runs that ended in an error."""
        rows = self.db.execute("SELECT key FROM runs WHERE experiment = ? AND outcome = "
                               "'error'", (experiment,))
        return {row[0] for row in rows}

    def add_run(self, spec: Spec, run: Run, record: dict[str, Any]) -> None:
        """Store one finished run and commit it."""
        stats = dict(record.get("stats") or {})
        machine = record.get("machine") or {}

        def number(name: str) -> Any:
            return stats.pop(name, None)

        unique = record.get("unique")
        complete = record.get("complete")
        row = {
            "key": run.key, "experiment": spec.name, "spec": spec.sha,
            "family": run.method.family, "method": run.method.name,
            "options": json.dumps(run.method.option_dict, sort_keys=True),
            "instance": run.instance.name, "instance_sha": run.instance.sha,
            "source": run.instance.source, "seed": run.seed,
            "time_limit": run.limits.time, "memory_limit": run.limits.memory,
            "outcome": record["outcome"], "status": record.get("status"),
            "reason": record.get("reason"), "seconds": record.get("seconds"),
            "wall_seconds": record.get("wall_seconds"),
            "cpu_seconds": record.get("cpu_seconds"), "peak_mb": record.get("peak_mb"),
            "build_seconds": number("build_seconds"), "solve_seconds": number("solve_seconds"),
            "variables": number("variables"), "clauses": number("clauses"),
            "constraints": number("constraints"), "conflicts": number("conflicts"),
            "nodes": number("nodes"), "objective": record.get("objective"),
            "length": record.get("length"), "count": record.get("count"),
            "complete": None if complete is None else int(complete),
            "is_unique": None if unique is None else int(unique),
            "solution": json.dumps(record.get("solution")),
            "resolved": json.dumps(record.get("method") or {}, sort_keys=True, default=str),
            "horizons": json.dumps(record.get("horizons") or [], default=str),
            "stats": json.dumps(stats, default=str),
            "versions": json.dumps(record.get("versions") or {}, sort_keys=True),
            "host": machine.get("host"), "machine": json.dumps(machine),
            "stderr": record.get("stderr"), "finished": time.time(),
        }
        names = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        # one transaction, committed: the run survives any crash after it
        with stores.writing(self.path, stores.RESULTS), self.db:
            self.db.execute(f"INSERT OR REPLACE INTO runs ({names}) VALUES ({marks})",
                            list(row.values()))

    def specs(self) -> dict[str, str]:
        """Each experiment's spec text, the one stored last."""
        try:
            rows = self.db.execute("SELECT experiment, text FROM specs ORDER BY added, rowid")
            return {row[0]: row[1] for row in rows}
        except sqlite3.OperationalError:  # a store from before specs were stored
            return {}

    def experiments(self) -> list[str]:
        return [row[0] for row in self.db.execute(
            "SELECT DISTINCT experiment FROM runs ORDER BY experiment")]

    def rows(self, experiment: str | None = None) -> list[dict[str, Any]]:
        """Every stored run (of ``experiment``), as dicts, oldest first."""
        query = "SELECT * FROM runs"
        args: tuple[Any, ...] = ()
        if experiment is not None:
            query += " WHERE experiment = ?"
            args = (experiment,)
        # A store made by an older cpsolve and opened read-only lacks newer columns.
        blank = dict.fromkeys(_columns())
        return [blank | dict(row) for row in self.db.execute(query + " ORDER BY id", args)]


def _upgrade(db: sqlite3.Connection) -> None:
    """Add the columns a store made by an older cpsolve lacks."""
    have = {row[1] for row in db.execute("PRAGMA table_info(runs)")}
    body = SCHEMA.split("CREATE TABLE IF NOT EXISTS runs (")[1].split(");")[0]
    for line in body.strip().splitlines():
        name, kind = line.strip().rstrip(",").split()[:2]
        if name not in have and name != "id":
            with db:
                db.execute(f"ALTER TABLE runs ADD COLUMN {name} {kind}")


def _columns() -> list[str]:
    """The columns of the runs table, as :data:`SCHEMA` declares them."""
    body = SCHEMA.split("CREATE TABLE IF NOT EXISTS runs (")[1].split(");")[0]
    return [line.split()[0] for line in body.strip().splitlines()]
