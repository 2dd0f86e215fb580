"""Running an experiment: each run in a child process under its limits, each result
stored the moment it arrives, finished runs skipped on a rerun.

:func:`run_one` is the task the executors run (locally or on Dask workers): it
starts :mod:`cpsolve.experiments.child` in a new process group (forked by a warm
:mod:`~cpsolve.experiments.forkserver`, so a run does not pay for an interpreter's
start-up), waits for it under the wall-time limit, kills the group when the limit
(plus a small grace for the method to stop by itself and report) is over, and
returns what happened, so a run that overruns or crashes never stops the experiment.
"""

from __future__ import annotations

import atexit
import json
import os
import platform
import shutil
import signal
import socket
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext, suppress
from dataclasses import dataclass, field
from functools import cache
from importlib import metadata
from typing import Any

from cpsolve.experiments.spec import Call, Run, Spec
from cpsolve.experiments.store import Store

STARTUP_SECONDS = 120.0  # for the interpreter and imports, before the clock starts
POLL_SECONDS = 0.02
# Signs in a dead child's standard error that it ran out of memory.
PACKAGES = ("cpsolve", "ortools", "python-sat", "numba", "numpy")
MEMORY_SIGNS = ("MemoryError", "bad_alloc", "Cannot allocate memory", "out of memory",
                "std::length_error", "mmap failed")


def grace(seconds: float) -> float:
    """How long past its limit a run may take to stop by itself and report."""
    return 1.0 + 0.05 * seconds


@cache
def versions() -> dict[str, str]:
    """The versions of cpsolve, the solver packages and Python that run here (the
    children run the same interpreter as this process)."""
    found = {"python": platform.python_version()}
    for name in PACKAGES:
        with suppress(metadata.PackageNotFoundError):
            found[name] = metadata.version(name)
    return found


@cache
def machine() -> dict[str, Any]:
    """The host that runs: name, processor model, processors, system."""
    cpu = platform.processor()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"host": socket.gethostname(), "cpu": cpu, "cpus": os.cpu_count(),
            "system": platform.platform()}


def job(run: Run) -> dict[str, Any]:
    """What the child needs, as JSON: nothing refers to files of the spec's machine."""
    return {"key": run.key, "module": run.module, "family": run.method.family,
            "options": run.method.option_dict, "text": run.instance.text, "seed": run.seed,
            "time": run.limits.time, "memory": run.limits.memory, "path": list(run.path)}


def run_one(task: dict[str, Any]) -> dict[str, Any]:
    """Run one job in a child process under its limits; never raises for a failed run."""
    directory = tempfile.mkdtemp(prefix="cpsolve-run-")
    try:
        record = _supervise(task, directory)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    record["versions"] = versions()
    record["machine"] = machine()
    return record


def _supervise(task: dict[str, Any], directory: str) -> dict[str, Any]:
    from cpsolve.experiments import forkserver
    from cpsolve.experiments.child import warm_modules

    with open(os.path.join(directory, "job.json"), "w", encoding="utf-8") as handle:
        json.dump(task, handle)
    launched = time.monotonic()
    lent = forkserver.warm(warm_modules(task["options"]), task["module"], tuple(task["path"]))
    for attempt in (1, 2):  # a server that died idle is replaced once, before the run
        with forkserver.server(lent) as server:
            try:
                pid = server.start(directory, STARTUP_SECONDS)
            except forkserver.ServerGone as error:
                if attempt == 1 and not error.started:
                    continue
                return {"wall_seconds": time.monotonic() - launched, "seconds": None,
                        "outcome": "error", "reason": str(error)}
            return _watch(task, directory, server, pid, launched)
    raise AssertionError("unreachable")


def _watch(task: dict[str, Any], directory: str, server: Any, pid: int,
           launched: float) -> dict[str, Any]:
    """Wait for the run ``pid`` under its limits, then describe what happened."""
    from cpsolve.experiments import forkserver

    started_file = os.path.join(directory, "started")
    started: float | None = None
    killed = None
    ended: forkserver.Ended | None = None
    try:
        while ended is None:
            ended = server.ended(POLL_SECONDS)
            if ended is not None:
                break
            now = time.monotonic()
            if started is None and os.path.exists(started_file):
                started = now
            if started is None and now - launched > STARTUP_SECONDS:
                killed = "startup"
            elif task.get("stop") and os.path.exists(task["stop"]):
                killed = "stop"
            elif started is not None and now - started > task["time"] + grace(task["time"]):
                killed = "time"
            if killed:
                _kill_group(pid)
                ended = server.ended(STARTUP_SECONDS)
                if ended is None:
                    raise server.failed("the run's fork server did not reap it")
    except forkserver.ServerGone as error:
        _kill_group(pid)
        return {"wall_seconds": time.monotonic() - launched, "seconds": None,
                "outcome": "error", "reason": str(error)}
    except BaseException:
        _kill_group(pid)  # interrupted: leave no run behind
        raise
    _kill_group(pid)  # whatever the run started and left running
    end = time.monotonic()
    # The run's own resource use, from its fork on.
    measured = {"cpu_seconds": ended.cpu_seconds, "peak_mb": ended.peak_kb / 1024}
    if started is None and os.path.exists(started_file):
        started = os.path.getmtime(started_file) - time.time() + end
    wall = end - launched
    result_file = os.path.join(directory, "result.json")
    if not killed and os.path.exists(result_file):
        with open(result_file, encoding="utf-8") as handle:
            record: dict[str, Any] = json.load(handle)
        record["wall_seconds"] = wall
        record.update(measured)
        return record
    with open(os.path.join(directory, "stderr"), "rb") as handle:
        tail = handle.read()[-4000:].decode("utf-8", "replace")
    record = {"wall_seconds": wall, "stderr": tail,
              "seconds": end - started if started is not None else None, **measured}
    if killed == "time":
        record.update(outcome="timeout", reason=f"killed after {task['time']:g} s "
                      f"(+{grace(task['time']):.1f} s grace)")
    elif killed == "stop":
        record.update(outcome="error", reason="the experiment was interrupted")
    elif killed == "startup":
        record.update(outcome="error", reason=f"did not start within {STARTUP_SECONDS:g} s")
    elif any(sign in tail for sign in MEMORY_SIGNS):
        record.update(outcome="memout",
                      reason=f"out of memory ({task['memory']} MB): {_last_line(tail)}")
    else:
        code = ended.status
        how = (f"killed by {signal.Signals(-code).name}" if code < 0
               else f"exit status {code}")
        record.update(outcome="error", reason=f"child died ({how}): {_last_line(tail)}")
    return record


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1][:300] if lines else "no message"


def _kill_group(pid: int) -> None:
    with suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def make_boards(calls: list[Call], store: Store | None = None, *,
                workers: int | None = None,
                bar: Callable[[int], AbstractContextManager[Any]] | None = None
                ) -> Iterator[tuple[int, tuple[str, str]]]:
    """A :data:`~cpsolve.experiments.spec.Maker`: the boards ``store`` keeps, then the
    others made on ``workers`` local processes (generators are often slower than the
    runs), each kept in ``store`` (when open to write) the moment it is made, so an
    interrupted experiment makes only the boards it had not made."""
    from cpsolve.executors import run_tasks
    from cpsolve.experiments.spec import make_board

    kept = store.boards([call.fingerprint for call in calls]) if store is not None else {}
    todo = []
    for index, call in enumerate(calls):
        if call.fingerprint in kept:
            yield index, ("board", kept[call.fingerprint])
        else:
            todo.append(index)
    if not todo:
        return
    keep = store is not None and store.lease is not None
    with bar(len(todo)) if bar is not None else nullcontext() as progress:
        made = run_tasks(make_board, [calls[index] for index in todo], workers=workers)
        try:
            for at, (kind, value) in made:
                index = todo[at]
                if kind == "board" and keep:
                    assert store is not None
                    store.add_board(calls[index].fingerprint, value)
                if progress is not None:
                    progress.advance()
                yield index, (kind, value)
        finally:
            close = getattr(made, "close", None)
            if close is not None:
                close()


@dataclass
class Summary:
    """What :func:`execute` did: runs in the matrix, skipped (already stored), run
    now (``retried``: of those, the ones stored before with an error), and the
    outcomes of those run now."""

    total: int = 0
    skipped: int = 0
    ran: int = 0
    retried: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)


def execute(spec: Spec, store: Store, *, workers: int | None = None,
            scheduler: str | None = None,
            bar: Callable[[int], AbstractContextManager[Any]] | None = None) -> Summary:
    """Run every run of ``spec`` not yet in ``store`` (or stored with an error),
    storing each as it finishes.

    ``bar(total)`` opens a progress bar (see :func:`cpsolve.progress.progress`) for the
    runs still to do.
    """
    from cpsolve.executors import run_tasks

    runs = spec.runs()
    store.add_spec(spec)
    done = store.finished_keys(spec.name)
    todo = [run for run in runs if run.key not in done]
    failed = store.error_keys(spec.name)
    summary = Summary(total=len(runs), skipped=len(runs) - len(todo),
                      retried=sum(run.key in failed for run in todo))
    # Created when the experiment is interrupted: every supervisor on this machine
    # then kills its run at once instead of waiting for the run's limit.
    stop = os.path.join(tempfile.gettempdir(), f"cpsolve-stop-{uuid.uuid4().hex}")
    jobs = [job(run) | {"stop": stop} for run in todo]
    with bar(len(todo)) if bar is not None else nullcontext() as progress:
        tasks: Iterator[tuple[int, dict[str, Any]]] = run_tasks(
            run_one, jobs, workers=workers, scheduler=scheduler)
        try:
            for index, record in tasks:
                run = todo[index]
                store.add_run(spec, run, record)
                summary.ran += 1
                summary.outcomes[record["outcome"]] += 1
                if progress is not None:
                    progress.advance()
                    progress.update(info=f"{run.method.name} {run.instance.name}: "
                                         f"{record['outcome']}")
        except BaseException:
            with open(stop, "w"):
                pass
            # Removed at exit, once the local pool has let its supervisors finish.
            atexit.register(_remove, stop)
            raise
        finally:
            close = getattr(tasks, "close", None)
            if close is not None:
                close()
    return summary


def _remove(path: str) -> None:
    with suppress(OSError):
        os.remove(path)
