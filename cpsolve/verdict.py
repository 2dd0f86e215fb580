"""What can be said about a puzzle before any search: a :class:`Verdict`.

Every family decides what it can cheaply (a clue with too few neighbours, a tile
walled off from its goal, a parity that no move sequence can fix) and says so in
one Verdict; the drivers report an unsolvable verdict at once, with its reason, and
never search.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Verdict:
    """Whether a solution exists: ``True``, ``False`` or ``None`` (not decided before
    a search), the rule that decided it, and, for plans, the step between possible
    plan lengths (2 when every move flips a parity, so plan lengths share one).

    >>> Verdict(False, "parity").solvable
    False
    >>> Verdict.open().reason
    'not decided before a search'
    """

    solvable: bool | None
    reason: str
    step: int = 1

    @staticmethod
    def open(reason: str = "not decided before a search", step: int = 1) -> Verdict:
        """A verdict that decides nothing."""
        return Verdict(None, reason, step)
