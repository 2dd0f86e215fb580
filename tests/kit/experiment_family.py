"""A puzzle family for the experiment tests only: sliding puzzles, whose ``solve``
misbehaves on request, to show that the runner and the report catch each way a
method can fail. Specs in the tests name it in ``[families]``; nothing installs it.

``behave``: ``well`` (the real SAT method), ``longer`` (a valid plan two moves
longer than optimal, still claimed optimal), ``unsolvable`` (claims there is no
plan), ``invalid`` (a plan that breaks the rules), ``sleep`` (ignores its time
limit; writes its process id and its run's directory to the file
``$FAKE_PIDFILE`` when set), ``crash`` (the process dies), ``hog`` (allocates
until memory runs out).
"""

from __future__ import annotations

import os
import signal
import sys
import time
from typing import Any

from cpsolve.family import Family
from cpsolve.models.sliding import FAMILY as SLIDING
from cpsolve.models.sliding import check, parse
from cpsolve.models.sliding import solve as solve_sliding
from cpsolve.result import Result, Status

INVERSE = {"U": "D", "D": "U", "L": "R", "R": "L"}


def solve(puzzle: Any, *, behave: str = "well", time_limit: float | None = None) -> Any:
    if behave == "sleep":
        if os.environ.get("FAKE_PIDFILE"):
            with open(os.environ["FAKE_PIDFILE"], "w") as handle:
                handle.write(f"{os.getpid()} {sys.argv[-1]}")  # and the run's directory
        time.sleep(3600)
    if behave == "crash":
        os.kill(os.getpid(), signal.SIGSEGV)
    if behave == "hog":
        import numpy as np

        hoard = []
        while True:  # address space, fast: numpy.empty leaves the pages untouched
            hoard.append(np.empty(64 * 1024 * 1024, dtype=np.uint8))
    if behave == "unsolvable":
        return Result(Status.UNSOLVABLE, reason="planted")
    if behave == "invalid":  # the blank walks off the board
        return Result(Status.OPTIMAL, solutions=["L" * 5])
    result = solve_sliding(puzzle, method="sat", time_limit=time_limit)
    if behave == "longer" and result.solutions:
        plan = result.solution
        for at in range(len(plan) + 1):
            for move in "UDLR":
                padded = plan[:at] + move + INVERSE[move] + plan[at:]
                if not check(puzzle, padded):
                    result.solutions = [padded]
                    return result
    return result


FAMILY = Family(name="fake", summary="sliding puzzles with a misbehaving solve()",
                kind=SLIDING.kind, parse=parse, check=check, solve=solve,
                encode=SLIDING.encode, command=SLIDING.command, example=SLIDING.example)
