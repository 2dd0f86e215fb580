"""What every solver the benchmark runner times returns for a board, cpsolve's methods
and the peers alike: whether it decided the board, what it found, and its answer in
cpsolve's form where it gives one (so answers can be compared)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SOLVED = "solved"  # a solve-only peer found an answer (unique or not, it does not say)


@dataclass(frozen=True)
class Outcome:
    """``found``: ``unique``, ``not unique``, ``no solution`` (the outcomes of
    :mod:`cpsolve.grid.cases`), ``solved`` (an answer, uniqueness not looked at), or
    ``None`` (not decided within the limit); ``answer``: the one answer of a unique
    board in cpsolve's form, where the solver gives one."""

    found: str | None
    answer: Any = None

    @property
    def decided(self) -> bool:
        return self.found is not None

    def agrees(self, expected: str) -> bool:
        """Whether what was found is what the board is known to have (``solved`` for a
        board with an answer)."""
        if self.found == SOLVED:
            return expected in ("unique", "not unique")
        return self.found == expected
