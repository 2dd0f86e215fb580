"""``cpsolve batch``: thousands of problems, resumable, in parallel, under budgets.

The framework part of the job: a SQLite store that records every finished attempt
and every answer in its own transaction (WAL journal, so a kill at any moment loses
only the attempts still running), passes of rising effort over the problems not
yet settled, workers (:func:`cpsolve.executors.run_tasks`: local processes or a Dask
scheduler), a progress bar, the answers file (written by an atomic rename) and the
summary. The store is checked and held by one batch at a time (:mod:`cpsolve.stores`).
What a problem is, how to solve one and how to share the budgets comes from the puzzle
family's :class:`~cpsolve.family.BatchJob`.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from typing import Any

import click

from cpsolve import registry, stores
from cpsolve.commands import (
    EXIT_ERROR,
    EXIT_LIMIT,
    EXIT_OK,
    EXIT_USAGE,
    Output,
    Seconds,
    read_board,
)
from cpsolve.errors import UsageError
from cpsolve.family import BatchJob
from cpsolve.limits import MAX_WORKERS

SCHEMA = """
CREATE TABLE IF NOT EXISTS attempts (
    problem TEXT NOT NULL, pass INTEGER NOT NULL, run INTEGER NOT NULL,
    status TEXT NOT NULL, method TEXT, reason TEXT, lower_bound INTEGER,
    seconds REAL NOT NULL, finished REAL NOT NULL, PRIMARY KEY (problem, pass));
CREATE TABLE IF NOT EXISTS answers (
    problem TEXT NOT NULL, moves TEXT NOT NULL, pass INTEGER NOT NULL,
    optimal INTEGER NOT NULL, PRIMARY KEY (problem, moves));
CREATE TABLE IF NOT EXISTS runs (
    run INTEGER PRIMARY KEY, started REAL NOT NULL, seconds REAL);
"""
SETTLED = ("optimal", "unsolvable")  # no later pass can do better
# What the bar and the summary call an attempt's status: one word for one thing.
WORDS = {"unknown": "open"}


def stored_answers(db: sqlite3.Connection) -> dict[str, list[tuple[str, bool]]]:
    """problem -> every answer in the store ``db`` and whether it is optimal: as short
    as an answer a method proved optimal (the same length, other moves, is as good)."""
    rows = db.execute("SELECT problem, moves, optimal FROM answers").fetchall()
    proven = {problem: len(moves) for problem, moves, optimal in rows if optimal}
    out: dict[str, list[tuple[str, bool]]] = defaultdict(list)
    for problem, moves, _ in rows:
        out[problem].append((moves, len(moves) == proven.get(problem)))
    return out


def optimal_answers(known: dict[str, list[tuple[str, bool]]]) -> set[tuple[str, str]]:
    """The (problem, moves) pairs of :func:`stored_answers` that are optimal."""
    return {(problem, moves) for problem, options in known.items()
            for moves, optimal in options if optimal}


class Store:
    """Attempts and answers, keyed by the problem's text (so reordering or editing
    the problem file keeps what is known)."""

    def __init__(self, path: str) -> None:
        # checked and held: another kind of file is refused, a second run says the
        # store is in use (see cpsolve.stores)
        self.path = path
        self.db, self.lease = stores.open_to_write(path, stores.BATCH, SCHEMA, timeout=60,
                                                   isolation_level=None)
        try:
            self.db.execute("PRAGMA synchronous=NORMAL")
            with stores.writing(path, stores.BATCH), self.db:
                self.db.execute("BEGIN")
                cursor = self.db.execute("INSERT INTO runs (started) VALUES (?)",
                                         (time.time(),))
        except BaseException:
            self.db.close()
            self.lease.release()
            raise
        self.run = int(cursor.lastrowid or 0)

    def close(self, seconds: float) -> None:
        try:
            with stores.writing(self.path, stores.BATCH):
                self.db.execute("UPDATE runs SET seconds = ? WHERE run = ?",
                                (seconds, self.run))
        finally:
            self.db.close()
            self.lease.release()

    def attempted(self, passes: int) -> dict[str, dict[int, str]]:
        """problem -> pass -> status, for passes below ``passes``."""
        out: dict[str, dict[int, str]] = defaultdict(dict)
        for problem, index, status in self.db.execute(
                "SELECT problem, pass, status FROM attempts WHERE pass < ?", (passes,)):
            out[problem][index] = status
        return out

    def record(self, problem: str, index: int, found: dict[str, Any],
               plans: list[str]) -> None:
        """One finished attempt and its (checked) plans, in one transaction."""
        optimal = int(found["status"] == "optimal")
        with stores.writing(self.path, stores.BATCH), self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO attempts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (problem, index, self.run, found["status"], found.get("method", ""),
                 found.get("reason", ""), found.get("lower_bound"), found["seconds"],
                 time.time()))
            self.db.executemany(
                "INSERT INTO answers VALUES (?, ?, ?, ?) ON CONFLICT (problem, moves) "
                "DO UPDATE SET optimal = MAX(optimal, excluded.optimal)",
                [(problem, moves, index, optimal) for moves in plans])

    def answers(self) -> dict[str, list[tuple[str, bool]]]:
        return stored_answers(self.db)

    def statuses(self) -> dict[str, tuple[str, str]]:
        """problem -> (best status over its attempts, the reason given)."""
        rank = {"optimal": 0, "unsolvable": 1, "solved": 2, "unknown": 3, "error": 4}
        out: dict[str, tuple[str, str]] = {}
        for problem, status, reason in self.db.execute(
                "SELECT problem, status, reason FROM attempts"):
            if problem not in out or rank.get(status, 9) < rank.get(out[problem][0], 9):
                out[problem] = (status, reason or "")
        return out

    def lower_bounds(self) -> dict[str, int]:
        return {problem: bound for problem, bound in self.db.execute(
            "SELECT problem, MAX(lower_bound) FROM attempts GROUP BY problem")
            if bound is not None}

    def seconds(self) -> float:
        row = self.db.execute("SELECT COALESCE(SUM(seconds), 0) FROM attempts").fetchone()
        return float(row[0])


@dataclass
class Report:
    """What a batch run did, for the summary."""

    problems: int = 0
    attempted: int = 0
    wall_seconds: float = 0.0
    stopped: bool = False
    rejected: list[str] = field(default_factory=list)


def _tasks(problems: Iterable[str], attempted: dict[str, dict[int, str]],
           index: int) -> list[str]:
    """Problems pass ``index`` still has to attempt: not settled, not yet attempted
    at this pass, and (after the first pass) attempted by the passes before."""
    todo = []
    for problem in problems:
        done = attempted.get(problem, {})
        if index in done or any(status in SETTLED for status in done.values()):
            continue
        if any(p not in done for p in range(index)):
            continue  # an earlier pass has not finished with it
        todo.append(problem)
    return todo


def run(job: BatchJob, problems: list[str], store: Store, *, passes: int,
        workers: int | None, scheduler: str | None, time_limit: float | None,
        limits: dict[str, int] | None,
        after_pass: Callable[[], None] | None = None) -> Report:
    """Every pass over the problems not yet settled, results stored as they come;
    ``after_pass`` is called when a pass has finished (to hand in what is known)."""
    from cpsolve.executors import run_tasks
    from cpsolve.progress import progress

    report = Report(problems=len(problems))
    started = time.perf_counter()
    unique = list(dict.fromkeys(problems))
    # the shortest answer of each problem, and what they use of the budgets together
    shortest = {p: min((m for m, _ in options), key=len)
                for p, options in store.answers().items() if options}
    used: Counter[str] = Counter()
    for moves in shortest.values():
        used.update(job.usage(moves))
    # Problems without an answer go through every pass first, the others after: the
    # first pass answers most problems quickly, the later ones' effort goes first to
    # those it left open, then to shortening the answers of the rest.
    rounds = [(0, False)][:passes] + [(index, True) for index in range(1, passes)] + [
        (index, False) for index in range(1, passes)]
    for index, only_open in rounds:
        todo = _tasks(unique, store.attempted(passes), index)
        if only_open:
            todo = [p for p in todo if p not in shortest]
        if not todo:
            continue
        name = str(job.passes[index].name) + (" (unanswered)" if only_open else "")
        counts: Counter[str] = Counter()
        known = store.answers()
        best = {p: min((len(m) for m, _ in known[p]), default=None) for p in todo}
        # Boards without an answer first, then those whose answers are furthest above
        # their lower bound: a run stopped early has spent its time where it counts.
        bounds = store.lower_bounds()
        todo.sort(key=lambda p: (best[p] is not None,
                                 -((best[p] or 0) - (bounds.get(p) or 0))))
        with progress(f"pass {index + 1} {name}", len(todo)) as bar:
            results: Generator[tuple[int, Any], None, None] = run_tasks(
                job.attempt, [(p, index, best[p]) for p in todo], workers=workers,
                scheduler=scheduler, processes=True,
                stop_at=None if time_limit is None else started + time_limit,
            )  # type: ignore[assignment]
            try:
                for i, found in results:
                    problem = todo[i]
                    plans = []
                    for moves in found.get("plans", []):
                        errors = job.check(problem, moves)
                        if errors:  # never trust a solver
                            report.rejected.append(f"{problem}: {moves!r}: {errors[0]}")
                        else:
                            plans.append(moves)
                    if found["status"] in ("optimal", "solved") and not plans:
                        found = {**found, "status": "error",
                                 "reason": "every plan failed the checker"}
                    store.record(problem, index, found, plans)
                    report.attempted += 1
                    counts[found["status"]] += 1
                    new = min(plans, key=len, default=None)
                    if new is not None and (problem not in shortest
                                            or len(new) < len(shortest[problem])):
                        if problem in shortest:
                            used.subtract(job.usage(shortest[problem]))
                        shortest[problem] = new
                        used.update(job.usage(new))
                    bar.advance()
                    bar.update(info=_info(counts, used, limits))
                    if time_limit is not None and time.perf_counter() - started > time_limit:
                        break
            finally:
                results.close()
            # the workers stop at the time limit, even in the middle of an attempt
            report.stopped = (time_limit is not None
                              and time.perf_counter() - started >= time_limit
                              and (sum(counts.values()) < len(todo) or index + 1 < passes
                                   or only_open))
        if report.stopped:
            break
        if after_pass is not None and not only_open:
            after_pass()
    report.wall_seconds = time.perf_counter() - started
    return report


def _info(counts: Counter[str], used: Counter[str], limits: dict[str, int] | None) -> str:
    """The bar's text: this pass's outcomes, and the budgets the shortest answers
    would use (before the planner leaves any out).

    A board the pass left without an answer is ``open``, the word of the summary.

    >>> _info(Counter(optimal=3, unknown=1), Counter(L=5, R=1), {"L": 10, "R": 4})
    'optimal 3 · open 1 · L 50% R 25%'
    """
    parts = [f"{WORDS.get(status, status)} {counts[status]}" for status in
             ("optimal", "solved", "unsolvable", "unknown", "error") if counts[status]]
    if limits:
        parts.append(" ".join(f"{key} {100 * used[key] / max(1, limit):.0f}%"
                              for key, limit in limits.items()))
    return " · ".join(parts)


def write_atomically(path: str, text: str) -> None:
    """Write ``text`` to ``path`` by a rename, so readers see the old or the new file;
    a path that is not a regular file (a device, a pipe) is written in place, never
    replaced (an error writing it names it, as every output error does)."""
    import stat

    from cpsolve.errors import OutputError

    temporary = f"{path}.tmp{os.getpid()}"
    try:
        try:
            special = not stat.S_ISREG(os.stat(path).st_mode)
        except FileNotFoundError:
            special = False
        if special:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
            return
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None


def summary(job: BatchJob, problems: list[Any], chosen: list[str | None],
            statuses: dict[str, tuple[str, str]], limits: dict[str, int] | None,
            report: Report, errors: list[tuple[int | str, str]],
            cpu_seconds: float, optimal: set[tuple[str, str]],
            answered_all: bool) -> list[str]:
    """The table at the end: by group, the moves per budget, the time; an answer
    counts as optimal when it is in ``optimal`` (problem, moves), proven so;
    ``answered_all``: every board that has one has an answer."""
    rows: dict[str, Counter[str]] = defaultdict(Counter)
    for problem, moves in zip(problems, chosen):
        row = rows[job.group(problem.text)]
        status = statuses.get(problem.text, ("", ""))[0]
        row["boards"] += 1
        row["answered"] += moves is not None
        row["optimal"] += (problem.text, moves) in optimal
        row["unsolvable"] += status == "unsolvable"
        row["open"] += moves is None and status != "unsolvable"
        row["moves"] += len(moves or "")
    names = ("boards", "answered", "optimal", "unsolvable", "open", "moves")
    table = [["size", *names]]
    for name in sorted(rows):
        table.append([name, *(str(rows[name][n]) for n in names)])
    table.append(["all", *(str(sum(r[n] for r in rows.values())) for n in names)])
    widths = [max(len(row[k]) for row in table) for k in range(len(table[0]))]
    lines = ["  ".join(cell.rjust(w) for cell, w in zip(row, widths)) for row in table]
    used: Counter[str] = Counter()
    for moves in chosen:
        if moves is not None:
            used.update(job.usage(moves))
    keys = list(limits) if limits else list(used)  # the order of the job's usage()
    lines.append("")
    for key in keys:
        if limits:
            lines.append(f"{key}: {used[key]:>8,} of {limits[key]:>8,} "
                         f"({100 * used[key] / max(1, limits[key]):5.1f}%)")
        else:
            lines.append(f"{key}: {used[key]:>8,} (no limit)")
    lines.append("")
    lines.append(f"this run: {report.attempted} attempts in {report.wall_seconds:.1f} s "
                 f"wall; all runs: {cpu_seconds:.1f} s of solver time")
    for where, message in errors:
        lines.append(f"skipped line {where}: {message}" if isinstance(where, int)
                     else f"skipped {message}")
    for problem in dict.fromkeys(p.text for p in problems):
        status, reason = statuses.get(problem, ("", ""))
        if status == "unsolvable":
            lines.append(f"unsolvable: {problem}: {reason}")
    for rejected in report.rejected:
        lines.append(f"rejected by the checker: {rejected}")
    if report.stopped:
        lines.append("stopped at the time limit; run again to continue" + (
            " for shorter answers: every board has one" if answered_all else ""))
    return lines


def _family(name: str | None) -> tuple[str, BatchJob]:
    names = [n for n in registry.names() if registry.load(n).batch is not None]
    if name is None:
        if len(names) != 1:
            raise UsageError(f"say which puzzle with --puzzle ({', '.join(names)})")
        name = names[0]
    if name not in names:
        raise UsageError(f"puzzle family {name!r} has no batch mode "
                         f"(families with one: {', '.join(names) or 'none'})")
    batch = registry.load(name).batch
    assert batch is not None
    return name, batch()


@click.command("batch", short_help="Solve a file of problems under shared move budgets.")
@click.argument("files", nargs=-1, required=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="The answers file (default: standard output).")
@click.option("--puzzle", default=None, help="The puzzle family (default: the one with "
              "a batch mode).")
@click.option("--store", type=click.Path(dir_okay=False), default=None,
              help="The SQLite store of attempts and answers (default: the answers file "
                   "or the first FILE, plus .sqlite).")
@click.option("--workers", type=click.IntRange(min=1, max=MAX_WORKERS), default=None,
              help="Local worker processes (default: one per processor; never more than "
                   "processors or problems).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Run the attempts on this Dask scheduler instead.")
@click.option("--passes", type=click.IntRange(min=0), default=None,
              help="Passes of rising effort (default: all the puzzle has).")
@click.option("--time-limit", type=Seconds(bounded=True), default=None,
              metavar="SECONDS", help="Stop after this long (the attempts still running "
              "are given up); run again to continue. Default: the puzzle's (DevQuiz: an "
              "hour); 0: until every pass is done.")
def command(files: tuple[str, ...], output: str | None, puzzle: str | None,
            store: str | None, workers: int | None, scheduler: str | None,
            passes: int | None, time_limit: float | None) -> Output:
    """Solve every problem in FILE: a problem file with budgets (DevQuiz: a limits
    line, a count line, one board per line), a list of one-line boards, or one board
    per FILE. Answers are stored as they are found; run again to resume or improve.
    """
    if scheduler is not None:
        from cpsolve.executors import dask

        dask()  # an extra: without it, say how to install it before any work
    family, job = _family(puzzle)
    if len(files) == 1:
        text, _ = read_board(files[0])
        problems = job.read(text)
    elif job.read_files is not None:
        problems = job.read_files([read_board(name) for name in files])
    else:
        raise UsageError(f"{family} batches read one problem file")
    passes = len(job.passes) if passes is None else min(passes, len(job.passes))
    if time_limit is None:
        time_limit = job.time_limit
    elif time_limit == 0:
        time_limit = None
    path = store or f"{output or files[0]}.sqlite"
    if output is not None:  # said now, not after the work
        stores.check_writable(output, "answers file")
    database = Store(path)
    clock = time.perf_counter()

    def hand_in(known: dict[str, list[tuple[str, bool]]],
                replay: bool) -> tuple[list[str | None], str]:
        """The answers the budgets allow, from every answer ``known``, and their file."""
        candidates = [[moves for moves, _ in known.get(problem.text, [])
                       if not replay or not job.check(problem.text, moves)]
                      for problem in problems.problems]
        chosen = job.plan(candidates, problems.limits)
        slots: list[str | None] = [None] * problems.count
        for problem, moves in zip(problems.problems, chosen):
            slots[problem.number - 1] = moves
        return chosen, job.format_answers(slots)

    def after_pass() -> None:
        # the answers file after each pass: answers as good as known, even if a later
        # pass is stopped (these were replayed when stored; the last write replays again)
        if output is not None:
            write_atomically(output, hand_in(database.answers(), replay=False)[1])

    try:
        report = run(job, [p.text for p in problems.problems], database, passes=passes,
                     workers=workers, scheduler=scheduler, time_limit=time_limit,
                     limits=problems.limits, after_pass=after_pass)
        statuses = database.statuses()
        cpu = database.seconds()
        known = database.answers()
        # every stored answer is replayed again before it can be handed in
        chosen, answers = hand_in(known, replay=True)
    finally:
        database.close(time.perf_counter() - clock)
    out = Output()
    if output is not None:
        write_atomically(output, answers)
    else:
        out.stdout = answers
    open_ = any(moves is None and statuses.get(p.text, ("",))[0] != "unsolvable"
                for p, moves in zip(problems.problems, chosen))
    out.stderr = summary(job, problems.problems, chosen, statuses, problems.limits, report,
                         problems.errors, cpu, optimal_answers(known), not open_)
    if report.rejected:
        out.exit_code = EXIT_ERROR
    elif problems.errors:
        out.exit_code = EXIT_USAGE
    elif open_:  # stopped before every board had an answer (or none found)
        out.exit_code = EXIT_LIMIT
    else:
        out.exit_code = EXIT_OK
    return out
