"""Progress bars on standard error for long runs (sweeps, batches, experiments), a
status line for a solve while it runs, and the ``-v`` lines (:func:`say`).

A bar is drawn only when standard error is a terminal (or when forced with
``CPSOLVE_PROGRESS=1``), so pipes, logs and tests stay clean; ``CPSOLVE_PROGRESS=0``
turns bars off everywhere.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

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
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
    columns = [SpinnerColumn(), TextColumn("[bold]{task.description}"), TimeElapsedColumn(),
               TextColumn("{task.fields[info]}")]
    with Progress(*columns, console=Console(stderr=True), transient=True) as line:
        task = line.add_task(description, total=None, info="")
        room = max(10, line.console.width - len(description) - 16)  # spinner, time, gaps

        def say(text: str) -> None:  # cut short to the line: the name and time stay
            line.update(task, info=text if len(text) <= room else text[:room - 1] + "\u2026")

        _shown.append(line)
        try:
            yield say
        finally:
            _shown.pop()
