"""What a grid family's encodings module declares: the problem its deductions leave
(:class:`Prepared`, or the whole board as :class:`Whole`) and its ordered table of
:class:`Encoding` entries, the first the default, each with the options it takes.

The kit's own options (:data:`SOLVER` for SAT models, :data:`WORKERS` for CP-SAT
ones, :data:`DEDUCTIONS` for a family with deductions) are declared here, once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel, canonical
from cpsolve.errors import UsageError
from cpsolve.limits import MAX_THREADS
from cpsolve.options import Option
from cpsolve.tables import Table

Board = TypeVar("Board")
Answer = TypeVar("Answer")
Decoded = TypeVar("Decoded", covariant=True)
BACKENDS = ("sat", "cpsat")  # the order a table lists an encoding's backends in

SOLVER = Option("solver", None, "python-sat solver for SAT models (cadical153, glucose4, "
                "minisat22, ...; default: the fastest measured for the model)",
                normalize=canonical, metavar="NAME")
WORKERS = Option("workers", None, "CP-SAT worker threads (default: CP-SAT's own choice)",
                 kind=int, low=1, high=MAX_THREADS, metavar="N")
DEDUCTIONS = Option("deductions", True, "Apply the deductions before building a model.",
                    kind=bool)
# The kit's options of each backend, beside an encoding's own.
BACKEND_OPTIONS = {"sat": (SOLVER,), "cpsat": (WORKERS,)}


class Prepared(Protocol[Decoded]):
    """What a family's deductions leave for the solver.

    ``contradiction`` names a rule that cannot be met (the board has no solution);
    ``solved`` says the deductions decided everything, so ``decode(())`` is the only
    possible answer; ``decode(values)`` turns the projection values of any encoding's
    model into an answer; ``stats`` are the deductions' figures for ``-v``.
    """

    @property
    def contradiction(self) -> str | None: ...

    @property
    def solved(self) -> bool: ...

    @property
    def stats(self) -> dict[str, Any]: ...

    def decode(self, values: tuple[bool, ...]) -> Decoded: ...


@dataclass(frozen=True)
class Whole(Generic[Board, Answer]):
    """A board with no deductions applied: the encoders model all of it.

    >>> Whole("..", lambda values: values).decode((True,))
    (True,)
    """

    board: Board
    decoder: Callable[[tuple[bool, ...]], Answer]
    contradiction: str | None = None
    solved: bool = False
    stats: dict[str, Any] = field(default_factory=dict)

    def decode(self, values: tuple[bool, ...]) -> Answer:
        return self.decoder(values)


@dataclass(frozen=True)
class Reduction(Generic[Answer]):
    """A dominance that makes finding an answer and proving it unique cheaper, for a
    family whose answers can be simplified step by step (Numberlink without the fill
    rule: a path's U-turn round a 2x2 block shortcut, its two cells left empty).

    ``clauses`` forbid what a step simplifies (over the projection's positions,
    1-based: literal ``k`` is the projection's k-th variable); since every answer
    simplifies, step by step, into one that keeps them, the board has an answer if and
    only if the reduced model has one, and two reduced answers are two answers.
    ``neighbour(answer)`` undoes one step: an answer that simplifies into ``answer`` in
    one step, or ``None`` when there is none. When the reduced model has exactly one
    answer and it has no such neighbour, it is the board's only answer: any other would
    simplify, step by step, into it, its last step from a neighbour.

    The driver uses it only where no more than two answers are asked for (solving,
    ``--unique``, ``--count 2``); counting further takes the whole model."""

    name: str
    clauses: list[list[int]]
    neighbour: Callable[[Answer], Answer | None]

    def add_to(self, built: CnfModel | CpsatModel) -> None:
        """Post the clauses on a built model of either backend."""
        if isinstance(built, CpsatModel):
            for clause in self.clauses:
                built.model.add_bool_or([built.projection[lit - 1] if lit > 0
                                         else ~built.projection[-lit - 1] for lit in clause])
            return
        variables = list(built.projection)
        built.add([[variables[lit - 1] if lit > 0 else -variables[-lit - 1]
                    for lit in clause] for clause in self.clauses])


@dataclass(frozen=True)
class Encoding:
    """One formulation of a puzzle: its name, why it may win or lose, and a builder
    per backend it supports (``sat``: a :class:`CnfModel`, ``cpsat``: a
    :class:`CpsatModel`), each called as ``build(prepared, **its options)``.
    Builders are pure: they neither solve nor print.

    ``options`` are the options its builders take (:class:`~cpsolve.options.Option`):
    a tuple for every backend of the entry, or a mapping from backend to tuple.
    ``literals(prepared, **options)`` (optional) estimates, before any building, the
    literals (SAT) or terms (CP-SAT) the model will hold, so that a model that cannot
    fit in memory is refused before the work.
    """

    name: str
    summary: str
    sat: Callable[..., CnfModel] | None = None
    cpsat: Callable[..., CpsatModel] | None = None
    literals: Callable[..., int] | None = None
    options: tuple[Option, ...] | Mapping[str, tuple[Option, ...]] = ()

    @property
    def backends(self) -> tuple[str, ...]:
        return tuple(name for name in BACKENDS if getattr(self, name) is not None)

    def builder(self, backend: str) -> Callable[..., Any]:
        build = getattr(self, backend, None) if backend in BACKENDS else None
        if build is None:
            raise UsageError(f"encoding {self.name} has no {backend} model (it has: "
                             f"{', '.join(self.backends)})")
        return build

    def own_options(self, backend: str) -> tuple[Option, ...]:
        """The options this entry's ``backend`` builder takes."""
        if isinstance(self.options, tuple):
            return self.options
        return tuple(self.options.get(backend, ()))


class Encodings(Table[Encoding]):
    """A family's ordered table of encodings, the first the default. It drives the
    command's choices, option checking, ``--dump-cnf`` / ``--dump-model`` and
    experiments' method names.

    >>> table = Encodings(Encoding("a", "first", sat=lambda p: None),
    ...                   Encoding("b", "second", cpsat=lambda p: None))
    >>> table.names, table.default.name, table.backends
    (('a', 'b'), 'a', ('sat', 'cpsat'))
    """

    def __init__(self, *entries: Encoding) -> None:
        super().__init__("encoding", *entries)

    @property
    def backends(self) -> tuple[str, ...]:
        return tuple(b for b in BACKENDS if any(b in e.backends for e in self.entries))

    def choose(self, name: str | None) -> Encoding:
        """The encoding called ``name``; the default for ``None``."""
        return self.default if name is None else self.get(name)

    def for_backend(self, backend: str) -> Encoding:
        """The first encoding with a model for ``backend``."""
        for entry in self.entries:
            if backend in entry.backends:
                return entry
        raise UsageError(f"no encoding has a {backend} model")
