"""Limits on one solve: a wall-clock :class:`Deadline`, passed all the way down.

A command turns ``--time-limit SECONDS`` into one Deadline when it starts; every
layer below (deductions, model building, solver calls, numba kernels) receives that
same object and asks it what is left, so the limit covers the whole solve, and no
layer converts it to another shape. Compiled kernels take :attr:`Deadline.at`, the
absolute ``time.perf_counter()`` value to stop at (infinite without a limit).
"""

from __future__ import annotations

import math
import os
import time

from cpsolve.errors import TooLarge


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

    __slots__ = ("seconds", "start", "end")

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.start = time.perf_counter()
        self.end = None if seconds is None else self.start + seconds

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

    def __repr__(self) -> str:
        return f"Deadline({self.seconds!r})"


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


def memory_available() -> int:
    """Bytes this process may still use: the least of the memory the system has
    available, the address-space limit (``ulimit -v``, an experiment's cap) and the
    control group's limit, each as far as it is known.

    >>> memory_available() > 0
    True
    """
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
