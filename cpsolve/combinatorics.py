"""Counting that several families need: permutation parity, arrangements of a
multiset. Exact Python integers, so no size overflows."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from math import comb


def permutation_parity(mapping: Mapping[int, int] | Sequence[int]) -> int:
    """0 for an even permutation, 1 for an odd one. ``mapping`` is a bijection,
    given as a dict or as a sequence (``mapping[i]`` is the image of ``i``).

    >>> permutation_parity({0: 1, 1: 0, 2: 2}), permutation_parity([1, 2, 0])
    (1, 0)
    >>> permutation_parity([])
    0
    """
    image = dict(mapping) if isinstance(mapping, Mapping) else dict(enumerate(mapping))
    seen: set[int] = set()
    parity = 0
    for first in image:
        if first in seen:
            continue
        length, item = 0, first
        while item not in seen:
            seen.add(item)
            item = int(image[item])
            length += 1
        parity ^= (length - 1) & 1
    return parity


def arrangements(counts: Iterable[int]) -> int:
    """The number of distinct orderings of a multiset with these multiplicities (the
    multinomial coefficient), as a product of binomials.

    >>> arrangements([1] * 9), arrangements([1, 4, 3, 4, 4])
    (362880, 252252000)
    >>> arrangements([])
    1
    """
    total, placed = 1, 0
    for count in counts:
        placed += int(count)
        total *= comb(placed, int(count))
    return total
