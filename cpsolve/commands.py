"""Pieces every family's command shares: reading BOARD, the common options, exit codes,
output files, and the whole command of a static puzzle (:func:`static_command`).
Commands return an :class:`Output`; only :mod:`cpsolve.cli` prints.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import click

from cpsolve.errors import InputError, UsageError
from cpsolve.result import Result, Status, check_json, result_json

if TYPE_CHECKING:
    from cpsolve.family import Family
    from cpsolve.grid.render import GridPicture, Sheet
    from cpsolve.limits import Deadline
    from cpsolve.solving import StaticPuzzle

F = TypeVar("F", bound=Callable[..., Any])

# Exit statuses (see the README): 0 done, 1 no solution exists, 2 bad input or usage,
# 3 a limit was reached before an answer, 4 --unique asked and not unique,
# 5 a solver returned a solution the puzzle's checker rejects, 70 an internal error
# (a bug: cpsolve says so in one line), 130 interrupted.
EXIT_OK, EXIT_UNSOLVABLE, EXIT_USAGE, EXIT_LIMIT, EXIT_NOT_UNIQUE, EXIT_ERROR = range(6)
EXIT_INTERNAL = 70
EXIT_INTERRUPTED = 130

# What an output file's extension says it holds.
PICTURES = ("svg", "png", "gif")
# The most a board (a file, standard input) may hold: a board of a million cells in
# any documented form is well under it, and nothing larger is read.
MAX_BOARD_BYTES = 64 << 20


@dataclass
class Output:
    """What a command produced: text for standard output, notes for standard error,
    files to write, and the exit status."""

    stdout: str = ""
    stderr: list[str] = field(default_factory=list)
    files: dict[str, str | bytes] = field(default_factory=dict)
    exit_code: int = EXIT_OK


def read_board(arg: str) -> tuple[str, str]:
    """The text of BOARD and the name to report errors against.

    BOARD is ``-`` for standard input, a file, or the board itself where it has a
    one-line form (a URL, a game ID, a DevQuiz line).
    """
    if arg == "-":
        data = sys.stdin.buffer.read(MAX_BOARD_BYTES + 1)
        _not_too_long(len(data), "<stdin>")
        try:
            return data.decode("utf-8"), "<stdin>"
        except UnicodeDecodeError as error:
            raise InputError(f"not a text file ({error.reason})", source="<stdin>") from None
    if os.path.isdir(arg):
        raise InputError("is a directory, not a board file", source=arg)
    if os.path.exists(arg):
        try:
            with open(arg, encoding="utf-8") as handle:
                text = handle.read(MAX_BOARD_BYTES + 1)
            _not_too_long(len(text), arg)
            return text, arg
        except UnicodeDecodeError as error:
            raise InputError(f"not a text file ({error.reason})", source=arg) from None
        except OSError as error:
            raise InputError(error.strerror or str(error), source=arg) from None
    if any(mark in arg for mark in ("\n", ":", ",", "#")):
        return arg, "<argument>"
    raise InputError("no such file (and not a one-line board)", source=arg)


def _not_too_long(size: int, source: str) -> None:
    if size > MAX_BOARD_BYTES:
        raise InputError(f"more than {MAX_BOARD_BYTES >> 20} MB: too large for a board (at "
                         "most a million cells are read)", source=source)


def load(arg: str, parse: Callable[[str], Any]) -> Any:
    """Read BOARD and parse it; errors name the file (or ``<stdin>``, ``<argument>``)."""
    text, source = read_board(arg)
    try:
        return parse(text)
    except InputError as error:
        raise error.located(source) from None


def read_text(arg: str) -> str:
    """The text of an argument that may name a file (``--check PLAN``): the file's
    text when it is one, else the argument itself."""
    try:
        return read_board(arg)[0]
    except InputError:
        return arg


def choose_format(fmt: str | None, as_json: bool, output: str | None,
                  pictures: Sequence[str] = ("svg", "png")) -> str:
    """The output format from --format, --json and the -o file's extension; an
    extension that names another format than the one asked for, or a picture this
    command cannot draw, is refused before any work.

    >>> choose_format(None, False, "x.svg"), choose_format(None, True, None)
    ('svg', 'json')
    >>> choose_format(None, False, "plan.png", pictures=())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cpsolve.errors.UsageError: -o plan.png: this command writes no PNG picture ...
    """
    suffix = (output or "").rsplit(".", 1)[-1].lower() if output and "." in output else ""
    if as_json:
        if fmt not in (None, "json"):
            raise UsageError("--json and --format disagree")
        fmt = "json"
    if suffix in (*PICTURES, "json"):
        if suffix not in (*pictures, "json"):
            kinds = ", ".join(p.upper() for p in pictures)
            writes = "text or JSON" + (f" or a {kinds} picture" if pictures else "")
            raise UsageError(f"-o {output}: this command writes no {suffix.upper()} picture "
                             f"(it writes {writes})")
        if fmt is not None and fmt != suffix:
            raise UsageError(f"-o {output} ends in .{suffix} but --format is {fmt}")
        fmt = suffix
    if fmt is None:
        fmt = "text"
    if fmt in PICTURES and fmt != "svg" and output is None:
        raise UsageError(f"{fmt.upper()} output needs -o FILE")
    if fmt in PICTURES and output is not None and suffix not in PICTURES:
        raise UsageError(f"-o {output}: a {fmt.upper()} picture needs a file ending "
                         f"in .{fmt}")
    return fmt


def with_file(out: Output, output: str | None) -> Output:
    """Send standard output to ``output`` instead, when one is given."""
    if output is not None and out.stdout:
        out.files[output] = out.stdout if out.stdout.endswith("\n") else out.stdout + "\n"
        out.stdout = ""
    return out


def common_options(function: F) -> F:
    """``--time-limit``, ``--json``, ``-v`` and ``-o``, shared by every solve command."""
    decorators = [
        click.option("--time-limit", type=click.FloatRange(min=0), default=None,
                     metavar="SECONDS", help="Wall-clock limit for the whole solve."),
        click.option("--json", "as_json", is_flag=True,
                     help="Print one JSON object (docs/json.md; the same keys for every "
                          "puzzle)."),
        click.option("-v", "--verbose", is_flag=True,
                     help="Each phase on standard error as it ends."),
        click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
                     help="Write the output to FILE (its extension must fit the format)."),
    ]
    for decorator in reversed(decorators):
        function = decorator(function)
    return function


def dump_options(function: F) -> F:
    """``--dump-cnf FILE`` and ``--dump-model FILE``."""
    function = click.option("--dump-model", type=click.Path(dir_okay=False), default=None,
                            metavar="FILE",
                            help="Write the CP-SAT model (protobuf text) to FILE.")(function)
    function = click.option("--dump-cnf", type=click.Path(dir_okay=False), default=None,
                            metavar="FILE",
                            help="Write the SAT model (DIMACS CNF, variables named in "
                                 "comments) to FILE.")(function)
    return function


def card_option(function: F) -> F:
    """``--card NAME``: the cardinality encoding of the SAT models."""
    from cpsolve.cnf import CARDS

    decorated: F = click.option(
        "--card", type=click.Choice(CARDS), default="direct", show_default=True,
        help="Cardinality encoding of the SAT models (direct, or a pysat.card name)."
    )(function)
    return decorated


def build(decorators: Sequence[Callable[[Any], Any]], function: Callable[..., Any]
          ) -> click.Command:
    """``function`` under ``decorators`` (the first outermost): a click command built
    from a list, as the kit's commands are.

    >>> build([click.command("hello"), click.option("--n", default=1)], lambda n: n).name
    'hello'
    """
    command: Any = function
    for decorator in reversed(decorators):
        command = decorator(command)
    built: click.Command = command
    return built


def exit_code(result: Result) -> int:
    """The exit status a result calls for."""
    if result.status is Status.ERROR:
        return EXIT_ERROR
    if result.status is Status.UNSOLVABLE:
        return EXIT_UNSOLVABLE
    if result.status is Status.UNKNOWN or result.limit_reached:
        return EXIT_LIMIT
    if result.unique is False:
        return EXIT_NOT_UNIQUE
    return EXIT_OK


@contextmanager
def solving(name: str, verbose: bool) -> Iterator[Callable[[str], None] | None]:
    """The log a solve is given: with ``-v`` each phase on standard error as it ends,
    and on a terminal a status line (:func:`cpsolve.progress.status`) that shows the
    phase last ended and the time so far; ``None`` when there is neither."""
    from cpsolve.progress import enabled, status

    with status(name) as line:
        if not verbose and not enabled():
            yield None
            return

        def log(text: str) -> None:
            line(text)
            if verbose:
                from cpsolve.cli import say

                say(text)

        yield log


def describe_stats(result: Result) -> str:
    """One line of method and statistics for ``-v``."""
    method = " ".join(f"{key}={value}" for key, value in result.method.items())
    stats = result.stats
    parts = [f"build {stats.build_seconds * 1000:.1f} ms",
             f"solve {stats.solve_seconds * 1000:.1f} ms ({stats.solver_calls} calls)"]
    for name in ("variables", "clauses", "constraints", "conflicts", "nodes"):
        value = getattr(stats, name)
        if value is not None:
            parts.append(f"{name} {value}")
    return f"{method}: " + ", ".join(parts)


def checked(family: Family, board: Any, answer: Any, mismatches: list[str], fmt: str,
            ) -> Output:
    """The output of ``--check ANSWER``: ``valid``, or ``invalid`` and every broken rule
    (the answer's ``mismatches`` with the board first); JSON with ``--json``."""
    errors = [*mismatches, *family.check(board, answer)]
    code = EXIT_UNSOLVABLE if errors else EXIT_OK
    if fmt == "json":
        return Output(stdout=json.dumps(check_json(family.name, errors), indent=2),
                      exit_code=code)
    return Output(stdout="\n".join(["invalid", *errors]) if errors else "valid",
                  exit_code=code)


@dataclass
class Report:
    """What a family adds to a static command's output once the solve is done (its
    :attr:`StaticCommand.report`): ``keys`` for the JSON object (each documented in
    docs/json.md), ``lines`` printed after the answers, ``text`` printed instead of
    them, ``picture`` drawn instead of the answer's (for ``-o`` and ``--format
    svg/png``; also when there is no answer), ``notes`` on standard error. A report
    cut short by the deadline says so on the result (``limit_reached`` and
    ``reason``), which sets the exit status."""

    keys: dict[str, Any] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    text: str | None = None
    picture: GridPicture | Sheet | None = None
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class StaticCommand:
    """What :func:`static_command` needs beside the :class:`~cpsolve.family.Family`.

    ``puzzle`` is the family's :class:`~cpsolve.solving.StaticPuzzle` (its encodings
    drive ``--encoding``, ``--backend`` and the dumps); ``read_answer(text, board)``
    reads an answer for ``--check`` and returns it with how it disagrees with the
    board (cells that differ); ``show(board, answer)`` writes an answer as text;
    ``picture(board, answer)`` draws one (``None``: the board alone); ``exports``
    are extra ``--format`` choices that print the board in another form
    (``url``: a puzz.link URL); ``options`` are extra click options, passed to the
    family's ``solve()`` under their own names, except those named in
    ``report_options``.

    Optional, for what a setter asks beyond the answer: ``report(board, result,
    options, deadline)`` runs after every solve, under the same deadline, and returns
    a :class:`Report` (extra JSON keys, text, a picture); ``options`` holds the values
    of the ``report_options`` (``{"explain": True}``). When one of them is set, the
    solve also proves uniqueness (as ``--unique``), which every such question starts
    from. ``board_text(board)`` writes the board itself, unsolved, for
    ``--no-solve`` (whose picture is ``picture(board, None)``).
    """

    family: Family
    puzzle: StaticPuzzle[Any, Any]
    read_answer: Callable[[str, Any], tuple[Any, list[str]]]
    show: Callable[[Any, Any], str]
    picture: Callable[[Any, Any], GridPicture]
    exports: dict[str, Callable[[Any], str]] = field(default_factory=dict)
    options: Sequence[Callable[[F], F]] = ()
    sat_options: Sequence[str] = ()
    help: str = ""
    report: Callable[[Any, Result, dict[str, Any], Deadline], Report] | None = None
    report_options: Sequence[str] = ()
    board_text: Callable[[Any], str] | None = None


def drawn(pic: GridPicture | Sheet, fmt: str, output: str | None, code: int) -> Output:
    """A picture as the output: SVG on standard output without ``-o``, else a file."""
    from cpsolve.grid.render import to_png, to_svg

    content: str | bytes = to_svg(pic) if fmt == "svg" else to_png(pic)
    if output is None:
        assert isinstance(content, str)  # PNG without -o was refused earlier
        return Output(stdout=content, exit_code=code)
    return Output(files={output: content}, exit_code=code)


def render_static(spec: StaticCommand, board: Any, result: Result, fmt: str,
                  unique: bool, counting: bool, output: str | None,
                  report: Report | None = None) -> Output:
    """What a static family prints: JSON, a picture, or the answers as text, with what
    the family's ``report`` adds."""
    family = spec.family
    report = report or Report()
    code = exit_code(result)
    if fmt == "json":
        data = result_json(family.name, result, lambda a: family.encode(board, a),
                           plans=False, **report.keys)
        return Output(stdout=json.dumps(data, indent=2), exit_code=code)
    if fmt in ("svg", "png"):
        if report.picture is not None:
            out = drawn(report.picture, fmt, output, code)
        elif not result.solutions:
            out = Output(stderr=[f"cpsolve: {result.status.value}: {result.reason}"],
                         exit_code=code)
        else:
            out = drawn(spec.picture(board, result.solution), fmt, output, code)
        out.stderr.extend(report.notes)
        return out
    text = (_answers_text(spec, board, result, unique, counting) if report.text is None
            else report.text)
    return Output(stdout="\n".join([text, *report.lines]) if text else
                  "\n".join(report.lines), stderr=list(report.notes), exit_code=code)


def _answers_text(spec: StaticCommand, board: Any, result: Result, unique: bool,
                  counting: bool) -> str:
    """The answers found as text, with what was proven about them."""
    if not result.solutions:
        reason = f": {result.reason}" if result.reason else ""
        return f"{result.status.value}{reason}"
    blocks = [spec.show(board, answer) for answer in result.solutions]
    text = "\n\n".join(blocks)
    if unique:
        if result.unique:
            text = blocks[0] + "\n\nunique"
        elif result.unique is False:
            text = blocks[0] + "\n\nnot unique; a second solution:\n\n" + blocks[1]
        else:
            text = blocks[0] + "\n\nuniqueness unknown: " + (result.reason or "limit reached")
    elif counting and result.count is not None:
        more = "" if result.complete else " (stopped before the last)"
        text += f"\n\n{result.count} solution{'s' if result.count != 1 else ''}{more}"
    return text


def static_command(spec: StaticCommand) -> click.Command:
    """The whole sub-command of a static puzzle family: solve, prove unique, count,
    check an answer, draw, export, dump the models. A family adds only its own
    options (``spec.options``)."""
    family, table = spec.family, spec.puzzle.encodings
    formats = ("text", "json", "svg", "png", *spec.exports)

    from cpsolve.backends.cpsat import CpsatModel
    from cpsolve.backends.sat import CnfModel

    def run(board: str, backend: str, solver: str | None, encoding: str | None, unique: bool,
            count: int | None, find_all: bool, answer: str | None, fmt: str | None,
            workers: int | None, deductions: bool, dump_cnf: str | None,
            dump_model: str | None, time_limit: float | None, as_json: bool,
            verbose: bool, output: str | None, no_solve: bool, **extra: Any) -> Output:
        from cpsolve.limits import Deadline

        deadline = Deadline(time_limit)  # one for the solve and the report after it
        fmt = choose_format(fmt, as_json, output)
        if sum([unique, count is not None, find_all]) > 1:
            raise UsageError("choose one of --unique, --count N and --all")
        if no_solve and fmt == "json":
            raise UsageError("--no-solve prints the board as text or a picture, not JSON")
        asked = {name: extra.pop(name) for name in spec.report_options if name in extra}
        puzzle = load(board, family.parse)
        if fmt in spec.exports:
            return with_file(Output(stdout=spec.exports[fmt](puzzle)), output)
        if no_solve:
            if fmt in ("svg", "png"):
                return drawn(spec.picture(puzzle, None), fmt, output, EXIT_OK)
            if spec.board_text is None:
                raise UsageError(f"--no-solve: {family.name} has no text form of the board")
            return with_file(Output(stdout=spec.board_text(puzzle)), output)
        if any(asked.values()) and count is None and not find_all:
            unique = True
        if answer is not None:
            text, source = read_board(answer)
            try:
                given, mismatches = spec.read_answer(text, puzzle)
            except InputError as error:
                raise error.located(source) from None
            return with_file(checked(family, puzzle, given, mismatches, fmt), output)
        sat_extra = {key: extra[key] for key in spec.sat_options if key in extra}
        dumps = {}
        if dump_cnf is not None:
            cnf = spec.puzzle.model(puzzle, "sat", encoding, deductions, {"sat": sat_extra})
            assert isinstance(cnf, CnfModel)
            dumps[dump_cnf] = cnf.to_dimacs([f"{family.name}: encoding "
                                             f"{encoding or table.for_backend('sat').name}"])
        if dump_model is not None:
            proto = spec.puzzle.model(puzzle, "cpsat", encoding, deductions, {})
            assert isinstance(proto, CpsatModel)
            dumps[dump_model] = proto.to_text()
        limit = None if find_all else count if count is not None else 1
        with solving(family.name, verbose) as log:
            result = family.solve(puzzle, backend=backend, solver=solver, encoding=encoding,
                                  limit=limit, unique=unique, time_limit=deadline,
                                  workers=workers, deductions=deductions, log=log, **extra)
            report = spec.report(puzzle, result, asked, deadline) if spec.report else None
        out = render_static(spec, puzzle, result, fmt, unique,
                            counting=limit != 1 or count == 1,
                            output=output if fmt in ("svg", "png") else None, report=report)
        if verbose:
            out.stderr[:0] = [describe_stats(result)]
        out.files.update(dumps)
        return out if fmt in ("svg", "png") else with_file(out, output)

    decorators: list[Callable[[Any], Any]] = [
        click.command(family.name, help=spec.help or family.summary,
                      short_help=family.summary),
        click.argument("board"),
        click.option("--backend", type=click.Choice(("auto", *table.backends)),
                     default="auto", show_default=True,
                     help=f"auto runs {spec.puzzle.auto}, the fastest measured (README)."),
        click.option("--solver", default=None, metavar="NAME",
                     help="python-sat solver for --backend sat (cadical153, glucose4, ...)."),
        click.option("--encoding", type=click.Choice(table.names), default=None,
                     help="Model formulation (default: the first for the backend): "
                          + "; ".join(f"{e.name} ({'/'.join(e.backends)}): {e.summary}"
                                      for e in table.entries) + "."),
        *spec.options,
        click.option("--unique", is_flag=True,
                     help="Prove the solution unique (exit 4 if not)."),
        click.option("--count", type=click.IntRange(min=1), default=None, metavar="N",
                     help="Find up to N distinct solutions."),
        click.option("--all", "find_all", is_flag=True, help="Find every solution."),
        click.option("--check", "answer", default=None, metavar="ANSWER",
                     help="Verify an answer file instead of solving."),
        click.option("--format", "fmt", type=click.Choice(formats), default=None,
                     help="Output: text (default), json, svg, png"
                          + "".join(f", {name}" for name in spec.exports)
                          + " (the last print the board)."),
        click.option("--workers", type=click.IntRange(min=1), default=None,
                     help="CP-SAT worker threads."),
        click.option("--deductions/--no-deductions", default=True, show_default=True,
                     help="Apply the deductions before building a model."),
        click.option("--no-solve", "--blank", "no_solve", is_flag=True,
                     help="Print or draw the board itself, unsolved (text or a picture)."),
        dump_options,
        common_options,
    ]
    return build(decorators, run)
