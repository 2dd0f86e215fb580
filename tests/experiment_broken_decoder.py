"""A puzzle family for the experiment tests only: sliding puzzles solved by the real
SAT method whose encoder decodes every plan backwards. The family's own checker
rejects those plans, so the method returns an error with the plan in
``Result.rejected``; the experiment must record a wrong answer, not an error.
Specs in the tests name it in ``[families]``; nothing installs it.
"""

from __future__ import annotations

from typing import Any

from models.sliding import check, parse
from models.sliding import solve as solve_sliding
from models.sliding.encodings import BlankLogEncoder

NAME = "backwards"
__all__ = ["NAME", "check", "parse", "solve"]


def solve(puzzle: Any, *, time_limit: float | None = None) -> Any:
    decode = BlankLogEncoder.decode

    def backwards(self: BlankLogEncoder, horizon: int, values: tuple[bool, ...]) -> str:
        return decode(self, horizon, values)[::-1]

    BlankLogEncoder.decode = backwards  # type: ignore[method-assign]
    try:
        return solve_sliding(puzzle, method="sat", encoding="blanklog", time_limit=time_limit)
    finally:
        BlankLogEncoder.decode = decode  # type: ignore[method-assign]
