"""Ordering puzzle labels the way people read them."""

from __future__ import annotations

import re


def natural_key(label: str) -> tuple[int, int, str]:
    """Sort key putting ``2`` before ``10`` and numbers before letters.

    >>> sorted(["10", "B", "2", "A", "1"], key=natural_key)
    ['1', '2', '10', 'A', 'B']
    """
    return (0, int(label), "") if re.fullmatch(r"\d+", label) else (1, 0, label)
