"""``cpsolve experiment`` and ``cpsolve report``: commands that return an Output."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import click

from cpsolve.commands import EXIT_ERROR, EXIT_OK, Output, Seconds
from cpsolve.errors import OutputError, UsageError
from cpsolve.limits import MAX_SECONDS, MAX_WORKERS

if TYPE_CHECKING:
    from cpsolve.experiments.spec import Spec


@click.command("experiment",
               short_help="Run instances x methods x seeds under limits into a results store.")
@click.argument("spec_file", metavar="SPEC")
@click.option("--db", default="results.db", show_default=True, metavar="FILE",
              help="The SQLite results store (created if missing).")
@click.option("--time-limit", type=Seconds(positive=True, bounded=True), default=None,
              metavar="SECONDS", help="Wall time per run, instead of the spec's (at most "
                                      f"{MAX_SECONDS:,.0f}, a year).")
@click.option("--workers", type=click.IntRange(min=1, max=MAX_WORKERS), default=None,
              help="Runs at a time on this machine (default and most: one per processor "
                   "and per run).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Run on a Dask cluster (tcp://host:port) instead of locally.")
@click.option("--dry-run", is_flag=True, help="List the runs still to do; run nothing.")
def experiment(spec_file: str, db: str, time_limit: float | None, workers: int | None,
               scheduler: str | None, dry_run: bool) -> Output:
    """Run the experiment SPEC (TOML): every method on every instance of its family,
    for every seed, each run in its own process under the spec's wall-time and memory
    limits. Each finished run is stored at once; a rerun skips the runs already
    stored, so an interrupted experiment resumes where it stopped, and runs again
    those that ended in an error."""
    from cpsolve.experiments import report
    from cpsolve.experiments.runner import execute
    from cpsolve.experiments.store import Store
    from cpsolve.progress import progress

    if scheduler is not None and not dry_run:
        from cpsolve.executors import dask

        dask()  # an extra: without it, say how to install it before any work
    loaded = _load(spec_file, db, workers, dry_run)
    if time_limit is not None:
        loaded = loaded.with_time(time_limit)
    if dry_run:
        done: set[str] = set()
        failed: set[str] = set()
        if os.path.exists(db):  # a dry run creates no store
            with Store(db, create=False) as store:
                done = store.finished_keys(loaded.name)
                failed = store.error_keys(loaded.name)
        todo = [run for run in loaded.runs() if run.key not in done]
        lines = [f"{run.method.family} {run.method.name} {run.instance.name} "
                 f"seed {run.seed}" + (" (again: it ended in an error)"
                                       if run.key in failed else "") for run in todo]
        lines.append(f"{len(todo)} of {len(loaded.runs())} runs to do "
                     f"({loaded.limits.time:g} s each at most)")
        return Output(stdout="\n".join(lines))
    with Store(db) as store:
        summary = execute(loaded, store, workers=workers, scheduler=scheduler,
                          bar=lambda total: progress("runs", total))
        matrix = {run.key for run in loaded.runs()}
        rows = store.rows(loaded.name)
    outcomes = ", ".join(f"{n} {o}" for o, n in sorted(summary.outcomes.items()))
    head = (f"{loaded.name}: {summary.total} runs; {summary.ran} run now"
            + (f" ({outcomes})" if outcomes else "")
            + (f", {summary.retried} of them again after an error" if summary.retried else "")
            + (f", {summary.skipped} already in {db}" if summary.skipped else "")
            + f"; cpsolve report {db}")
    # The runs of the spec as it stands: not those of methods or instances it dropped.
    found = report.analyse(rows, {loaded.name: loaded.limits.time}, keep=matrix)
    return Output(stdout=head + "\n\n" + report.describe(found),
                  exit_code=EXIT_ERROR if found.problems else EXIT_OK)


def _load(spec_file: str, db: str, workers: int | None, dry_run: bool) -> Spec:
    """The spec, its generated boards taken from the store where kept, the others made
    on this machine's processors (with a bar) and kept; a dry run keeps none, and
    creates no store."""
    from cpsolve.experiments import spec
    from cpsolve.experiments.runner import make_boards
    from cpsolve.experiments.store import Store
    from cpsolve.progress import progress

    opened: list[Store] = []

    def make(calls: list[spec.Call]) -> Iterator[tuple[int, tuple[str, str]]]:
        # Opened only when the spec, checked, asks for boards.
        if dry_run:
            if os.path.exists(db):
                opened.append(Store(db, create=False))
        else:
            opened.append(Store(db))
        yield from make_boards(calls, opened[0] if opened else None, workers=workers,
                               bar=lambda total: progress("boards", total))

    try:
        return spec.load(spec_file, make)
    finally:
        for store in opened:
            store.close()


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.+-]+", "_", text).strip("_") or "x"


@click.command("report", short_help="Tables, cross-checks, plots and CSV from a results store.")
@click.argument("db", metavar="RESULTS")
@click.option("--plot", "plots", type=click.Choice(["cactus", "scatter", "horizon"]),
              multiple=True, help="A plot to draw (repeatable; with -o and none named: all).")
@click.option("-o", "--output", "directory", default=None, metavar="DIR",
              help="Write runs.csv and the plots (PNG and SVG) into DIR.")
@click.option("--experiment", "experiments", multiple=True, metavar="NAME",
              help="Only this experiment (repeatable; default: every one).")
@click.option("--pair", nargs=2, default=None, metavar="METHOD METHOD",
              help="The two methods of the scatter plot (default: the two that decide most).")
def report(db: str, plots: tuple[str, ...], directory: str | None,
           experiments: tuple[str, ...], pair: tuple[str, str] | None) -> Output:
    """Report on the results store RESULTS: per family, runs, decided, timeouts,
    memouts, errors, PAR-2, median and mean time, and the virtual best; disagreements
    between runs on the same instance first (exit status 5 when there are any)."""
    from cpsolve.experiments import plots as drawing
    from cpsolve.experiments import report as reporting
    from cpsolve.experiments.store import Store

    with Store(db, create=False) as store:
        known = store.experiments()
        for name in experiments:
            if name not in known:
                raise UsageError(f"no experiment {name!r} in {db} (known: "
                                 f"{', '.join(known) or 'none'})")
        rows = [row for row in store.rows() if not experiments
                or row["experiment"] in experiments]
        specs = store.specs()
    if not rows:
        return Output(stdout=f"{db}: no runs stored yet")
    every = sorted({row["method"] for row in rows})
    for method in pair or ():
        if method not in every:
            raise UsageError(f"no method {method!r} in {db} (known: {', '.join(every)})")
    from cpsolve.experiments.spec import method_names

    # Each experiment's methods as its spec last declared them.
    found = reporting.analyse(rows, methods={name: method_names(text)
                                             for name, text in specs.items()})
    out = Output(stdout=reporting.describe(found))
    if found.problems:
        out.exit_code = EXIT_ERROR
    if directory is None and not plots:
        return out
    target = directory or "."
    try:
        os.makedirs(target, exist_ok=True)
    except OSError as error:
        raise OutputError(f"cannot write {target}: {error.strerror or error}") from None
    if directory is not None:
        out.files[os.path.join(target, "runs.csv")] = reporting.to_csv(rows, found.rows)
    kinds = plots or drawing.KINDS
    for (name, family), group in reporting.groups(found.rows).items():
        title = family if name == family else f"{family} ({name})"
        stem = os.path.join(target, _slug(f"{name}-{family}" if name != family else family))
        drawn: dict[str, dict[str, bytes]] = {}
        if "cactus" in kinds:
            drawn[f"{stem}-cactus"] = drawing.cactus(group, title)
        if "scatter" in kinds:
            methods = drawing.ranked_methods(group)
            chosen = list(pair) if pair else methods[:2]
            if len(chosen) == 2 and all(m in methods for m in chosen):
                drawn[f"{stem}-scatter-{_slug(chosen[0])}-vs-{_slug(chosen[1])}"] = \
                    drawing.scatter(group, chosen[0], chosen[1], title)
        if "horizon" in kinds:
            figure = drawing.horizon(group, title)
            if figure is not None:
                drawn[f"{stem}-horizon"] = figure
        for path, contents in drawn.items():
            for fmt, data in contents.items():
                out.files[f"{path}.{fmt}"] = data
    out.stderr.extend(f"wrote {path}" for path in sorted(out.files))
    return out
