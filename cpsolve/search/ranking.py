"""Perfect ranking of partial permutations: k distinct cells out of n, numbered
0 .. n!/(n-k)! - 1 without gaps, so a table indexed by rank wastes nothing.

The rank is lexicographic over the sequence of cells: the first cell's index among
all n, the second's among the n - 1 left, and so on, mixed radix.
"""

from __future__ import annotations

import numpy as np
from numba import njit


def count(n: int, k: int) -> int:
    """How many ways to place k distinct items on n cells: n! / (n - k)!.

    >>> count(16, 6)
    5765760
    """
    total = 1
    for i in range(k):
        total *= n - i
    return total


@njit(cache=True)
def push(queue: np.ndarray, size: int, item: int) -> np.ndarray:
    """Append ``item`` at ``size`` in a growable array (doubling it when full); the
    caller keeps the returned array and the size. Breadth-first queues use it."""
    if size == queue.shape[0]:
        bigger = np.empty(queue.shape[0] * 2, dtype=queue.dtype)
        bigger[:size] = queue
        queue = bigger
    queue[size] = item
    return queue


@njit(cache=True)
def rank(cells: np.ndarray, n: int) -> int:
    """The rank of ``cells`` (k distinct values below n)."""
    k = cells.shape[0]
    r = 0
    for i in range(k):
        smaller = 0
        for j in range(i):
            if cells[j] < cells[i]:
                smaller += 1
        r = r * (n - i) + cells[i] - smaller
    return r


@njit(cache=True)
def unrank(r: int, n: int, k: int, out: np.ndarray) -> None:
    """Write into ``out`` (length k) the cells of rank ``r``."""
    digits = np.empty(k, dtype=np.int64)
    for i in range(k - 1, -1, -1):
        base = n - i
        digits[i] = r % base
        r //= base
    used = np.zeros(n, dtype=np.bool_)
    for i in range(k):
        d = digits[i]
        for cell in range(n):
            if not used[cell]:
                if d == 0:
                    out[i] = cell
                    used[cell] = True
                    break
                d -= 1


@njit(cache=True)
def arrangements(counts: np.ndarray) -> int:
    """Distinct arrangements of a multiset with these label counts: n! / prod(c!),
    built as a product of binomials so no factorial overflows (exact while the result
    times n fits 64 bits; callers size their spaces in Python first)."""
    out = 1
    total = 0
    for c in counts:
        for j in range(1, c + 1):
            total += 1
            out = out * total // j
    return out


@njit(cache=True)
def rank_multiset(labels: np.ndarray, counts: np.ndarray) -> int:
    """The lexicographic rank of ``labels`` (values 0..L-1) among all arrangements of
    the multiset ``counts``: perfect, so tables indexed by it waste nothing."""
    left = counts.copy()
    n = labels.shape[0]
    base = arrangements(left)  # arrangements of what is left, as positions fill
    r = 0
    for i in range(n):
        x = labels[i]
        # arrangements starting with v: base * left[v] / (n - i)
        for v in range(x):
            if left[v] > 0:
                r += base * left[v] // (n - i)
        base = base * left[x] // (n - i)
        left[x] -= 1
    return r


@njit(cache=True)
def unrank_multiset(r: int, counts: np.ndarray, out: np.ndarray) -> None:
    """Write into ``out`` the arrangement of rank ``r``."""
    left = counts.copy()
    n = out.shape[0]
    base = arrangements(left)
    for i in range(n):
        for v in range(left.shape[0]):
            if left[v] == 0:
                continue
            block = base * left[v] // (n - i)
            if r < block:
                out[i] = v
                base = block
                left[v] -= 1
                break
            r -= block
