"""A genre's cases, kept as data beside its rules (``cases.toml`` in its folder): the
boards it is known by, each with what must come of it. One conformance suite
(``tests/kit/test_conformance.py``) runs every genre's cases through every method; the
benchmark runner (``benchmarks/run.py``) measures them against the peers.

The file holds tables of cases, each a board as given (a puzz.link URL, a one-line
form, grid text) and its ``outcome``:

``[[published]]``
    Boards published by their setters, each with its ``source`` (a repository and
    path, or a page) and ``note``: ``unique``, ``not unique``, ``no solution``,
    ``bad input`` with the ``error`` the command must give (``LINE:COLUMN: message``),
    or ``undecided`` (no method has decided it yet: a target, not a claim).
    ``variant`` gives the outcome with the genre's variant flag on (Numberlink's
    ``fill``).
``[[bad]]``
    Inputs that are no board, each with its ``error``.

>>> text = '''
... [[published]]
... board = "https://puzz.link/p?hitori/4/4/1114142333214213"
... source = "somewhere"
... outcome = "unique"
... [[bad]]
... board = "2 2\\\\n1 x\\\\n1 1"
... error = "2:3: a cell holds a number, '?' or '-' for none, not 'x'"
... '''
>>> cases = Cases.parse(text)
>>> cases.published[0].outcome, cases.bad[0].error[:3]
('unique', '2:3')
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

OUTCOMES = ("unique", "not unique", "no solution", "bad input", "undecided")
FILE = "cases.toml"


@dataclass(frozen=True)
class Case:
    """One board and what must come of it (see the module docstring)."""

    board: str
    outcome: str
    source: str = ""
    note: str = ""
    error: str = ""
    variant: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for outcome in (self.outcome, *self.variant.values()):
            if outcome not in OUTCOMES:
                raise ValueError(f"unknown outcome {outcome!r}; known: {', '.join(OUTCOMES)}")
        if (self.outcome == "bad input") != bool(self.error):
            raise ValueError(f"a bad input, and only one, names its error: {self.board[:60]}")


@dataclass(frozen=True)
class Cases:
    """A genre's cases: ``published`` boards and ``bad`` inputs."""

    published: tuple[Case, ...] = ()
    bad: tuple[Case, ...] = ()

    @staticmethod
    def parse(text: str) -> Cases:
        data = tomllib.loads(text)
        unknown = set(data) - {"published", "bad"}
        if unknown:
            raise ValueError(f"unknown tables: {', '.join(sorted(unknown))}")
        return Cases(tuple(_case(entry) for entry in data.get("published", [])),
                     tuple(_case({**entry, "outcome": "bad input"})
                           for entry in data.get("bad", [])))


def _case(entry: dict[str, Any]) -> Case:
    known = {"board", "outcome", "source", "note", "error", "variant"}
    extra = set(entry) - known
    if extra:
        raise ValueError(f"unknown keys {', '.join(sorted(extra))} in a case")
    return Case(**entry)


@cache
def of(package: str) -> Cases:
    """The cases of the genre whose package is ``package`` (``cpsolve.models.hitori``);
    none when it keeps no file."""
    try:
        text = resources.files(package).joinpath(FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return Cases()
    return Cases.parse(text)


__all__ = ["FILE", "OUTCOMES", "Case", "Cases", "of"]
