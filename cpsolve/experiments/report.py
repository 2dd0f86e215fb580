"""What the stored runs say: per-family tables, cross-checks, CSV.

A *benchmark item* is an instance under one seed. A run *decides* its item when it
finds a solution (checked) or proves there is none, within the time limit. Scores
follow the SAT competitions: a decided run scores its time, any other run twice the
time limit (PAR-2); the *virtual best* takes, for each item, the best score any
method got.

Cross-checks compare every answer stored for the same instance (the same text,
across methods, seeds and experiments; answers that came after the time limit too):
a solution where another run proved none, different optimal lengths, a valid plan
shorter than a claimed optimum, different complete counts, different uniqueness
verdicts. Each one is a bug in some method (or in a checker), and the report says
so first. An answer a checked one refutes (unsolvable where a solution exists, an
optimum longer than a valid plan) counts as wrong: it decides nothing.

The tables show, per experiment, the last run of each item and method under the time
limit of the experiment's most recent run; runs under other limits stay in the CSV.
Per family: one line per method, the medians of its measurements, and every item by
method (its outcome and seconds).
"""

from __future__ import annotations

import csv
import io
import math
import statistics
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from cpsolve.experiments.child import ANSWERS
from cpsolve.experiments.store import COLUMNS

VIRTUAL_BEST = "virtual best"


def latest(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The last stored run of each (experiment, family, method, instance text, seed);
    the instance is its text's hash, whatever name it had when it ran."""
    kept: dict[tuple[Any, ...], dict[str, Any]] = {}
    for row in sorted(rows, key=lambda r: r["id"]):
        kept[(row["experiment"], row["family"], row["method"],
              row["instance_sha"] or row["instance"], row["seed"])] = row
    return list(kept.values())


def time_limit(row: dict[str, Any]) -> float | None:
    """A stored run's time limit in seconds; ``None`` when it has none a report can use
    (missing, NaN, not above 0).

    >>> time_limit({"time_limit": 20}), time_limit({"time_limit": None})
    (20.0, None)
    """
    value = row.get("time_limit")
    try:
        seconds = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    return seconds if math.isfinite(seconds) and seconds > 0 else None


def current(rows: Iterable[dict[str, Any]], limits: dict[str, float] | None = None,
            methods: dict[str, set[tuple[str, str]] | None] | None = None
            ) -> tuple[list[dict[str, Any]], int, int]:
    """The rows a report shows, and how many stored runs it leaves out because of
    their limits and because of their methods: per experiment, the latest rows under
    the time limit of its most recent run (or the limit ``limits`` gives the
    experiment), so runs under other limits are not mixed into one table, and of the
    (family, method) pairs ``methods`` gives the experiment (the methods of its spec
    as it stands; every method when it gives none)."""
    rows = list(rows)
    limit: dict[str, float | None] = dict(limits or {})
    for row in sorted(rows, key=lambda r: r["id"]):
        if (not limits or row["experiment"] not in limits) and time_limit(row) is not None:
            limit[row["experiment"]] = time_limit(row)
    # A run without a usable limit (NaN, which the store keeps as NULL) is under no
    # limit a table can show: left out with the runs under other limits.
    timely = [row for row in rows if time_limit(row) is not None
              and time_limit(row) == limit.get(row["experiment"])]
    wanted = methods or {}

    def declared(row: dict[str, Any]) -> bool:
        names = wanted.get(row["experiment"])
        return names is None or (row["family"], row["method"]) in names

    shown = [row for row in timely if declared(row)]
    return latest(shown), len(rows) - len(timely), len(timely) - len(shown)


@dataclass
class Report:
    """What a report shows: the current rows (refuted answers marked ``wrong``), the
    contradictions among every stored answer, and how many runs it leaves out (under
    other limits; no longer in their spec)."""

    rows: list[dict[str, Any]]
    problems: list[Disagreement]
    hidden: int
    dropped: int = 0


def analyse(rows: list[dict[str, Any]], limits: dict[str, float] | None = None,
            methods: dict[str, set[tuple[str, str]] | None] | None = None,
            keep: set[str] | None = None) -> Report:
    """Select the current rows (see :func:`current`; with ``keep``, only the runs
    whose key it holds), cross-check every latest answer, and mark the shown answers
    that another run's checked answer refutes as wrong (see :func:`judge`)."""
    shown, hidden, dropped = current(rows, limits, methods)
    if keep is not None:
        dropped += len(shown)
        shown = [row for row in shown if row["key"] in keep]
        dropped -= len(shown)
    problems = cross_check(latest(rows))
    return Report(judge(shown, problems), problems, hidden, dropped)


def judge(rows: list[dict[str, Any]], problems: list[Disagreement]) -> list[dict[str, Any]]:
    """``rows`` with each row a disagreement refutes copied as outcome ``wrong``: an
    answer proven wrong does not decide its item, scores twice the limit, and never
    sets the virtual best."""
    refuted = {id(row): p for p in problems for row in p.refuted}
    return [row | {"outcome": "wrong", "reason": f"refuted: {refuted[id(row)].message}"}
            if id(row) in refuted else row for row in rows]


def decided(row: dict[str, Any]) -> bool:
    return row["outcome"] in ANSWERS


def score(row: dict[str, Any]) -> float:
    """PAR-2: the time of a decided run, else twice its time limit."""
    return float(row["seconds"]) if decided(row) else 2.0 * float(row["time_limit"])


@dataclass
class Line:
    """One method's row of a family table."""

    method: str
    runs: int
    solved: int
    timeouts: int
    memouts: int
    wrong: int
    errors: int
    par2: float
    median: float
    median_decided: bool
    mean_solved: float | None


def _line(method: str, rows: list[dict[str, Any]]) -> Line:
    scores = sorted(score(r) for r in rows)
    solved = [float(r["seconds"]) for r in rows if decided(r)]
    median = statistics.median(scores)
    count = sum(1 for r in rows if decided(r))
    return Line(method, len(rows), count,
                sum(r["outcome"] == "timeout" for r in rows),
                sum(r["outcome"] == "memout" for r in rows),
                sum(r["outcome"] == "wrong" for r in rows),
                sum(r["outcome"] in ("error", "unknown") for r in rows),
                sum(scores) / len(scores), median, count * 2 > len(rows),
                statistics.fmean(solved) if solved else None)


def item(row: dict[str, Any]) -> tuple[Any, ...]:
    return (row["instance"], row["seed"])


def virtual_best(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """For each item, its best run over every method (a decided one where any is)."""
    best: dict[tuple[Any, ...], dict[str, Any]] = {}
    for row in rows:
        key = item(row)
        if key not in best or score(row) < score(best[key]):
            best[key] = row
    return list(best.values())


def table(rows: list[dict[str, Any]]) -> list[Line]:
    """The lines of one family's table (the rows of one experiment), the virtual
    best last when there are two methods or more."""
    by_method: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_method[row["method"]].append(row)
    lines = [_line(method, group) for method, group in by_method.items()]
    lines.sort(key=lambda line: (-line.solved, line.par2, line.method))
    if len(by_method) > 1:
        lines.append(_line(VIRTUAL_BEST, virtual_best(rows)))
    return lines


def _seconds(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.3f}" if value < 10 else f"{value:.1f}" if value < 1000 else f"{value:.0f}"


def markdown(headers: list[str], body: list[list[str]]) -> str:
    """A Markdown table, columns padded to line up in a terminal."""
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *body)]
    def show(cells: list[str]) -> str:
        return "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths)) + " |"
    rule = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    return "\n".join([show(headers), rule, *(show(cells) for cells in body)])


def render_table(lines: list[Line], limit: float) -> str:
    headers = ["method", "runs", "solved", "timeout", "memout", "wrong", "error", "PAR-2 s",
               "median s", "mean solved s"]
    body = []
    for line in lines:
        median = _seconds(line.median) if line.median_decided else f"> {limit:g}"
        body.append([line.method, str(line.runs), str(line.solved), str(line.timeouts),
                     str(line.memouts), str(line.wrong), str(line.errors),
                     _seconds(line.par2), median,
                     _seconds(line.mean_solved)])
    return markdown(headers, body)


# Measurements shown in the second table of a family: column heading, row key.
MEASURES = (("build s", "build_seconds"), ("solve s", "solve_seconds"),
            ("variables", "variables"), ("clauses", "clauses"),
            ("constraints", "constraints"), ("conflicts", "conflicts"), ("nodes", "nodes"),
            ("cpu s", "cpu_seconds"), ("peak MB", "peak_mb"))


def _number(key: str, value: float) -> str:
    if key.endswith("seconds"):
        return _seconds(value)
    return f"{value:,.0f}"


def render_measures(rows: list[dict[str, Any]], methods: list[str]) -> str | None:
    """Medians per method of the model sizes, search effort, times and resources
    that any run recorded (``None`` when none did)."""
    shown = [(head, key) for head, key in MEASURES
             if any(row.get(key) is not None for row in rows)]
    if not shown:
        return None
    body = []
    for method in methods:
        mine = [row for row in rows if row["method"] == method]
        cells = [method]
        for _, key in shown:
            values = [float(row[key]) for row in mine if row.get(key) is not None]
            cells.append(_number(key, statistics.median(values)) if values else "-")
        body.append(cells)
    return markdown(["method (medians)", *(head for head, _ in shown)], body)


def _cell(row: dict[str, Any]) -> str:
    """A run in the per-instance table: its outcome (the status of a solved one:
    ``optimal`` or ``solved``) and its seconds."""
    outcome = row["status"] if row["outcome"] == "solved" and row.get("status") else (
        row["outcome"])
    seconds = row.get("seconds")
    return outcome if seconds is None else f"{outcome} {_seconds(float(seconds))}"


def render_instances(rows: list[dict[str, Any]], methods: list[str]) -> str:
    """Every item by method: each cell the run's outcome and seconds (``-`` where the
    method has no run of the item), the items in the order of their names.

    >>> print(render_instances([
    ...     {"instance": "a.txt", "seed": 0, "method": "sat", "outcome": "solved",
    ...      "status": "optimal", "seconds": 0.25},
    ...     {"instance": "a.txt", "seed": 0, "method": "ida", "outcome": "timeout",
    ...      "status": "unknown", "seconds": 20.0}], ["sat", "ida"]))
    | instance | sat (s)       | ida (s)      |
    |----------|---------------|--------------|
    | a.txt    | optimal 0.250 | timeout 20.0 |
    """
    seeds = len({row["seed"] for row in rows}) > 1
    cells: dict[tuple[Any, ...], dict[str, str]] = defaultdict(dict)
    for row in rows:
        cells[item(row)][row["method"]] = _cell(row)
    body = [[f"{name} seed {seed}" if seeds else str(name),
             *(cells[(name, seed)].get(method, "-") for method in methods)]
            for name, seed in sorted(cells, key=lambda key: (str(key[0]), key[1]))]
    return markdown(["instance", *(f"{method} (s)" for method in methods)], body)


@dataclass
class Disagreement:
    """A contradiction between runs on one instance (or a rejected answer), and the
    rows whose answers it proves wrong (``refuted``: an unsolvable claim against a
    checked solution, a claimed optimum longer than a checked plan)."""

    family: str
    instance: str
    message: str
    refuted: list[dict[str, Any]] = field(default_factory=list)

    def __str__(self) -> str:
        return f"DISAGREEMENT {self.family} {self.instance}: {self.message}"


def _who(row: dict[str, Any]) -> str:
    seed = f" seed {row['seed']}" if row["seed"] else ""
    return f"{row['method']}{seed} ({row['experiment']})"


def cross_check(rows: list[dict[str, Any]]) -> list[Disagreement]:
    """Every contradiction among ``rows`` (see the module's description)."""
    found: list[Disagreement] = []
    by_instance: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_instance[(row["family"], row["instance_sha"] or row["instance"])].append(row)
        if row["outcome"] == "wrong":
            found.append(Disagreement(row["family"], row["instance"],
                                      f"{_who(row)} returned a solution the checker "
                                      f"rejects: {row['reason']}"))
    for (family, _), group in sorted(by_instance.items()):
        name = group[0]["instance"]
        def say(message: str, refuted: list[dict[str, Any]] | None = None,
                family: str = family, name: str = name) -> None:
            found.append(Disagreement(family, name, message, refuted or []))
        # Every checked answer counts here, within the time limit or after it.
        answered = [r for r in group if r["outcome"] != "wrong"
                    and r.get("status") in ("optimal", "solved", "unsolvable")]
        solved = [r for r in answered if r["status"] != "unsolvable"]
        unsolvable = [r for r in answered if r["status"] == "unsolvable"]
        if solved and unsolvable:
            say(f"{_who(unsolvable[0])} says unsolvable, {_who(solved[0])} found a solution"
                f" ({len(unsolvable)} vs {len(solved)} runs)", unsolvable)
        optimal = defaultdict(list)
        for r in solved:
            if r["objective"] is not None:
                optimal[r["objective"]].append(r)
        # A claimed optimum longer than a checked plan is refuted by that plan.
        best = min((r["length"] for r in solved if r["length"] is not None), default=None)
        refuted = [r for r in solved if best is not None and r["objective"] is not None
                   and r["objective"] > best]
        if len(optimal) > 1:
            claims = ", ".join(f"{value} by {', '.join(_who(r) for r in runs[:3])}"
                               for value, runs in sorted(optimal.items()))
            say(f"different optimal lengths: {claims}", refuted)
            refuted = []
        if optimal:
            shortest = min(optimal)
            for r in solved:
                if r["length"] is not None and r["objective"] is None and r["length"] < shortest:
                    say(f"{_who(r)} found a valid plan of {r['length']}, shorter than the "
                        f"optimum {shortest} claimed by {_who(optimal[shortest][0])}",
                        refuted)
                    refuted = []
        counts = defaultdict(list)
        for r in answered:
            if r["complete"] == 1 and r["count"] is not None:
                counts[r["count"]].append(r)
        if len(counts) > 1:
            claims = ", ".join(f"{value} by {_who(runs[0])}" for value, runs in
                               sorted(counts.items()))
            say(f"different complete solution counts: {claims}")
        verdicts = {r["is_unique"]: r for r in answered if r["is_unique"] is not None}
        if len(verdicts) > 1:
            say(f"{_who(verdicts[1])} says unique, {_who(verdicts[0])} says not")
    return found


# The CSV's names for the store's columns that measure something in a unit: the unit
# ends the name (seconds ``_s``, megabytes ``_mb``), as ``peak_mb`` does already.
CSV_NAMES = {"seconds": "time_s", "time_limit": "time_limit_s",
             "memory_limit": "memory_limit_mb", "build_seconds": "build_s",
             "solve_seconds": "solve_s", "wall_seconds": "wall_s", "cpu_seconds": "cpu_s"}


def to_csv(rows: list[dict[str, Any]], shown: Iterable[dict[str, Any]] = ()) -> str:
    """Every run as one CSV line (the columns of :data:`COLUMNS`, those with a unit
    named as in :data:`CSV_NAMES`), and ``current``: 1 for the runs the report's
    tables count (the rows of ``shown``, by key), else 0.

    >>> to_csv([]).split(",")[5:11]
    ['outcome', 'status', 'time_s', 'time_limit_s', 'memory_limit_mb', 'build_s']
    """
    keys = {row["key"] for row in shown}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*(CSV_NAMES.get(c, c) for c in COLUMNS), "current"])
    for row in rows:
        writer.writerow(["" if row.get(c) is None else row.get(c) for c in COLUMNS]
                        + [int(row["key"] in keys)])
    return out.getvalue()


def groups(rows: list[dict[str, Any]]) -> dict[tuple[str, str], list[dict[str, Any]]]:
    """Rows by (experiment, family), in a stable order."""
    found: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        found[(row["experiment"], row["family"])].append(row)
    return dict(sorted(found.items()))


def describe(report: Report) -> str:
    """The whole report as text: disagreements first, then one table per family."""
    current, problems = report.rows, report.problems
    parts = []
    if problems:
        parts.append(f"!!! {len(problems)} DISAGREEMENT{'S' if len(problems) > 1 else ''} "
                     "between runs: some method is wrong !!!")
        parts.extend(str(p) for p in problems)
        parts.append("")
    for (experiment, family), group in groups(current).items():
        limits = sorted({float(r["time_limit"]) for r in group})
        shown = "/".join(f"{limit:g}" for limit in limits)
        instances = len({r["instance"] for r in group})
        methods = len({r["method"] for r in group})
        seeds = len({r["seed"] for r in group})
        parts.append(f"## {family} ({experiment}): {instances} instances x {methods} methods"
                     f" x {seeds} seed{'s' if seeds > 1 else ''}, time limit {shown} s")
        parts.append("")
        lines = table(group)
        parts.append(render_table(lines, max(limits)))
        parts.append("")
        names = [line.method for line in lines if line.method != VIRTUAL_BEST]
        measures = render_measures(group, names)
        if measures is not None:
            parts.append(measures)
            parts.append("")
        parts.append(render_instances(group, names))
        parts.append("")
    errors = [r for r in current if r["outcome"] in ("error", "memout", "unknown")]
    if errors:
        parts.append("Runs without an answer, other than timeouts:")
        for r in errors[:20]:
            parts.append(f"  {r['family']} {r['instance']} {_who(r)}: {r['outcome']}: "
                         f"{r['reason']}")
        if len(errors) > 20:
            parts.append(f"  ... and {len(errors) - 20} more (see the CSV)")
        parts.append("")
    checked = _agreeing(current)
    if not problems and checked:
        parts.append(f"Cross-checks: the answers of {checked} instance(s) decided by two runs "
                     "or more agree.")
    if report.hidden:
        parts.append(f"{report.hidden} run{'s' if report.hidden > 1 else ''} under other "
                     "limits not shown (see the CSV).")
    if report.dropped:
        parts.append(f"{report.dropped} run{'s' if report.dropped > 1 else ''} no longer in "
                     "the spec not shown (see the CSV).")
    return "\n".join(parts).rstrip()


def _agreeing(rows: list[dict[str, Any]]) -> int:
    answered: dict[tuple[str, str], int] = defaultdict(int)
    for row in rows:
        if decided(row):
            answered[(row["family"], row["instance_sha"] or row["instance"])] += 1
    return sum(1 for n in answered.values() if n > 1)
