"""Options declared once (OR-Tools' ``SatParameters``, CPMpy's ``SolverLookup``): each
option a method takes is an :class:`Option` on the table entry that uses it (an
encoding, a planning method), with its type, default, choices and help. Everything
else is derived from those declarations: the command's click options, the checks of
``solve()``'s keywords and of an experiment's methods (values too, before any run),
``--help``, the dumps and the JSON ``method`` record.

The rule that keeps the command line and the Python API alike: a command passes on
only the options a user gave (its click options default to ``None``); the method that
runs fills in its own defaults. An option the chosen method does not take is a
:class:`~cpsolve.errors.UsageError`, never silently dropped; with ``auto``, the first
method in the table's order that takes every option given is chosen.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from cpsolve.errors import UsageError

KINDS = {bool: "a flag (true or false)", int: "a whole number", float: "a number",
         str: "a name"}


@dataclass(frozen=True)
class Option:
    """One option of a method: its keyword ``name``, ``default``, one line of
    ``help``, its ``kind`` (``bool``, ``int``, ``float`` or ``str``), the ``choices`` a
    name may take, the range ``low``..``high`` a number may take, and
    ``normalize(value)``, which returns the canonical form of a value or raises a
    :class:`UsageError` (a SAT solver's aliases). ``flag`` is its command-line
    spelling when that is not ``--NAME`` (flags: ``--NAME/--no-NAME``); options with
    ``cli=False`` are set only from Python and experiments.

    >>> card = Option("card", "direct", "Cardinality encoding.", choices=("direct", "totalizer"))
    >>> card.value("totalizer"), card.flag_name
    ('totalizer', '--card')
    >>> card.value("totalizr")
    Traceback (most recent call last):
    ...
    cpsolve.errors.UsageError: --card: unknown value 'totalizr'; known: direct, totalizer
    >>> Option("weight", 1.0, "", kind=float, low=1).value(0.5)
    Traceback (most recent call last):
    ...
    cpsolve.errors.UsageError: --weight: 0.5 is below 1
    """

    name: str
    default: Any
    help: str
    kind: type = str
    choices: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    normalize: Callable[[Any], Any] | None = None
    metavar: str | None = None
    flag: str | None = None
    cli: bool = True

    @property
    def flag_name(self) -> str:
        """``--card``: how the command line and messages name the option."""
        return "--" + self.name.replace("_", "-")

    def but(self, **changes: Any) -> Option:
        """The same option with other fields (an encoding's own default, say)."""
        return replace(self, **changes)

    def value(self, given: Any) -> Any:
        """``given`` checked against the declaration, in canonical form; a
        :class:`UsageError` naming the option and what it takes."""
        name = self.flag_name
        if self.kind is object:
            return given
        if given is None:
            if self.default is None:
                return None
            raise UsageError(f"{name} needs a value")
        if self.kind is bool:
            if not isinstance(given, bool):
                raise UsageError(f"{name} is {KINDS[bool]}, not {given!r}")
        elif self.kind is int:
            if isinstance(given, bool) or not isinstance(given, int):
                raise UsageError(f"{name} is {KINDS[int]}, not {given!r}")
        elif self.kind is float:
            if isinstance(given, bool) or not isinstance(given, (int, float)):
                raise UsageError(f"{name} is {KINDS[float]}, not {given!r}")
            if not math.isfinite(given):
                raise UsageError(f"{name} must be finite, not {given!r}")
            given = float(given)
        elif not isinstance(given, str):
            raise UsageError(f"{name} is {KINDS[str]}, not {given!r}")
        if self.choices and given not in self.choices:
            raise UsageError(f"{name}: unknown value {given!r}; known: "
                             f"{', '.join(self.choices)}")
        if self.low is not None and given < self.low:
            raise UsageError(f"{name}: {given} is below {self.low:g}")
        if self.high is not None and given > self.high:
            raise UsageError(f"{name}: {given} is above {self.high:g}")
        return self.normalize(given) if self.normalize is not None else given


def merged(options: Iterable[Option]) -> dict[str, Option]:
    """The options by name, each once (the first declaration of a name wins; the
    others may differ only in their default)."""
    found: dict[str, Option] = {}
    for option in options:
        found.setdefault(option.name, option)
    return found


M = TypeVar("M")


@dataclass(frozen=True)
class Candidate(Generic[M]):
    """A method that may run, as :func:`choose` sees it: the ``method`` itself (an
    encoding and backend, a planning method), how messages ``name`` it, and every
    option it takes."""

    method: M
    name: str
    options: tuple[Option, ...]

    @property
    def takes(self) -> dict[str, Option]:
        return {option.name: option for option in self.options}


@dataclass(frozen=True)
class Chosen(Generic[M]):
    """The method :func:`choose` picked, its options (every one it takes, defaults
    filled in, checked) and, when it was not the first candidate, why."""

    method: M
    name: str
    values: dict[str, Any] = field(default_factory=dict)
    why: str = ""


def choose(candidates: Sequence[Candidate[M]], given: Mapping[str, Any], *,
           named: Callable[[M], bool] | None = None) -> Chosen[M]:
    """The method that runs for the options ``given``: among the candidates that fit
    what the user ``named`` (a backend, an encoding; all of them for ``auto``), the
    first that takes every option given, in the table's order. An option that the
    first of them does not take, where none of them takes them all, is a
    :class:`UsageError` that says which methods take it.

    >>> card = Option("card", "direct", "", choices=("direct", "totalizer"))
    >>> workers = Option("workers", None, "", kind=int, low=1)
    >>> sat, cpsat = Candidate("sat", "the sat backend", (card,)), Candidate(
    ...     "cpsat", "the cpsat backend", (workers,))
    >>> chosen = choose([sat, cpsat], {"workers": 2})
    >>> chosen.method, chosen.values, chosen.why
    ('cpsat', {'workers': 2}, '--workers applies to the cpsat backend')
    >>> choose([sat, cpsat], {"card": "totalizer"}, named=lambda m: m == "cpsat")
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cpsolve.errors.UsageError: --card does not apply to the cpsat backend (it applies to ...
    """
    pool = [c for c in candidates if named is None or named(c.method)]
    if not pool:
        raise UsageError("no method fits these choices")
    chosen = next((c for c in pool if all(key in c.takes for key in given)), None)
    if chosen is None:
        first = pool[0]
        key = next(k for k in given if k not in first.takes)
        flag = "--" + key.replace("_", "-")
        takers = [c.name for c in candidates if key in c.takes]
        raise UsageError(f"{flag} does not apply to {first.name}"
                         + (f" (it applies to {_listed(takers)})" if takers else ""))
    values = {name: option.value(given[name]) if name in given else option.default
              for name, option in chosen.takes.items()}
    why = ""
    if chosen is not pool[0]:
        key = next(k for k in given if k not in pool[0].takes)
        why = f"--{key.replace('_', '-')} applies to {chosen.name}"
    return Chosen(chosen.method, chosen.name, values, why)


def _listed(names: list[str]) -> str:
    """Method names in a sentence, those that share a head joined.

    >>> _listed(["the sat backend, sight encoding", "the sat backend, segments encoding"])
    'the sat backend, sight or segments encoding'
    >>> _listed(["--method ida", "--method sat"])
    '--method ida or --method sat'
    """
    heads: dict[str, list[str]] = {}
    for name in dict.fromkeys(names):
        head, _, tail = name.rpartition(", ")
        heads.setdefault(head, []).append(tail)
    parts = []
    for head, tails in heads.items():
        if not head:
            parts.extend(tails)
            continue
        words = [tail.rsplit(" ", 1) for tail in tails]
        if len(tails) > 1 and all(len(w) == 2 and w[1] == words[0][1] for w in words):
            parts.append(f"{head}, {' or '.join(w[0] for w in words)} {words[0][1]}")
        else:
            parts.extend(f"{head}, {tail}" for tail in tails)
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def click_options(options: Iterable[Option], takers: Mapping[str, Sequence[str]] | None = None
                  ) -> list[Callable[[Any], Any]]:
    """Click options for declared options, each defaulting to ``None`` (so the
    command passes on only what the user gave); ``takers[name]`` lists the methods
    that take an option and its default in each, for ``--help``."""
    import click

    decorators = []
    for option in merged(options).values():
        if not option.cli:
            continue
        text = option.help
        if takers and takers.get(option.name):
            text += f" ({', '.join(takers[option.name])})"
        elif option.default is not None and option.kind is not bool:
            text += f" (default {option.default})"
        flag = option.flag or (f"{option.flag_name}/--no-{option.flag_name[2:]}"
                               if option.kind is bool else option.flag_name)
        kind: Any = (click.Choice(option.choices) if option.choices else
                     click.FloatRange(min=option.low, max=option.high)
                     if option.kind is float else
                     click.IntRange(min=option.low, max=option.high)  # type: ignore[arg-type]
                     if option.kind is int else None)
        if option.kind is bool:
            decorators.append(click.option(flag, option.name, default=None, help=text))
        else:
            decorators.append(click.option(flag, option.name, type=kind, default=None,
                                           metavar=option.metavar, help=text))
    return decorators
