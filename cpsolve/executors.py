"""Running many independent tasks: in this process, on a local process pool, or on a
Dask cluster.

Batches and experiments hand :func:`run_tasks` a picklable top-level function and
its inputs, and store each result as it arrives, so an interruption loses only the
tasks still running. Exceptions raised by ``function`` propagate; functions that
must not stop the whole run catch their own errors and return them as values.

Dask is an extra (``pip install 'cpsolve[dask]'``), imported only for a scheduler:
:func:`dask` says how to install it where it is missing.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from types import ModuleType
from typing import Any

from cpsolve.limits import MAX_SECONDS

# What a scheduler given without Dask installed is told.
NO_DASK = ("--scheduler runs the tasks on Dask, which is not installed: "
           "pip install 'cpsolve[dask]'")


def dask() -> ModuleType:
    """Dask's ``distributed`` package, imported now: only a scheduler needs it. Without
    it, a :class:`~cpsolve.errors.UsageError` that says how to install it (commands
    ask before any work, so a run fails before it starts)."""
    try:
        import distributed
    except ImportError:
        from cpsolve.errors import UsageError

        raise UsageError(NO_DASK) from None
    return distributed


def default_workers() -> int:
    """The local worker count: the processors this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def run_tasks(function: Callable[[Any], Any], items: Iterable[Any], *,
              workers: int | None = None, scheduler: str | None = None,
              processes: bool = False,
              stop_at: float | None = None) -> Iterator[tuple[int, Any]]:
    """Yield ``(index, function(items[index]))`` for every item, as tasks finish.

    ``scheduler`` is the address of a Dask scheduler (``tcp://host:port``); otherwise
    ``workers`` local processes run the tasks (default: one per processor), and with
    ``workers=1`` they run in this process, in order, unless ``processes`` (then in
    one worker process, which leaves this one free to draw progress and to stop on
    time). Closing the iterator early, or an interrupt, cancels the tasks not yet
    started. At ``stop_at`` (a :func:`time.perf_counter` reading) the iterator ends
    even while tasks run: local workers are stopped, their tasks lost; on Dask the
    time is checked as tasks finish.

    >>> sorted(run_tasks(abs, [-2, 3, -5], workers=1))
    [(0, 2), (1, 3), (2, 5)]
    """
    items = list(items)
    if stop_at is not None and not stop_at - time.perf_counter() < MAX_SECONDS:
        stop_at = None  # a year or more, or NaN: no limit (a timer that long overflows)
    if scheduler is not None:
        yield from _on_dask(function, items, scheduler, stop_at)
        return
    # More processes than processors would only share them (and skew the times runs
    # record): one per processor at most, and one per task.
    workers = min(workers or default_workers(), default_workers(), max(1, len(items)))
    if workers == 1 and not processes and stop_at is None:
        for index, item in enumerate(items):
            yield index, function(item)
        return
    yield from _on_pool(function, items, workers, stop_at)


def _on_pool(function: Callable[[Any], Any], items: list[Any], workers: int,
             stop_at: float | None = None) -> Iterator[tuple[int, Any]]:
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    _quiet_pool_threads()
    # Fresh interpreters: the solvers' own threads (OR-Tools, numba) do not survive fork.
    pool = ProcessPoolExecutor(max_workers=workers,
                               mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_worker, initargs=(os.getpid(),))
    pending = {pool.submit(_task, function, item): index for index, item in enumerate(items)}
    try:
        while pending:
            timeout = None if stop_at is None else max(0.0, stop_at - time.perf_counter())
            done, _ = wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)
            for future in done:
                index = pending.pop(future)
                yield index, future.result()
            if not done:  # stop_at: the tasks still running are given up
                break
    finally:
        for future in pending:
            future.cancel()
        workers_ = list((getattr(pool, "_processes", None) or {}).values())
        # Gone after the shutdown: the pool's result pipe and its thread.
        results = getattr(pool, "_result_queue", None)
        thread = getattr(pool, "_executor_manager_thread", None)
        pool.shutdown(wait=not pending, cancel_futures=True)
        if pending:
            # Stopped, not left to finish: a task in a numba kernel would not notice a
            # request to stop, and tasks already handed to a worker would still run.
            _stop_workers(workers_)
            _unblock_results(results)
            if thread is not None:
                # Ended now, not at this process's exit, where Python 3.11's exit hook
                # may write to the pipe that wakes it as the thread closes it.
                thread.join(STOP_GRACE)


# Seconds workers asked to stop are given to clean up (their runs' folders and
# processes) before they are killed.
STOP_GRACE = 5.0


def _stop_workers(processes: list[Any]) -> None:
    """Stop the pool's workers: SIGTERM, which interrupts a worker's task as Ctrl-C
    would (:func:`_start_worker`) so that its clean-up runs, then SIGKILL for those
    still running after :data:`STOP_GRACE` seconds."""
    for process in processes:
        process.terminate()
    give_up = time.monotonic() + STOP_GRACE
    for process in processes:
        process.join(max(0.0, give_up - time.monotonic()))
        if process.is_alive():
            process.kill()


def _quiet_pool_threads() -> None:
    """Keep a pool's own thread from printing a traceback when its workers are stopped:
    told they are gone, it sets an error on every task it still holds, those already
    cancelled too, and Python 3.11 raises ``InvalidStateError`` there (the thread ends
    as it would have, but the user sees a traceback). That one error of that thread is
    let go silently; every other is reported as before."""
    import threading
    from concurrent.futures import InvalidStateError

    previous = threading.excepthook
    if getattr(previous, "cpsolve_pools", False):
        return

    def hook(args: Any) -> None:
        if (isinstance(args.exc_value, InvalidStateError)
                and type(args.thread).__name__ == "_ExecutorManagerThread"):
            return
        previous(args)

    hook.cpsolve_pools = True  # type: ignore[attr-defined]
    threading.excepthook = hook


def _unblock_results(queue: Any) -> None:
    """After a pool's workers were stopped: close this process's writing end of the
    pool's result pipe (``queue``), so that the pool's thread, if it was reading a
    result a worker was stopped in the middle of sending, reads the end of the pipe
    and stops, instead of waiting for the rest of that result for ever (and with it
    this process, at its exit)."""
    writer = getattr(queue, "_writer", None)
    if writer is not None:
        with suppress(OSError):
            writer.close()


# Whether a worker runs a task (else SIGTERM ends it at once).
_busy = [False]


def _task(function: Callable[[Any], Any], item: Any) -> Any:
    """A task in a worker: none starts once the worker has been asked to stop (the
    pool hands on tasks queued before the request)."""
    from cpsolve import interrupts

    _busy[0] = True
    try:
        if interrupts.terminated():
            raise KeyboardInterrupt
        return function(item)
    finally:
        _busy[0] = False


def _start_worker(parent: int) -> None:
    """In a worker: Ctrl-C is the parent's to handle (a terminal sends it to the whole
    process group), and SIGTERM, the parent's request to stop, interrupts the task as
    Ctrl-C would (:func:`cpsolve.interrupts.terminate_as_interrupt`): its clean-up
    runs once, uninterrupted by a second signal; between tasks the worker ends at
    once. Then :func:`_die_with_parent`."""
    import signal

    from cpsolve import interrupts

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    interrupts.terminate_as_interrupt(idle=lambda: not _busy[0])
    _die_with_parent(parent)


def _die_with_parent(parent: int) -> None:
    """In a worker: end when the process that started it ends, even killed (Linux's
    parent-death signal), so that a batch killed at any moment leaves no worker behind."""
    import ctypes
    import signal

    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: workers end when their queue closes
        return
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(1)


CONNECT_SECONDS = 10  # how long a Dask scheduler is waited for before it is unreachable


def _on_dask(function: Callable[[Any], Any], items: list[Any], scheduler: str,
             stop_at: float | None = None) -> Iterator[tuple[int, Any]]:
    from cpsolve.errors import UsageError

    distributed = dask()
    try:
        client = distributed.Client(scheduler, timeout=f"{CONNECT_SECONDS}s",
                                    set_as_default=False)
    except OSError as error:
        raise UsageError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
    futures = client.map(function, items, pure=False)
    index = {future.key: i for i, future in enumerate(futures)}
    try:
        finished = distributed.as_completed(futures, loop=client.loop, with_results=True)
        for future, result in finished:
            yield index[future.key], result
            if stop_at is not None and time.perf_counter() >= stop_at:
                break
    finally:
        client.cancel([future for future in futures if not future.done()])
        client.close()


@contextmanager
def local_cluster(workers: int = 2) -> Iterator[str]:
    """A Dask ``LocalCluster`` of ``workers`` single-threaded processes for the
    duration of the block; yields its scheduler address."""
    with dask().LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                             dashboard_address=None) as cluster:
        yield cluster.scheduler_address
