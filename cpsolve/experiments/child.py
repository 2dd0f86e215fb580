"""One run, in a fresh interpreter: ``python -m cpsolve.experiments.child DIR``.

Reads ``DIR/job.json`` (where the family lives, the instance text, the options, the
seed and limits), limits its own address space (``RLIMIT_AS``) before anything
else, creates ``DIR/started`` just before the solve (the parent's wall clock for
the run starts there, so interpreter start-up is not charged to the method), solves,
checks every solution with the family's own checker, and writes ``DIR/result.json``.
The parent kills the whole process group when the wall time runs out; a run that
dies leaves no result file, and the parent records why.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import sys
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cpsolve.family import Family

# Outcomes of a run. "solved" and "unsolvable" are answers (the run decided the
# instance); "wrong" is an answer the family's checker rejects.
ANSWERS = ("solved", "unsolvable")
OUTCOMES = (*ANSWERS, "timeout", "memout", "unknown", "wrong", "error")
WARM = ("pysat.solvers", "pysat.card")
CPSAT = "ortools.sat.python.cp_model"


def limit_memory(megabytes: int | None) -> None:
    """Cap this process's address space at ``megabytes`` (soft and hard), or at the
    hard limit it already has when that is lower (a process may not raise it)."""
    if megabytes is None:
        return
    import resource

    size = int(megabytes) * 1024 * 1024
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        size = min(size, hard)
    resource.setrlimit(resource.RLIMIT_AS, (size, size))


def warm_modules(options: dict[str, Any]) -> tuple[str, ...]:
    """The solver packages a method uses, imported before its clock starts: a method
    is not charged for loading its solver, which a long-lived process does once.
    python-sat for every run (it is light); OR-Tools for methods with an option set to
    ``cpsat``, the name every family gives its CP-SAT backend or method (loading it for
    every run would add to a small run's memory and start-up)."""
    wanted = list(WARM)
    if "cpsat" in [value for value in options.values() if isinstance(value, str)]:
        wanted.append(CPSAT)
    return tuple(wanted)


def warm(options: dict[str, Any]) -> None:
    """Import :func:`warm_modules` (in a fork server's run, already done)."""
    for name in warm_modules(options):
        with contextlib.suppress(ImportError):
            importlib.import_module(name)


def solve(job: dict[str, Any], started: str | None = None) -> dict[str, Any]:
    """Run ``job`` in this process and describe what happened (see :data:`OUTCOMES`)."""
    from cpsolve import registry

    family = registry.resolve(job["module"])
    puzzle = family.parse(job["text"])
    options = dict(job["options"])
    certifying = bool(options.pop("certify", False))
    options["time_limit"] = job["time"]
    if family.takes("seed"):
        options["seed"] = job["seed"]
    warm(options)
    if family.warm_up:
        # Compiled kernels load on their first call (numba's cache): a run of the same
        # method on the family's example board pays for that before the clock.
        with contextlib.suppress(Exception):
            family.solve(family.parse(family.example), **options)
    if started is not None:
        with open(started, "w"):
            pass
    record: dict[str, Any] = {}
    start = time.perf_counter()
    try:
        result = family.solve(puzzle, **options)
    except MemoryError:
        record.update(outcome="memout", reason="out of memory (MemoryError)")
        result = None
    except Exception as error:  # a method that fails is a result, not a crash
        record.update(outcome="error", reason=f"{type(error).__name__}: {error}")
        result = None
    record["seconds"] = time.perf_counter() - start
    if result is not None and certifying:
        certified(family, job["text"], result, job["time"] - record["seconds"])
    if result is not None:
        record.update(describe(family, puzzle, result, record["seconds"], job["time"]))
    return record


def certified(family: Family, text: str, result: Any, seconds: float) -> None:
    """Certify what ``result`` proved (``certify = true`` in the method's table), within
    the run's time left: the seconds to make and check the certificate go into its
    stats (``certificate_seconds``, ``certificate_check_seconds``); a certificate that
    fails makes the result an error, with the reason."""
    from cpsolve.certify.command import certify
    from cpsolve.errors import CertificateError
    from cpsolve.limits import Deadline
    from cpsolve.result import Status

    start = time.perf_counter()
    try:
        proof = certify(family, text, result, "run.cert.zip", Deadline(max(seconds, 0.001)))
    except CertificateError as error:
        result.status, result.reason = Status.ERROR, f"not certified: {error}"
        return
    found = proof.keys.get("certificate", {})
    result.stats.extra["certificate_seconds"] = time.perf_counter() - start
    if "seconds" in found:
        result.stats.extra["certificate_check_seconds"] = found["seconds"]
    result.stats.extra["certificate"] = found.get("claim") or found.get("reason")


def describe(family: Family, puzzle: Any, result: Any, seconds: float,
             time_limit: float) -> dict[str, Any]:
    """The outcome and measurements of a :class:`~cpsolve.result.Result`."""
    from cpsolve.result import Status

    errors: list[str] = []
    for solution in result.solutions:
        errors.extend(family.check(puzzle, solution))
    # Solutions the method's own check rejected: checked again here, and a wrong
    # answer however the method reported it.
    for solution in result.rejected:
        errors.extend(family.check(puzzle, solution) or [f"{result.reason or 'rejected'}"])
    status = result.status
    if errors:
        outcome = "wrong"
    elif status is Status.ERROR:
        outcome = "error"
    elif status.found:
        outcome = "solved"
    elif status is Status.UNSOLVABLE:
        outcome = "unsolvable"
    elif result.limit_reached:
        outcome = "timeout"
    else:
        outcome = "unknown"
    if outcome in ANSWERS and seconds > time_limit:
        outcome = "timeout"  # an answer after the limit does not count
    stats = result.stats.to_dict()
    horizons = stats.pop("horizons", [])
    solution = result.solution if result.solutions else next(iter(result.rejected), None)
    length = family.length(puzzle, solution) if solution is not None else None
    return {
        "outcome": outcome,
        "status": status.value,
        "reason": "; ".join(errors[:3]) if errors else result.reason,
        "method": result.method,
        "stats": stats,
        "horizons": horizons,
        # The objective of a planning family: the length of a plan proven shortest.
        "objective": length if status is Status.OPTIMAL else None,
        "length": length,
        "count": result.count,
        "complete": result.complete if result.count is not None else None,
        "unique": result.unique,
        "solution": family.encode(puzzle, solution) if solution is not None else None,
    }


def orphan_guard(directory: str, seconds: float = 0.5) -> None:
    """Exit at once if the process that started this one dies: a run never outlives
    the experiment that supervises it (and whose kill would have ended it). The run's
    directory goes too, as its supervisor would have removed it."""
    import shutil
    import threading

    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(seconds)
            if os.getppid() != parent:
                shutil.rmtree(directory, ignore_errors=True)
                os._exit(70)

    threading.Thread(target=watch, daemon=True, name="orphan-guard").start()


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        sys.stderr.write("usage: python -m cpsolve.experiments.child DIRECTORY\n")
        return 2
    directory = argv[1]
    with open(os.path.join(directory, "job.json"), encoding="utf-8") as handle:
        job = json.load(handle)
    limit_memory(job.get("memory"))
    orphan_guard(directory)
    sys.path[:0] = [path for path in job.get("path", []) if path not in sys.path]
    record = solve(job, os.path.join(directory, "started"))
    partial = os.path.join(directory, "result.json.part")
    with open(partial, "w", encoding="utf-8") as handle:
        json.dump(record, handle, default=str)
    os.replace(partial, os.path.join(directory, "result.json"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
