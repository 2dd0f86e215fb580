"""Puzzle families, found through the ``cpsolve.models`` entry-point group.

An entry point names a :class:`~cpsolve.family.Family` object
(``akari = "cpsolve.models.akari:FAMILY"``). :func:`load` imports it the first time
it is asked for, checks it against the contract once (:meth:`Family.problems`), and
keeps it; a plug-in that cannot be imported or breaks the contract gives one clear
:class:`FamilyError`, naming the entry point, instead of a traceback later. The
framework never imports a family by name: a new puzzle is one package and one entry
point.

The entry points are read from the ``entry_points.txt`` of the distributions in the
folders on ``sys.path`` (``*.dist-info``, ``*.egg-info``), the first distribution of a
name and the first entry point of a name on the path winning, as an import would;
distributions inside zip files or ``.egg`` archives are not read. Importing
``importlib.metadata`` (``email``, ``zipfile``, ``csv``) instead took a tenth of a
command's start-up.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from functools import cache

from cpsolve.errors import CpsolveError, UsageError
from cpsolve.family import Family

GROUP = "cpsolve.models"


class FamilyError(CpsolveError):
    """A plug-in that cannot be loaded or does not keep the family contract."""


# A distribution's folder: its name (up to the first dash), then the rest and
# ".dist-info" or ".egg-info", in any case.
_DISTRIBUTION = re.compile(r"(?P<name>[^-]+)(-.*)?\.(dist|egg)-info", re.IGNORECASE)


@cache
def _points() -> dict[str, str]:
    points: dict[str, str] = {}
    seen: set[str] = set()
    for folder in sys.path:
        try:
            entries = sorted(os.scandir(folder or "."), key=lambda entry: entry.name)
        except OSError:  # a zip file, a folder gone
            continue
        for entry in entries:
            match = _DISTRIBUTION.fullmatch(entry.name)
            if match is None:
                continue
            name = re.sub(r"[-_.]+", "_", match["name"]).lower()
            if name in seen:
                continue
            seen.add(name)
            try:
                with open(os.path.join(entry.path, "entry_points.txt"), encoding="utf-8") as f:
                    text = f.read()
            except OSError:  # a distribution without entry points
                continue
            for point, target in _group(text, GROUP):
                points.setdefault(point, target)
    return points


def _group(text: str, group: str) -> list[tuple[str, str]]:
    """The ``name = target`` lines of the ``[group]`` section of an
    ``entry_points.txt`` (an INI file).

    >>> _group("[console_scripts]\\nx = a:b\\n[cpsolve.models]\\n# c\\nm = p.q:R\\n",
    ...        "cpsolve.models")
    [('m', 'p.q:R')]
    """
    found: list[tuple[str, str]] = []
    inside = False
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == group
        elif inside and line and line[0] not in "#;" and "=" in line:
            name, _, target = line.partition("=")
            found.append((name.strip(), target.strip()))
    return found


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
