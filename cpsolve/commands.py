"""Pieces every family's command shares: reading BOARD, the common options, exit codes,
output files, checking an answer, drawing. The grid kit's command
(:mod:`cpsolve.grid.command`) and the planning kit's (:mod:`cpsolve.planning.command`)
are made of them. Commands return an :class:`Output`; only :mod:`cpsolve.cli` prints.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import click

from cpsolve.errors import ForeignPuzzle, InputError, OutputError, UsageError
from cpsolve.limits import MAX_SEED
from cpsolve.result import Result, Status, check_json

if TYPE_CHECKING:
    from cpsolve.family import Family
    from cpsolve.grid.render import GridPicture, Sheet
    from cpsolve.limits import Deadline

F = TypeVar("F", bound=Callable[..., Any])

# Exit statuses (see the README): 0 done, 1 no solution exists, 2 bad input or usage,
# 3 a limit was reached before an answer, 4 --unique asked and not unique,
# 5 a solver returned a solution the puzzle's checker rejects, 70 an internal error
# (a bug: cpsolve says so in one line), 74 an output could not be written, 130
# interrupted, 141 standard output's reader went away (quietly).
EXIT_OK, EXIT_UNSOLVABLE, EXIT_USAGE, EXIT_LIMIT, EXIT_NOT_UNIQUE, EXIT_ERROR = range(6)
EXIT_INTERNAL = 70
# 74 an output could not be written (sysexits' EX_IOERR); 141 the reader of standard
# output went away (128 + SIGPIPE, as a shell reports a tool the signal stopped).
EXIT_OUTPUT = 74
EXIT_PIPE = 141
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
    one-line form (a URL, a game ID, a DevQuiz line, a Sudoku's line of digits and
    dots: at least 16 of them and nothing else).
    """
    if arg == "-":
        data = sys.stdin.buffer.read(MAX_BOARD_BYTES + 1)
        _not_too_long(len(data), "<stdin>")
        try:
            return data.decode("utf-8-sig"), "<stdin>"
        except UnicodeDecodeError as error:
            raise InputError(f"not a text file ({error.reason})", source="<stdin>") from None
    if os.path.isdir(arg):
        raise InputError("is a directory, not a board file", source=arg)
    if os.path.exists(arg):
        try:
            with open(arg, encoding="utf-8-sig") as handle:
                text = handle.read(MAX_BOARD_BYTES + 1)
            _not_too_long(len(text), arg)
            return text, arg
        except UnicodeDecodeError as error:
            raise InputError(f"not a text file ({error.reason})", source=arg) from None
        except OSError as error:
            raise InputError(error.strerror or str(error), source=arg) from None
    if any(mark in arg for mark in ("\n", ":", ",", "#", "?")) or (
            len(arg) >= 16 and not arg.strip("0123456789.")):
        try:  # bytes that are not UTF-8 reach Python as lone surrogates
            arg.encode("utf-8")
        except UnicodeEncodeError:
            raise InputError("not UTF-8 text", source="<argument>") from None
        return arg, "<argument>"  # "?": a puzz.link URL pasted without its scheme
    raise InputError("no such file (and not a one-line board)", source=arg)


def _not_too_long(size: int, source: str) -> None:
    if size > MAX_BOARD_BYTES:
        raise InputError(f"more than {MAX_BOARD_BYTES >> 20} MB: too large for a board (at "
                         "most a million cells are read)", source=source)


def load(arg: str, parse: Callable[[str], Any], deadline: Deadline | None = None) -> Any:
    """Read BOARD and parse it; errors name the file (or ``<stdin>``, ``<argument>``).
    Under a ``deadline``, a board that takes longer to read stops with
    :class:`~cpsolve.limits.TimeUp` (exit 3)."""
    from cpsolve import limits

    text, source = read_board(arg)
    try:
        with limits.building(deadline or limits.Deadline(None), "the board", "read"):
            return parse(text)
    except ForeignPuzzle as error:
        raise InputError(_foreign(error, text, arg), source=source, line=error.line,
                         column=error.column) from None
    except InputError as error:
        raise error.located(source) from None
    except ValueError as error:
        if "integer string conversion" not in str(error):
            raise
        # a parser read a number of more digits than Python reads (4,300): no board
        # holds one, wherever it is
        digits = getattr(sys, "get_int_max_str_digits", lambda: 4300)()
        raise InputError(f"a number of more than {digits:,} digits: too large for any "
                         "board", source=source) from None


def _foreign(error: ForeignPuzzle, text: str, arg: str) -> str:
    """The message for a board of another type: which family reads it, if any does
    (``this is a heyawake puzzle: try cpsolve heyawake BOARD``)."""
    from cpsolve import registry

    for family in registry.families():
        try:
            family.parse(text)
        except InputError:
            continue
        shown = shlex.quote(arg) if len(arg) <= 200 and "\n" not in arg else "BOARD"
        article = "an" if family.name[0] in "aeiou" else "a"
        return f"this is {article} {family.name} puzzle: try cpsolve {family.name} {shown}"
    return error.message


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


def write_file(path: str, content: str | bytes) -> None:
    """Write an output file (text as UTF-8); an :class:`~cpsolve.errors.OutputError`
    that names it when it cannot be written."""
    try:
        if isinstance(content, bytes):
            with open(path, "wb") as handle:
                handle.write(content)
        else:
            with open(path, "w", encoding="utf-8", errors="replace") as handle:
                handle.write(content)
    except OSError as error:
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None


def with_file(out: Output, output: str | None) -> Output:
    """Send standard output to ``output`` instead, when one is given."""
    if output is not None and out.stdout:
        out.files[output] = out.stdout if out.stdout.endswith("\n") else out.stdout + "\n"
        out.stdout = ""
    return out


class Seconds(click.ParamType):
    """A time limit in seconds, as options read it: a number from 0, never NaN; a year
    (:data:`~cpsolve.limits.MAX_SECONDS`) or more, or ``inf``, is no limit (``None``).

    >>> TIME_LIMIT.convert("2.5", None, None), TIME_LIMIT.convert("inf", None, None)
    (2.5, None)
    >>> TIME_LIMIT.convert("nan", None, None)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: 'nan' is not a number of seconds ...
    """

    name = "seconds"

    def __init__(self, *, positive: bool = False, bounded: bool = False) -> None:
        self.positive = positive
        self.bounded = bounded  # more than a year is refused, not taken as no limit

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float | None:
        import math

        from cpsolve.limits import MAX_SECONDS

        try:
            seconds = float(value)
        except (TypeError, ValueError):
            seconds = math.nan
        low = "above 0" if self.positive else "from 0"
        if self.bounded and not seconds <= MAX_SECONDS:
            self.fail(f"{value!r} is not a number of seconds {low} to {MAX_SECONDS:,.0f} "
                      "(a year)", param, ctx)
        if math.isnan(seconds) or seconds < 0 or (self.positive and seconds == 0):
            self.fail(f"{value!r} is not a number of seconds {low} (a year, "
                      f"{MAX_SECONDS:,.0f} s, or more, or inf: no limit)", param, ctx)
        return None if seconds >= MAX_SECONDS and not self.bounded else seconds


TIME_LIMIT = Seconds()
TIME_HELP = "a year or more, or inf: no limit"
SEED = click.IntRange(0, MAX_SEED)  # a generator's random seed, as experiments take it


def common_options(function: F) -> F:
    """``--time-limit``, ``--json``, ``-v`` and ``-o``, shared by every solve command."""
    decorators = [
        click.option("--time-limit", type=TIME_LIMIT, default=None, metavar="SECONDS",
                     help=f"Wall-clock limit for the whole solve ({TIME_HELP})."),
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
                from cpsolve.progress import say

                say(text)

        yield log


def describe_stats(result: Result) -> str:
    """One line of method and statistics for ``-v``."""
    method = " ".join(f"{key}={'none' if value is None else value}"
                      for key, value in result.method.items())  # none: no solver ran
    stats = result.stats
    parts = [f"build {stats.build_seconds * 1000:.1f} ms",
             f"solve {stats.solve_seconds * 1000:.1f} ms ({stats.solver_calls} calls)"]
    for name in ("variables", "clauses", "constraints", "conflicts", "nodes"):
        value = getattr(stats, name)
        if value is not None:
            parts.append(f"{name} {value}")
    return f"{method}: " + ", ".join(parts)


def checked(family: Family, errors: list[str], fmt: str) -> Output:
    """The output of ``--check ANSWER``: ``valid``, or ``invalid`` and every broken rule
    (``errors``: where the answer does not match the board first, then what the
    family's checker finds); JSON with ``--json``."""
    code = EXIT_UNSOLVABLE if errors else EXIT_OK
    if fmt == "json":
        return Output(stdout=json.dumps(check_json(family.name, errors), indent=2),
                      exit_code=code)
    return Output(stdout="\n".join(["invalid", *errors]) if errors else "valid",
                  exit_code=code)


def drawn(pic: GridPicture | Sheet, fmt: str, output: str | None, code: int) -> Output:
    """A picture as the output: SVG on standard output without ``-o``, else a file."""
    from cpsolve.grid.render import to_png, to_svg

    content: str | bytes = to_svg(pic) if fmt == "svg" else to_png(pic)
    if output is None:
        assert isinstance(content, str)  # PNG without -o was refused earlier
        return Output(stdout=content, exit_code=code)
    return Output(files={output: content}, exit_code=code)
