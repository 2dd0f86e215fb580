"""Limits on one solve: a wall-clock :class:`Deadline`, passed all the way down.

A command turns ``--time-limit SECONDS`` into one Deadline when it starts; every
layer below (deductions, model building, solver calls, numba kernels) receives that
same object and asks it what is left, so the limit covers the whole solve, and no
layer converts it to another shape. Compiled kernels take :attr:`Deadline.at`, the
absolute ``time.perf_counter()`` value to stop at (infinite without a limit).
"""

from __future__ import annotations

import math
import time


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
