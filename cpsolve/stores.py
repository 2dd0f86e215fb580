"""Opening cpsolve's SQLite stores: checked, never overwritten, one writer at a time.

Two kinds of store exist: the batch store (``cpsolve batch``) and the experiments'
results database (``cpsolve experiment``, ``cpsolve report``). Each records its kind
and the version of its format in the SQLite header (``PRAGMA application_id`` and
``PRAGMA user_version``). Opening a store checks them before anything is written, so
a file that is not a store of that kind (random bytes, a truncated file, the other
kind, another program's database), is damaged, or cannot be written is refused with
one sentence (an :class:`~cpsolve.errors.InputError`, exit 2) and left as it is. A
store that cannot be written on its device (the disk full, an I/O error), at opening or
later (:func:`writing`), is an :class:`~cpsolve.errors.OutputError` (exit 74): what
was committed before stays.
Stores made before the kind was recorded are recognised by their tables, and marked
the first time they are opened to write.

A store opened to write is held by a :class:`Lease`: a POSIX lock on the file
``STORE.lock`` beside it, which the system releases when its process ends however it
ends (SIGKILL included), so a second run on the same store says at once that the
store is in use and by which process, and a dead run never blocks the next one.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import time
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

from cpsolve.errors import DEVICE_ERRNOS, InputError, OutputError

MAGIC = b"SQLite format 3\x00"


@dataclass(frozen=True)
class Kind:
    """A kind of store: what it is called, its mark in the SQLite header, the version
    of its format, its main table, and how to recognise one made before the mark
    (``recognise(tables)``, tables mapped to their columns)."""

    name: str
    application_id: int
    version: int
    table: str
    recognise: Callable[[dict[str, set[str]]], bool]
    reader: str  # the command that reads this kind

    def __str__(self) -> str:
        return self.name


BATCH = Kind(name="batch store", application_id=0x63707342,  # "cpsB"
             version=1, table="attempts", reader="cpsolve batch --store",
             recognise=lambda tables: {"attempts", "answers"} <= set(tables))
RESULTS = Kind(name="results database", application_id=0x63707345,  # "cpsE"
               version=1, table="runs", reader="cpsolve report",
               recognise=lambda tables: "key" in tables.get("runs", set()))
KINDS = (BATCH, RESULTS)


def check_writable(path: str, what: str) -> None:
    """Refuse, in one sentence, a file that cannot be written: its directory is missing
    or read-only, or the file itself is read-only (by its mode, even for root) or not
    a file. Nothing is created."""
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        raise InputError(f"cannot write the {what}: no such directory "
                         f"{os.path.dirname(path) or '.'}", source=path)
    if os.path.isdir(path):
        raise InputError(f"cannot write the {what}: it is a directory", source=path)
    if os.path.exists(path) and not _may_write(path):
        raise InputError(f"cannot write the {what}: the file is read-only", source=path)
    if not _may_write(directory):
        raise InputError(f"cannot write the {what}: its directory is read-only",
                         source=path)


def _may_write(path: str) -> bool:
    """Writable by this process and marked writable by its mode (root ignores modes:
    a file made read-only on purpose stays unwritten)."""
    return os.access(path, os.W_OK) and bool(os.stat(path).st_mode & 0o222)


def open_to_read(path: str, kind: Kind) -> sqlite3.Connection:
    """A read-only connection to the existing store of ``kind`` at ``path``, checked."""
    if not os.path.isfile(path):
        raise InputError(f"no such {kind}", source=path)
    connection = _read_only(path, kind)
    try:
        _examine(connection, path, kind)
    except BaseException:
        connection.close()
        raise
    return connection


def open_to_write(path: str, kind: Kind, schema: str,
                  upgrade: Callable[[sqlite3.Connection], None] | None = None,
                  **options: Any) -> tuple[sqlite3.Connection, Lease]:
    """A connection to the store of ``kind`` at ``path`` (created if missing), checked,
    with its tables made (``schema``, then ``upgrade(connection)`` for stores of an
    older format), marked with its kind and version, and its :class:`Lease`, which the
    caller releases after closing the connection. ``options`` go to
    :func:`sqlite3.connect`."""
    check_writable(path, str(kind))
    if os.path.exists(path):
        _look(path, kind)
    lease = Lease(path, kind)
    try:
        # Reading changes nothing: the checks come before the first write.
        connection = sqlite3.connect(path, **options)
        try:
            _examine(connection, path, kind)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.executescript(schema)
            if upgrade is not None:
                upgrade(connection)
            connection.execute(f"PRAGMA application_id = {kind.application_id:d}")
            connection.execute(f"PRAGMA user_version = {kind.version:d}")
            connection.commit()
        except BaseException:
            connection.close()
            raise
    except sqlite3.DatabaseError as error:
        lease.release()
        if device_failed(error):
            raise OutputError(f"cannot write the {kind} {path}: {_failure(error)}") from None
        raise InputError(f"cannot write the {kind} ({error})", source=path) from None
    except BaseException:
        lease.release()
        raise
    return connection, lease


# SQLite's primary result codes of a write its device refused.
SQLITE_IOERR, SQLITE_FULL = 10, 13


def device_failed(error: BaseException) -> bool:
    """Whether ``error`` is a write its device refused: the disk (or quota) full, a
    file past its size limit, an I/O error; from SQLite or the system."""
    if isinstance(error, sqlite3.Error):
        return (getattr(error, "sqlite_errorcode", 0) & 0xFF) in (SQLITE_IOERR, SQLITE_FULL)
    return isinstance(error, OSError) and error.errno in DEVICE_ERRNOS


def _failure(error: BaseException) -> str:
    said = str(error.strerror if isinstance(error, OSError) and error.strerror else error)
    return said if "full" in said or "space" in said else f"{said} (is the disk full?)"


@contextmanager
def writing(path: str, kind: Kind | str) -> Iterator[None]:
    """Writes to the store at ``path``: one its device refuses (see
    :func:`device_failed`) is an :class:`OutputError` that names the store (exit 74),
    the transaction under way rolled back and those committed kept."""
    try:
        yield
    except (sqlite3.Error, OSError) as error:
        if not device_failed(error):
            raise
        raise OutputError(f"cannot write the {kind} {path}: {_failure(error)}") from None


def _read_only(path: str, kind: Kind) -> sqlite3.Connection:
    """Open ``path`` read-only, after a look at its first bytes."""
    _look(path, kind)
    uri = "file:" + urllib.parse.quote(os.path.abspath(path)) + "?mode=ro"
    try:
        return sqlite3.connect(uri, uri=True, timeout=60)
    except sqlite3.DatabaseError as error:
        raise InputError(f"cannot read the {kind} ({error})", source=path) from None


def _look(path: str, kind: Kind) -> None:
    """Refuse a file whose first bytes are not an SQLite database's (SQLite's own
    "file is not a database" comes later and does not say which file); an empty file
    is a new store."""
    with open(path, "rb") as handle:
        head = handle.read(100)
    if len(head) < 100 and MAGIC.startswith(head[:16]) and head:
        raise InputError(f"a damaged {kind}: the file is cut short ({len(head)} bytes)",
                         source=path)
    if head and not head.startswith(MAGIC):
        raise InputError(f"not a {kind} (not an SQLite database)", source=path)


def _examine(connection: sqlite3.Connection, path: str, kind: Kind) -> None:
    """Refuse a database that is not a store of ``kind`` (made by another kind, another
    program, a newer cpsolve) or is damaged; an empty one is a new store. Reads only."""
    try:
        mark = connection.execute("PRAGMA application_id").fetchone()[0]
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        names = [row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")]
        tables = {name: {row[1] for row in connection.execute(
            "SELECT * FROM pragma_table_info(?)", (name,))} for name in names}
    except sqlite3.DatabaseError as error:
        raise InputError(f"a damaged {kind} ({error}); it is left as it is",
                         source=path) from None
    others = [other for other in KINDS if other != kind]
    if mark == kind.application_id:
        if version > kind.version:
            raise InputError(f"a {kind} of a newer cpsolve (format {version}; this one "
                             f"knows up to {kind.version})", source=path)
    elif mark:
        named = [other for other in others if other.application_id == mark]
        raise InputError(f"not a {kind} (" + (
            f"a {named[0]}: {named[0].reader} reads it)" if named
            else f"the database of another program, application id {mark:#x})"),
            source=path)
    elif tables and not kind.recognise(tables):
        named = [other for other in others if other.recognise(tables)]
        raise InputError(f"not a {kind} (" + (
            f"a {named[0]}: {named[0].reader} reads it)" if named
            else f"no {kind.table} table)"), source=path)
    try:
        verdict = [row[0] for row in connection.execute("PRAGMA quick_check")]
    except sqlite3.DatabaseError as error:
        verdict = [str(error)]
    if verdict != ["ok"]:
        raise InputError(f"a damaged {kind} ({verdict[0]}); it is left as it is",
                         source=path)


class Lease:
    """The right to write the store at ``path``: an exclusive POSIX lock on
    ``path + ".lock"``, which holds this process's id while it runs.

    The system drops the lock when its process ends, however it ends, so a lock file
    left by a killed run is taken over at once. Where the file system has no locks,
    the lease holds nothing (``held`` is false) and the store is written as before.
    """

    def __init__(self, path: str, kind: Kind) -> None:
        self.path = path + ".lock"
        self.descriptor: int | None = None
        try:
            import fcntl
        except ImportError:  # not a POSIX system
            return
        for _ in range(100):
            descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
            try:
                fcntl.lockf(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as error:
                holder = _holder(descriptor)
                os.close(descriptor)
                if error.errno in (errno.EACCES, errno.EAGAIN):
                    raise InputError(
                        f"the {kind} is in use by another cpsolve run ({holder}); wait "
                        "for it to end, or choose another file", source=path) from None
                return  # no locks here (ENOLCK and the like)
            # A run that ended may have removed the file between our open and our lock:
            # only the file at the path counts.
            try:
                mine = os.fstat(descriptor)
                there = os.stat(self.path)
                same = (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)
            except FileNotFoundError:
                same = False
            if same:
                os.ftruncate(descriptor, 0)
                os.write(descriptor, f"{os.getpid()} {time.time():.0f}\n".encode())
                self.descriptor = descriptor
                return
            os.close(descriptor)
        raise InputError(f"the {kind}'s lock file keeps changing", source=path)

    @property
    def held(self) -> bool:
        return self.descriptor is not None

    def release(self) -> None:
        """Give the store up: the lock file goes, then the lock."""
        if self.descriptor is None:
            return
        with suppress(OSError):
            os.remove(self.path)
        os.close(self.descriptor)
        self.descriptor = None


def _holder(descriptor: int) -> str:
    """Who holds the lock, as its file says: ``process 1234, since 16:02:11``."""
    try:
        fields = os.pread(descriptor, 100, 0).decode("ascii", "replace").split()
        pid, since = int(fields[0]), float(fields[1])
    except (OSError, ValueError, IndexError):
        return "a process that is starting"
    return f"process {pid}, since {time.strftime('%H:%M:%S', time.localtime(since))}"
