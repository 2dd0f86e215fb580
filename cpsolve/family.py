"""The contract between a puzzle family and the framework: one :class:`Family` object.

A family is a package (``cpsolve.models.akari``) whose ``FAMILY`` object is named by
an entry point in the group ``cpsolve.models``::

    [project.entry-points."cpsolve.models"]
    akari = "cpsolve.models.akari:FAMILY"

The framework (the CLI, ``batch``, ``experiment``, ``generate``, ``analyze``) knows a
family only through this object; :func:`cpsolve.registry.load` checks it once, and
nothing else probes a family's module. ``docs/new-family.md`` walks through writing one.

Required
--------
``name``
    The sub-command (``cpsolve akari``); equal to the entry point's name.
``summary``
    One line for ``cpsolve --help``.
``kind``
    :data:`Kind.GRID` for a puzzle whose answer fills the board (Akari, Heyawake,
    Masyu), :data:`Kind.PLAN` for one whose answer is a sequence of moves (sliding
    and rotation puzzles). The kind fixes the type of the JSON ``solution``.
``parse(text) -> board``
    Any text gives an immutable board or raises :class:`~cpsolve.errors.InputError`
    naming the line and column; never another exception, never a hang.
``check(board, answer) -> list[str]``
    Every rule ``answer`` breaks, one message each (naming the cell or move); empty
    when the answer is valid. Independent of every encoding: every answer any method
    returns passes through it before a user sees it.
``solve(board, *, time_limit=None, **options) -> Result``
    Solves under the limit (seconds, or a :class:`~cpsolve.limits.Deadline` the kit
    passes down); its keyword options are what experiments may set. "No solution",
    "limit reached" and "not unique" are statuses of the
    :class:`~cpsolve.result.Result`, never exceptions. The kits' families
    (:class:`~cpsolve.grid.puzzle.GridPuzzle`, :class:`~cpsolve.planning.solve.Planner`)
    get it from their declarations.
``encode(board, answer) -> list[str]``
    The answer as JSON: rows of the filled board (GRID) or the moves (PLAN), one
    element per move as ``check`` reads the plan (a plan's length is counted from it,
    in a certificate too).
``command() -> click.Command``
    The family's sub-command, built when the CLI needs it (the kit's
    :meth:`cpsolve.grid.puzzle.GridPuzzle.command` and
    :func:`cpsolve.planning.command.plan_command` build most of it).
``example``
    A small board in the family's main format that every method solves in well under
    a second: the contract test solves it, and experiments warm compiled code on it.

Optional
--------
``generate() -> click.Command``
    ``cpsolve generate NAME ...``: random boards.
``analyze(board, *, bar, deadline) -> SpaceReport``
    ``cpsolve analyze NAME BOARD``: the whole state space swept from the goal (a
    :class:`~cpsolve.limits.TimeUp` when the deadline passes first).
``batch() -> BatchJob``
    ``cpsolve batch``: many problems under shared budgets (see :class:`BatchJob`).
``warm_up``
    Whether an experiment solves :attr:`example` with the run's options before its
    clock starts (families with compiled kernels: their load is not the method's cost).
``declared``
    The keyword options ``solve()`` takes, each an :class:`~cpsolve.options.Option`
    (type, default, choices); without them, read from ``solve()``'s signature.
``rules(board) -> Rules`` (grids), ``rules(board, length) -> RuleCnf`` (plans)
    The family's certificate encoder (:mod:`cpsolve.certify`): a grid's rules as a
    CNF with the rules stated by cuts; a plan family's CNF that has a model exactly
    when a plan shorter than ``length`` moves exists (``length``: a plan's, found and
    replayed). With it, ``--certify`` and ``cpsolve verify``.
``grid``
    The :class:`~cpsolve.grid.puzzle.GridPuzzle` a grid family was declared as (set by
    :meth:`~cpsolve.grid.puzzle.GridPuzzle.family`): the setter's page reads its
    clues, pictures and editor from it.
``check_options(options) -> dict``
    The method ``options`` choose (its JSON ``method`` record), or the
    :class:`~cpsolve.errors.UsageError` ``solve()`` would raise for them: experiments
    check every method of a spec with it before any run.
"""

from __future__ import annotations

import enum
import inspect
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from cpsolve.options import Option
from cpsolve.result import Result, SpaceReport


def lazy(target: str) -> Callable[..., Any]:
    """The function ``"package.module:function"``, imported when it is first called: a
    family names its command, generator and analysis this way, so their modules (click,
    numba kernels) load only when they run.

    >>> lazy("math:gcd")(12, 18)
    6
    """

    def call(*args: Any, **kwargs: Any) -> Any:
        import importlib

        module, _, name = target.partition(":")
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__doc__ = f"{target}, imported on first use."
    call.__qualname__ = call.__name__ = f"lazy({target})"
    return call


class Deferred:
    """The object ``"package.module:NAME"``, imported when one of its attributes is
    first read: a family names its clues and its generator's layout this way, so a
    solve does not load the setter's tools and the generator (a tenth of the start-up
    of ``cpsolve akari`` on a small board).

    >>> pi = Deferred("math:pi")
    >>> pi.is_integer(), pi
    (False, deferred(math:pi))
    """

    __slots__ = ("_target", "_value")

    def __init__(self, target: str) -> None:
        self._target = target
        self._value: Any = None

    def loaded(self) -> Any:
        """The object itself, imported now if it was not."""
        if self._value is None:
            import importlib

            module, _, name = self._target.partition(":")
            self._value = getattr(importlib.import_module(module), name)
        return self._value

    def __getattr__(self, name: str) -> Any:
        return getattr(self.loaded(), name)

    def __repr__(self) -> str:
        return f"deferred({self._target})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Deferred, (self._target,)  # by name, as a module-level object pickles


def deferred(target: str) -> Any:
    """A :class:`Deferred` ``target``, typed as the object it stands for."""
    return Deferred(target)


class Kind(enum.Enum):
    """What an answer is: a filled board, or a plan of moves."""

    GRID = "grid"
    PLAN = "plan"


@dataclass(frozen=True)
class BatchJob:
    """What ``cpsolve batch`` needs from a family (:mod:`cpsolve.batch`).

    ``read(text)`` gives the problems with their budgets and the lines skipped (a
    :class:`cpsolve.batch.Problems`); ``read_files([(text, name), ...])`` reads one
    problem a file (None: only problem files). ``passes`` are the levels of effort
    (objects with a ``name``); ``attempt((problem, pass, best))`` runs one, in a
    worker process (top-level and picklable; ``best``: the length of the best answer
    known, or None). ``check(problem, answer)``, ``usage(answer)`` (a Counter per
    budget), ``plan(candidates, limits)`` (one answer or None per problem),
    ``format_answers(answers)`` (the answers file) and ``group(problem)`` (a row of the
    summary). ``time_limit``: the seconds a run spends unless told otherwise (None:
    until every pass is done), for jobs whose passes go on improving answers long
    after every problem has one.
    """

    read: Callable[[str], Any]
    passes: Sequence[Any]
    attempt: Callable[[tuple[str, int, int | None]], dict[str, Any]]
    check: Callable[[str, str], list[str]]
    usage: Callable[[str], Counter[str]]
    plan: Callable[[list[list[str]], dict[str, int] | None], list[str | None]]
    format_answers: Callable[[list[str | None]], str]
    group: Callable[[str], str]
    read_files: Callable[[list[tuple[str, str]]], Any] | None = None
    time_limit: float | None = None


@dataclass(frozen=True)
class Family:
    """One puzzle family: see the module docstring for the contract."""

    name: str
    summary: str
    kind: Kind
    parse: Callable[[str], Any]
    check: Callable[[Any, Any], list[str]]
    solve: Callable[..., Result]
    encode: Callable[[Any, Any], list[str]]
    command: Callable[[], Any]
    example: str
    generate: Callable[[], Any] | None = None
    analyze: Callable[..., SpaceReport] | None = None
    batch: Callable[[], BatchJob] | None = None
    warm_up: bool = False
    declared: tuple[Option, ...] = ()
    check_options: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    rules: Callable[..., Any] | None = None
    grid: Any = None

    def problems(self) -> list[str]:
        """What is wrong with this object as a family (empty when nothing is): the
        checks :func:`cpsolve.registry.load` makes once, when it loads a plug-in."""
        problems = []
        if not isinstance(self.name, str) or not self.name.isidentifier():
            problems.append(f"name {self.name!r} is not a command name")
        if not isinstance(self.summary, str) or not self.summary:
            problems.append("summary is empty")
        if not isinstance(self.kind, Kind):
            problems.append(f"kind {self.kind!r} is not a cpsolve.family.Kind")
        for part in ("parse", "check", "solve", "encode", "command"):
            if not callable(getattr(self, part)):
                problems.append(f"{part} is not callable")
        for part in ("generate", "analyze", "batch", "rules"):
            value = getattr(self, part)
            if value is not None and not callable(value):
                problems.append(f"{part} is neither None nor callable")
        if not isinstance(self.example, str) or not self.example.strip():
            problems.append("example is not a board")
        if callable(self.solve) and not self.declared and "time_limit" not in self.options:
            problems.append("solve() takes no time_limit keyword")
        return problems

    @cached_property
    def options(self) -> dict[str, Option]:
        """The keyword options ``solve()`` takes (what experiments may set), by name:
        the declared ones, else those of its signature (any value).

        >>> from cpsolve.registry import load
        >>> load("akari").options["card"].choices[:2]
        ('direct', 'seqcounter')
        """
        if self.declared:
            return {option.name: option for option in self.declared}
        try:
            parameters = inspect.signature(self.solve).parameters
        except (TypeError, ValueError):
            return {}
        return {name: Option(name, p.default, "", kind=object)
                for name, p in parameters.items()
                if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)
                and p.default is not inspect.Parameter.empty}

    def takes(self, option: str) -> bool:
        """Whether ``solve()`` accepts the keyword ``option``."""
        return option in self.options

    def length(self, board: Any, answer: Any) -> int | None:
        """The number of moves of a plan (PLAN families), else None."""
        return len(self.encode(board, answer)) if self.kind is Kind.PLAN else None
