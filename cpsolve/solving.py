"""Static puzzles (the answer fills the board): deductions, build, enumerate, decode,
check, :class:`~cpsolve.result.Result`, written once for every family.

A family gives the driver a :class:`StaticPuzzle`:

* ``prepare(board, deduce)`` applies the family's deductions (when ``deduce``) and
  returns a :class:`Prepared`: what is left for the solver, a contradiction found on
  the way, and how to decode a model's projection values into an answer;
* ``encodings``, an ordered :class:`Encodings` table (the first the default), each
  entry building a model of the prepared problem for one or both backends;
* ``check``, the family's checker, which every answer passes before it is returned.

:func:`solve_static` runs them under one :class:`~cpsolve.limits.Deadline`,
enumerates as many distinct answers as asked (a second one proves or refutes
uniqueness), and words the outcome. It neither prints nor raises for normal outcomes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from cpsolve.backends import Enumeration
from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import DEFAULT_SOLVER, CnfModel
from cpsolve.errors import UsageError
from cpsolve.limits import Deadline, model_fits
from cpsolve.result import Result, Stats, Status
from cpsolve.tables import Table

Board = TypeVar("Board")
Answer = TypeVar("Answer")
Decoded = TypeVar("Decoded", covariant=True)
BACKENDS = ("sat", "cpsat")  # the order a table lists an encoding's backends in


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
class Encoding:
    """One formulation of a puzzle: its name, why it may win or lose, and a builder
    per backend it supports (``sat``: a :class:`CnfModel`, ``cpsat``: a
    :class:`CpsatModel`), each called as ``build(prepared, **options)``. Builders are
    pure: they neither solve nor print. ``literals(prepared)`` (optional) estimates,
    before any building, the literals (SAT) or terms (CP-SAT) the model will hold, so
    that a model that cannot fit in memory is refused before the work."""

    name: str
    summary: str
    sat: Callable[..., CnfModel] | None = None
    cpsat: Callable[..., CpsatModel] | None = None
    literals: Callable[[Any], int] | None = None

    @property
    def backends(self) -> tuple[str, ...]:
        return tuple(name for name in BACKENDS if getattr(self, name) is not None)

    def builder(self, backend: str) -> Callable[..., Any]:
        build = getattr(self, backend, None) if backend in BACKENDS else None
        if build is None:
            raise UsageError(f"encoding {self.name} has no {backend} model (it has: "
                             f"{', '.join(self.backends)})")
        return build


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


@dataclass(frozen=True)
class StaticPuzzle(Generic[Board, Answer]):
    """What :func:`solve_static` needs from a family (see the module docstring).
    ``auto`` is the backend ``--backend auto`` runs: the fastest measured.
    ``sat_solver(model)`` (optional) names the SAT solver for a built model when the
    caller named none (the fastest measured for its size); without it, the kit's
    default."""

    check: Callable[[Board, Answer], list[str]]
    prepare: Callable[[Board, bool], Prepared[Answer]]
    encodings: Encodings
    auto: str = "sat"
    nothing: str = "no answer satisfies the rules"  # the reason when search finds none
    sat_solver: Callable[[CnfModel], str] | None = None

    def method(self, backend: str, encoding: str | None, solver: str | None,
               deduce: bool, options: dict[str, dict[str, Any]]) -> dict[str, Any]:
        """The method that runs for these options, ``auto`` resolved: backend, solver,
        encoding, deductions and the options of the backend that runs (``options`` is
        keyed by backend: ``{"sat": {"card": "totalizer"}}``)."""
        if backend not in ("auto", *self.encodings.backends):
            raise UsageError(f"unknown backend {backend!r}; known: "
                             f"{', '.join(('auto', *self.encodings.backends))}")
        if backend == "auto":
            backend = self.auto if encoding is None or self.auto in (
                self.encodings.choose(encoding).backends) else self.encodings.get(
                encoding).backends[0]
        chosen = (self.encodings.choose(encoding) if encoding is not None
                  else self.encodings.for_backend(backend))
        chosen.builder(backend)  # the pair must exist
        if backend == "cpsat":
            if solver not in (None, "cpsat"):
                raise UsageError("--solver names a SAT solver; the cpsat backend has only "
                                 "CP-SAT")
            solver = "cpsat"
        else:
            from cpsolve.backends.sat import canonical

            solver = canonical(solver or DEFAULT_SOLVER)
        return {"backend": backend, "solver": solver, "encoding": chosen.name,
                "deductions": deduce, **options.get(backend, {})}

    def model(self, board: Board, backend: str, encoding: str | None, deduce: bool,
              options: dict[str, dict[str, Any]]) -> CnfModel | CpsatModel:
        """The model a solve would build (for ``--dump-cnf`` / ``--dump-model``): after
        the deductions when on, the whole board's model when they refute it."""
        prepared = self.prepare(board, deduce)
        if prepared.contradiction is not None:
            prepared = self.prepare(board, False)
        chosen = self.encodings.choose(encoding) if encoding else self.encodings.for_backend(
            backend)
        will_fit(chosen, prepared, backend)
        built: CnfModel | CpsatModel = chosen.builder(backend)(prepared,
                                                                **options.get(backend, {}))
        return built


def will_fit(encoding: Encoding, prepared: Any, backend: str) -> None:
    """Refuse (:class:`~cpsolve.errors.TooLarge`, before any building) a model whose
    estimated size is more than this process may take."""
    if encoding.literals is not None:
        model_fits(encoding.literals(prepared), backend,
                   f"the {backend} model, {encoding.name} encoding")


def solve_static(
    puzzle: StaticPuzzle[Board, Answer],
    board: Board,
    *,
    backend: str = "auto",
    encoding: str | None = None,
    solver: str | None = None,
    limit: int | None = 1,
    unique: bool = False,
    deadline: Deadline | None = None,
    workers: int | None = None,
    deduce: bool = True,
    options: dict[str, dict[str, Any]] | None = None,
    log: Callable[[str], None] | None = None,
) -> Result:
    """Solve ``board``: up to ``limit`` distinct answers (``None``: all of them).

    With ``unique``, looks for a second answer and sets ``Result.unique``. Every
    answer passes the family's checker before it is returned; one that does not makes
    the status ``ERROR``, with the rule it breaks as the reason and the answer in
    ``rejected``. ``options`` go to the encoding's builder for the backend that runs,
    keyed by backend (Akari's ``{"sat": {"card": "totalizer"}}``). ``log`` receives
    ``-v`` lines as each phase ends.
    """
    say = log or (lambda line: None)
    options = dict(options or {})
    method = puzzle.method(backend, encoding, solver, deduce, options)
    deadline = deadline or Deadline(None)
    stats = Stats()
    start = time.perf_counter()
    prepared = puzzle.prepare(board, deduce)
    stats.extra.update(prepared.stats)
    figures = ", ".join(f"{key.replace('_', ' ')} {value}" for key, value in
                        prepared.stats.items() if not isinstance(value, float))
    say(f"before search ({time.perf_counter() - start:.3f} s): " + (
        f"no solution: {prepared.contradiction}" if prepared.contradiction is not None else
        "the deductions decide every cell" if prepared.solved else
        figures if deduce else "no deductions"))
    counting = unique or limit != 1
    if prepared.contradiction is not None:
        return Result(Status.UNSOLVABLE, reason=prepared.contradiction, method=method,
                      stats=stats, unique=False if unique else None, count=0, complete=True)
    want = 2 if unique and limit is not None and limit < 2 else limit
    if prepared.solved:
        # Every cell is decided: the one candidate is the only possible answer.
        found = Enumeration(solutions=[()], exhausted=True)
    elif deadline.expired():
        found = Enumeration(timed_out=True)
    else:
        chosen = puzzle.encodings.get(method["encoding"])
        will_fit(chosen, prepared, method["backend"])
        build = chosen.builder(method["backend"])
        model = build(prepared, **options.get(method["backend"], {}))
        stats.build_seconds = time.perf_counter() - start
        size = (f"{model.num_variables} variables, {model.num_constraints} constraints"
                if isinstance(model, CpsatModel) else
                f"{model.nvars} variables, {model.num_clauses} clauses"
                + (", lazy rules" if model.refine is not None else ""))
        say(f"model built ({stats.build_seconds:.3f} s): {method['backend']} "
            f"{method['encoding']}, {size}")
        if method["backend"] == "cpsat":
            from cpsolve.backends import cpsat

            found = cpsat.enumerate_solutions(model, limit=want, deadline=deadline,
                                              workers=workers, stats=stats)
        else:
            from cpsolve.backends import sat

            if solver is None and puzzle.sat_solver is not None:
                method["solver"] = sat.canonical(puzzle.sat_solver(model))
            found = sat.enumerate_solutions(model, solver=method["solver"], limit=want,
                                            deadline=deadline, stats=stats)
    say(f"search done ({stats.solve_seconds:.3f} s, {stats.solver_calls} solver calls): "
        f"{len(found.solutions)} solution(s)" + (", no more exist" if found.exhausted else "")
        + (", time limit reached" if found.timed_out else ""))
    answers = [prepared.decode(values) for values in found.solutions]
    for answer in answers:
        errors = puzzle.check(board, answer)
        if errors:
            return Result(Status.ERROR, reason="solver returned an invalid solution: "
                          + "; ".join(errors[:3]), method=method, stats=stats,
                          rejected=[answer], limit_reached=found.timed_out)
    if answers:
        status = Status.SOLVED
    elif found.exhausted:
        status = Status.UNSOLVABLE
    else:
        status = Status.UNKNOWN
    result = Result(status, solutions=answers, method=method, stats=stats,
                    count=len(answers), complete=found.exhausted and counting,
                    limit_reached=found.timed_out)
    if status is Status.UNSOLVABLE:
        result.reason = puzzle.nothing
        result.complete = True
    elif found.timed_out:
        result.reason = "time limit reached"
    if unique:
        result.unique = (len(answers) == 1) if found.exhausted or len(answers) > 1 else None
        if result.unique is None and answers:
            result.reason = "time limit reached before uniqueness was decided"
    return result
