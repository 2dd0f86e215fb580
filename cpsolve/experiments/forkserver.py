"""Warm processes that start an experiment's runs by forking.

A fresh interpreter for each run spends a tenth to half a second on start-up and
imports before the run's clock starts: many times what a small board takes to solve,
so an experiment of many small runs was mostly start-ups. A fork server
(``python -m cpsolve.experiments.forkserver WARM``, :class:`Warm` as JSON) imports
cpsolve, the solver packages and the family once, then starts each run by forking
itself. The run is the same as in a
fresh interpreter: :func:`cpsolve.experiments.child.main` in a process group of its
own, its memory capped in the run's process alone, its output in the run's folder,
and its processor time and peak memory measured by the server's ``wait4`` (start-up
no longer included).

The protocol is lines on the server's standard input and output: the supervisor
writes a run's folder, the server answers ``pid N`` as it forks and ``exit STATUS
USER SYSTEM MAXRSS`` (seconds, kilobytes) when the run has ended (what the code it
imports prints goes to its standard error, never into the answers). A server forks
runs of one family only (:class:`Warm`), one at a time, and starts no threads of its
own and solves nothing itself (forking a process whose threads hold locks is unsafe).
It exits when its supervisor goes (end of input, another parent, an answer it cannot
write), killing the run it started and removing the run's folder, as the supervisor
would have; a run dies with its server.

:class:`Server` is the supervisor's side; :func:`server` lends a warm one.
"""

from __future__ import annotations

import importlib
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import NamedTuple

POLL_SECONDS = 0.02  # how often a server looks at its run and its parent
PRELOADED = ("cpsolve.experiments.child", "cpsolve.registry", "cpsolve.result")


class Ended(NamedTuple):
    """How a run's process ended: its exit status (negative: the signal that killed
    it), its processor seconds (user and system) and its peak memory in kilobytes."""

    status: int
    cpu_seconds: float
    peak_kb: int


class ServerGone(RuntimeError):
    """The fork server stopped answering (it died, or did not start); ``started``:
    after it had started the run (else the run can be given to another server)."""

    def __init__(self, message: str, started: bool = False) -> None:
        super().__init__(message)
        self.started = started


@dataclass(frozen=True)
class Warm:
    """What a server is made for and lent for: the solver packages it imports, and the
    one family whose runs it forks (its module, the folders it is found in, and its
    file's time when the server was asked for: a file changed since gets a new
    server)."""

    modules: tuple[str, ...]
    family: str
    path: tuple[str, ...] = ()
    stamp: str = ""


class Server:
    """A running fork server, owned by one supervisor at a time."""

    def __init__(self, warm: Warm) -> None:
        self.warm = warm
        env = {**os.environ, "CPSOLVE_PROGRESS": "0", "PYTHONFAULTHANDLER": "1"}
        told = json.dumps({"modules": warm.modules, "family": warm.family,
                           "path": warm.path})
        # A session of its own: a terminal's Ctrl-C reaches the experiment, which stops
        # its runs itself, and not the runs half-way.
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cpsolve.experiments.forkserver", told],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            env=env, start_new_session=True)
        self._buffer = b""
        self.broken = False  # it failed once: never lent again

    def start(self, directory: str, seconds: float) -> int:
        """Fork a run on ``directory``; its process id. :class:`ServerGone` when the
        server does not answer within ``seconds`` (its start-up included)."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(directory.encode() + b"\n")
            self.process.stdin.flush()
        except OSError as error:
            raise self.failed(f"the run's fork server is gone ({error})") from None
        line = self._line(seconds, started=False)
        if line is None or not line.startswith("pid "):
            # Not answered in time, or not as it should: the run may start yet, so it
            # is not given to another server.
            raise self.failed("the run's fork server did not start it"
                              + (f" within {seconds:g} s" if line is None else f": {line}"),
                              started=True)
        return int(line.split()[1])

    def ended(self, seconds: float = 0.0) -> Ended | None:
        """The run's end, once the server has reported it (waiting up to ``seconds``);
        ``None`` while it runs. :class:`ServerGone` if the server died."""
        line = self._line(seconds)
        if line is None:
            return None
        parts = line.split()
        if len(parts) != 5 or parts[0] != "exit":
            raise self.failed(f"the run's fork server said {line!r}", started=True)
        return Ended(int(parts[1]), float(parts[2]) + float(parts[3]), int(parts[4]))

    def _line(self, seconds: float, started: bool = True) -> str | None:
        assert self.process.stdout is not None
        out = self.process.stdout.fileno()
        give_up = time.monotonic() + seconds
        while b"\n" not in self._buffer:
            ready, _, _ = select.select([out], [], [], max(0.0, give_up - time.monotonic()))
            if not ready:
                return None
            chunk = os.read(out, 4096)
            if not chunk:
                raise self.failed("the run's fork server died", started)
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode(errors="replace")

    def failed(self, message: str, started: bool = False) -> ServerGone:
        """The error to raise for ``message``; the server is never lent again."""
        self.broken = True
        return ServerGone(message, started)

    def close(self) -> None:
        """Stop the server (and with it any run it still has)."""
        with suppress(OSError):
            if self.process.stdin is not None:
                self.process.stdin.close()
        with suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        with suppress(OSError):
            self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()


_idle: dict[Warm, list[Server]] = {}
_lock = threading.Lock()


def warm(modules: tuple[str, ...], family: str, path: tuple[str, ...]) -> Warm:
    """The server a run of ``family`` (found in ``path``) with the solver packages
    ``modules`` is forked from: runs of another family, or of a family file changed
    since, get another server, so a run never meets code or memory another family left
    in its server."""
    stamp = ""
    with suppress(Exception):
        from importlib.machinery import PathFinder

        name = family.split(":")[0]
        # Found on the path, not in this process's modules (a family module imported
        # here before may have been another file of that name, or an older one).
        found = PathFinder.find_spec(name.split(".")[0], [*path, *sys.path])
        if found is not None and found.submodule_search_locations and "." in name:
            found = PathFinder.find_spec(name, list(found.submodule_search_locations)) \
                if name.count(".") == 1 else found
        if found is not None and found.origin:
            stamp = str(os.stat(found.origin).st_mtime_ns)
    return Warm(modules, family, path, stamp)


@contextmanager
def server(wanted: Warm) -> Iterator[Server]:
    """A server made for ``wanted``, for one run at a time: an idle one of this process
    that is still alive, or a new one. A run that ended normally gives it back; any
    failure (a kill, an interrupt, a server that died) closes it."""
    with _lock:
        found = _idle.get(wanted, [])
        lent = None
        while found and lent is None:
            lent = found.pop()
            if lent.process.poll() is not None:  # died while idle
                lent.close()
                lent = None
        if lent is None:
            lent = Server(wanted)
    clean = False
    try:
        yield lent
        clean = not lent.broken and lent.process.poll() is None
    finally:
        if clean:
            with _lock:
                _idle.setdefault(wanted, []).append(lent)
        else:
            lent.close()


def close_all() -> None:
    """Stop this process's idle servers."""
    with _lock:
        servers = [each for found in _idle.values() for each in found]
        _idle.clear()
    for each in servers:
        each.close()


def _serve(told: str) -> int:
    """The server of the :class:`Warm` ``told`` (as JSON)."""
    from cpsolve import registry

    # The answers go to the standard output as it was; whatever the code imported here
    # prints goes to the standard error instead, never into the answers.
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    wanted = json.loads(told)
    for name in (*PRELOADED, *wanted["modules"]):
        with suppress(ImportError):
            importlib.import_module(name)
    sys.path[:0] = [path for path in wanted["path"] if path not in sys.path]
    with suppress(Exception):  # the run imports it again, and reports what is wrong
        registry.resolve(wanted["family"])
    parent = os.getppid()
    requests = sys.stdin.buffer
    while True:
        line = requests.readline()
        if not line:
            return 0
        directory = line.decode().strip()
        sys.stdout.flush()
        sys.stderr.flush()
        server = os.getpid()
        pid = os.fork()
        if pid == 0:
            _run(directory, server)
        with suppress(OSError):
            os.setpgid(pid, pid)  # as the run does: the supervisor may kill at once
        try:
            answers.write(f"pid {pid}\n".encode())
            answers.flush()
        except OSError:  # the supervisor is gone: so is its run
            _give_up(pid, directory)
            return 70
        while True:
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done:
                break
            if os.getppid() != parent:  # the supervisor is gone: so is its run
                _give_up(pid, directory)
                return 70
            time.sleep(POLL_SECONDS)
        code = os.waitstatus_to_exitcode(status)
        answers.write(f"exit {code} {usage.ru_utime} {usage.ru_stime} "
                      f"{usage.ru_maxrss}\n".encode())
        answers.flush()


def _give_up(pid: int, directory: str) -> None:
    """Kill the run ``pid`` started on ``directory`` and remove the folder, as its
    supervisor, gone, would have."""
    with suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)
    with suppress(ChildProcessError):
        os.wait4(pid, 0)
    shutil.rmtree(directory, ignore_errors=True)


def _die_with(parent: int) -> None:
    """Be killed the moment the process that started this one ends (Linux's
    ``PR_SET_PDEATHSIG``; elsewhere the polls of ``getppid`` remain), or at once if
    it has ended already."""
    with suppress(Exception):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # 1: PR_SET_PDEATHSIG
    if os.getppid() != parent:
        os._exit(70)


def _run(directory: str, server: int) -> None:
    """In the forked process: the run, as ``python -m cpsolve.experiments.child``
    would do it; never returns. It dies with its server."""
    code = 1
    try:
        _die_with(server)
        os.setpgid(0, 0)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        output = os.open(os.path.join(directory, "stderr"),
                         os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(output, 1)
        os.dup2(output, 2)
        os.close(output)
        quiet = os.open(os.devnull, os.O_RDONLY)
        os.dup2(quiet, 0)
        os.close(quiet)
        from cpsolve.experiments import child

        sys.argv = [child.__file__, directory]
        code = child.main(sys.argv)
    except BaseException:
        traceback.print_exc()
    finally:
        with suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


if __name__ == "__main__":
    sys.exit(_serve(sys.argv[1]))
