"""Limits on one solve: a wall-clock :class:`Deadline`, passed all the way down, and
the memory a model may take.

A command turns ``--time-limit SECONDS`` into one Deadline when it starts; every
layer below (deductions, model building, solver calls, numba kernels) receives that
same object and asks it what is left, so the limit covers the whole solve, and no
layer converts it to another shape. Compiled kernels take :attr:`Deadline.at`, the
absolute ``time.perf_counter()`` value to stop at (infinite without a limit).

A model is built under :func:`building`: its size is estimated first
(:func:`model_fits`), and while it is built the deadline, the literals added
(:func:`charge`, which clause builders call before they make a large group) and the
process's real size are watched, so that a build stops within a fraction of a second
of its time limit (:class:`TimeUp`) or before it passes its memory
(:class:`~cpsolve.errors.TooLarge`); Ctrl-C stops it as it stops everything else.
"""

from __future__ import annotations

import math
import os
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from cpsolve import interrupts
from cpsolve.errors import CpsolveError, TooLarge


class Deadline:
    """A wall-clock deadline shared by every step of one solve.

    >>> Deadline(None).remaining() is None
    True
    >>> Deadline(10.0).remaining() > 9
    True
    >>> Deadline(0).expired(), Deadline(None).expired()
    (True, False)
    >>> Deadline(None).at
    inf
    """

    __slots__ = ("seconds", "start", "end", "_memory")

    def __init__(self, seconds: float | None, *, memory: int | None = None) -> None:
        seconds = no_limit_past(seconds)
        self.seconds = seconds
        self.start = time.perf_counter()
        self.end = None if seconds is None else self.start + seconds
        self._memory = memory

    @property
    def memory(self) -> int:
        """Bytes the models of this solve may take: :data:`MODEL_SHARE` of the memory
        the process may use when it is first asked (or as given)."""
        if self._memory is None:
            self._memory = int(MODEL_SHARE * memory_available())
        return self._memory

    @property
    def at(self) -> float:
        """The ``time.perf_counter()`` value to stop at; infinity without a limit."""
        return math.inf if self.end is None else self.end

    def remaining(self) -> float | None:
        """Seconds left (at least 0), or ``None`` without a limit."""
        if self.end is None:
            return None
        return max(0.0, self.end - time.perf_counter())

    def expired(self) -> bool:
        """Whether the limit has passed."""
        return self.end is not None and time.perf_counter() >= self.end

    def elapsed(self) -> float:
        """Seconds since the deadline was set."""
        return time.perf_counter() - self.start

    def sooner(self, seconds: float) -> Deadline:
        """A deadline ``seconds`` before this one (no later than now), with the same
        memory: one step of a solve leaves time for the steps after it.

        >>> d = Deadline(10.0).sooner(4.0)
        >>> 5.9 < d.remaining() <= 6.0, Deadline(None).sooner(4.0).end
        (True, None)
        """
        if self.end is None:
            return self
        out = Deadline(None, memory=self._memory)
        out.seconds, out.start = self.seconds, self.start
        out.end = max(time.perf_counter(), self.end - seconds)
        return out

    def within(self, seconds: float | None) -> Deadline:
        """A deadline ``seconds`` from now or this one, whichever comes first (this one
        for ``None``), with the same memory: a step that may take only part of a solve.

        >>> 1.9 < Deadline(10.0).within(2.0).remaining() <= 2.0
        True
        >>> Deadline(1.0).within(5.0).remaining() <= 1.0, Deadline(None).within(None).end
        (True, None)
        """
        left = self.remaining()
        if seconds is None or (left is not None and left < seconds):
            seconds = left
        return Deadline(seconds, memory=self._memory)

    def cancel(self) -> None:
        """End the deadline now, from any thread: every step that looks at it stops as
        at its limit (the page's solve of a board edited again).

        >>> d = Deadline(None)
        >>> d.cancel()
        >>> d.expired()
        True
        """
        now = time.perf_counter()
        self.end = now if self.end is None else min(self.end, now)

    def __repr__(self) -> str:
        return f"Deadline({self.seconds!r})"


# The longest time limit: a limit of this many seconds (a year) or more, or infinity,
# is no limit at all (a timer of 1e10 seconds overflows the platform's clock types).
MAX_SECONDS = 365 * 24 * 3600.0
MAX_SEED = 2**63 - 1  # random seeds, on the command line and in experiment specs


# The most worker processes (``--workers`` of batches and experiments) a command
# takes; a local pool also keeps to one process per processor and per task.
MAX_WORKERS = 1024
# The most solver threads (CP-SAT's ``--workers``): each holds its own copy of the model.
MAX_THREADS = 256


def no_limit_past(seconds: float | None) -> float | None:
    """``seconds`` as a time limit: ``None`` (no limit) for :data:`MAX_SECONDS` or more
    and for infinity; a :class:`~cpsolve.errors.UsageError` for NaN or a negative
    number.

    >>> no_limit_past(5), no_limit_past(1e10), no_limit_past(math.inf), no_limit_past(None)
    (5, None, None, None)
    >>> no_limit_past(math.nan)
    Traceback (most recent call last):
    ...
    cpsolve.errors.UsageError: a time limit is a number of seconds, not nan
    """
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or math.isnan(
            seconds) or seconds < 0:
        from cpsolve.errors import UsageError

        raise UsageError(f"a time limit is a number of seconds, not {seconds!r}")
    return None if seconds >= MAX_SECONDS else seconds


def deadline_of(time_limit: float | Deadline | None) -> Deadline:
    """A :class:`Deadline` from a family ``solve()``'s ``time_limit`` argument, which
    scripts give in seconds and the kit passes on as the Deadline it already has.

    >>> d = Deadline(5)
    >>> deadline_of(d) is d, deadline_of(None).end is None
    (True, True)
    """
    return time_limit if isinstance(time_limit, Deadline) else Deadline(time_limit)


# The share of the memory available that one model may take (the solver and the
# interpreter need the rest).
MODEL_SHARE = 0.8
# Bytes a literal (SAT) or a term (CP-SAT) takes in a built model, with the solver's
# own copy. SAT: the clause lists kept to rebuild the solver (50-90) and the solver's
# clauses (40-60), measured on Masyu's and Heyawake's models at 200x200 and Akari's
# sight models up to 250x250; CP-SAT: its Python objects and its proto, measured on
# Akari's 150x150 sight model.
BYTES = {"sat": 100, "cpsat": 130}


# memory_available() is read at most this often (it reads three files).
MEMORY_FRESH = 1.0
_memory_read: list[float] = [-math.inf, 0.0]  # when, what


def memory_available() -> int:
    """Bytes this process may still use: the least of the memory the system has
    available, the address-space limit (``ulimit -v``, an experiment's cap) and the
    control group's limit, each as far as it is known; read again at most once a
    second.

    >>> memory_available() > 0
    True
    """
    now = time.monotonic()
    if now - _memory_read[0] < MEMORY_FRESH:
        return int(_memory_read[1])
    found = _memory_now()
    _memory_read[:] = [now, found]
    return found


def _memory_now() -> int:
    found = []
    try:
        with open("/proc/meminfo", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("MemAvailable:"):
                    found.append(int(line.split()[1]) * 1024)
    except OSError:
        pass
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        if soft != resource.RLIM_INFINITY:
            with open("/proc/self/statm", encoding="ascii") as handle:
                used = int(handle.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
            found.append(max(0, soft - used))
    except (ImportError, OSError, ValueError):
        pass
    for path in ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
        try:
            with open(path, encoding="ascii") as handle:
                text = handle.read().strip()
            if text.isdigit() and int(text) < 1 << 60:
                found.append(int(text))
        except OSError:
            pass
    setting = os.environ.get("CPSOLVE_MEMORY_MB", "").strip()
    if setting.isdigit():
        found.append(int(setting) << 20)
    return min(found) if found else 1 << 62


# /proc/self/statm kept open (the process it was opened in, the descriptor): read
# again from its start at each call, a tenth of the cost of opening it each time.
_statm: list[int] = [-1, -1]
_statm_lock = threading.Lock()
if hasattr(os, "register_at_fork"):  # a child forked while another thread held it
    os.register_at_fork(after_in_child=lambda: globals().update(_statm_lock=threading.Lock()))
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident() -> int:
    """Bytes of memory this process holds now (its resident set; 0 where unknown).

    >>> resident() > 0
    True
    """
    try:
        if _statm[0] != os.getpid():  # first call, or a process forked from this one
            with _statm_lock:  # two threads' first calls open it once
                if _statm[0] != os.getpid():
                    if _statm[1] >= 0:
                        os.close(_statm[1])
                    _statm[:] = [os.getpid(), os.open("/proc/self/statm", os.O_RDONLY)]
        return int(os.pread(_statm[1], 256, 0).split()[1]) * _PAGE
    except (OSError, ValueError, IndexError, AttributeError):
        return 0


def fits(needed: int, what: str) -> None:
    """Refuse, before any work, a model estimated to need ``needed`` bytes when that
    is more than :data:`MODEL_SHARE` of :func:`memory_available`: a
    :class:`~cpsolve.errors.TooLarge` that says how much and why.

    >>> fits(1000, "a small model")
    >>> fits(1 << 62, "the sight clauses")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cpsolve.errors.TooLarge: the sight clauses would need about 4,611,686,018 GB, ...
    """
    available = memory_available()
    if needed > MODEL_SHARE * available:
        raise TooLarge(f"{what} would need about {_size(needed)}, more than this machine "
                       f"can give it ({_size(available)} available)")


def model_fits(count: int, backend: str, what: str) -> None:
    """Refuse (:func:`fits`) a model of ``backend`` estimated to hold ``count``
    literals (SAT) or terms (CP-SAT), described as ``what``.

    >>> model_fits(10**12, "sat", "the sight model")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cpsolve.errors.TooLarge: the sight model (about 1,000,000,000,000 literals) would ...
    """
    unit = "literals" if backend == "sat" else "terms"
    fits(count * BYTES[backend], f"{what} (about {count:,} {unit})")


def _size(count: int) -> str:
    """Bytes for a person: ``3.2 GB``, ``410 MB``.

    >>> _size(3_200_000_000), _size(410_000_000), _size(5 << 60)
    ('3.2 GB', '410 MB', '5,764,607,523 GB')
    """
    if count >= 10 ** 10:
        return f"{count // 10 ** 9:,} GB"
    if count >= 10 ** 9:
        return f"{count / 10 ** 9:.1f} GB"
    return f"{count / 10 ** 6:.0f} MB"


class TimeUp(CpsolveError):
    """The time limit passed while a model was built (a limit reached, exit 3): the
    solve drivers turn it into an outcome, never an error a user sees."""


# How often the watch of a build looks at the clock and the process's size, and how
# many bytes of literals charged between two looks at its size (a look reads /proc:
# small clause groups, a clue's few clauses, are charged thousands of times a second).
WATCH_EVERY = 0.05
# How long after a thread's watch raised its exception the build may still run before the
# raise is taken for lost (caught, cleared by native code) and made again
# (:class:`_ThreadWatch`); one Python drops is made again at once.
AGAIN_AFTER = 1.0
LOOK_BYTES = 1 << 20


class Watch:
    """One build under its limits: the deadline, the bytes its literals may take, and
    the process's real size when the build began (see :func:`building`)."""

    def __init__(self, deadline: Deadline, what: str, doing: str = "built") -> None:
        self.deadline = deadline
        self.what = what
        self.doing = doing
        self.budget = deadline.memory
        self.charged = 0
        self.looked_at = 0  # what was charged at the last look at the process's size
        self.base = resident()
        # What must stay available (system, address space, control group): the share
        # of it a model may not take. An address-space limit counts mappings that the
        # resident size does not show (a solver's reserved arenas).
        self.floor = (1 - MODEL_SHARE) * memory_available()
        self.inner: Watch | None = None  # the build nested in this one, while it runs

    def timeup(self) -> TimeUp | None:
        """The :class:`TimeUp` that stops this build now, naming the innermost build
        under way (one phase, one message, whichever watch looks first), or ``None``."""
        phase = self
        while phase.inner is not None:
            phase = phase.inner
        if self.deadline.expired() or phase.deadline.expired():
            return TimeUp(f"time limit reached while {phase.what} was {phase.doing}")
        return None

    def charge(self, count: int, backend: str = "sat") -> None:
        """Count ``count`` literals (terms, for CP-SAT) about to be built; refuse them
        when the build would pass its memory, stop when its time is up."""
        self.charged += count * BYTES[backend]
        if self.charged > self.budget:
            raise TooLarge(f"{self.what} would need about {_size(self.charged)} or more, "
                           f"more than this machine can give it ({_size(self.budget)} for "
                           f"models)")
        self.look(size=self.charged - self.looked_at >= LOOK_BYTES)

    def look(self, size: bool = True) -> None:
        """Stop (:class:`TimeUp`, :class:`~cpsolve.errors.TooLarge`) when the time is up
        or (``size``) the process has grown past the budget since the build began;
        raise KeyboardInterrupt when Ctrl-C came (:func:`cpsolve.interrupts.check`)."""
        interrupts.check()
        late = self.timeup()
        if late is not None:
            raise late
        if size:
            error = self.over(size)
            if error is not None:
                raise error

    def over(self, size: bool = True) -> TimeUp | TooLarge | None:
        """What stops the build now (:meth:`look`), or ``None``."""
        late = self.timeup()
        if late is not None:
            return late
        if not size:
            return None
        self.looked_at = self.charged
        grown = resident() - self.base
        if grown > self.budget or memory_available() < self.floor:
            return TooLarge(f"{self.what} grew past {_size(self.budget)} while "
                            f"it was {self.doing}, more than this machine can give it")
        return None


_watching = threading.local()


def charge(count: int, backend: str = "sat") -> None:
    """Count literals about to be built against the build under way (nothing outside
    one): clause builders call it before they make a group whose size they know."""
    watch = getattr(_watching, "watch", None)
    if watch is not None:
        watch.charge(count, backend)


@contextmanager
def building(deadline: Deadline, what: str, doing: str = "built") -> Iterator[Watch]:
    """Build ``what`` under ``deadline`` and the memory budget: the literals charged
    (:func:`charge`) and, every :data:`WATCH_EVERY` seconds, the clock and the
    process's size are checked, so the build stops with :class:`TimeUp` or
    :class:`~cpsolve.errors.TooLarge` within a fraction of a second of its limit. On
    the main thread an interval timer (``SIGALRM``) interrupts the Python that builds;
    in another thread (the page's server) a watch thread does
    (:class:`_ThreadWatch`). Builds may nest; the outer one keeps its timer, and a time limit
    reached names the innermost build under way.

    >>> with building(Deadline(None), "a model") as watch:
    ...     charge(10)
    >>> watch.charged
    1000
    """
    watch = Watch(deadline, what, doing)
    outer = getattr(_watching, "watch", None)
    _watching.watch = watch
    if outer is not None:
        outer.inner = watch
    main = threading.current_thread() is threading.main_thread()
    timed = (outer is None and main and hasattr(signal, "setitimer")
             and interrupts.getsignal(signal.SIGALRM) in (signal.SIG_DFL, None))
    watcher = _ThreadWatch(watch) if outer is None and not main else None

    def alarm(signum: int, frame: Any) -> None:
        if interrupts.stoppable(frame):  # else the next look stops the build
            watch.look()

    # The timer and the watch thread start and stop inside the block that holds
    # Ctrl-C, so a Ctrl-C cannot land between the two and leave either running.
    try:
        with interrupts.holding():
            if timed:
                interrupts.setsignal(signal.SIGALRM, alarm)
                signal.setitimer(signal.ITIMER_REAL, WATCH_EVERY, WATCH_EVERY)
            if watcher is not None:
                watcher.start()
            try:
                yield watch
            finally:
                try:
                    if watcher is not None:  # first: no raise comes after this
                        watcher.stop()
                finally:
                    if timed:
                        signal.setitimer(signal.ITIMER_REAL, 0)
                        interrupts.setsignal(signal.SIGALRM, int(signal.SIG_DFL))
    finally:
        _watching.watch = outer
        if outer is not None:
            outer.inner = None


def _raise_in(thread: int, error: type[BaseException] | None) -> None:
    """Raise ``error`` in the thread ``thread`` at its next bytecode (``None``: take
    back one not yet raised)."""
    import ctypes

    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread),
                                               ctypes.py_object(error) if error else None)


def _raising(error: TimeUp | TooLarge, watch: _ThreadWatch) -> type[BaseException]:
    """A class of ``error``'s kind whose instances, made with no arguments (as an
    asynchronous exception is), say ``error``'s message and name the ``watch`` that
    raised them."""
    message, kind = str(error), type(error)

    class Stopped(kind):  # type: ignore[valid-type,misc]
        raised_by = watch

        def __init__(self) -> None:
            super().__init__(message)

    Stopped.__name__ = Stopped.__qualname__ = kind.__name__
    return Stopped


def _noticing_drops() -> None:
    """Make sure ``sys.unraisablehook`` tells a thread's watch when Python drops the
    exception it raised (one raised in a garbage collector's callback or a
    ``__del__`` is dropped), and keeps that one quiet: the watch raises it again at
    once, and Python's own hook would print its traceback. Every other exception goes
    on to the hook it wraps."""
    import sys

    current = sys.unraisablehook
    if getattr(current, "cpsolve_watch", False):
        return

    def hook(unraisable: Any) -> None:
        watch = getattr(unraisable.exc_value, "raised_by", None)
        if isinstance(watch, _ThreadWatch):
            watch.dropped = True
            return
        current(unraisable)

    hook.cpsolve_watch = True  # type: ignore[attr-defined]
    sys.unraisablehook = hook


class _ThreadWatch(threading.Thread):
    """The watch of a build in a thread other than the main one, where no timer
    signal reaches: every :data:`WATCH_EVERY` seconds it looks at the clock and the
    process's size (:meth:`Watch.look`, which the build's own :func:`charge` calls
    make too) and, past either, raises the same :class:`TimeUp` or
    :class:`~cpsolve.errors.TooLarge` in the building thread when that thread stands
    where an exception may stop it (:func:`cpsolve.interrupts.stoppable`; else it
    looks again).

    An exception raised so lands wherever the thread is. Python drops one that lands
    in a garbage collector's callback or a ``__del__`` (the watch hears of it through
    ``sys.unraisablehook`` and raises again at once); code may catch it, or C code
    clear it: when the build still runs :data:`AGAIN_AFTER` seconds after a raise, the
    watch raises again. No raise comes once :meth:`stop` has begun (a lock orders the
    two), and :meth:`stop` takes back one not yet delivered."""

    def __init__(self, watch: Watch) -> None:
        super().__init__(daemon=True)
        self.watch = watch
        self.target = threading.get_ident()
        self.done = threading.Event()
        self.lock = threading.Lock()
        self.raised: float | None = None  # when the last raise was made
        self.dropped = False

    def run(self) -> None:
        import sys

        while not self.done.wait(WATCH_EVERY):
            error = self.watch.over()
            if error is None:
                continue
            if (self.raised is not None and not self.dropped
                    and time.monotonic() - self.raised < AGAIN_AFTER):
                continue  # on its way out of the build
            frame = sys._current_frames().get(self.target)
            if frame is None or not interrupts.stoppable(frame):
                continue
            with self.lock:
                if self.done.is_set():
                    return
                _noticing_drops()
                self.dropped = False
                _raise_in(self.target, _raising(error, self))
                self.raised = time.monotonic()

    def stop(self) -> None:
        """End the watch as the build ends; a raise of this watch that reaches the
        thread meanwhile is dropped (the build has ended: it stopped at its limit
        already, or finished in time)."""
        while True:
            try:
                self.done.set()
                with self.lock:  # no raise comes after this
                    _raise_in(self.target, None)
                break
            except BaseException as caught:  # noqa: BLE001 - only this watch's own
                if getattr(caught, "raised_by", None) is not self:
                    raise
        self.join()
