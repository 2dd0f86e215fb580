"""From what a search method found to what a user reads: :func:`finish`, the one place
where plans become a :class:`~cpsolve.result.Result`.

Every method of every planning family returns an :class:`Outcome`; :func:`finish`
replays each plan through the family's own checker (a plan that fails makes the
result an ``ERROR`` carrying it in ``rejected``, never an answer), then words the
outcome: optimal, solved (a plan that is not proven shortest), unsolvable (only
when the method proved that no plan exists), or unknown, saying which limit stopped
it and what was proven before it did.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cpsolve.result import Result, Stats, Status


@dataclass
class Outcome:
    """What a search method found, before the checker and the wording.

    ``plans`` are the plans found (all of one length); ``optimal`` says they are
    proven shortest; ``count`` is the number of optimal plans counted (``None``: not
    counted) and ``complete`` whether that is all of them; ``lower_bound`` is proven
    (no plan is shorter); ``timed_out``, ``cut`` (stopped at the maximum length) and
    ``exhausted`` (the search ran out of positions: no plan exists) say why there is
    no plan; ``within`` is what a search that is not optimal proves instead (its plans
    are at most that many times longer than a shortest one: weighted IDA*).
    """

    plans: list[Any] = field(default_factory=list)
    optimal: bool = True
    count: int | None = None
    complete: bool = False
    lower_bound: int | None = None
    timed_out: bool = False
    cut: bool = False
    exhausted: bool = False
    within: float | None = None


def finish(board: Any, outcome: Outcome, *, check: Callable[[Any, Any], list[str]],
           length: Callable[[Any], int], method: dict[str, Any], stats: Stats,
           max_length: int, decided: bool | None = None) -> Result:
    """The result of ``outcome`` on ``board``: every plan replayed by ``check``, the
    status and the reason worded once for every family. ``decided`` is the verdict
    before the search (``True``: a plan is known to exist), which words a search that
    stopped at ``max_length``.

    >>> def check(board, plan): return [] if plan == "LU" else ["no"]
    >>> r = finish(None, Outcome(plans=["LU"]), check=check, length=len, method={},
    ...            stats=Stats(), max_length=10)
    >>> r.status.value, r.lower_bound
    ('optimal', 2)
    >>> r = finish(None, Outcome(plans=["L"]), check=check, length=len, method={},
    ...            stats=Stats(), max_length=10)
    >>> r.status.value, r.rejected, r.reason
    ('error', ['L'], "plan 'L' fails the checker: no")
    >>> finish(None, Outcome(timed_out=True, lower_bound=20), check=check, length=len,
    ...        method={}, stats=Stats(), max_length=10).reason
    'time limit reached; no plan is shorter than 20 moves'
    >>> r = finish(None, Outcome(plans=["LU"], optimal=False, timed_out=True, lower_bound=1),
    ...            check=check, length=len, method={}, stats=Stats(), max_length=10)
    >>> r.status.value, r.reason
    ('solved', 'time limit reached: at most 2 moves, at least 1; not proven optimal')
    """
    for plan in outcome.plans:
        errors = check(board, plan)
        if errors:
            return Result(Status.ERROR, reason=f"plan {plan!r} fails the checker: {errors[0]}",
                          method=method, stats=stats, rejected=[plan],
                          limit_reached=outcome.timed_out)
    if outcome.plans:
        moves = length(outcome.plans[0])
        result = Result(Status.OPTIMAL if outcome.optimal else Status.SOLVED,
                        solutions=list(outcome.plans), method=method, stats=stats,
                        limit_reached=outcome.timed_out,
                        lower_bound=moves if outcome.optimal else outcome.lower_bound,
                        count=outcome.count if outcome.count is not None else len(
                            outcome.plans),
                        complete=outcome.complete and outcome.count is not None,
                        within=None if outcome.optimal else outcome.within)
        if outcome.count is not None and not outcome.complete:
            result.reason = "time limit reached while counting optimal plans"
        elif not outcome.optimal and outcome.timed_out and result.within is None:
            result.reason = f"time limit reached: {bounds(moves, result.lower_bound)}"
        elif result.within is not None:
            result.reason = f"at most {result.within:g} times as long as a shortest plan"
        return result
    bound = outcome.lower_bound
    if outcome.timed_out:
        reason = "time limit reached" + (f"; no plan is shorter than {bound} moves"
                                         if bound else "")
        return Result(Status.UNKNOWN, reason=reason, method=method, stats=stats,
                      limit_reached=True, lower_bound=bound)
    if outcome.exhausted:
        return Result(Status.UNSOLVABLE, reason="the search ran out of positions: the goal "
                      "cannot be reached", method=method, stats=stats, count=0,
                      complete=True)
    reason = f"no plan of at most {max_length} moves (--max-length)"
    if decided is None:
        reason += "; whether one exists is not decided"
    return Result(Status.UNKNOWN, reason=reason, method=method, stats=stats,
                  lower_bound=bound)


def bounds(moves: int, lower: int | None) -> str:
    """What is proven of a shortest plan when a plan of ``moves`` moves is known and no
    plan is shorter than ``lower``.

    >>> bounds(253, 100), bounds(9, None)
    ('at most 253 moves, at least 100; not proven optimal', 'at most 9 moves; not proven optimal')
    """
    return (f"at most {moves} moves" + (f", at least {lower}" if lower else "")
            + "; not proven optimal")


def headline(result: Result, moves: int) -> str:
    """The first line of a plan's text: its length and what is proven about it, never
    more (``optimal`` only with a proof; otherwise the factor proven, if any, and the
    lower bound).

    >>> headline(Result(Status.OPTIMAL, lower_bound=31), 31)
    '31 moves, optimal'
    >>> headline(Result(Status.SOLVED, lower_bound=34, within=2.0), 62)
    '62 moves, at most 2x optimal; lower bound 34'
    >>> headline(Result(Status.SOLVED), 1)
    '1 move, not proven optimal'
    >>> headline(Result(Status.SOLVED, lower_bound=100, limit_reached=True), 253)
    '253 moves (time limit reached): at most 253 moves, at least 100; not proven optimal'
    """
    said = f"{moves} move{'s' if moves != 1 else ''}"
    if result.status is Status.OPTIMAL:
        return f"{said}, optimal"
    if result.limit_reached and result.within is None:
        return f"{said} (time limit reached): {bounds(moves, result.lower_bound)}"
    said += (f", at most {result.within:g}x optimal" if result.within is not None
             else ", not proven optimal")
    if result.lower_bound:
        said += f"; lower bound {result.lower_bound}"
    return said
