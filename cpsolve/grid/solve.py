"""The static driver, written once for every grid family: choose the method (backend,
encoding and options, checked against their declarations), apply the deductions,
build the model under the limits, enumerate as many distinct answers as asked (a
second one proves or refutes uniqueness), decode, check every answer with the
family's own checker, and word the outcome as a :class:`~cpsolve.result.Result`.

Nothing here prints, and "no solution", "limit reached" and "not unique" are
statuses, not exceptions. :meth:`cpsolve.grid.puzzle.GridPuzzle.solve` is this
driver bound to one family: the Python API and the command line call the same.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cpsolve.backends import Enumeration
from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import DEFAULT_SOLVER, LOAD_UNWATCHED, CnfModel
from cpsolve.errors import UsageError
from cpsolve.grid.model import BACKEND_OPTIONS, BACKENDS, DEDUCTIONS, Encoding
from cpsolve.limits import Deadline, TimeUp, building, deadline_of, model_fits
from cpsolve.options import Candidate, Chosen, Option, choose, merged
from cpsolve.result import Result, Stats, Status

if TYPE_CHECKING:
    from cpsolve.grid.puzzle import GridPuzzle

Method = tuple[str, Encoding]  # a backend and an encoding
# The methods chosen so far, by family and choices (the choice depends on nothing
# else, and making it again was a twentieth of solving a published Akari board).
_CHOSEN: dict[tuple[Any, ...], tuple[Any, Chosen[Method]]] = {}
CHOSEN_KEPT = 256
# Candidates cut off between solver calls after which a solve whose user named no
# solver runs its lazy rules inside the search instead (cpsolve.backends.propagate):
# few enough that a board of many rounds is not left to them, enough that a board of
# a few rounds never loads the compiled partial checks (0.4 s of a process's start).
INSIDE_AFTER = 200


# The keywords of every grid solve() beside the methods' options.
CONTROLS = (
    Option("time_limit", None, "seconds (or a Deadline)", kind=object, cli=False),
    Option("backend", "auto", "auto, sat or cpsat", cli=False),
    Option("encoding", None, "one of the family's encodings", cli=False),
    Option("limit", 1, "distinct answers to find (None: all)", kind=int, low=1, cli=False),
    Option("unique", False, "prove the answer unique", kind=bool, cli=False),
)



def candidates(puzzle: GridPuzzle[Any, Any]) -> list[Candidate[Method]]:
    """Every (backend, encoding) pair of the family, the one ``auto`` runs first,
    then the others in the table's order, each with every option it takes."""
    pairs = [(backend, entry) for entry in puzzle.encodings for backend in entry.backends]
    default = (puzzle.auto, puzzle.encodings.for_backend(puzzle.auto))
    pairs.sort(key=lambda pair: pair != default)
    common: tuple[Option, ...] = (DEDUCTIONS,) if puzzle.deductions else ()
    return [Candidate((backend, entry), f"the {backend} backend, {entry.name} encoding",
                      (*common, *BACKEND_OPTIONS[backend], *entry.own_options(backend)))
            for backend, entry in pairs]


def method(puzzle: GridPuzzle[Any, Any], backend: str = "auto", encoding: str | None = None,
           options: dict[str, Any] | None = None) -> Chosen[Method]:
    """The backend, encoding and options that run for these choices, checked before
    any work: an unknown backend, encoding or option value, or an option the method
    does not take, is a :class:`UsageError`. With ``auto`` (and no encoding named),
    the first method that takes every option given runs."""
    given = {key: value for key, value in (options or {}).items() if value is not None}
    key: tuple[Any, ...] | None = (id(puzzle), backend, encoding, *sorted(given.items()))
    try:
        kept = _CHOSEN.get(key)  # type: ignore[arg-type]
    except TypeError:  # an option value that cannot be a key: chosen afresh
        kept, key = None, None
    if kept is not None and kept[0] is puzzle:  # the family held, so its id is its own
        chosen = kept[1]
    else:
        chosen = _method(puzzle, backend, encoding, given)
        if key is not None:
            if len(_CHOSEN) >= CHOSEN_KEPT:
                _CHOSEN.clear()
            _CHOSEN[key] = (puzzle, chosen)
    return replace(chosen, values=dict(chosen.values))  # each caller's values its own


def _method(puzzle: GridPuzzle[Any, Any], backend: str, encoding: str | None,
            given: dict[str, Any]) -> Chosen[Method]:
    table = puzzle.encodings
    if backend not in ("auto", *table.backends):
        raise UsageError(f"unknown backend {backend!r}; known: "
                         f"{', '.join(('auto', *table.backends))}")
    if encoding is not None:
        table.get(encoding)  # an unknown name is refused, naming the known ones
    if encoding is not None and backend != "auto":
        table.get(encoding).builder(backend)  # the pair must exist

    def named(pair: Method) -> bool:
        return (backend in ("auto", pair[0])) and encoding in (None, pair[1].name)

    pool = candidates(puzzle)
    if backend == "auto" and encoding is not None and puzzle.auto in table.get(
            encoding).backends:
        pool.sort(key=lambda c: c.method[0] != puzzle.auto)  # its auto backend first
    return choose(pool, given, named=named)


def record(chosen: Chosen[Method], solver: str | None = None) -> dict[str, Any]:
    """The JSON ``method`` of a run: backend, solver, encoding, every option's value,
    and why ``auto`` chose it when options decided."""
    backend, entry = chosen.method
    values = dict(chosen.values)
    if backend == "sat":
        values["solver"] = solver or values.get("solver") or DEFAULT_SOLVER
    else:
        values["solver"] = "cpsat"
    out = {"backend": backend, "solver": values.pop("solver"), "encoding": entry.name,
           **values}
    if chosen.why:
        out["auto"] = chosen.why
    return out


def own(chosen: Chosen[Method]) -> dict[str, Any]:
    """The option values the encoding's builder takes (not the kit's)."""
    backend, entry = chosen.method
    return {o.name: chosen.values[o.name] for o in entry.own_options(backend)}


def build(puzzle: GridPuzzle[Any, Any], prepared: Any, chosen: Chosen[Method],
          deadline: Deadline) -> CnfModel | CpsatModel:
    """The model of ``prepared`` for the chosen method: refused before any building
    when its estimate does not fit in memory, stopped when it passes the memory or the
    time limit while it is built (:func:`cpsolve.limits.building`)."""
    backend, entry = chosen.method
    what = f"the {backend} model, {entry.name} encoding"
    options = own(chosen)
    estimate = None
    if entry.literals is not None:
        estimate = entry.literals(prepared, **options)
        model_fits(estimate, backend, what)
    built: CnfModel | CpsatModel
    if (backend == "sat" and estimate is not None and estimate <= LOAD_UNWATCHED
            and not deadline.expired()):
        # Built as it is loaded into the solver, unwatched: the watch's timer and
        # Ctrl-C's hold cost more than building a CNF this small (milliseconds).
        return entry.builder(backend)(prepared, **options)
    with building(deadline, what):
        built = entry.builder(backend)(prepared, **options)
    return built


def model(puzzle: GridPuzzle[Any, Any], board: Any, backend: str, encoding: str | None,
          **options: Any) -> CnfModel | CpsatModel:
    """The model a solve would build (``--dump-cnf`` / ``--dump-model``): after the
    deductions when on, the whole board's model when they refute it."""
    chosen = method(puzzle, backend, encoding, options)
    deduce = bool(chosen.values.get("deductions", False))
    prepared = puzzle.prepare(board, deduce)
    if prepared.contradiction is not None:
        prepared = puzzle.prepare(board, False)
    return build(puzzle, prepared, chosen, Deadline(None))


def solve(puzzle: GridPuzzle[Any, Any], board: Any, *, backend: str = "auto",
          encoding: str | None = None, limit: int | None = 1, unique: bool = False,
          time_limit: float | Deadline | None = None,
          log: Callable[[str], None] | None = None,
          each: Callable[[Any], None] | None = None, **options: Any) -> Result:
    """Solve ``board``: up to ``limit`` distinct answers (``None``: all of them); with
    ``unique``, a second one is looked for and ``Result.unique`` set.

    ``backend`` (``auto``, ``sat``, ``cpsat``), ``encoding`` (one of the family's,
    ``None``: the first for the backend) and ``options`` (each declared by the method
    that takes it: ``card``, ``solver``, ``workers``, ``deductions``, ...) choose the
    method; ``time_limit`` is seconds or the :class:`~cpsolve.limits.Deadline` a
    caller already has; ``log`` receives ``-v`` lines as each phase ends. Every
    answer passes the family's checker as it is found, inside the time limit, and is
    then given to ``each`` (the command line draws it there: thousands of answers of
    ``--count`` are checked and drawn within the limit, not after it); one that fails
    makes the status ``ERROR``, with the rule it breaks as the reason.
    """
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                              or limit < 1):
        raise UsageError(f"limit must be a whole number of at least 1 or None, not {limit!r}")
    chosen = method(puzzle, backend, encoding, options)
    deadline = deadline_of(time_limit)
    stats = Stats()
    kind, entry = chosen.method
    deduce = bool(chosen.values.get("deductions", False))
    described = record(chosen)
    if kind == "sat" and chosen.values.get("solver") is None:
        described["solver"] = None  # chosen by the model: the one that ends the search
    if not puzzle.deductions:
        described.pop("deductions", None)
    start = time.perf_counter()
    counting = unique or limit != 1
    try:
        with building(deadline, "the deductions"):
            prepared = puzzle.prepare(board, deduce)
    except TimeUp:
        return _cut(described, stats, unique, "time limit reached during the deductions")
    stats.extra.update(prepared.stats)
    if log is not None:  # the -v lines are worded only when someone reads them
        figures = ", ".join(f"{key.replace('_', ' ')} {value}" for key, value in
                            prepared.stats.items() if not isinstance(value, float))
        log(f"before search ({time.perf_counter() - start:.3f} s): " + (
            f"no solution: {prepared.contradiction}" if prepared.contradiction is not None
            else "the deductions decide every cell" if prepared.solved else
            figures if deduce else "no deductions"))
    if prepared.contradiction is not None:
        return Result(Status.UNSOLVABLE, reason=prepared.contradiction, method=described,
                      stats=stats, unique=False if unique else None, count=0, complete=True)
    want = 2 if unique and limit is not None and limit < 2 else limit
    reduction = None
    answers: list[Any] = []
    broken: list[tuple[Any, list[str]]] = []

    def accept(values: tuple[bool, ...]) -> bool:
        """Check an answer as it is found: kept and given to ``each``, or the search
        ends on an answer that breaks a rule."""
        answer = prepared.decode(values)
        errors = puzzle.check(board, answer)
        if errors:
            broken.append((answer, errors))
            return False
        answers.append(answer)
        if each is not None:
            each(answer)
        return True

    if prepared.solved:
        # Every cell is decided: the one candidate is the only possible answer.
        found = Enumeration(solutions=[()], exhausted=True)
        accept(())
    elif deadline.expired():
        found = Enumeration(timed_out=True)
    else:
        try:
            built = build(puzzle, prepared, chosen, deadline)
        except TimeUp as stopped:
            return _cut(described, stats, unique, str(stopped))
        stats.build_seconds = time.perf_counter() - start
        if log is not None:
            size = (f"{built.num_variables} variables, {built.num_constraints} constraints"
                    if isinstance(built, CpsatModel) else
                    f"{built.nvars} variables, {built.num_clauses} clauses"
                    + (", lazy rules" if built.refine is not None else ""))
            log(f"model built ({stats.build_seconds:.3f} s): {kind} {entry.name}, {size}")
        reduction = (puzzle.reduce(board) if puzzle.reduce is not None and want is not None
                     and want <= 2 else None)
        if reduction is not None:
            reduction.add_to(built)
            described["reduction"] = reduction.name
            if log is not None:
                log(f"reduced: {reduction.name}, {len(reduction.clauses)} clauses")
        if isinstance(built, CpsatModel):
            from cpsolve.backends import cpsat

            found = cpsat.enumerate_solutions(built, limit=want, deadline=deadline,
                                              workers=chosen.values.get("workers"),
                                              stats=stats, accept=accept)
        else:
            from cpsolve.backends import sat

            solver = chosen.values.get("solver")
            inside = None  # a solver the user names keeps the rules where it keeps them
            if solver is None:
                solver = sat.canonical(puzzle.sat_solver(built) if puzzle.sat_solver
                                       else sat.by_size(built))
                inside = INSIDE_AFTER
            found = sat.enumerate_solutions(built, solver=solver, limit=want,
                                            deadline=deadline, stats=stats, accept=accept,
                                            inside_after=inside)
            described["solver"] = found.solver  # a named one is the one named
    if log is not None:
        log(f"search done ({stats.solve_seconds:.3f} s, {stats.solver_calls} solver calls): "
            f"{len(found.solutions)} solution(s)"
            + (", no more exist" if found.exhausted else "")
            + (", time limit reached" if found.timed_out else ""))
    if broken:
        answer, errors = broken[0]
        return Result(Status.ERROR, reason="solver returned an invalid solution: "
                      + "; ".join(errors[:3]), method=described, stats=stats,
                      rejected=[answer], limit_reached=found.timed_out)
    if reduction is not None and found.exhausted and len(answers) == 1 and want == 2:
        other = reduction.neighbour(answers[0])
        if other is not None:  # a second answer, one step from the only reduced one
            errors = puzzle.check(board, other)
            if errors:
                return Result(Status.ERROR, reason="the reduction's neighbour is an invalid "
                              "solution: " + "; ".join(errors[:3]), method=described,
                              stats=stats, rejected=[other])
            answers.append(other)
            found.exhausted = False
    if answers:
        status = Status.SOLVED
    elif found.exhausted:
        status = Status.UNSOLVABLE
    else:
        status = Status.UNKNOWN
    result = Result(status, solutions=answers, method=described, stats=stats,
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


def _cut(described: dict[str, Any], stats: Stats, unique: bool, reason: str) -> Result:
    """The outcome of a solve whose time ran out before its model was built."""
    return Result(Status.UNKNOWN, reason=reason, method=described, stats=stats,
                  limit_reached=True)


def options(puzzle: GridPuzzle[Any, Any]) -> tuple[Option, ...]:
    """Every keyword :func:`solve` takes for ``puzzle``: the controls and each method's
    options."""
    return tuple(merged([*CONTROLS, *(o for c in candidates(puzzle) for o in c.options)])
                 .values())


def check_options(puzzle: GridPuzzle[Any, Any], options: dict[str, Any]) -> dict[str, Any]:
    """The method ``options`` (:func:`solve`'s keywords) choose, as its JSON record; a
    :class:`~cpsolve.errors.UsageError` for anything :func:`solve` would refuse."""
    given = dict(options)
    controls = {o.name: o for o in CONTROLS}
    for key in ("limit", "unique"):
        if key in given and given[key] is not None:
            controls[key].value(given[key])
    given.pop("limit", None)
    given.pop("unique", None)
    backend = given.pop("backend", "auto")
    encoding = given.pop("encoding", None)
    return record(method(puzzle, backend, encoding, given))


__all__ = ["BACKENDS", "CONTROLS", "candidates", "check_options", "method", "model", "options",
           "record", "solve"]
