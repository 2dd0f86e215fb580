"""Perfect ranking of partial permutations: k distinct cells out of n, numbered
0 .. n!/(n-k)! - 1 without gaps, so a table indexed by rank wastes nothing.

The rank is lexicographic over the sequence of cells: the first cell's index among
all n, the second's among the n - 1 left, and so on, mixed radix.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic


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


# Bit operations on 64-bit masks, for the pattern databases' builder and the kernels
# that rank placements as tiles move: LLVM's own instructions (one machine instruction
# each on current processors), since numba has no popcount of its own.

@intrinsic
def _ctpop(typingctx, x):  # type: ignore[no-untyped-def]
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctpop(args[0])

    return sig, codegen


@intrinsic
def _cttz(typingctx, x):  # type: ignore[no-untyped-def]
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


@njit(cache=True)
def popcount(x: int) -> int:
    """The number of bits set in ``x`` (a non-negative int64).

    >>> popcount(0b1011)
    3
    """
    return _ctpop(np.int64(x))  # type: ignore[call-arg]  # numba supplies typingctx


@njit(cache=True)
def lowest(x: int) -> int:
    """The index of the lowest bit set in ``x`` (64 when ``x`` is 0).

    >>> lowest(0b1000), lowest(0b0110)
    (3, 1)
    """
    return _cttz(np.int64(x))  # type: ignore[call-arg]


@njit(cache=True)
def select(x: int, j: int) -> int:
    """The index of the ``j``-th lowest bit set in ``x`` (from 0).

    >>> select(0b101100, 0), select(0b101100, 2)
    (2, 5)
    """
    for _ in range(j):
        x &= x - 1
    return _cttz(np.int64(x))  # type: ignore[call-arg]


def weights(n: int, k: int) -> np.ndarray:
    """What each position's digit weighs in the rank of k cells out of n (the rank is
    ``sum(digit[i] * weights[i])``, the mixed radix of :func:`rank`).

    >>> weights(16, 3).tolist()
    [210, 14, 1]
    """
    out = np.ones(k, dtype=np.int64)
    for i in range(k - 2, -1, -1):
        out[i] = out[i + 1] * (n - i - 1)
    return out


@njit(cache=True)
def rank_bits(cells: np.ndarray, n: int) -> int:
    """:func:`rank`, in time linear in k (cells below 63): the same number."""
    k = cells.shape[0]
    used = np.int64(0)
    r = 0
    for i in range(k):
        c = cells[i]
        r = r * (n - i) + c - _ctpop(used & ((np.int64(1) << c) - 1))  # type: ignore[call-arg]
        used |= np.int64(1) << c
    return r


@njit(cache=True)
def unrank_bits(r: int, n: int, k: int, out: np.ndarray) -> int:
    """:func:`unrank` without allocating (n below 63); returns the cells as a mask."""
    for i in range(k - 1, -1, -1):
        base = n - i
        out[i] = r % base
        r //= base
    free = (np.int64(1) << n) - 1
    for i in range(k):
        c = select(free, out[i])
        out[i] = c
        free &= ~(np.int64(1) << c)
    return ((np.int64(1) << n) - 1) & ~free
