"""Puzzle families, found through the ``cpsolve.models`` entry-point group.

A family is a module (``models.akari``) named by an entry point
(``akari = "models.akari"``). It provides at least ``NAME``, ``SUMMARY``,
``parse(text)``, ``check(puzzle, solution)`` and ``command()``, a click command
whose callback returns a :class:`cpsolve.commands.Output`. The framework never
imports a family by name: a new puzzle is one module and one entry point.

Optional, for the framework's commands:

- ``generate_command()``: a click command, ``cpsolve generate NAME ...``, that makes
  random instances (its callback returns an Output).
- ``batch_job()``: a module for ``cpsolve batch`` (:mod:`cpsolve.batch`) with
  ``read(text)`` (the problems, their budgets, the bad lines), ``PASSES`` (levels
  of effort), ``attempt((problem, pass, best))`` (``best``: the length of the best
  answer known, or None; top-level and picklable: it runs in worker processes),
  ``check(problem, answer)``, ``usage(answer)`` (a Counter per budget),
  ``plan(candidates, limits)`` (one answer or None per problem),
  ``format_answers(answers)`` (the answers file) and ``group(problem)`` (a row of
  the summary); optionally ``read_files([(text, name), ...])``, one problem a file.
- ``WARM_UP``: a tiny board an experiment solves with the same options before its
  clock starts, so compiled kernels are loaded outside the measured time.
- ``plan_length(solution)``: the number of moves in a plan, for planning families
  whose plans are not one character a move (experiments compare lengths by it).
"""

from __future__ import annotations

import importlib
from functools import cache
from importlib.metadata import entry_points
from types import ModuleType

from cpsolve.errors import UsageError

GROUP = "cpsolve.models"


@cache
def _points() -> dict[str, str]:
    return {point.name: point.value for point in entry_points(group=GROUP)}


def names() -> list[str]:
    """The registered family names, sorted."""
    return sorted(_points())


def load(name: str) -> ModuleType:
    """The module of family ``name``; a :class:`UsageError` if there is none."""
    points = _points()
    if name not in points:
        known = ", ".join(sorted(points)) or "none registered"
        raise UsageError(f"unknown puzzle family {name!r} (known: {known})")
    return importlib.import_module(points[name])
