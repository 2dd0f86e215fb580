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
    ``fill``); ``slow = true`` marks a board that takes more than a few seconds,
    which the conformance suite leaves to its slow run (``pytest -m slow``).
``[[bad]]``
    Inputs that are no board, each with its ``error``.
``[benchmark]``
    What the benchmark runner measures beside the published boards: boards the
    genre's generator makes at published ``sizes`` (``"ROWSxCOLS"``, or a table with
    its ``size``, its own ``count`` and generator options, such as Star Battle's
    ``stars``), ``count`` of each; ``keep``, where given, the share of clues every
    other board keeps beyond those uniqueness needs (the rest keep none beyond them);
    ``generator``, options for every size (``symmetry``); ``peers``, the solvers users
    would pick that have the genre, each with the genre's name there.

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
>>> cases.published[0].outcome, cases.bad[0].error[:3], len(cases.boards("unique"))
('unique', '2:3', 1)
>>> bench = Cases.parse('''
... [benchmark]
... sizes = ["10x10", { size = "14x24", count = 2, stars = 3 }]
... count = 6
... keep = 0.3
... generator = { symmetry = "none" }
... peers = { puzzlekit = "hitori", noqx = "hitori" }
... ''').benchmark
>>> [(s.rows, s.cols, bench.count_of(s), s.name, s.options) for s in bench.sizes]
[(10, 10, 6, '10x10', {}), (14, 24, 2, '14x24-3', {'stars': 3})]
>>> bench.peers["noqx"], bench.keep, bench.generator
('hitori', 0.3, {'symmetry': 'none'})
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
    slow: bool = False

    def __post_init__(self) -> None:
        for outcome in (self.outcome, *self.variant.values()):
            if outcome not in OUTCOMES:
                raise ValueError(f"unknown outcome {outcome!r}; known: {', '.join(OUTCOMES)}")
        if (self.outcome == "bad input") != bool(self.error):
            raise ValueError(f"a bad input, and only one, names its error: {self.board[:60]}")


@dataclass(frozen=True)
class Size:
    """Generated boards of one size: ``rows`` x ``cols``, ``count`` of them (``None``:
    the table's), made with the generator's ``options`` (such as ``stars``). ``name``
    names the file they are kept in: the size, then the options' values
    (``10x10-2``)."""

    rows: int
    cols: int
    count: int | None = None
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return "-".join([f"{self.rows}x{self.cols}", *(str(v) for v in self.options.values())])


@dataclass(frozen=True)
class Benchmark:
    """The ``[benchmark]`` table (see the module docstring)."""

    sizes: tuple[Size, ...] = ()
    count: int = 6
    keep: float | None = None
    generator: dict[str, Any] = field(default_factory=dict)
    peers: dict[str, str] = field(default_factory=dict)

    def count_of(self, size: Size) -> int:
        return self.count if size.count is None else size.count


@dataclass(frozen=True)
class Cases:
    """A genre's cases: ``published`` boards, ``bad`` inputs, and what the benchmark
    runner measures (``benchmark``; ``None`` where the file has no such table)."""

    published: tuple[Case, ...] = ()
    bad: tuple[Case, ...] = ()
    benchmark: Benchmark | None = None

    def boards(self, outcome: str = "unique") -> list[str]:
        """The published boards with that ``outcome``, as given, in the file's order."""
        return [case.board for case in self.published if case.outcome == outcome]

    @staticmethod
    def parse(text: str) -> Cases:
        data = tomllib.loads(text)
        unknown = set(data) - {"published", "bad", "benchmark"}
        if unknown:
            raise ValueError(f"unknown tables: {', '.join(sorted(unknown))}")
        return Cases(tuple(_case(entry) for entry in data.get("published", [])),
                     tuple(_case({**entry, "outcome": "bad input"})
                           for entry in data.get("bad", [])),
                     _benchmark(data["benchmark"]) if "benchmark" in data else None)


def _case(entry: dict[str, Any]) -> Case:
    known = {"board", "outcome", "source", "note", "error", "variant", "slow"}
    extra = set(entry) - known
    if extra:
        raise ValueError(f"unknown keys {', '.join(sorted(extra))} in a case")
    return Case(**entry)


def _benchmark(table: dict[str, Any]) -> Benchmark:
    known = {"sizes", "count", "keep", "generator", "peers"}
    extra = set(table) - known
    if extra:
        raise ValueError(f"unknown keys {', '.join(sorted(extra))} in [benchmark]")
    return Benchmark(tuple(_size(entry) for entry in table.get("sizes", [])),
                     int(table.get("count", 6)), table.get("keep"),
                     dict(table.get("generator", {})), dict(table.get("peers", {})))


def _size(entry: str | dict[str, Any]) -> Size:
    """A size as written: ``"ROWSxCOLS"``, or a table with its ``size``, ``count`` and
    the generator's options."""
    options = dict(entry) if isinstance(entry, dict) else {"size": entry}
    text = str(options.pop("size", ""))
    count = options.pop("count", None)
    rows, x, cols = text.partition("x")
    if not (x and rows.isdigit() and cols.isdigit()):
        raise ValueError(f"a size is written ROWSxCOLS, not {text!r}")
    return Size(int(rows), int(cols), None if count is None else int(count), options)


@cache
def of(package: str) -> Cases:
    """The cases of the genre whose package is ``package`` (``cpsolve.models.hitori``);
    none when it keeps no file."""
    try:
        text = resources.files(package).joinpath(FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return Cases()
    return Cases.parse(text)


__all__ = ["FILE", "OUTCOMES", "Benchmark", "Case", "Cases", "Size", "of"]
