"""What every numba search kernel shares: the one look at the clock, writing a path
found into the caller's array, and saying when kernels are compiled. ``cache=True``
keeps compiled code on disk (numba's cache directory, ``NUMBA_CACHE_DIR`` if set), so
the compile is paid on the first run only."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from numba import njit, objmode
from numba.core import event

from cpsolve import interrupts

COMPILING = "compiling search kernels (first run only)..."

CHECK_EVERY = 1 << 16  # nodes between two looks at the clock (a few milliseconds)


def clock() -> float:
    """``time.perf_counter()``, or infinity once Ctrl-C arrived while kernels run
    (:func:`cpsolve.interrupts.kernels`): every deadline, even none (infinite), has
    then passed."""
    return math.inf if interrupts.pending() else time.perf_counter()


@njit(cache=True)
def past(deadline: float) -> bool:
    """Whether the clock (:func:`clock`) has passed ``deadline``: the kernels' one
    look outside compiled code, made every :data:`CHECK_EVERY` nodes; Ctrl-C passes
    every deadline, so a kernel stops at its next look."""
    with objmode(now="float64"):
        now = clock()
    return now >= deadline  # an infinite deadline passes too once Ctrl-C made now infinite


@njit(cache=True)
def record_path(plans, found, stack_blank, depth):
    """Write the blank path of a plan into row ``found`` of ``plans``, if it has room."""
    if found < plans.shape[0]:
        for d in range(depth + 1):
            plans[found, d] = stack_blank[d]
        for d in range(depth + 1, plans.shape[1]):
            plans[found, d] = -1


class _Compiles(event.Listener):
    """Hears numba's ``numba:compile`` events: each is a kernel compiled because
    neither this process nor the on-disk cache had it (a cache hit loads the kernel
    and sends no event). Says :data:`COMPILING` once, at the first, and counts
    them. Code lifted out of a kernel (``objmode`` blocks) is never cached, compiles
    in a moment in every process, and is not counted."""

    def __init__(self, say: Callable[[str], None]) -> None:
        self.say = say
        self.count = 0

    def on_start(self, event: Any) -> None:
        from numba.core.dispatcher import LiftedCode

        if isinstance(event.data["dispatcher"], LiftedCode):
            return  # an objmode block (past's look at the clock): compiled in every process
        if self.count == 0:
            self.say(COMPILING)
        self.count += 1

    def on_end(self, event: Any) -> None:
        pass


@contextmanager
def compiling(say: Callable[[str], None]) -> Iterator[None]:
    """While the block runs, ``say`` hears :data:`COMPILING` when the first kernel
    that is not yet in numba's cache starts to compile (nothing at all when every
    kernel was cached).

    >>> from numba import njit
    >>> lines = []
    >>> with compiling(lines.append):
    ...     _ = njit(lambda x: x + 1)(1)
    >>> lines
    ['compiling search kernels (first run only)...']
    """
    heard = _Compiles(say)
    with event.install_listener("numba:compile", heard):
        yield
