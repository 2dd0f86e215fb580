"""A puzzle family for the experiment tests only: sliding puzzles solved by the real
SAT method whose encoder decodes every plan backwards. The family's own checker
rejects those plans, so the method returns an error with the plan in
``Result.rejected``; the experiment must record a wrong answer, not an error.
Specs in the tests name it in ``[families]``; nothing installs it.
"""

from __future__ import annotations

from typing import Any

from cpsolve.family import Family
from cpsolve.models.sliding import FAMILY as SLIDING
from cpsolve.models.sliding import check, parse
from cpsolve.models.sliding import solve as solve_sliding
from cpsolve.models.sliding.encodings import BlankLogEncoder


def solve(puzzle: Any, *, time_limit: float | None = None) -> Any:
    decode = BlankLogEncoder.decode

    def backwards(self: BlankLogEncoder, values: tuple[bool, ...]) -> str:
        return decode(self, values)[::-1]

    BlankLogEncoder.decode = backwards  # type: ignore[method-assign]
    try:
        return solve_sliding(puzzle, method="sat", encoding="blanklog", time_limit=time_limit)
    finally:
        BlankLogEncoder.decode = decode  # type: ignore[method-assign]


FAMILY = Family(name="backwards", summary="sliding puzzles whose plans decode backwards",
                kind=SLIDING.kind, parse=parse, check=check, solve=solve,
                encode=SLIDING.encode, command=SLIDING.command, example=SLIDING.example)
