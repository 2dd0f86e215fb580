"""Puzzle families, found through the ``cpsolve.models`` entry-point group.

An entry point names a :class:`~cpsolve.family.Family` object
(``akari = "cpsolve.models.akari:FAMILY"``). :func:`load` imports it the first time
it is asked for, checks it against the contract once (:meth:`Family.problems`), and
keeps it; a plug-in that cannot be imported or breaks the contract gives one clear
:class:`FamilyError`, naming the entry point, instead of a traceback later. The
framework never imports a family by name: a new puzzle is one package and one entry
point.
"""

from __future__ import annotations

import importlib
from functools import cache
from importlib.metadata import entry_points

from cpsolve.errors import CpsolveError, UsageError
from cpsolve.family import Family

GROUP = "cpsolve.models"


class FamilyError(CpsolveError):
    """A plug-in that cannot be loaded or does not keep the family contract."""


@cache
def _points() -> dict[str, str]:
    return {point.name: point.value for point in entry_points(group=GROUP)}


def names() -> list[str]:
    """The registered family names, sorted."""
    return sorted(_points())


def load(name: str) -> Family:
    """The family registered as ``name``, checked; a :class:`UsageError` if there is
    none, a :class:`FamilyError` if it is broken."""
    points = _points()
    if name not in points:
        known = ", ".join(sorted(points)) or "none registered"
        raise UsageError(f"unknown puzzle family {name!r} (known: {known})")
    return _checked(name, points[name])


def target(name: str) -> str:
    """Where the family registered as ``name`` lives (``"package.module:OBJECT"``)."""
    points = _points()
    if name not in points:
        raise UsageError(f"unknown puzzle family {name!r}")
    return points[name]


def resolve(where: str) -> Family:
    """The family at ``where`` (``"package.module:OBJECT"``, or a module whose
    ``FAMILY`` it is), checked: for families that are not installed as entry points
    (an experiment's ``[families]`` table), and for worker processes that were told
    where a family lives."""
    return _checked(None, where if ":" in where else f"{where}:FAMILY")


@cache
def _checked(name: str | None, target: str) -> Family:
    module_name, _, attribute = target.partition(":")
    where = f"puzzle family {name or target!r} ({target})"
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # a plug-in's import can fail in any way
        raise FamilyError(f"{where} cannot be imported: {type(error).__name__}: "
                          f"{error}") from None
    found = module
    for part in (attribute or "FAMILY").split("."):
        if not hasattr(found, part):
            raise FamilyError(f"{where}: {module_name} has no {part!r}")
        found = getattr(found, part)
    if not isinstance(found, Family):
        raise FamilyError(f"{where} is a {type(found).__name__}, not a cpsolve.family.Family")
    problems = found.problems()
    if name is not None and found.name != name:
        problems.append(f"its name is {found.name!r}, the entry point's {name!r}")
    if problems:
        raise FamilyError(f"{where} breaks the family contract: " + "; ".join(problems))
    return found


def families() -> list[Family]:
    """Every registered family, loaded and checked, in name order."""
    return [load(name) for name in names()]
