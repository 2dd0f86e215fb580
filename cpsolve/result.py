"""What every method returns: a status, the solutions, and statistics."""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass, field
from typing import Any


class Status(enum.Enum):
    """The outcome of a solve.

    ``OPTIMAL`` is for problems with an objective (shortest plans); puzzles that only
    ask for a solution report ``SOLVED``. ``UNKNOWN`` means a limit was reached first.
    """

    OPTIMAL = "optimal"
    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    UNKNOWN = "unknown"
    ERROR = "error"

    @property
    def found(self) -> bool:
        """Whether a solution came with this status."""
        return self in (Status.OPTIMAL, Status.SOLVED)


@dataclass
class Stats:
    """Measurements of one solve; counters a backend does not have stay ``None``."""

    build_seconds: float = 0.0
    solve_seconds: float = 0.0
    variables: int | None = None
    clauses: int | None = None
    constraints: int | None = None
    conflicts: int | None = None
    nodes: int | None = None
    solver_calls: int = 0
    horizons: list[dict[str, Any]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def add_solve(self, seconds: float, conflicts: int | None = None) -> None:
        """Account for one more solver call."""
        self.solve_seconds += seconds
        self.solver_calls += 1
        if conflicts is not None:
            self.conflicts = (self.conflicts or 0) + conflicts

    def to_dict(self) -> dict[str, Any]:
        return {key: value for key, value in asdict(self).items() if value not in (None, [], {})}


@dataclass
class Result:
    """What a method found.

    ``solutions`` holds every distinct solution found, verified by the puzzle's
    checker, in the order found. ``unique`` is ``None`` unless uniqueness was asked
    and decided; ``count`` is the number of solutions found (``None`` where a family
    does not count); ``complete`` says whether that is all of them (the enumeration ran
    out of solutions). ``limit_reached`` says a limit stopped the work before it was
    done (an answer may still have been found). ``rejected`` holds the solutions the
    method produced that the puzzle's checker rejected (the status is then ``ERROR``
    and ``solutions`` is empty): a wrong answer, told apart from no answer.
    """

    status: Status
    solutions: list[Any] = field(default_factory=list)
    unique: bool | None = None
    count: int | None = None
    complete: bool = False
    limit_reached: bool = False
    reason: str | None = None
    method: dict[str, Any] = field(default_factory=dict)
    stats: Stats = field(default_factory=Stats)
    rejected: list[Any] = field(default_factory=list)

    @property
    def solution(self) -> Any:
        """The first solution found, or ``None``."""
        return self.solutions[0] if self.solutions else None


@dataclass
class SpaceReport:
    """A whole state space swept from one position: how many positions are reachable,
    how many at each distance (from 0), the largest distance, and the positions at
    it (as board text; up to a thousand of them, ``hardest_count`` in all)."""

    states: int
    diameter: int
    distribution: list[int]
    hardest: list[str]
    hardest_count: int
    stats: Stats = field(default_factory=Stats)
