"""What a planning family's encodings provide: "a plan of exactly H moves" as a model,
and how a model's values become a plan.

An encoding is an entry of the family's :class:`PlanEncodings` table (the first the
default), which drives ``--encoding``, option checking, ``--dump-cnf`` /
``--dump-model`` and experiments' method names. Its ``build(facts, horizon,
**options)`` returns a :class:`HorizonEncoder`; an encoding that can grow one SAT
solver horizon after horizon also has ``incremental(facts, **options)``, which
returns an :class:`IncrementalEncoder`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel
from cpsolve.errors import UsageError
from cpsolve.limits import model_fits
from cpsolve.options import Option
from cpsolve.tables import Table


class HorizonEncoder(Protocol):
    """The model of plans of exactly one horizon.

    ``model()`` builds it (``None`` when the encoder sees that no plan of that length
    can exist, e.g. by parity or distances); ``decode(values)`` turns the projection
    values of a solution into a plan.
    """

    def model(self) -> CnfModel | CpsatModel | None: ...

    def decode(self, values: tuple[bool, ...]) -> Any: ...


@dataclass(frozen=True)
class Extension:
    """What an incremental encoder adds for the next horizon: the new clause groups,
    the number of variables so far, the assumptions that make this horizon's goal
    hold (and switch on its pruning), and the projection to block plans on."""

    groups: list[Any]
    nvars: int
    assumptions: list[int]
    projection: list[int]


class IncrementalEncoder(Protocol):
    """One growing SAT model for every horizon: ``extend(H)`` returns the clauses to
    add for horizon H (``None`` when no plan of that length can exist);
    ``decode_at(H, values)`` reads a plan of H moves."""

    def extend(self, horizon: int) -> Extension | None: ...

    def decode_at(self, horizon: int, values: tuple[bool, ...]) -> Any: ...


@dataclass(frozen=True)
class PlanEncoding:
    """One entry of a family's table: its name, the backend that solves it (``sat``
    or ``cpsat``), why it may win or lose, its builders, the options its builders
    take (:class:`~cpsolve.options.Option`, ``build(facts, horizon, **those)``), and
    (optional) ``literals(facts, horizon)``, about how many literals (terms, for
    CP-SAT) the model of a horizon holds, so that one that cannot fit in memory is
    refused before it is built."""

    name: str
    backend: str
    summary: str
    build: Callable[..., HorizonEncoder]
    incremental: Callable[..., IncrementalEncoder] | None = None
    options: tuple[Option, ...] = ()
    literals: Callable[[Any, int], int] | None = None

    def will_fit(self, facts: Any, horizon: int) -> None:
        """Refuse (:class:`~cpsolve.errors.TooLarge`) the model of ``horizon`` moves
        when its estimate is more than this process may take."""
        if self.literals is not None:
            model_fits(self.literals(facts, horizon), self.backend,
                       f"the {self.backend} model of plans of {horizon} moves, {self.name} "
                       "encoding")


class PlanEncodings(Table[PlanEncoding]):
    """A family's ordered table of plan encodings; the first is the default.

    >>> table = PlanEncodings(PlanEncoding("onehot", "sat", "", build=print),
    ...                       PlanEncoding("cpsat", "cpsat", "", build=print))
    >>> table.names, table.default.name, table.for_backend("cpsat").name
    (('onehot', 'cpsat'), 'onehot', 'cpsat')
    """

    def __init__(self, *entries: PlanEncoding) -> None:
        super().__init__("encoding", *entries)

    def of(self, backend: str) -> tuple[str, ...]:
        """The names of the encodings for ``backend``."""
        return tuple(e.name for e in self.entries if e.backend == backend)

    def for_backend(self, backend: str) -> PlanEncoding:
        """The first encoding solved by ``backend``."""
        for entry in self.entries:
            if entry.backend == backend:
                return entry
        raise UsageError(f"no encoding has a {backend} model")
