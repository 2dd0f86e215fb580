"""Progress bars on standard error for long runs (sweeps, batches, experiments), a
status line for a solve while it runs, and the ``-v`` lines (:func:`say`).

Long computations deep in the kit (a setter's question, a grade, a generator) say what
they are doing with :func:`step`, and how far when they can count; the status line of
the command that runs them shows it (a bar when counted), and nothing happens when no
command is showing one (the Python API, pipes, tests).

A bar is drawn only when standard error is a terminal (or when forced with
``CPSOLVE_PROGRESS=1``), so pipes, logs and tests stay clean; ``CPSOLVE_PROGRESS=0``
turns bars off everywhere.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

# Where :func:`step` reports (the status line shown now, a page's question), with when
# and what it last reported: each reporter, in its own thread, is throttled alone.
Reporter = Callable[[str, "int | None", "int | None"], None]
_reporter: ContextVar[tuple[Reporter, list[Any]] | None] = ContextVar("cpsolve_reporter",
                                                                      default=None)
STEP_SECONDS = 0.1  # the status line is redrawn ten times a second: no need for more


def step(what: str, done: int | None = None, total: int | None = None) -> None:
    """Say that a long computation is at ``what`` (``done`` of ``total`` units, when it
    can count them). Cheap when nothing is shown, and at most ten times a second
    otherwise (a new ``what`` and the last unit always get through).

    >>> step("redundant clues", 3, 40)  # no status line: nothing
    """
    held = _reporter.get()
    if held is None:
        return
    report, last = held
    now = time.monotonic()
    if what == last[1] and now - last[0] < STEP_SECONDS and done != total:
        return
    last[:] = [now, what]
    report(what, done, total)


@contextmanager
def reporting(to: Reporter | None) -> Iterator[None]:
    """:func:`step` reports to ``to`` for the duration of the block."""
    token = _reporter.set((to, [0.0, ""]) if to is not None else None)
    try:
        yield
    finally:
        _reporter.reset(token)

# The status line on the terminal, while one is (a bar started meanwhile replaces it
# until the bar is done: a terminal shows one live display at a time).
_shown: list[Any] = []


def say(line: str) -> None:
    """One line of ``-v`` on standard error, at once: commands pass this to the
    solvers as their log, so phases are reported as they end."""
    import click

    click.echo(line, err=True)


class Bar:
    """One task's bar: :meth:`advance` by a number of units, or :meth:`update` the
    position, the total and a short status text shown after the bar."""

    def __init__(self, progress: Any = None, task: Any = None) -> None:
        self._progress = progress
        self._task = task

    def advance(self, units: float = 1) -> None:
        if self._progress is not None:
            self._progress.advance(self._task, units)

    def update(self, *, completed: float | None = None, total: float | None = None,
               info: str | None = None) -> None:
        if self._progress is None:
            return
        fields: dict[str, Any] = {}
        if completed is not None:
            fields["completed"] = completed
        if total is not None:
            fields["total"] = total
        if info is not None:
            fields["info"] = info
        self._progress.update(self._task, **fields)


    def layer(self, distance: int, positions: int) -> None:
        """A breadth-first sweep finished the layer at ``distance``: advance by its
        positions (the ``on_layer`` callback of :func:`cpsolve.search.bfs.sweep_all`)."""
        self.advance(positions)
        self.update(info=f"distance {distance}: {positions:,}")


def enabled() -> bool:
    """Whether bars are drawn: ``CPSOLVE_PROGRESS`` if set, else whether standard
    error is a terminal."""
    setting = os.environ.get("CPSOLVE_PROGRESS")
    if setting is not None:
        return setting.strip().lower() not in ("", "0", "no", "false", "off")
    return sys.stderr.isatty()


@contextmanager
def progress(description: str, total: float | None, *, unit: str = "") -> Iterator[Bar]:
    """A bar for the duration of the ``with`` block (a silent one when disabled).

    >>> with progress("sweep", 10) as bar:
    ...     bar.advance(3)
    """
    if not enabled():
        yield Bar()
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = [TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn(unit), TimeElapsedColumn(), TextColumn("eta"),
               TimeRemainingColumn(), TextColumn("{task.fields[info]}")]
    line = _shown[-1] if _shown else None
    if line is not None:
        line.stop()
    try:
        with Progress(*columns, console=Console(stderr=True), transient=False) as bars:
            task = bars.add_task(description, total=total, info="")
            yield Bar(bars, task)
    finally:
        if line is not None:
            line.start()


@contextmanager
def status(description: str) -> Iterator[Callable[[str], None]]:
    """A line on a terminal that says what a command is doing while it runs: a
    spinner, ``description``, the time so far, and the text last given to the
    function it yields (the phase that last ended: each ``-v`` line). Gone when the
    block ends; nothing at all when bars are off (standard error not a terminal).

    >>> with status("slide") as say:
    ...     say("lower bound 31")
    """
    if not enabled():
        yield lambda text: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        Progress,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
    )
    columns = [SpinnerColumn(), TextColumn("[bold]{task.description}"), TimeElapsedColumn(),
               BarColumn(bar_width=12), TextColumn("{task.fields[count]}"),
               TextColumn("{task.fields[info]}")]
    with Progress(*columns, console=Console(stderr=True), transient=True) as line:
        task = line.add_task(description, total=None, info="", count="")
        # the spinner, time, bar, count and gaps take about 40 columns
        room = max(10, line.console.width - len(description) - 40)

        def say(text: str) -> None:  # cut short to the line: the name and time stay
            line.update(task, info=text if len(text) <= room else text[:room - 1] + "\u2026")

        shown = [""]

        def stepped(what: str, done: int | None, total: int | None) -> None:
            counted = done is not None and total
            line.update(task, total=total if counted else None,
                        completed=done if counted else 0,
                        count=f"{done:,}/{total:,}" if counted else "")
            say(what)
            if what != shown[0]:  # each new step is drawn, however short it is
                shown[0] = what
                line.refresh()

        def phase(text: str) -> None:  # a phase ended: nothing counted any more
            line.update(task, total=None, completed=0, count="")
            say(text)

        _shown.append(line)
        try:
            with reporting(stepped):
                yield phase
        finally:
            _shown.pop()
