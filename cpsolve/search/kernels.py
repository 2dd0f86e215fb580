"""What every numba search kernel shares: the one look at the clock, and writing a
path found into the caller's array. ``cache=True`` keeps compiled code on disk."""

from __future__ import annotations

import math
import time

from numba import njit, objmode

from cpsolve import interrupts

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
