"""What every numba search kernel shares: the one look at the clock, and writing a
path found into the caller's array. ``cache=True`` keeps compiled code on disk."""

from __future__ import annotations

import time

from numba import njit, objmode

CHECK_EVERY = 1 << 20  # nodes between two looks at the clock


@njit(cache=True)
def past(deadline: float) -> bool:
    """Whether the clock (``time.perf_counter``) has passed ``deadline``: the kernels'
    one look outside compiled code, made every :data:`CHECK_EVERY` nodes."""
    with objmode(now="float64"):
        now = time.perf_counter()
    return now > deadline


@njit(cache=True)
def record_path(plans, found, stack_blank, depth):
    """Write the blank path of a plan into row ``found`` of ``plans``, if it has room."""
    if found < plans.shape[0]:
        for d in range(depth + 1):
            plans[found, d] = stack_blank[d]
        for d in range(depth + 1, plans.shape[1]):
            plans[found, d] = -1
