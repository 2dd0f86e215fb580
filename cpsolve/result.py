"""What every method returns: a status, the solutions, and statistics."""

from __future__ import annotations

import enum
from collections.abc import Callable
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
    does not count); ``complete`` says whether that is proven to be all of them: a run
    establishes it only when it was asked to count or to prove uniqueness (a plain
    solve looks no further than its first answer, and says ``False``). ``limit_reached``
    says a limit stopped the work before it was done (an answer may still have been
    found). ``rejected`` holds the solutions the method produced that the puzzle's
    checker rejected (the status is then ``ERROR`` and ``solutions`` is empty): a wrong
    answer, told apart from no answer. ``lower_bound`` (plans) is proven: no plan is
    shorter; ``within`` (plans that are not proven shortest) is the factor they are
    proven to be within: at most that many times as long as a shortest plan.
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
    lower_bound: int | None = None
    within: float | None = None

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


# The JSON contract (docs/json.md; the schema ships as cpsolve/schema/result.json).
JSON_VERSION = 1


def result_json(puzzle: str, result: Result, encode: Callable[[Any], list[str]], *,
                plans: bool, **extra: Any) -> dict[str, Any]:
    """The JSON object every family prints for a solve (``--json``).

    ``encode`` writes one answer as the family's JSON solution (rows of the filled
    board, or a plan's moves); ``plans`` says the answers are plans (``length`` and
    ``optimal`` then describe them; for other puzzles both are null). ``extra`` adds a
    family's documented keys (Akari's ``undetermined``, ...). Types never change with
    the outcome: lists are lists (empty, never null), ``count`` is always a number.

    >>> r = Result(Status.OPTIMAL, solutions=["LU"], count=1, complete=True)
    >>> d = result_json("slide", r, list, plans=True)
    >>> d["solution"], d["length"], d["optimal"], d["solutions"], d["unique"]
    (['L', 'U'], 2, True, [['L', 'U']], True)
    """
    solutions = [encode(answer) for answer in result.solutions]
    count = result.count if result.count is not None else len(solutions)
    unique = result.unique
    if plans and unique is None and result.complete and count:
        unique = count == 1  # counting every optimal plan decides whether it is unique
    data: dict[str, Any] = {
        "version": JSON_VERSION,
        "puzzle": puzzle,
        "status": result.status.value,
        "solution": solutions[0] if solutions else None,
        "solutions": solutions,
        "count": count,
        "complete": bool(result.complete),
        "unique": unique,
        "length": len(solutions[0]) if plans and solutions else None,
        "optimal": (result.status is Status.OPTIMAL) if plans else None,
        "lower_bound": result.lower_bound if plans else None,
        "limit_reached": bool(result.limit_reached),
        "reason": result.reason,
        "method": result.method,
        "stats": result.stats.to_dict(),
        "rejected": [encode(answer) for answer in result.rejected],
    }
    data.update(extra)
    return data


def check_json(puzzle: str, errors: list[str]) -> dict[str, Any]:
    """The JSON object of ``--check ANSWER``: whether the answer is valid, and every
    rule it breaks (each message names its cell or move).

    >>> check_json("akari", [])
    {'version': 1, 'puzzle': 'akari', 'valid': True, 'errors': []}
    """
    return {"version": JSON_VERSION, "puzzle": puzzle, "valid": not errors,
            "errors": list(errors)}


def board_json(puzzle: str, text: str, url: str | None) -> dict[str, Any]:
    """The JSON object of ``--no-solve --json``: the board read, as the lines of the
    family's main text form (which the family reads back), and its puzz.link URL where
    the family has one.

    >>> board_json("akari", ".2.", None)["board"]
    ['.2.']
    """
    return {"version": JSON_VERSION, "puzzle": puzzle, "board": text.splitlines(),
            "url": url}


def error_json(message: str, exit_status: int) -> dict[str, Any]:
    """The JSON object of a command that failed under ``--json`` (bad input or usage, a
    limit reached before there was anything to show, an interrupt, a bug): the one-line
    message and the exit status.

    >>> error_json("b.txt:3:5: unknown character 'q'", 2)["exit"]
    2
    """
    return {"version": JSON_VERSION, "status": "error", "error": message,
            "exit": exit_status}


def schema() -> dict[str, Any]:
    """The JSON Schema of every object cpsolve prints with ``--json``."""
    import json
    from importlib.resources import files

    text = files("cpsolve.schema").joinpath("result.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded
